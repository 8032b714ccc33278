@testable import BubbleText
import Foundation
import Testing

/// Paragraphs of plain printable ASCII (`PlainASCIIUnits`) and of Chinese ideographs with CJK
/// punctuation (`PlainCJKUnits`) get their break units without an analysis: the units must be
/// the analysed path's, double for double, and what the shortcuts do not take must still be
/// analysed.
@Suite struct PlainUnitsTests {
    func prepared(_ text: StyledText, size: Double = 16, analysing: Bool = false) throws -> PreparedText {
        try Fixture.engine.prepare(text, style: TextStyle(fontSize: size, maxWidth: Fixture.width),
                                   analysingEveryParagraph: analysing)
    }

    /// Every corpus text at three sizes: the same units, paragraphs and flags both ways, and
    /// the shortcut taken for most texts (a regression that made it refuse everything would
    /// still pass the equality).
    @Test func unitsAreTheAnalysedPathsOnEveryCorpusText() throws {
        let texts = try PreparedTextTests.texts()
        var shortcut = 0, plain = 0, chineseShortcut = 0, chinese = 0, emojiShortcut = 0, emoji = 0
        var rightToLeftShortcut = 0, rightToLeft = 0
        for text in texts {
            for size in [13.0, 16, 21] {
                let quick = try prepared(StyledText(text), size: size)
                let analysed = try prepared(StyledText(text), size: size, analysing: true)
                #expect(quick.units == analysed.units, "\(size) pt: \(text.prefix(60))")
                #expect(quick.paragraphs.map(\.units) == analysed.paragraphs.map(\.units), "\(text.prefix(60))")
                #expect(quick.needsLayout == analysed.needsLayout && quick.reshapesEdges == analysed.reshapesEdges
                        && quick.hasMissingGlyphs == analysed.hasMissingGlyphs, "\(text.prefix(60))")
                #expect(!analysed.hasUnanalysedParagraphs)
                if size == 16 && quick.hasUnanalysedParagraphs {
                    if isPlainASCII(text) { shortcut += 1 }
                    if isChinese(text) { chineseShortcut += 1 }
                    if isASCIIAndEmoji(text) { emojiShortcut += 1 }
                    if isRightToLeft(text) { rightToLeftShortcut += 1 }
                }
            }
            if isPlainASCII(text) { plain += 1 }
            if isChinese(text) { chinese += 1 }
            if isASCIIAndEmoji(text) { emoji += 1 }
            if isRightToLeft(text) { rightToLeft += 1 }
        }
        // The repository's own texts are mostly hard cases: 10 of their 53 plain-ASCII texts
        // take the shortcut, 392 of 549 with the bench corpus beside the repository. The rest
        // hold a word the kerned table refuses (a pair such as `->` or a digit before `:`) or
        // one wider than `widestUnit` (URLs).
        #expect(plain > 40 && chinese > 5, "\(plain) plain ASCII texts, \(chinese) Chinese ones")
        #expect(shortcut * 6 > plain, "\(shortcut) texts took the shortcut, \(plain) are plain ASCII")
        #expect(chineseShortcut * 3 > chinese * 2, "\(chineseShortcut) of \(chinese) Chinese texts took the shortcut")
        #expect(rightToLeftShortcut * 4 > rightToLeft * 3, "\(rightToLeftShortcut) of \(rightToLeft) Arabic and Hebrew texts took the shortcut")
        // With the bench corpus, 154 of its 158 texts of ASCII and emoji take `PlainEmojiUnits`.
        #expect(emoji > 10 && emojiShortcut * 4 > emoji * 3, "\(emojiShortcut) of \(emoji) texts of ASCII and emoji took the shortcut")
    }

    /// Hebrew or Arabic letters with spaces, full stops and question marks, paragraphs apart.
    func isRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x05D0...0x06FF).contains($0.value) } && text.unicodeScalars.allSatisfy {
            (0x05D0...0x05EA).contains($0.value) || (0x0620...0x0652).contains($0.value) || " .?\n".unicodeScalars.contains($0)
        }
    }

    /// Printable ASCII and characters of the emoji blocks (U+1F000…), at least one of those.
    func isASCIIAndEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x1F000 } && text.unicodeScalars.allSatisfy {
            ($0.value >= 0x20 && $0.value < 0x7F) || $0.value == 0x0A || $0.value >= 0x1F000 || [0x200D, 0xFE0F, 0x20E3].contains($0.value)
        }
    }

    func isPlainASCII(_ text: String) -> Bool { text.utf16.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    /// Ideographs and the punctuation `PlainCJKUnits` takes, paragraphs apart.
    func isChinese(_ text: String) -> Bool {
        text.utf16.contains { (0x4E00...0x9FFF).contains($0) } && text.utf16.allSatisfy {
            (0x4E00...0x9FFF).contains($0) || [0x0A, 0x3001, 0x3002, 0xFF0C, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B].contains($0)
        }
    }

    @Test func whatTheShortcutDoesNotTakeIsAnalysed() throws {
        #expect(try prepared(StyledText("Plain words, and a second line\nof them.")).analysed.isEmpty)
        // Not ASCII; a tab; a control character; styled text; a word wider than `widestUnit`.
        for text in ["naïve café", "a\tb", "bell \u{7} here", String(repeating: "long", count: 12) + " word"] {
            let quick = try prepared(StyledText(text))
            #expect(!quick.hasUnanalysedParagraphs, "\(text)")
            #expect(quick.analysed.count == 1, "\(text)")
        }
        let styled = StyledText("bold and plain", spans: [.init(0..<4, TextAttributes(weight: .bold))])
        #expect(try !prepared(styled).hasUnanalysedParagraphs)
        // Only the ASCII paragraph of a mixed text takes it.
        let mixed = try prepared(StyledText("plain words\nnaïve café"))
        #expect(mixed.hasUnanalysedParagraphs && mixed.analysed.count == 1)
        // Chinese with its punctuation is taken; kana, a space, Latin letters or a bracket are not.
        #expect(try prepared(StyledText("其实广告不断，工具最大。已经文章汽车提高！")).analysed.isEmpty)
        for text in ["ひらがなと漢字", "中文 字符", "中文abc字符", "中文「字符」", "。，"] {
            let quick = try prepared(StyledText(text))
            #expect(!quick.hasUnanalysedParagraphs && quick.analysed.count == 1, "\(text)")
        }
    }

    /// Emoji with ASCII text take `PlainEmojiUnits`: units of two fonts (an emoji and the space
    /// after it are one unit in two segments), and the same units as the analysis; text with a
    /// character it cannot place without the analysis goes that way.
    @Test func emojiWithASCIITakeTheirShortcut() throws {
        for text in ["see you 👋", "🎉🎉🎉", "ok 👍🏽 then", "1️⃣ first, #️⃣ then", "flags 🇯🇵🇫🇷!", "lol😂 wait...",
                     "👨‍👩‍👧‍👦 family 🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 and ❤️", "  😀  ", "😀 ✔"] {
            let quick = try prepared(StyledText(text))
            let analysed = try prepared(StyledText(text), analysing: true)
            #expect(quick.hasUnanalysedParagraphs && quick.analysed.isEmpty, "\(text)")
            #expect(quick.units == analysed.units, "\(text)")
        }
        let twoFonts = try prepared(StyledText("🎉 party"))
        #expect(twoFonts.units.count == 2 && twoFonts.units[0].segments == 0..<2 && twoFonts.units[0].trailing > 0)
        // A letter beyond ASCII; Inter's ™ (text presentation, so not the emoji font); U+1F200,
        // which is Hiragana; a right-to-left mark; a tab; a control character; an ideograph.
        for text in ["café 😀", "Brand™ 😀", "\u{1F200} 😀", "\u{200F}😀", "a\t😀", "😀\u{7}", "好😀"] {
            let quick = try prepared(StyledText(text))
            #expect(!quick.hasUnanalysedParagraphs && quick.analysed.count == 1, "\(text)")
        }
    }

    /// Arabic and Hebrew with spaces and ASCII punctuation take `PlainScriptUnits`, with
    /// the analysis's units (a full stop in the primary font is a segment of its own); a digit,
    /// a Latin letter, Arabic with Hebrew or a bidi control leave the paragraph to the analysis.
    @Test func textOfOneOtherScriptTakesItsShortcut() throws {
        for text in ["مرحبا بالعالم", "بتطويق والكساد الإثنان جديدة جديداً.", "שלום עולם, מה שלומך?", "تسمّى التاريخ (فكان) واحدة!",
                     "  שלום  ", "هل أنت بخير؟ نعم، شكرًا."] {
            let quick = try prepared(StyledText(text))
            let analysed = try prepared(StyledText(text), analysing: true)
            #expect(quick.hasUnanalysedParagraphs && quick.analysed.isEmpty, "\(text)")
            #expect(quick.units == analysed.units, "\(text)")
            for width in [30.0, 80, 285] {
                let layout = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
                #expect(try quick.measure(maxWidth: width) == TextMeasure(layout), "\(width) pt: \(text)")
            }
        }
        // Left to right: Cyrillic, Korean, Greek with punctuation and digits take it too;
        // Cyrillic with a Latin word (two scripts) does not.
        for text in ["Привет, как дела? Встретимся в 18:30.", "주말에 시간 괜찮으면 같이 영화 보러 갈래요?", "Καλημέρα σας!"] {
            let quick = try prepared(StyledText(text))
            #expect(quick.hasUnanalysedParagraphs && quick.analysed.isEmpty, "\(text)")
            #expect(quick.units == (try prepared(StyledText(text), analysing: true)).units, "\(text)")
        }
        #expect(try prepared(StyledText("Привет, hello")).analysed.count == 1)
        let stop = try prepared(StyledText("שלום."))
        #expect(stop.units.count == 1 && stop.units[0].segments == 0..<2)
        for text in ["מחיר 20 שקל", "مرحبا hello", "שלום مرحبا", "\u{202B}שלום", "عدد ١٢٣", "שלום\tעולם"] {
            let quick = try prepared(StyledText(text))
            #expect(!quick.hasUnanalysedParagraphs && quick.analysed.count == 1, "\(text)")
        }
    }

    /// A line narrower than a unit of a paragraph made without an analysis needs a break inside
    /// the unit: the full layout gives it, at every width down to a grapheme per line.
    @Test func breaksInsideUnitsTakeTheFullLayout() throws {
        let text = "Short words, then a few longer ones and the end."
        let quick = try prepared(StyledText(text))
        #expect(quick.hasUnanalysedParagraphs && quick.fullLayout != nil)
        for width in stride(from: 4.0, through: 120, by: 4.5) {
            let layout = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
            #expect(try quick.measure(maxWidth: width) == TextMeasure(layout), "\(width) pt")
        }
    }
}
