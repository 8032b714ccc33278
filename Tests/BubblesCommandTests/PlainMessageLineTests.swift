@testable import BubblesCommand
import Testing

/// The common input line is read straight from its bytes: its strings must come out as the
/// JSON parser would give them, and bytes that are not UTF-8 must be refused.
@Suite struct PlainMessageLineTests {
    static func strings(_ bytes: [UInt8]) -> (id: String?, text: String?)? {
        bytes.withUnsafeBufferPointer { line in
            guard let plain = PlainMessageLine(line) else { return nil }
            return (PlainMessageLine.string(line, plain.id, escaped: plain.idEscaped),
                    PlainMessageLine.string(line, plain.text, escaped: plain.textEscaped))
        }
    }

    static func line(text: [UInt8]) -> [UInt8] { Array(#"{"id": "a1", "text": ""#.utf8) + text + Array(#""}"#.utf8) }

    @Test func asciiAndOtherTextsAreRead() throws {
        let ascii = try #require(Self.strings(Self.line(text: Array("Hello there".utf8))))
        #expect(ascii.id == "a1" && ascii.text == "Hello there")
        let other = try #require(Self.strings(Self.line(text: Array("café 你好 👍🏽".utf8))))
        #expect(other.text == "café 你好 👍🏽")
        // `\u` escapes are left to JSONSerialization: not a plain line.
        #expect(Self.strings(Self.line(text: Array(#"caf\u00e9"#.utf8))) == nil)
        let oneLetter = try #require(Self.strings(Self.line(text: Array(#"é\n\"x\""#.utf8))))
        #expect(oneLetter.text == "é\n\"x\"")
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        for bad: [UInt8] in [[0xFF], [0x63, 0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                             [0x5C, 0x6E, 0xFF], [0xC0, 0xAF]] {
            let read = try #require(Self.strings(Self.line(text: bad)))
            #expect(read.id == "a1")
            #expect(read.text == nil, "\(bad)")
        }
    }
}
