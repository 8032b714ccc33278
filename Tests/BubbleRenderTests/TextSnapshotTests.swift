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
}
