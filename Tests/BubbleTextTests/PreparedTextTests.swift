import BubbleText
import Foundation
import Testing

/// The prepared path (analyse and shape once, then measure by arithmetic) must give the very
/// doubles and line counts of the full layout, at every width.
@Suite struct PreparedTextTests {
    /// Golden messages, the bench corpus when it sits beside the repo, the samples, the hard
    /// cases and the scripts corpus.
    static func texts() throws -> [String] {
        var texts = try ConsistencyTests.corpus()
        for file in ["messages.jsonl", "hard-cases/hard-cases.jsonl", "scripts-corpus.jsonl"] {
            texts += try sampleTexts(file)
        }
        return texts
    }

    /// The `text` of every line of a file in Samples/.
    static func sampleTexts(_ file: String) throws -> [String] {
        let samples = Fixture.goldensFolder.appendingPathComponent("../../../Samples/" + file).standardized
        let data = try Data(contentsOf: samples)
        var texts: [String] = []
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
               let text = object["text"] as? String { texts.append(text) }
        }
        return texts
    }

    /// The classic widths of four phones, the bench's 285 pt, and narrow ones that force
    /// breaks inside words (emergency breaks between grapheme clusters).
    static let widths: [Double] = phoneWidths + [120, 37.5, 8]
    static let phoneWidths: [Double] = [230, 285, 300, 340, 1000]

    @Test func preparedMatchesTheFullLayoutOnEveryTextAndWidth() throws {
        let texts = try Self.texts()
        #expect(texts.count > 100)
        var emergencyLines = 0, narrowTexts = 0
        for (index, text) in texts.enumerated() {
            let prepared = try Fixture.engine.prepare(text, style: Fixture.style)
            // Every text at every phone width; every fifth one also at the narrow widths, whose
            // full layouts (a line per grapheme cluster at 8 pt) took 20 minutes of the
            // AddressSanitizer run when every text had them.
            let narrow = index % 5 == 0
            if narrow { narrowTexts += 1 }
            for width in narrow ? Self.widths : Self.phoneWidths {
                let layout = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
                let measured = try prepared.measure(maxWidth: width)
                #expect(measured == TextMeasure(layout), "\(width) pt: \(text)")
                if width == 8 { emergencyLines += layout.lines.count }
            }
        }
        #expect(emergencyLines > narrowTexts * 3)
    }

    @Test func preparedMatchesAtOtherSizesAndForStyledText() throws {
        let styled = StyledText("Bold words and a link https://example.com/a/very/long/path then 中文字符 and 👍🏽 end",
                                spans: [.init(0..<10, TextAttributes(weight: .bold)),
                                        .init(20..<60, TextAttributes(italic: true, monospace: true))])
        for size in [13.0, 16, 21] {
            for width in Self.widths {
                let style = TextStyle(fontSize: size, maxWidth: width)
                let layout = try Fixture.engine.layout(styled, style: style)
                #expect(try Fixture.engine.prepare(styled, style: style).measure(maxWidth: width) == TextMeasure(layout),
                        "\(size) pt at \(width) pt")
            }
        }
    }

    @Test func emptyTextsAndHardBreaksHaveTheirEmptyLines() throws {
        for text in ["", "\n", "a\n", "\n\nb", "a\r\nb\u{2028}", "   ", "x \n "] {
            let layout = try Fixture.layout(text)
            let measured = try Fixture.engine.prepare(text, style: Fixture.style).measure(maxWidth: Fixture.width)
            #expect(measured == TextMeasure(layout), "\(text.debugDescription)")
            #expect(measured.lines >= 1)
        }
    }

    /// Texts whose line edges the engine reshapes or whose widths depend on the pen: kerning
    /// across a break inside a word, kana with contextual spacing, tabs at several stops.
    static let edgeCases = [
        "A-V A-V-A-V AVA-VAV To-Ty-Yo W-A-V-E", "ニュースのニュースをニュースで見た", "Ta\tb\t\tc d\te",
        "\tstart and end\t", "a\tb\tc\td\te\tf\tg\th\ti\tj\tk\tl", "Wo-Yo-Te-Va-Ke 'quoted' “double”",
        "e\u{301}-V\u{301}A", "office-ffi-fl-ffl", "مرحبا-بالعالم-اليوم",
    ]

    @Test func preparedMatchesAtReshapedEdgesAndTabs() throws {
        let widths: [Double] = Self.widths + stride(from: 10.0, through: 200, by: 7.5)
        for text in Self.edgeCases {
            for tabInterval in [28.0, 40, 7] {
                let style = TextStyle(fontSize: 16, maxWidth: 285, tabInterval: tabInterval)
                let prepared = try Fixture.engine.prepare(text, style: style)
                for width in widths {
                    var wrapped = style
                    wrapped.maxWidth = width
                    let layout = try Fixture.engine.layout(text, style: wrapped)
                    #expect(try prepared.measure(maxWidth: width) == TextMeasure(layout), "\(width) pt, tabs \(tabInterval): \(text)")
                }
            }
        }
        #expect(try Fixture.engine.prepare("a\tb", style: Fixture.style).needsLayout)
        // Kerning across a break is arithmetic too (the edges' width changes are prepared).
        #expect(try !Fixture.engine.prepare(Self.edgeCases[0], style: Fixture.style).needsLayout)
        #expect(try !Fixture.engine.prepare(Self.edgeCases[1], style: Fixture.style).needsLayout)
    }

    @Test func preparedFollowsTheKoreanStrategy() throws {
        let texts = ["안녕하세요 오늘 저녁에 카톡ID 알려줘요 3개 주문했어요", "한국어 문장은 띄어쓰기 단위로 줄을 바꿉니다."]
        for text in texts {
            for strategy in [LineBreakStrategy.standard, .hangulWordPriority] {
                let style = TextStyle(fontSize: 16, maxWidth: 285, lineBreakStrategy: strategy)
                let prepared = try Fixture.engine.prepare(text, style: style)
                for width in Self.widths + [60, 90, 150] {
                    var wrapped = style
                    wrapped.maxWidth = width
                    let layout = try Fixture.engine.layout(text, style: wrapped)
                    #expect(try prepared.measure(maxWidth: width) == TextMeasure(layout), "\(width) pt, \(strategy): \(text)")
                }
            }
        }
    }

    /// Most texts are measured by arithmetic (the full layout is the exception, not the rule),
    /// and a missing glyph is flagged at preparation so its count can be reported.
    @Test func arithmeticCoversMostTextsAndMissingGlyphsAreFlagged() throws {
        let texts = try Self.texts()
        let arithmetic = try texts.filter { try !Fixture.engine.prepare($0, style: Fixture.style).needsLayout }
        #expect(arithmetic.count * 10 > texts.count * 8, "\(arithmetic.count) of \(texts.count)")
        let tofu = try Fixture.engine.prepare("private \u{E001} use", style: Fixture.style)
        #expect(tofu.hasMissingGlyphs && tofu.needsLayout)
        let layout = try Fixture.layout("private \u{E001} use")
        #expect(!layout.missingGlyphs.isEmpty)
        #expect(try !Fixture.engine.prepare("plain words", style: Fixture.style).hasMissingGlyphs)
    }

    /// The hard cases and the scripts corpus at many widths, where lines start at every kind
    /// of reshaped edge (after hyphens and slashes, between kana, in Arabic and Indic words).
    @Test func preparedMatchesTheHardCasesAtManyWidths() throws {
        let texts = try Self.sampleTexts("hard-cases/hard-cases.jsonl") + Self.sampleTexts("scripts-corpus.jsonl")
        let widths = Array(stride(from: 20.0, through: 300, by: 3.7))
        for text in texts {
            let prepared = try Fixture.engine.prepare(text, style: Fixture.style)
            for width in widths {
                let layout = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
                #expect(try prepared.measure(maxWidth: width) == TextMeasure(layout), "\(width) pt: \(text)")
            }
        }
    }
}
