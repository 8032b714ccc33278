import BubbleText

/// Turns styles over a body's UTF-16 ranges into a `StyledText`, leaving out removed ranges.
///
/// It resolves the styles itself, in one sweep over their edges, instead of handing them to
/// `StyledText(_:spans:)`: that initialiser compares every piece with every span, which is
/// quadratic, and a hostile body (`*a* ` 16,000 times) has tens of thousands of spans. Here
/// the spans covering one piece are few (a quote, a block, four nested spans, a link, a
/// directive). The result is the same: spans combine outermost first, the longer span
/// outside, the earlier one outside on a tie.
struct StyledTextAssembly {
    struct Mark {
        var range: Range<Int>
        var attributes: TextAttributes
    }

    /// `units` without `removals` (merged where they overlap), with `marks` laid over it.
    static func assemble(_ units: [UInt16], marks: [Mark], removals: [Range<Int>]) -> StyledText {
        let removed = merged(removals)
        let ordered = marks.enumerated()
            .filter { !$0.element.range.isEmpty }
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
        var edges = [0, units.count]
        for mark in ordered { edges += [mark.element.range.lowerBound, mark.element.range.upperBound] }
        for range in removed { edges += [range.lowerBound, range.upperBound] }
        edges = Array(Set(edges)).sorted()

        var kept: [UInt16] = []
        kept.reserveCapacity(units.count)
        var runs: [StyledText.Span] = []
        var active: [(index: Int, mark: Mark)] = []
        var nextMark = 0
        var nextRemoval = 0
        for (lower, upper) in zip(edges, edges.dropFirst()) {
            while nextRemoval < removed.count, removed[nextRemoval].upperBound <= lower { nextRemoval += 1 }
            if nextRemoval < removed.count, removed[nextRemoval].lowerBound <= lower { continue }
            active.removeAll { $0.mark.range.upperBound <= lower }
            while nextMark < ordered.count, ordered[nextMark].element.range.lowerBound <= lower {
                let (index, mark) = ordered[nextMark]
                if mark.range.upperBound > lower { active.append((index, mark)) }
                nextMark += 1
            }
            let attributes = active
                .sorted { ($0.mark.range.count, -$0.index) > ($1.mark.range.count, -$1.index) }
                .reduce(TextAttributes.plain) { $0.combined(with: $1.mark.attributes) }
            runs.append(StyledText.Span(kept.count..<kept.count + upper - lower, attributes))
            kept += units[lower..<upper]
        }
        return StyledText(String(decoding: kept, as: UTF16.self), resolvedRuns: runs)
    }

    /// Sorted, non-overlapping ranges covering the same offsets.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
