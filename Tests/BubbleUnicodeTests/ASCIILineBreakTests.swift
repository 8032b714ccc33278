@testable import BubbleUnicode
import SeededRandom
import Testing

/// The ASCII path must answer exactly as ICU does, offsets and hard breaks alike.
@Suite struct ASCIILineBreakTests {
    /// One character of each class the path takes.
    static let representatives = Array("a1 .!'-\n".utf16)
    /// Every character it takes.
    static let taken: [UInt16] = (0..<128).map(UInt16.init).filter { ASCIILineBreaks.classes[Int($0)] != .other }

    static func expectSameAsICU(_ text: [UInt16]) throws -> Bool {
        let icu = try text.withUnsafeBufferPointer { try LineBreaks.icuOpportunities(in: $0) }
        let fast = text.withUnsafeBufferPointer { ASCIILineBreaks.opportunities(in: $0) }
        guard let fast else {
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
        #expect(Self.taken.count == 52 + 11 + 10 + 1 + 4 + 2 + 2 + 1 + 1)
        for unit in "()[]{}/$%+\\|\t\r\u{0B}\u{0C}\u{00}\u{7F}".utf16 {
            #expect([unit].withUnsafeBufferPointer { ASCIILineBreaks.opportunities(in: $0) } == nil, "\(unit)")
            let text = Array("plain text ".utf16) + [unit] + Array(" more".utf16)
            #expect(text.withUnsafeBufferPointer { ASCIILineBreaks.opportunities(in: $0) } == nil, "\(unit)")
        }
        #expect([UInt16(0xE9)].withUnsafeBufferPointer { ASCIILineBreaks.opportunities(in: $0) } == nil)
    }

    /// All 299,592 strings of one to six characters over one character per class.
    @Test func everyShortStringOfTheClassesIsICUs() throws {
        let alphabet = Self.representatives
        var text: [UInt16] = []
        var checked = 0, failures = 0
        func extend(_ length: Int) throws {
            if length > 0 {
                checked += 1
                if try !Self.expectSameAsICU(text) { failures += 1 }
            }
            guard length < 6, failures < 20 else { return }
            for unit in alphabet {
                text.append(unit)
                try extend(length + 1)
                text.removeLast()
            }
        }
        try extend(0)
        #expect(checked == 8 + 64 + 512 + 4096 + 32768 + 262_144)
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

    /// 20,000 random texts of up to 80 characters over everything it takes, spaces and
    /// hyphens made frequent (a fixed seed: the same texts every run).
    @Test func randomLongerTextsAreICUs() throws {
        var generator = SplitMix64(seed: 0x5EED_B0BB_1E5)
        let weighted = Self.taken + Array(repeating: UInt16(0x20), count: 8) + Array("-'.!\n1".utf16)
        var failures = 0
        for _ in 0..<20_000 where failures < 20 {
            let length = Int.random(in: 1...80, using: &generator)
            let text = (0..<length).map { _ in weighted.randomElement(using: &generator)! }
            if try !Self.expectSameAsICU(text) { failures += 1 }
        }
        #expect(failures == 0)
    }

    @Test func hardBreaksAndTheTextEnd() throws {
        let text = Array("one\ntwo -three\n".utf16)
        let got = try #require(text.withUnsafeBufferPointer { ASCIILineBreaks.opportunities(in: $0) })
        #expect(got.map(\.offset) == [4, 8, 15])
        #expect(got.map(\.isMandatory) == [true, false, true])
        #expect(try Self.expectSameAsICU(text))
    }
}

