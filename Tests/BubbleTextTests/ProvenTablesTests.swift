@testable import BubbleText
import BubbleUnicode
import Foundation
import Testing

/// `ProvenTables` makes one proof per font and set of applied lookups, once, whatever the
/// scripts and threads that ask.
@Suite struct ProvenTablesTests {
    static let fonts = KernedCharactersTests.fonts
    static let hiragana: UInt32 = 0x4869_7261
    static let katakana: UInt32 = 0x4B61_6E61
    static let han: UInt32 = 0x4861_6E69

    /// Kerned-character tables whose proofs are counted.
    static func countedTables(_ count: Locked<Int>) -> KernedCharacterTables {
        KernedCharacterTables(fonts: fonts, language: ShapingLanguage(nil), lookups: KernedCharacters.lookups) { font, lookups in
            count.withLock { $0 += 1 }
            return KernedCharacters(font: font, lookups: lookups)
        }
    }

    @Test func latinAndCommonShareInterProofButNotAnotherFonts() throws {
        let inter = KernedCharactersTests.font("Inter Regular"), bold = KernedCharactersTests.font("Inter Bold")
        let regular = Self.fonts[Int(inter)]
        // What makes the sharing right: the same lookups for both scripts.
        #expect(KernedCharacters.lookups(regular, KernedCharactersTests.latin, nil)
                == KernedCharacters.lookups(regular, KernedCharactersTests.common, nil))
        let made = Locked(0)
        let tables = Self.countedTables(made)
        let latin = try #require(tables.table(font: inter, script: KernedCharactersTests.latin))
        let common = try #require(tables.table(font: inter, script: KernedCharactersTests.common))
        #expect(made.withLock { $0 } == 1)
        #expect(latin.contains(UInt16(UInt8(ascii: "a"))) && common.contains(UInt16(UInt8(ascii: "a"))))
        _ = tables.table(font: bold, script: KernedCharactersTests.latin)
        #expect(made.withLock { $0 } == 2)
        _ = tables.table(font: bold, script: KernedCharactersTests.common)
        #expect(made.withLock { $0 } == 2)
    }

    @Test func threadsAskingAtOnceWaitForOneProof() {
        let inter = KernedCharactersTests.font("Inter Regular")
        let made = Locked(0)
        let tables = Self.countedTables(made)
        let found = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let script = index.isMultiple(of: 2) ? KernedCharactersTests.latin : KernedCharactersTests.common
            if tables.table(font: inter, script: script) != nil { found.withLock { $0 += 1 } }
        }
        #expect(made.withLock { $0 } == 1)
        #expect(found.withLock { $0 } == 8)
    }

    /// Hiragana and Katakana are one OpenType script: Noto Sans CJK's inert characters are one
    /// proof for both (and for Han, whose lookups there are the same).
    @Test func kanaScriptsShareOneInertProof() throws {
        let cjk = try #require(Self.fonts.firstIndex { $0.fullName.hasPrefix("Noto Sans CJK") })
        let font = Self.fonts[cjk]
        #expect(InertCharacters.lookups(font, Self.hiragana, nil) == InertCharacters.lookups(font, Self.katakana, nil))
        let made = Locked(0)
        let tables = InertCharacterTables(fonts: Self.fonts, language: ShapingLanguage(nil), lookups: InertCharacters.lookups) {
            made.withLock { $0 += 1 }
            return InertCharacters(font: $0, lookups: $1)
        }
        let hiragana = try #require(tables.table(font: UInt8(cjk), script: Self.hiragana))
        _ = tables.table(font: UInt8(cjk), script: Self.katakana)
        #expect(made.withLock { $0 } == 1)
        #expect(hiragana.contains(0x4E2D)) // 中
        let sameAsHan = InertCharacters.lookups(font, Self.han, nil) == InertCharacters.lookups(font, Self.hiragana, nil)
        _ = tables.table(font: UInt8(cjk), script: Self.han)
        #expect(made.withLock { $0 } == (sameAsHan ? 1 : 2))
    }
}
