import BubbleText
import Foundation
import Testing

/// One engine on the bundled fonts for every test (fonts load once).
enum Fixture {
    static let engine: TextEngine = try! TextEngine(fonts: FontSet.bundled())
    /// The classic text width: W − 90 on a 375 pt screen.
    static let width = 285.0
    static let style = TextStyle(fontSize: 16, maxWidth: width)

    /// Lays out every text at 285, 120 and 37.5 pt (the bench's width and two that break
    /// inside words) with `reference` and with each of `engines`, expecting the same layouts;
    /// returns how many text and width pairs were compared. For engines that must never change
    /// a result (`InertCharacters`, `KernedCharacters`, the cache).
    static func expectSameLayouts(_ texts: [StyledText], reference: TextEngine, _ engines: [TextEngine]) throws -> Int {
        var compared = 0
        for text in texts {
            for width in [285.0, 120, 37.5] {
                let style = TextStyle(fontSize: 16, maxWidth: width)
                let expected = try reference.layout(text, style: style)
                for engine in engines {
                    #expect(try engine.layout(text, style: style) == expected, "\(width): \(text.string.prefix(40))")
                }
                compared += 1
            }
        }
        return compared
    }

    static func layout(_ text: String, width: Double = Fixture.width, engine: TextEngine = Fixture.engine) throws -> TextLayout {
        try engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
    }

    static let goldensFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// The golden messages: three of every kind of the bench corpus plus edge cases.
    static func goldenMessages() throws -> [(id: String, text: String)] {
        let data = try Data(contentsOf: goldensFolder.appendingPathComponent("messages.jsonl"))
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line)) as! [String: Any]
            return (object["id"] as! String, object["text"] as! String)
        }
    }

    /// UTF-16 offsets where Swift's `Character`s (extended grapheme clusters) begin or end.
    static func graphemeBoundaries(_ text: String) -> Set<Int> {
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.insert(offset)
        }
        return offsets
    }
}
