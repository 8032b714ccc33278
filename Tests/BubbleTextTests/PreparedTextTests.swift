import BubbleText
import Foundation
import Testing

/// The prepared path (analyse and shape once, then measure by arithmetic) must give the very
/// doubles and line counts of the full layout, at every width.
@Suite struct PreparedTextTests {
    /// Golden messages, the bench corpus when it sits beside the repo, and the samples.
    static func texts() throws -> [String] {
        var texts = try ConsistencyTests.corpus()
        let samples = Fixture.goldensFolder.appendingPathComponent("../../../Samples/messages.jsonl").standardized
        let data = try Data(contentsOf: samples)
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
               let text = object["text"] as? String { texts.append(text) }
        }
        return texts
    }

    /// The classic widths of four phones, the bench's 285 pt, and narrow ones that force
    /// breaks inside words (emergency breaks between grapheme clusters).
    static let widths: [Double] = [230, 285, 300, 340, 1000, 120, 37.5, 8]

    @Test func preparedMatchesTheFullLayoutOnEveryTextAndWidth() throws {
        let texts = try Self.texts()
        #expect(texts.count > 100)
        var emergencyLines = 0
        for text in texts {
            let prepared = try Fixture.engine.prepare(text, style: Fixture.style)
            for width in Self.widths {
                let layout = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
                let measured = prepared.measure(maxWidth: width)
                #expect(measured == TextMeasure(layout), "\(width) pt: \(text)")
                if width == 8 { emergencyLines += layout.lines.count }
            }
        }
        #expect(emergencyLines > texts.count * 3)
    }

    @Test func preparedMatchesAtOtherSizesAndForStyledText() throws {
        let styled = StyledText("Bold words and a link https://example.com/a/very/long/path then 中文字符 and 👍🏽 end",
                                spans: [.init(0..<10, TextAttributes(weight: .bold)),
                                        .init(20..<60, TextAttributes(italic: true, monospace: true))])
        for size in [13.0, 16, 21] {
            for width in Self.widths {
                let style = TextStyle(fontSize: size, maxWidth: width)
                let layout = try Fixture.engine.layout(styled, style: style)
                #expect(try Fixture.engine.prepare(styled, style: style).measure(maxWidth: width) == TextMeasure(layout),
                        "\(size) pt at \(width) pt")
            }
        }
    }

    @Test func emptyTextsAndHardBreaksHaveTheirEmptyLines() throws {
        for text in ["", "\n", "a\n", "\n\nb", "a\r\nb\u{2028}", "   ", "x \n "] {
            let layout = try Fixture.layout(text)
            let measured = try Fixture.engine.prepare(text, style: Fixture.style).measure(maxWidth: Fixture.width)
            #expect(measured == TextMeasure(layout), "\(text.debugDescription)")
            #expect(measured.lines >= 1)
        }
    }
}
