@testable import BubbleText
import Foundation
import Testing

/// Chinese and Japanese words cut between inert characters (`InertCharacters`) must lay out
/// exactly as the words shaped whole: the same glyphs, positions, lines and widths.
@Suite struct InertCharactersTests {
    static let han: UInt32 = 0x4861_6E69

    static var cjkFont: UInt8 {
        UInt8(Fixture.engine.table.fonts.firstIndex { $0.familyName == "Noto Sans CJK SC" }!)
    }

    static func table(language: String? = nil) -> InertCharacters? {
        InertCharacterTables(fonts: Fixture.engine.table.fonts, language: ShapingLanguage(language))
            .table(font: cjkFont, script: han)
    }

    @Test func theBundledCJKFaceIsProvenAndItsPunctuationKerns() throws {
        let inert = try #require(Self.table())
        for unit: UInt16 in [0x4E00, 0x6211, 0x7684, 0x9FA5, 0x3400] { #expect(inert.contains(unit)) }
        // The fullwidth comma is in the face's default `kern` lookup: never cut beside it.
        #expect(!inert.contains(0xFF0C))
        // A combining voicing mark, a kana with a canonical decomposition, a space, Latin.
        for unit: UInt16 in [0x3099, 0x304C, 0x3000, 0x0020, 0x0041] { #expect(!inert.contains(unit)) }
        // Latin fonts are not asked (no Han script there); Inter is not proven for Han text.
        let inter = UInt8(Fixture.engine.table.fonts.firstIndex { $0.familyName == "Inter" }!)
        let latin = InertCharacterTables(fonts: Fixture.engine.table.fonts, language: ShapingLanguage(nil))
            .table(font: inter, script: Self.han)
        #expect(latin.map { !$0.contains(0x4E00) } ?? true)
    }

    /// Each inert character's glyph and advance from the table are HarfBuzz's, alone at a
    /// paragraph's start and inside one.
    @Test func everyInertCharacterIsWhatHarfBuzzShapes() throws {
        let inert = try #require(Self.table())
        let shaper = Shaper(fonts: Fixture.engine.table.fonts, cache: nil, tally: nil)
        var checked = 0
        for range in InertCharacters.candidateRanges {
            for unit in range where inert.contains(unit) {
                let expected = inert.shape(unit)
                for (text, segment) in [([unit], 0..<1), ([0x4E00, unit, 0x4E00], 1..<2)] {
                    let shaped = text.withUnsafeBufferPointer { buffer in
                        shaper.shape(buffer, paragraph: 0..<text.count, segment: segment,
                                     clusterEnds: Array(1...text.count)[segment.lowerBound...],
                                     font: Self.cjkFont, level: 0, script: Self.han)
                    }
                    #expect(shaped.glyphs == [ShapedGlyph(glyph: expected.glyph, cluster: 0, advance: expected.advance,
                                                         xOffset: 0, yOffset: 0)],
                            "U+\(String(unit, radix: 16, uppercase: true))")
                }
                checked += 1
            }
        }
        #expect(checked > 20_000)
    }

    static let cjkTexts = [
        "我们一起去公园散步吧，好吗？", "他说：“你好！”然后又说：“今天天气很好。”",
        "漢\u{FE00}字漢字\u{E0100}字", "一\u{0301}二三四", "あ\u{3099}いうえお", "日本語のテキストです。カタカナもある",
        "中文English混合123测试", "〻々〆〇", "（括号）【方括号】「引号」『书名』", "中\t文\t字", "——中文……",
        "第3章　新的开始", "ＡＢＣ全角ａｂｃ１２３", "𠀀𠀁漢字𪚥", String(repeating: "龍", count: 3_000),
        "\u{4E00}\u{200D}\u{4E8C}", "中\u{200C}文", "한국어 中文 日本語",
    ]

    @Test func runsGiveTheLayoutsOfWordsShapedWhole() throws {
        let fonts = Fixture.engine.fonts
        let whole = try TextEngine(fonts: fonts, language: nil, cachesShaping: false, cutsInertRuns: false)
        let cut = try TextEngine(fonts: fonts, language: nil, cachesShaping: false, cutsInertRuns: true)
        let cachedCut = try TextEngine(fonts: fonts, language: nil, cachesShaping: true, cutsInertRuns: true)
        let texts = try PreparedTextTests.texts() + Self.cjkTexts
        let compared = try Fixture.expectSameLayouts(texts.map { StyledText($0) }, reference: whole, [cut, cachedCut])
        #expect(compared >= 3 * 300)
    }

    @Test func aJapaneseLanguageIsProvenWithItsOwnLookups() throws {
        let fonts = Fixture.engine.fonts
        let whole = try TextEngine(fonts: fonts, language: "ja", cachesShaping: false, cutsInertRuns: false)
        let cut = try TextEngine(fonts: fonts, language: "ja", cachesShaping: true, cutsInertRuns: true)
        for text in Self.cjkTexts {
            let style = TextStyle(fontSize: 16, maxWidth: 120)
            #expect(try cut.layout(text, style: style) == whole.layout(text, style: style), "\(text.prefix(40))")
        }
        // The Japanese language system swaps glyphs of many ideographs (`locl`): those are not inert.
        let ja = try #require(Self.table(language: "ja"))
        let zh = try #require(Self.table())
        let swapped = (0x4E00...0x9FFF).filter { zh.contains(UInt16($0)) && !ja.contains(UInt16($0)) }
        #expect(swapped.count > 100)
    }

    /// A run of ideographs is its characters' glyphs: nothing shaped, nothing cached.
    @Test func aRunOfIdeographsIsNotShaped() throws {
        let fonts = Fixture.engine.fonts
        let cut = try TextEngine(fonts: fonts, language: nil, cachesShaping: true, cutsInertRuns: true)
        let whole = try TextEngine(fonts: fonts, language: nil, cachesShaping: true, cutsInertRuns: false)
        _ = try cut.layout("我们一起去公园散步", style: Fixture.style)
        _ = try whole.layout("我们一起去公园散步", style: Fixture.style)
        #expect(cut.cachedSegmentCount == 0)
        #expect(whole.cachedSegmentCount == 1)
    }
}
