import BubbleSnapshotTesting
import BubbleText
import Foundation
import Testing

/// Layouts of a few dozen messages of every kind, as text, compared with Goldens/layouts.txt:
/// glyphs, ranges, fonts and directions exactly; positions and sizes stored rounded to 1/64 pt
/// and alike within 1/64 pt (`CoordinateTolerance.points`), so a point release of HarfBuzz or
/// FreeType that moves the last digit of a double fails nothing.
/// `BUBBLES_RECORD=1 swift test` rewrites the file; review its diff.
@Suite struct GoldenLayoutTests {
    static func describe(_ id: String, _ layout: TextLayout) -> String {
        let utf16 = Array(layout.text.utf16)
        var out = "## \(id) lines=\(layout.lines.count) width=\(layout.width) height=\(layout.height)\n"
        for line in layout.lines {
            // Escaped, so the golden's numbers are found outside the quoted text.
            let text = String(decoding: utf16[line.range], as: UTF16.self)
                .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
            out += "  [\(line.range.lowerBound),\(line.range.upperBound)) \(line.direction.rawValue) x=\(line.x) "
                + "w=\(line.width) hang=\(line.hangingWidth) a=\(line.ascent) d=\(line.descent) \"\(text)\"\n"
            for run in line.runs {
                out += "    [\(run.range.lowerBound),\(run.range.upperBound)) \(run.font.familyName) "
                    + "level=\(run.bidiLevel) \(run.script) x=\(run.x) w=\(run.width) glyphs="
                    + run.glyphs.map { "\($0.id)" }.joined(separator: ",") + "\n"
            }
        }
        return out
    }

    @Test func layoutsMatchTheGoldens() throws {
        let text = try Fixture.goldenMessages().map { Self.describe($0.id, try Fixture.layout($0.text)) }.joined()
        try assertSnapshot(of: text, as: .coordinates(pathExtension: "txt"), named: "layouts", in: Fixture.goldensFolder)
    }
}
