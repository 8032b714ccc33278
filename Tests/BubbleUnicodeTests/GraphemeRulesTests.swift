@testable import BubbleUnicode
import SeededRandom
import Testing

/// The grapheme cluster rules must answer exactly as ICU's character iterator does.
@Suite struct GraphemeRulesTests {
    /// One character of each class, Extended_Pictographic ones apart, and both halves of a
    /// surrogate alone: a, CR, LF, a control, a combining acute, ZWJ, a regional indicator,
    /// Arabic number sign (Prepend), Devanagari visarga (SpacingMark), Hangul L, V, T, LV, LVT,
    /// 👍 and © (pictographs in and beyond the BMP), a skin tone and VS16 (Extend), lone surrogates.
    static let representatives: [[UInt16]] = [
        [0x61], [0x0D], [0x0A], [0x01], [0x0301], [0x200D], [0xD83C, 0xDDE6], [0x0600], [0x0903],
        [0x1100], [0x1160], [0x11A8], [0xAC00], [0xAC01], [0xD83D, 0xDC4D], [0xA9], [0xD83C, 0xDFFB],
        [0xFE0F], [0xD800], [0xDC00],
    ]

    static func expectSameAsICU(_ text: [UInt16]) throws -> Bool {
        let icu = try text.withUnsafeBufferPointer { try GraphemeClusters.icuBoundaries(in: $0) }
        let rules = text.withUnsafeBufferPointer { GraphemeRules.boundaries(in: $0) }
        let used = try text.withUnsafeBufferPointer { try GraphemeClusters.boundaries(in: $0) }
        let indic = text.contains { GraphemeRules.indic.contains(UInt32($0)) }
        if (indic ? rules != nil : rules != icu) || used != icu {
            Issue.record("\(text.map { String($0, radix: 16) }): ICU \(icu), rules \(rules), used \(used)")
            return false
        }
        return true
    }

    @Test func classesAreReadAsICUHasThem() {
        #expect(GraphemeRules.property(of: 0x0D) == (.carriageReturn, false))
        #expect(GraphemeRules.property(of: 0x1F44D) == (.other, true))
        #expect(GraphemeRules.property(of: 0x1F3FB).class == .extend)
        #expect(GraphemeRules.property(of: 0xFE0F) == (.extend, false))
        #expect(GraphemeRules.property(of: 0x200D) == (.joiner, false))
        #expect(GraphemeRules.property(of: 0x1F1E6) == (.regionalIndicator, false))
        #expect(GraphemeRules.property(of: 0xAC01) == (.syllableLVT, false))
        #expect(GraphemeRules.property(of: 0x0903) == (.spacingMark, false))
        #expect(GraphemeRules.property(of: 0x0600) == (.prepend, false))
    }

    /// The classes it finds without ICU (ASCII, Hangul syllables, characters that join nothing
    /// and cannot be pictographs, the emoji blocks' table) are ICU's, for every BMP code point
    /// and every emoji.
    @Test func classesWithoutICUAreICUs() {
        GraphemeRules.aloneBits.withUnsafeBufferPointer { alone in GraphemeRules.emojiProperties.withUnsafeBufferPointer { emoji in
            var misses: [UInt32] = []
            for scalar in Array(UInt32(0)..<0x10000) + Array(GraphemeRules.emoji)
            where GraphemeRules.property(of: scalar, alone: alone.baseAddress!, emoji: emoji.baseAddress!) != GraphemeRules.property(of: scalar) {
                misses.append(scalar)
            }
            #expect(misses.isEmpty, "\(misses.prefix(20).map { String($0, radix: 16) })")
        }
        }
    }

    /// All 168,420 strings of one to four characters over the representatives.
    @Test func everyShortStringOfTheClassesIsICUs() throws {
        #expect(try checkEveryText(over: Self.representatives, upTo: 4, Self.expectSameAsICU) == 168_420)
    }

    /// 20,000 random texts of up to 24 characters: the representatives, emoji sequences' parts
    /// and a few more of each class (a fixed seed: the same texts every run).
    @Test func randomLongerTextsAreICUs() throws {
        let more: [[UInt16]] = [
            [0x20], [0x0627], [0x064B], [0x05D0], [0x05B8], [0x0E01], [0x0E33], [0x0915], [0x094D],
            [0x1109], [0x1175], [0x11AF], [0xB098], [0xD83D, 0xDC68], [0xD83D, 0xDC69], [0x2764],
            [0xD83C, 0xDDFA], [0xD83C, 0xDFFD], [0x20E3], [0x31], [0xDB40, 0xDC67], [0xDB40, 0xDC7F],
            [0xD83C, 0xDFF4], [0x200C], [0x2028], [0x00AD], [0xFEFF],
        ]
        #expect(try failuresOverRandomTexts(20_000, seed: 0x6A_A9E3E, pool: Self.representatives + more, maxLength: 24,
                                            Self.expectSameAsICU) == 0)
    }

    /// ICU keeps an Indic consonant, virama and consonant together (CLDR's aksara rule), with
    /// marks between; such text is ICU's to answer.
    @Test func indicConjunctsGoToICU() throws {
        let text: [UInt16] = [0x0915, 0x094D, 0x064B, 0x0915, 0x61]
        #expect(text.withUnsafeBufferPointer { GraphemeRules.boundaries(in: $0) } == nil)
        #expect(try text.withUnsafeBufferPointer { try GraphemeClusters.boundaries(in: $0) } == [4, 5])
    }

    /// Unicode 15's GraphemeBreakTest.txt (Debian's unicode-data): every line as the file says.
    @Test func passesGraphemeBreakTest() throws {
        let cases = try conformanceCases("/usr/share/unicode/auxiliary/GraphemeBreakTest.txt")
        var misses: [Int] = []
        for testCase in cases {
            let got = try testCase.text.withUnsafeBufferPointer { try GraphemeClusters.boundaries(in: $0) }
            if got != testCase.breaks { misses.append(testCase.line) }
            #expect(try Self.expectSameAsICU(testCase.text))
        }
        #expect(cases.count == 602)
        #expect(misses.isEmpty, "lines \(misses)")
    }

    @Test func emojiSequencesAreOneCluster() throws {
        let family = Array("a👨‍👩‍👧b🇫🇷🇩🇪👍🏽1️⃣\r\n".utf16)
        let got = try family.withUnsafeBufferPointer { try GraphemeClusters.boundaries(in: $0) }
        // a | family of three (8 units) | b | two flags (4 each) | thumbs with a tone (4) | keycap (3) | CR LF
        #expect(got == [1, 9, 10, 14, 18, 22, 25, 27])
        #expect(try Self.expectSameAsICU(family))
    }
}
