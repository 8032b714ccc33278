@testable import BubbleUnicode
import SeededRandom
import Testing

/// The common-class path must answer exactly as ICU does, offsets and hard breaks alike.
@Suite struct CommonLineBreakTests {
    /// One character of each class the path takes (ID and CL beyond ASCII).
    static let representatives = Array("a1 .!'-\n中。".utf16)
    /// The classes taken later: an Arabic letter (AL), an Arabic-Indic digit (NU), the shadda
    /// (CM), a Hebrew letter (HL) and a Hangul syllable (H2, taken as ID).
    static let laterRepresentatives: [UInt16] = [0x0628, 0x0661, 0x0651, 0x05D0, 0xAC00]
    /// Every ASCII character it takes.
    static let taken: [UInt16] = (0..<128).map(UInt16.init).filter { CommonLineBreaks.classes[Int($0)] != .other }
    /// Every character it takes beyond ASCII, from ICU's data (the ideograph blocks apart).
    static let takenBeyondASCII: [UInt16] = CommonLineBreaks.lookedUp.flatMap { $0 }.filter { unit in
        [unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } != nil
    }

    static func isMark(_ unit: UInt16) -> Bool {
        [0x61, unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) }.map { $0.count == 1 } ?? false
            && [unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } == nil
    }

    static func expectSameAsICU(_ text: [UInt16]) throws -> Bool {
        let icu = try text.withUnsafeBufferPointer { try LineBreaks.icuOpportunities(in: $0) }
        let fast = text.withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) }
        guard let fast else {
            // A mark or joiner on what this path does not attach it to, and a skin tone not on an
            // emoji base, are left to ICU.
            if text.contains(where: { isMark($0) }) || text.contains(0xD83C) && text.contains(where: { (0xDFFB...0xDFFF).contains($0) }) {
                return true
            }
            // So are a non-starter or a slash after a space, and a slash next to a digit.
            let classes = text.map { CommonLineBreaks.lineBreakClass(of: $0) }
            for (first, second) in zip(classes, classes.dropFirst()) {
                switch (first, second) {
                case (.space, .nonstarter), (.space, .solidus), (.solidus, .numeric), (.numeric, .solidus): return true
                default: continue
                }
            }
            Issue.record("not taken: \(text)")
            return false
        }
        if fast != icu {
            Issue.record("\(String(decoding: text, as: UTF16.self).debugDescription): ICU \(icu), fast \(fast)")
            return false
        }
        return true
    }

    @Test func takesTheCharactersOfTheDocumentedClasses() {
        #expect(Self.taken.count == 52 + 11 + 10 + 1 + 4 + 2 + 2 + 1 + 1 + 1)
        for unit in "()[]{}$%+\\|\t\r\u{0B}\u{0C}\u{00}\u{7F}".utf16 {
            #expect([unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } == nil, "\(unit)")
            let text = Array("plain text ".utf16) + [unit] + Array(" more".utf16)
            #expect(text.withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } == nil, "\(unit)")
        }
        // Beyond ASCII: the ideographic space (BA), an opening bracket, a Hangul jamo (JL), Thai
        // (SA), a Devanagari mark, the ellipsis (IN), an em dash (B2), an emoji's surrogate alone.
        for unit: UInt16 in [0x3000, 0x300C, 0x1100, 0x0E01, 0x0901, 0x2026, 0x2014, 0xD83D] {
            #expect([unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } == nil, "\(unit)")
        }
        // Marks are taken on a letter only.
        for unit: UInt16 in [0x0651, 0x0301, 0x05B8] {
            #expect([0x0628, unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } != nil, "\(unit)")
            #expect([unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } == nil, "\(unit)")
            #expect([0x20, unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } == nil, "\(unit)")
        }
        // Latin, Greek, Cyrillic, Arabic and Hebrew letters, Arabic-Indic digits, kana, small kana,
        // non-starters, AI, ideographs, Hangul and CJK closing punctuation are taken.
        for unit: UInt16 in [0xE9, 0x3B1, 0x436, 0x0627, 0x0661, 0x05D0, 0x3042, 0x30A2, 0x30FC, 0x3041, 0x3005, 0x2640, 0x4E2D,
                             0x3400, 0x9FFF, 0xAC00, 0xD7A3, 0x3131, 0x3002, 0xFF0C, 0xFF01] {
            #expect([unit].withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } != nil, "\(unit)")
        }
        #expect(Self.takenBeyondASCII.count > 900)
    }

    /// All 1,111,110 strings of one to six characters over one character per class.
    @Test func everyShortStringOfTheClassesIsICUs() throws {
        #expect(try checkEveryText(over: Self.representatives.map { [$0] }, upTo: 6, Self.expectSameAsICU) == 1_111_110)
    }

    /// All 813,615 strings of one to five characters over one character per class, the later
    /// classes with the first.
    @Test func everyShortStringWithTheLaterClassesIsICUs() throws {
        #expect(try checkEveryText(over: (Self.representatives + Self.laterRepresentatives).map { [$0] }, upTo: 5, Self.expectSameAsICU) == 813_615)
    }

    /// Emoji and the punctuation around them: 👍 (EB), a skin tone (EM), 😀 and ❤ (ID), a
    /// regional indicator (RI), the joiner (ZWJ), VS16 and the keycap (CM), ’ (QU), © (AL),
    /// ♀ (AI), and the classes taken with them: ー (CJ), `/` (SY).
    static let emojiRepresentatives: [[UInt16]] = [
        [0xD83D, 0xDC4D], [0xD83C, 0xDFFD], [0xD83D, 0xDE00], [0x2764], [0xD83C, 0xDDEB], [0x200D], [0xFE0F],
        [0x20E3], [0x2019], [0x00A9], [0x2640], [0x30FC], [0x2F],
    ]

    /// All 245,410 strings of one to four characters over the emoji classes and the first ones
    /// but the CJK closing mark (22 characters).
    @Test func everyShortStringWithEmojiIsICUs() throws {
        #expect(try checkEveryText(over: Self.emojiRepresentatives + Self.representatives.filter { $0 != 0x3002 }.map { [$0] }, upTo: 4, Self.expectSameAsICU) == 245_410)
    }

    /// 20,000 random texts of up to 40 characters over the emoji classes, the others and a few
    /// more emoji (a fixed seed: the same texts every run).
    @Test func randomTextsWithEmojiAreICUs() throws {
        let pool = Self.emojiRepresentatives + (Self.representatives + Self.laterRepresentatives).map { [$0] }
            + Array(repeating: [0x20], count: 4) + [[0xD83D, 0xDC68], [0xD83D, 0xDC69], [0xD83C, 0xDDF7], [0xD83C, 0xDFFB],
                                                    [0x261D], [0x201C], [0x0301]]
        #expect(try failuresOverRandomTexts(20_000, seed: 0xE_3001, pool: pool, maxLength: 40, Self.expectSameAsICU) == 0)
    }

    /// Emoji sequences as chat has them: ZWJ families, skin tones, flags, keycaps and tags.
    @Test func emojiSequencesAreICUs() throws {
        for text in ["👨‍👩‍👧‍👦 family", "ok 👍🏽👍🏿!", "🇫🇷🇩🇪🇯🇵 trip", "1️⃣2️⃣ #️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 flag", "❤️‍🔥 “quoted” ’s", "a👍b", "👍\n👍"] {
            let units = Array(text.utf16)
            #expect(units.withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) } != nil, "\(text)")
            #expect(try Self.expectSameAsICU(units), "\(text)")
        }
    }

    /// Each character it takes, in every context of up to three characters with the classes.
    @Test func everyTakenCharacterInShortContextsIsICUs() throws {
        for unit in Self.taken {
            let alphabet = Self.representatives + [unit]
            for first in alphabet {
                for second in alphabet {
                    for third in alphabet where [first, second, third].contains(unit) {
                        #expect(try Self.expectSameAsICU([first, second, third]))
                    }
                }
            }
        }
    }

    /// Each character it takes beyond ASCII, in every context of up to two characters with the
    /// classes, and a sample of the ideograph blocks (every 97th).
    @Test func everyTakenCharacterBeyondASCIIInShortContextsIsICUs() throws {
        let ideographs = Array(stride(from: UInt16(0x3400), through: 0x4DBF, by: 97))
            + Array(stride(from: UInt16(0x4E00), through: 0x9FFF, by: 97))
        var failures = 0
        for unit in Self.takenBeyondASCII + ideographs where failures < 20 {
            for other in Self.representatives {
                for text in [[unit], [unit, other], [other, unit], [other, unit, other], [unit, other, unit]] {
                    if try !Self.expectSameAsICU(text) { failures += 1 }
                }
            }
        }
        #expect(failures == 0)
    }

    /// 20,000 random texts of up to 80 characters over everything it takes, spaces and
    /// hyphens made frequent (a fixed seed: the same texts every run).
    @Test func randomLongerTextsAreICUs() throws {
        let weighted = Self.taken + Self.takenBeyondASCII.filter { $0 % 7 == 0 } + Array(repeating: UInt16(0x20), count: 8)
            + Array("-'.!\n1中文字。，".utf16) + Self.laterRepresentatives + [0x05D1, 0x064E, 0x0301, 0xD55C]
        #expect(try failuresOverRandomTexts(20_000, seed: 0x5EED_B0BB_1E5, pool: weighted.map { [$0] }, maxLength: 80,
                                            Self.expectSameAsICU) == 0)
    }

    @Test func hardBreaksAndTheTextEnd() throws {
        let text = Array("one\ntwo -three\n".utf16)
        let got = try #require(text.withUnsafeBufferPointer { CommonLineBreaks.opportunities(in: $0) })
        #expect(got.map(\.offset) == [4, 8, 15])
        #expect(got.map(\.isMandatory) == [true, false, true])
        #expect(try Self.expectSameAsICU(text))
    }
}

