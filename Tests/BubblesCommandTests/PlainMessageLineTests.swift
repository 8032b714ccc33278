@testable import BubblesCommand
import Foundation
import SeededRandom
import Testing

/// The common input line is read straight from its bytes: its strings must come out as the
/// JSON parser would give them, and bytes that are not UTF-8 must be refused.
@Suite struct PlainMessageLineTests {
    static func strings(_ bytes: [UInt8]) -> (id: String?, text: String?)? {
        bytes.withUnsafeBufferPointer { line in
            guard let plain = PlainMessageLine(line) else { return nil }
            return (PlainMessageLine.string(line, plain.id, escaped: plain.idEscaped),
                    PlainMessageLine.utf16(line, plain.text).map { String(decoding: $0, as: UTF16.self) })
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

    /// The text's one pass from UTF-8 to UTF-16 accepts exactly what `String(validating:)`
    /// accepts and gives its code units: every sequence of one and two bytes, every three-byte
    /// one with a lead from U+0800 up, its second byte anything and its third at the
    /// continuation range's ends, inside and outside it, four-byte ones likewise, each between
    /// ASCII letters. Backslashes and quotes are the line reader's, not UTF-8's, and are left out.
    @Test func utf16AcceptsWhatStringsAcceptAndAgrees() {
        var sequences: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for first in 0...255 { for second in 0...255 { sequences.append([UInt8(first), UInt8(second)]) } }
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0xE0...0xF7 {
            for second in 0...255 {
                for third in edges {
                    sequences.append([UInt8(lead), UInt8(second), third])
                    if lead >= 0xF0 { for fourth: UInt8 in [0x41, 0x80, 0xBF, 0xC0] { sequences.append([UInt8(lead), UInt8(second), third, fourth]) } }
                }
            }
        }
        var misses = 0
        for sequence in sequences where !sequence.contains(where: { $0 == 0x5C || $0 == 0x22 }) && misses < 20 {
            let bytes = [0x61] + sequence + [0x62]
            let expected = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }.map { Array($0.utf16) }
            let got = bytes.withUnsafeBufferPointer { PlainMessageLine.utf16($0, 0..<bytes.count) }
            if got != expected {
                misses += 1
                Issue.record("\(sequence): \(String(describing: got)) against \(String(describing: expected))")
            }
        }
        #expect(misses == 0)
        #expect(sequences.count == 256 + 65_536 + 24 * 256 * 11 + 8 * 256 * 11 * 4)
    }

    @Test func utf16DecodesEscapes() throws {
        let bytes = Array(#"a\n\"b\\c\/d\t\r\b\fé👍"#.utf8)
        let got = try #require(bytes.withUnsafeBufferPointer { PlainMessageLine.utf16($0, 0..<bytes.count) })
        #expect(got == Array("a\n\"b\\c/d\t\r\u{08}\u{0C}é👍".utf16))
    }

    /// 20,000 random lines of up to 60 pieces (letters, spaces, accented letters, ideographs,
    /// emoji, each escape, a raw quote, a raw control, a `\u` escape, a byte that is not UTF-8),
    /// so that the eight-byte steps meet every kind of byte at every offset: whatever the
    /// plain reader takes, it reads as JSONSerialization does, and it refuses what is not UTF-8.
    @Test func randomLinesReadAsJSONSerializationReadsThem() throws {
        var generator = SplitMix64(seed: 0x9_1A1D)
        let pieces: [[UInt8]] = ["a", "Z", " ", " ", "word", "é", "中", "👍", #"\n"#, #"\""#, #"\\"#, #"\/"#, #"\t"#, "\"",
                                 "\u{01}", #"\u00e9"#].map { Array($0.utf8) } + [[0xFF], [0xC3]]
        var taken = 0, failures = 0
        for _ in 0..<20_000 where failures < 20 {
            let text = (0..<Int.random(in: 0...60, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            let line = Array(#"{"id": "x", "text": ""#.utf8) + text + Array(#""}"#.utf8)
            let plain: [UInt16]?? = line.withUnsafeBufferPointer { buffer in
                PlainMessageLine(buffer).map { PlainMessageLine.utf16(buffer, $0.text) }
            }
            guard let plain else { continue }
            taken += 1
            let object = try? JSONSerialization.jsonObject(with: Data(line))
            let expected = ((object as? [String: Any])?["text"] as? String).map { Array($0.utf16) }
            if plain != expected {
                failures += 1
                Issue.record("\(text): \(String(describing: plain)) against \(String(describing: expected))")
            }
        }
        #expect(failures == 0)
        #expect(taken > 1_000)
    }
}
