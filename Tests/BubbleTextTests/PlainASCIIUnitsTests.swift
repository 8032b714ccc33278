@testable import BubbleText
import Foundation
import Testing

/// Paragraphs of plain printable ASCII get their break units without an analysis
/// (`PlainASCIIUnits`): the units must be the analysed path's, double for double, and what the
/// shortcut does not take must still be analysed.
@Suite struct PlainASCIIUnitsTests {
    func prepared(_ text: StyledText, size: Double = 16, analysing: Bool = false) throws -> PreparedText {
        try Fixture.engine.prepare(text, style: TextStyle(fontSize: size, maxWidth: Fixture.width),
                                   analysingEveryParagraph: analysing)
    }

    /// Every corpus text at three sizes: the same units, paragraphs and flags both ways, and
    /// the shortcut taken for most texts (a regression that made it refuse everything would
    /// still pass the equality).
    @Test func unitsAreTheAnalysedPathsOnEveryCorpusText() throws {
        let texts = try PreparedTextTests.texts()
        var shortcut = 0, plain = 0
        for text in texts {
            for size in [13.0, 16, 21] {
                let quick = try prepared(StyledText(text), size: size)
                let analysed = try prepared(StyledText(text), size: size, analysing: true)
                #expect(quick.units == analysed.units, "\(size) pt: \(text.prefix(60))")
                #expect(quick.paragraphs.map(\.units) == analysed.paragraphs.map(\.units), "\(text.prefix(60))")
                #expect(quick.needsLayout == analysed.needsLayout && quick.reshapesEdges == analysed.reshapesEdges
                        && quick.hasMissingGlyphs == analysed.hasMissingGlyphs, "\(text.prefix(60))")
                #expect(!analysed.hasUnanalysedParagraphs)
                if size == 16 && quick.hasUnanalysedParagraphs { shortcut += 1 }
            }
            if text.utf16.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { plain += 1 }
        }
        #expect(plain > 100)
        #expect(shortcut * 10 > plain * 8, "\(shortcut) texts took the shortcut, \(plain) are plain ASCII")
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
        let mixed = try prepared(StyledText("plain words\n中文字符"))
        #expect(mixed.hasUnanalysedParagraphs && mixed.analysed.count == 1)
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
