import BubbleText
import Testing

@Suite struct FallbackTests {
    /// The family of the font that shows each UTF-16 offset.
    func fonts(_ text: String) throws -> [Int: String] {
        var result: [Int: String] = [:]
        for line in try Fixture.layout(text, width: 10_000).lines {
            for run in line.runs {
                for offset in run.range { result[offset] = run.font.familyName }
            }
        }
        return result
    }

    @Test(arguments: [
        ("你好，世界。今天很好", "Noto Sans CJK SC"),
        ("こんにちはカタカナ", "Noto Sans CJK SC"),
        ("안녕하세요", "Noto Sans CJK SC"),
        ("مرحبا بالعالم", "Noto Sans Arabic UI"),
        ("שלום עולם", "Noto Sans Hebrew"),
        ("👍🏽🇨🇳👨‍👩‍👧1️⃣❤️😀", "Noto Color Emoji"),
        ("Hello, world", "Inter"),
    ])
    func everyClusterGetsTheIntendedFont(text: String, family: String) throws {
        let fonts = try fonts(text)
        #expect(fonts.count == text.utf16.count)
        for (offset, font) in fonts.sorted(by: { $0.key < $1.key }) {
            #expect(font == family, "offset \(offset) of \(text)")
        }
    }

    @Test func mixedTextSwitchesFontPerCluster() throws {
        let fonts = try fonts("a中🍕بא")
        #expect(fonts[0] == "Inter")
        #expect(fonts[1] == "Noto Sans CJK SC")
        #expect(fonts[2] == "Noto Color Emoji" && fonts[3] == "Noto Color Emoji")
        #expect(fonts[4] == "Noto Sans Arabic UI")
        #expect(fonts[5] == "Noto Sans Hebrew")
    }

    @Test func emojiSequencesAreOneGlyph() throws {
        for emoji in ["👨‍👩‍👧‍👦", "🇨🇳", "👍🏽", "1️⃣", "🏳️‍🌈"] {
            let runs = try Fixture.layout(emoji).lines[0].runs
            #expect(runs.count == 1)
            #expect(runs[0].glyphs.count == 1, "\(emoji)")
            #expect(runs[0].glyphs[0].id != 0, "\(emoji) has a glyph")
        }
    }

    @Test func textPresentationStaysText() throws {
        // Digits and '#' are emoji only in keycaps; alone they are Inter's.
        #expect(try fonts("#1").values.allSatisfy { $0 == "Inter" })
    }

    @Test func spacesKeepTheFontAroundThemButNeverTheEmojiFont() throws {
        let fonts = try fonts("中 文 🍕 🍕 a")
        // 中 sp 文 sp 🍕(2) sp 🍕(2) sp a
        #expect(fonts[1] == "Noto Sans CJK SC")
        #expect(fonts[3] == "Noto Sans CJK SC")
        #expect(fonts[6] == "Inter") // between two emoji
        #expect(fonts[9] == "Inter") // after an emoji, before Latin
    }

    @Test func aMissingGlyphIsThePrimaryFontsNotdefBox() throws {
        let line = try Fixture.layout("a\u{0F00}b").lines[0]
        let glyphs = line.runs.flatMap { run in run.glyphs.map { (run.font.familyName, $0) } }
        let missing = try #require(glyphs.first { $0.1.cluster == 1 })
        #expect(missing.0 == "Inter")
        #expect(missing.1.id == 0)
        #expect(line.width > 0)
    }
}
