@testable import BubbleText
import Foundation
import Testing

/// Latin words built from `KernedCharacters` (glyphs, advances, pair adjustments, no HarfBuzz)
/// must be exactly HarfBuzz's: every pair of every bundled Latin font, random words, and every
/// corpus laid out both ways.
@Suite struct KernedCharactersTests {
    static let latin: UInt32 = 0x4C61_746E
    static let common: UInt32 = 0x5A79_7979
    /// Every role's fonts: Inter in four weights and styles, DejaVu Sans Mono, the fallbacks.
    static let engine = try! TextEngine(fonts: FontRoles.bundled())
    static let fonts = engine.table.fonts

    static func font(_ fullName: String) -> UInt8 {
        UInt8(fonts.firstIndex { $0.fullName == fullName }!)
    }

    static func table(_ font: UInt8, script: UInt32 = latin, language: String? = nil) -> KernedCharacters? {
        KernedCharacterTables(fonts: fonts, language: ShapingLanguage(language)).table(font: font, script: script)
    }

    /// What HarfBuzz gives the word alone (no cache, no table).
    static func harfBuzz(_ word: [UInt16], font: UInt8, script: UInt32, language: String? = nil) -> ShapedSegment {
        let shaper = Shaper(fonts: fonts, cache: nil, tally: nil, language: ShapingLanguage(language).value)
        return word.withUnsafeBufferPointer { buffer in
            shaper.shape(buffer, paragraph: 0..<word.count, segment: 0..<word.count,
                         clusterEnds: Array(1...word.count)[0...], font: font, level: 0, script: script)
        }
    }

    static func kerned(_ word: [UInt16], _ table: KernedCharacters) -> ShapedSegment? {
        word.withUnsafeBufferPointer { table.shape($0, 0..<word.count) }
    }

