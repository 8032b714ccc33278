import BubbleText
import Foundation

/// One engine on the bundled fonts for every test (fonts load once).
enum Fixture {
    static let engine: TextEngine = try! TextEngine(fonts: FontSet.bundled())
    /// The classic text width: W − 90 on a 375 pt screen.
    static let width = 285.0
    static let style = TextStyle(fontSize: 16, maxWidth: width)

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
