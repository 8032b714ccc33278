import BubbleSnapshotTesting
import Foundation
import Testing

/// The text strategy names the first line that differs, so a layout change is found in the
/// JSON without reading all of it; a missing reference is a failure, not a pass.
@Suite struct TextSnapshotTests {
    static let name = "json-classic.layout"

    func reference() throws -> [Substring] {
        let url = SnapshotSettings.defaultFolder.appendingPathComponent(Self.name + ".json")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func theReferenceItselfMatches() throws {
        let text = try reference().joined(separator: "\n")
        #expect(try compareSnapshot(of: text, as: .text(pathExtension: "json"), named: Self.name) == nil)
    }

    @Test func aChangedLineIsNamedWithBothVersions() throws {
        var lines = try reference()
        try #require(lines.count > 10)
        lines[6] = "changed"
        let failure = try #require(try compareSnapshot(of: lines.joined(separator: "\n"), as: .text(pathExtension: "json"),
                                                       named: Self.name))
        #expect(failure.difference.message.hasPrefix("line 7 differs"), "\(failure)")
        #expect(failure.difference.message.contains("actual:    changed"))
    }

    @Test func aShorterTextFailsAtItsEnd() throws {
        let lines = try reference()
        let failure = try #require(try compareSnapshot(of: lines.dropLast(3).joined(separator: "\n"),
                                                       as: .text(pathExtension: "json"), named: Self.name))
        #expect(failure.difference.message.hasPrefix("line \(lines.count - 2) differs"), "\(failure)")
    }

    @Test func aMissingReferenceFails() throws {
        let failure = try #require(try compareSnapshot(of: "{}", as: .text(pathExtension: "json"), named: "no-such-reference"))
        #expect(!failure.referenceExists)
        #expect(failure.difference.message.contains("BUBBLES_RECORD=1"))
    }

    /// Layout goldens: numbers with a fraction are stored on a 1/64 pt grid and alike within
    /// 1/64 pt; integers, and anything in quotes, stay exact.
    @Test func coordinatesAreStoredOnAGridAndComparedWithinIt() throws {
        let strategy = Snapshotting<String>.coordinates(pathExtension: "json")
        let layout = #"{"x": 228.8410909090909, "w": -4.409090909090909, "ids": [1405, 46], "zero": -0.001, "text": "pi is 3.14159", "e": 1.5e-3}"#
        let stored = String(decoding: try strategy.snapshot(layout), as: UTF8.self)
        #expect(stored == #"{"x": 228.84375, "w": -4.40625, "ids": [1405, 46], "zero": 0, "text": "pi is 3.14159", "e": 0}"#)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coordinates-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(stored.utf8).write(to: folder.appendingPathComponent("golden.json"))
        func compared(_ text: String) throws -> SnapshotFailure? {
            try compareSnapshot(of: text, as: strategy, named: "golden", in: folder)
        }
        // The last digit of a double, and a value that rounds to the next grid point.
        #expect(try compared(layout.replacingOccurrences(of: "228.8410909090909", with: "228.84109090909093")) == nil)
        #expect(try compared(layout.replacingOccurrences(of: "228.8410909090909", with: "228.8515625001")) == nil)
        // A thirty-second of a point, another glyph, other quoted text: each fails.
        let moved = try #require(try compared(layout.replacingOccurrences(of: "228.8410909090909", with: "228.87234")))
        #expect(moved.difference.message.hasPrefix("line 1 differs (numbers within 0.015625 alike"), "\(moved)")
        #expect(try compared(layout.replacingOccurrences(of: "1405", with: "1406")) != nil)
        #expect(try compared(layout.replacingOccurrences(of: "3.14159", with: "3.14158")) != nil)
    }
}