    @Test func interKeepsEveryLetterAndLeavesItsSubstitutionsToHarfBuzz() throws {
        let inter = try #require(Self.table(Self.font("Inter Regular")))
        for unit in Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-:x'".utf16) {
            #expect(inter.contains(unit), "\(UnicodeScalar(unit)!)")
        }
        // `calt`: "->" becomes an arrow and "x" between digits a multiplication sign; `ccmp`
        // composes letters with marks (not ASCII). Such words go to HarfBuzz, the rest do not.
        for word in ["->", "3x4", "a->b", "12:30"] {
            let shaped = Self.kerned(Array(word.utf16), inter)
            #expect(shaped == nil, "\(word)")
        }
        for word in ["next", "x4", "Tx", "AVATAR", "e.g.", "don't"] {
            let shaped = try #require(Self.kerned(Array(word.utf16), inter), "\(word)")
            #expect(shaped == Self.harfBuzz(Array(word.utf16), font: Self.font("Inter Regular"), script: Self.latin))
        }
        // Not ASCII, or not printable: HarfBuzz's.
        for word in ["café", "tab\t", "line\n"] {
            let shaped = Self.kerned(Array(word.utf16), inter)
            #expect(shaped == nil, "\(word)")
        }
        // "AV" kerns: the adjustment and HarfBuzz's unsafe-to-break flag on the V.
        let av = try #require(Self.kerned(Array("AV".utf16), inter))
        let a = try #require(Self.kerned(Array("A".utf16), inter))
        #expect(av.glyphs[0].advance < a.advance)
        #expect(av.glyphs[1].unsafeToBreak)
    }

    /// Every ordered pair of every character of every table (each bundled font that has one,
    /// Latin and Common script, with and without a language) is what HarfBuzz shapes.
    @Test func everyPairOfEveryLatinFontIsWhatHarfBuzzShapes() throws {
        var compared = 0, leftToHarfBuzz = 0
        let units = Array(UInt16(0x20)...0x7E)
        for (index, font) in Self.fonts.enumerated() {
            for (script, language) in [(Self.latin, nil), (Self.common, nil), (Self.latin, "tr")] {
                guard let table = Self.table(UInt8(index), script: script, language: language) else { continue }
                for first in units where table.contains(first) {
                    for second in units where table.contains(second) {
                        let word = [first, second]
                        guard let shaped = Self.kerned(word, table) else { leftToHarfBuzz += 1; continue }
                        #expect(shaped == Self.harfBuzz(word, font: UInt8(index), script: script, language: language),
                                "\(font.fullName) \(String(decoding: word, as: UTF16.self))")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 5 * 7_000)
        #expect(leftToHarfBuzz < compared / 5)
    }

    /// What goes to HarfBuzz in Inter are pairs with signs (`->`, `=` before a capital, `x`
    /// between spaces): never two letters, a letter and a space, or a letter and a period.
    @Test func noPairOfLettersSpacesOrPeriodsGoesToHarfBuzz() throws {
        for name in ["Inter Regular", "Inter Semi Bold", "Inter Bold", "Inter Italic", "Inter Bold Italic"] {
            let table = try #require(Self.table(Self.font(name)), "\(name)")
            let units = Array("abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,'".utf16)
            var unknown: [String] = []
            for first in units {
                for second in units where Self.kerned([first, second], table) == nil {
                    unknown.append(String(decoding: [first, second], as: UTF16.self))
                }
            }
            #expect(unknown.isEmpty, "\(name): \(unknown)")
        }
    }

    /// Random words of 1 to 40 characters (letters, digits, spaces, signs), in the text fonts:
    /// the pairs compose.
    @Test func randomWordsAreWhatHarfBuzzShapes() throws {
        var generator = SystemRandomNumberGenerator()
        let units = Array("etaoinshrdlucmfwypvbgkjqxzETAOINSHRDLU0123456789     .,'!?-:;/()".utf16)
        var compared = 0
        for name in ["Inter Regular", "Inter Bold", "Inter Italic", "DejaVu Sans Mono Bold"] {
            let font = Self.font(name)
            let table = try #require(Self.table(font), "\(name)")
            for _ in 0..<3_000 {
                let word = (0..<Int.random(in: 1...40, using: &generator)).map { _ in units.randomElement(using: &generator)! }
                guard let shaped = Self.kerned(word, table) else { continue }
                #expect(shaped == Self.harfBuzz(word, font: font, script: Self.latin), "\(name) \(String(decoding: word, as: UTF16.self))")
                compared += 1
            }
        }
        #expect(compared > 4 * 1_000)
    }

    @Test func layoutsAreThoseOfWordsShapedByHarfBuzz() throws {
        let fonts = Self.engine.fonts
        let harfBuzz = try TextEngine(fonts: fonts, language: nil, cachesShaping: false, cutsInertRuns: true,
                                      kernsLatinWords: false)
        // Kerned words never enter the cache: one engine with it covers both paths.
        let kerned = try TextEngine(fonts: fonts, language: nil, cachesShaping: true, cutsInertRuns: true)
        let plain = try PreparedTextTests.texts() + ["3x4 -> 12:30 a<=b", "**bold** and _under_ {x} [y] (z)", "AVAVAV WAVE Typography"]
        // Every role's font: bold, semibold, italic, bold italic, monospace spans.
        let styles: [TextAttributes] = [.bold, .italic, TextAttributes(weight: .semibold), TextAttributes(weight: .bold, italic: true),
                                        TextAttributes(monospace: true), TextAttributes(weight: .bold, monospace: true)]
        let styled = plain.prefix(200).enumerated().map { index, text in
            let count = text.utf16.count
            return StyledText(text, spans: count < 4 ? [] : [.init(count / 4..<count * 3 / 4, styles[index % styles.count])])
        }
        let compared = try Fixture.expectSameLayouts(plain.map { StyledText($0) } + styled, reference: harfBuzz, [kerned])
        #expect(compared >= 3 * 500)
    }

    /// A Latin word of such characters is neither shaped nor cached.
    @Test func aPlainEnglishSentenceIsNotShaped() throws {
        let fonts = Self.engine.fonts
        let kerned = try TextEngine(fonts: fonts, language: nil, cachesShaping: true, cutsInertRuns: true)
        let harfBuzz = try TextEngine(fonts: fonts, language: nil, cachesShaping: true, cutsInertRuns: true,
                                      kernsLatinWords: false)
        let sentence = "Shall we meet at the station at half past seven?"
        #expect(try kerned.layout(sentence, style: Fixture.style) == harfBuzz.layout(sentence, style: Fixture.style))
        #expect(kerned.cachedSegmentCount == 0)
        #expect(harfBuzz.cachedSegmentCount == 9) // "at" twice
    }
}
