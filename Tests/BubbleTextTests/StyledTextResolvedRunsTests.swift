import BubbleText
import Testing

/// `StyledText(_:resolvedRuns:)`: runs a parser resolved itself give the same text as the
/// same pieces laid over it as spans.
@Suite struct StyledTextResolvedRunsTests {
    @Test func contiguousRunsEqualSpans() {
        let runs: [StyledText.Span] = [.init(0..<3, .bold), .init(3..<4, .plain), .init(4..<9, TextAttributes(color: .link))]
        let text = StyledText("abc 😀def", resolvedRuns: runs)
        #expect(text == StyledText("abc 😀def", spans: runs))
        #expect(text.runs == runs)
    }

    @Test func equalNeighboursMergeAndPlainIsPlain() {
        let merged = StyledText("abcd", resolvedRuns: [.init(0..<1, .italic), .init(1..<2, .italic), .init(2..<4, .plain)])
        #expect(merged.runs == [.init(0..<2, .italic), .init(2..<4, .plain)])
        let plain = StyledText("abcd", resolvedRuns: [.init(0..<2, .plain), .init(2..<4, .plain)])
        #expect(plain.isPlain)
        #expect(StyledText("", resolvedRuns: []).isPlain)
    }

    /// Gaps, overlaps, empty runs or runs short of the end are not runs: resolved as spans.
    @Test func otherShapesAreResolvedAsSpans() {
        let shapes: [[StyledText.Span]] = [
            [.init(1..<2, .bold)],
            [.init(0..<3, .bold), .init(1..<4, .italic)],
            [.init(0..<0, .bold), .init(0..<4, .italic)],
            [.init(0..<2, .bold)],
            [.init(0..<9, .bold)],
        ]
        for spans in shapes {
            #expect(StyledText("abcd", resolvedRuns: spans) == StyledText("abcd", spans: spans))
        }
    }
}
