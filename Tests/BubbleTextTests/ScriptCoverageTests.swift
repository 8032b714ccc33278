import BubbleText
import Foundation
import Testing

/// Every script people commonly chat in gets real glyphs from the bundled fonts, complex
/// scripts shape, and what no font has is reported (`TextLayout.missingGlyphs`), never silent.
@Suite struct ScriptCoverageTests {
    struct Sample: Sendable, CustomStringConvertible {
        let id: String
        let text: String
        /// The family expected to draw the first character (nil: several, e.g. symbols).
        let font: String?
        var description: String { id }
    }

    /// `Samples/scripts-corpus.jsonl`: one everyday sentence per script, plus Korean jamo, rare
    /// Hangul, Traditional and Cantonese characters, JIS X 0213 kanji, emoji 14/15, currency
    /// and math symbols.
    static let corpus: [Sample] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/scripts-corpus.jsonl")
        let data = try! Data(contentsOf: url)
        return data.split(separator: UInt8(ascii: "\n")).map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line)) as! [String: Any]
            return Sample(id: object["id"] as! String, text: object["text"] as! String, font: object["font"] as? String)
        }
    }()

    /// The family of the run that draws UTF-16 offset `offset`.
    func family(at offset: Int, in layout: TextLayout) -> String? {
        layout.lines.lazy.flatMap(\.runs).first { $0.range.contains(offset) }?.font.familyName
    }

    @Test func theCorpusCoversEveryScriptTheIssueNames() {
        let ids = Set(Self.corpus.map(\.id))
        for id in ["th", "lo", "km", "my", "hi", "bn", "ta", "te", "gu", "pa", "kn", "ml", "si", "hy", "ka", "am",
                   "ko-jamo", "zh-hant", "yue", "ja-rare", "emoji-14-15", "currency", "math"] {
            #expect(ids.contains(id), "\(id)")
        }
        #expect(Self.corpus.first { $0.id == "ko-jamo" }?.text.contains("ㅋㅋ ㅠㅠ ㅇㅇ") == true)
    }

    @Test(arguments: ScriptCoverageTests.corpus)
    func everySentenceHasRealGlyphs(sample: Sample) throws {
        let layout = try Fixture.layout(sample.text)
        #expect(layout.missingGlyphs.isEmpty, "\(sample.id): \(layout.missingGlyphs.map(\.codePoint))")
        for run in layout.lines.flatMap(\.runs) {
            #expect(!run.glyphs.contains { $0.id == 0 }, "\(sample.id): .notdef in \(run.font.fullName)")
        }
    }

    @Test(arguments: ScriptCoverageTests.corpus.filter { $0.font != nil })
    func eachScriptFallsBackToItsFont(sample: Sample) throws {
        let layout = try Fixture.layout(sample.text, width: 10_000)
        #expect(family(at: 0, in: layout) == sample.font, "\(sample.id)")
    }

    @Test func privateUseCharactersAreReportedWithOffsetsAndFont() throws {
        // Inter maps some private-use code points (U+E000, its icons); these three no font has.
        let absent: [UInt32] = [0xE001, 0xF0000, 0x10FFFD]
        let chain = try FontSet.bundled().fonts
        for scalar in absent { #expect(!chain.contains { $0.covers(scalar) }, "premise: no font has \(scalar)") }
        let text = "a\u{E001}b \u{F0000}\u{10FFFD}"
        let missing = try Fixture.layout(text).missingGlyphs
        #expect(missing.map(\.scalar) == absent)
        #expect(missing.map(\.codePoint) == ["U+E001", "U+F0000", "U+10FFFD"])
        #expect(missing.map(\.offset) == [1, 4, 6])
        #expect(missing.allSatisfy { $0.font == "Inter Regular" && $0.line == 0 })
    }

    @Test func invisibleCharactersAreNeverMissing() throws {
        // ZWSP, ZWJ, VS16 after a letter, word joiner, soft hyphen, bidi marks, a C0 control.
        let layout = try Fixture.layout("a\u{200B}b\u{200D}c\u{FE0F}d\u{2060}e\u{00AD}f\u{200E}g\u{0001}h")
        #expect(layout.missingGlyphs.isEmpty, "\(layout.missingGlyphs.map(\.codePoint))")
    }

    @Test func aMissingMarkOnACoveredBaseNamesOnlyTheMark() throws {
        // U+0BBE TAMIL VOWEL SIGN AA after a Latin letter: the cluster takes Inter (which has the
        // base); the sign is the only character Inter lacks.
        let missing = try Fixture.layout("x\u{0BBE}").missingGlyphs
        #expect(missing.map(\.scalar).allSatisfy { $0 == 0x0BBE })
    }

    @Test func devanagariConjunctIsOneClusterWithALigature() throws {
        let run = try #require(try Fixture.layout("क्ष").lines.first?.runs.first)
        #expect(run.font.familyName == "Noto Sans Devanagari UI")
        let glyphs = run.glyphs
        #expect(Set(glyphs.map(\.cluster)) == [0], "ka, virama and ssa shape as one cluster")
        #expect(glyphs.count == 1, "one conjunct glyph, not ka + virama + ssa: \(glyphs.map(\.id))")
        let ka = try #require(try Fixture.layout("क").lines.first?.runs.first?.glyphs.first)
        let ssa = try #require(try Fixture.layout("ष").lines.first?.runs.first?.glyphs.first)
        #expect(glyphs[0].id != ka.id && glyphs[0].id != ssa.id && glyphs[0].id != 0)
    }

    @Test func thaiBreaksBetweenDictionaryWordsWithoutSpaces() throws {
        // ICU's dictionary finds the words; HarfBuzz places the marks. No .notdef, and every line
        // starts at one of the words "สวัสดี", "ครับ", "วัน", "นี้", "อากาศ", "ดี".
        let text = "สวัสดีครับวันนี้อากาศดี"
        let layout = try Fixture.layout(text, width: 50)
        #expect(layout.missingGlyphs.isEmpty)
        #expect(layout.lines.count > 1)
        #expect(layout.lines.allSatisfy { [0, 6, 10, 13, 16, 21].contains($0.range.lowerBound) },
                "\(layout.lines.map(\.range))")
        #expect(layout.lines.flatMap(\.runs).allSatisfy { $0.font.familyName == "Noto Sans Thai UI" })
    }

    @Test func arabicLinesAreNoTallerThanCJKLines() throws {
        // Noto Sans Arabic (not UI) made Arabic lines 33.8 pt against Inter's 19.4; the UI
        // variant's vertical metrics are made for UI lines.
        let arabic = try Fixture.layout("مرحبا بالعالم").height
        let latin = try Fixture.layout("Hello").height
        let chinese = try Fixture.layout("你好").height
        #expect(arabic <= chinese)
        #expect(arabic < latin * 1.2)
    }

    @Test func collectionFacesAreNamedWithAHash() {
        #expect(FontSet.fileAndFace("NotoSansCJK-Regular.ttc#2") == ("NotoSansCJK-Regular.ttc", 2))
        #expect(FontSet.fileAndFace("Inter-Regular.otf") == ("Inter-Regular.otf", 0))
        #expect(FontSet.fileAndFace("odd#name.ttf") == ("odd#name.ttf", 0))
    }

    @Test func theBundledCJKFaceIsSimplifiedChinese() throws {
        let cjk = try #require(try FontSet.bundled().fonts.first { $0.familyName.hasPrefix("Noto Sans CJK") })
        #expect(cjk.familyName == "Noto Sans CJK SC")
        #expect(cjk.faceIndex == 2)
    }

    /// A language turns on `locl`: the Simplified Chinese face then draws the forms of the
    /// language's own face of the collection (glyph ids are shared by all five faces).
    @Test(arguments: [("ja", 0), ("ko", 1), ("zh-Hant", 3), ("zh-HK", 4)])
    func aLanguageDrawsItsOwnFacesForms(language: String, face: Int) throws {
        let text = "直骨角誤令述今"
        func glyphs(_ engine: TextEngine) throws -> [UInt32] {
            try engine.layout(text, style: Fixture.style).lines.flatMap(\.runs).flatMap(\.glyphs).map(\.id)
        }
        let scDefault = try glyphs(Fixture.engine)
        let tagged = try glyphs(TextEngine(fonts: FontRoles(text: FontSet.bundled()), language: language))
        let ownFace = try glyphs(TextEngine(fonts: FontSet(fonts: [OpenTypeFont(
            path: FontSet.locateBundledFonts() + "/NotoSansCJK-Regular.ttc", faceIndex: face)])))
        #expect(tagged == ownFace, "\(language)")
        #expect(tagged != scDefault, "\(language) changes some forms")
        // No language: the same glyphs on every machine, whatever its locale.
        #expect(try glyphs(TextEngine(fonts: FontSet.bundled())) == scDefault)
    }
}
