@testable import BubbleText
import Testing

/// Hostile texts must cost work in proportion to their length: a layout of 20,000 characters of
/// any pathological kind may count at most 2.3 times the work of 10,000. Nothing is timed; the
/// engine counts what it asks of each stage (`LayoutWork`), so the test is exact on any machine.
@Suite struct LinearWorkTests {
    /// One pathological kind: a name and its text of about `n` UTF-16 units.
    struct Kind: Sendable, CustomTestStringConvertible {
        let name: String
        let text: @Sendable (Int) -> String
        var testDescription: String { name }
    }

    static func repeating(_ pattern: String, _ n: Int) -> String {
        let units = Array(pattern.utf16)
        return String(decoding: (0..<n).map { units[$0 % units.count] }, as: UTF16.self)
    }

    static let kinds: [Kind] = [
        // 40,000 of these took 23 s: one break unit (no break before U+00AD) shaped as one run.
        Kind(name: "soft hyphens") { String(repeating: "\u{00AD}", count: $0) },
        Kind(name: "letters between soft hyphens") { repeating("a\u{00AD}", $0) },
        Kind(name: "zero-width spaces") { String(repeating: "\u{200B}", count: $0) },
        Kind(name: "combining marks on one letter") { "a" + String(repeating: "\u{0301}", count: $0 - 1) },
        Kind(name: "bidi controls") { repeating("\u{202A}\u{202B}\u{202C}\u{2066}\u{2067}\u{2069}", $0) },
        Kind(name: "bidi controls around words") { repeating("\u{202B}ab\u{202C}\u{2067}\u{05D0}c\u{2069}\u{202A}", $0) },
        Kind(name: "one word") { String(repeating: "a", count: $0) },
        Kind(name: "spaces") { "a" + String(repeating: " ", count: $0 - 2) + "b" },
        Kind(name: "alternating scripts") { repeating("a\u{0628}\u{4E2D}", $0) },
        Kind(name: "joiners") { "a" + String(repeating: "\u{200D}", count: $0 - 1) },
        Kind(name: "short lines") { repeating("ab\n", $0) },
    ]

    @Test(arguments: kinds) func twiceTheTextIsAtMostTwiceTheWork(_ kind: Kind) throws {
        let small = try Fixture.engine.layoutCountingWork(StyledText(kind.text(10_000)), style: Fixture.style).work
        let large = try Fixture.engine.layoutCountingWork(StyledText(kind.text(20_000)), style: Fixture.style).work
        let ratio = Double(large.total) / Double(small.total)
        #expect(ratio <= 2.3, "\(kind.name): 10k → \(small), 20k → \(large)")
    }

    /// HarfBuzz is given bounded runs: its lookups may scan the rest of a run for every glyph
    /// (a run of soft hyphens does), so a long segment is shaped in pieces. (Without
    /// `KernedCharacters`, which would build the run of "x" without HarfBuzz.)
    @Test func noShapingRunIsLongerThanTheBound() throws {
        let text = String(repeating: "\u{00AD}", count: 5_000) + String(repeating: "x", count: 5_000)
            + "a" + String(repeating: "\u{0301}", count: 5_000)
        let engine = try TextEngine(fonts: Fixture.engine.fonts, language: nil, cachesShaping: true, cutsInertRuns: true,
                                    kernsLatinWords: false)
        let work = try engine.layoutCountingWork(StyledText(text), style: Fixture.style).work
        #expect(work.longestShapingRun <= LayoutWork.shapingRunBound + 1)
        #expect(work.shapingRuns >= 15_001 / (LayoutWork.shapingRunBound + 1))
    }

    /// Pieces shaped separately are still one segment: the glyphs cover the whole text once,
    /// in order, and the layout is the same with and without the shaping cache.
    @Test func piecesJoinIntoTheSameSegment() throws {
        let uncached = try TextEngine(fonts: Fixture.engine.fonts, cachesShaping: false)
        for text in [String(repeating: "abc\u{00AD}", count: 300), String(repeating: "\u{0627}\u{0644}\u{0628}", count: 300),
                     "a" + String(repeating: "\u{0301}", count: 700)] {
            let layout = try Fixture.layout(text)
            #expect(layout == (try uncached.layout(text, style: Fixture.style)))
            let clusters = layout.lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.cluster) } }
            #expect(clusters.allSatisfy { $0 >= 0 && $0 < text.utf16.count })
            // The mark cluster is one grapheme: it cannot wrap, and it was shaped in pieces.
            #expect(layout.lines.count > (text.count == 1 ? 0 : 1))
        }
    }
}
