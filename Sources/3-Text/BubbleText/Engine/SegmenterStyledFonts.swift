import BubbleUnicode

extension Segmenter {
    /// Fonts and style numbers per cluster for styled text: each cluster takes the style at its
    /// start (a span edge inside a grapheme cluster moves to the cluster's start) and a font
    /// from that style's chain; clusters of one style run choose fonts together, so spaces
    /// follow their neighbours as in plain text.
    func styledFonts(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>,
                     clusterEnds: [Int]) -> (fonts: [UInt8], styles: [UInt16]) {
        var fonts: [UInt8] = []
        var styles: [UInt16] = []
        fonts.reserveCapacity(clusterEnds.count)
        styles.reserveCapacity(clusterEnds.count)
        var runIndex = styling.runs.firstIndex { $0.range.upperBound > range.lowerBound } ?? styling.runs.count
        var first = 0
        while first < clusterEnds.count {
            let start = first == 0 ? range.lowerBound : clusterEnds[first - 1]
            while runIndex < styling.runs.count && styling.runs[runIndex].range.upperBound <= start { runIndex += 1 }
            let run = runIndex < styling.runs.count && styling.runs[runIndex].range.contains(start)
                ? styling.runs[runIndex] : nil
            // Runs cover the whole text, so a missing run can only be past its end.
            var last = first
            let end = run?.range.upperBound ?? Int.max
            while last + 1 < clusterEnds.count && clusterEnds[last] < end { last += 1 }
            let fallback = run?.fallback ?? styling.baseFallback
            fonts += fallback.fonts(for: text, from: start, boundaries: Array(clusterEnds[first...last]))
            styles += repeatElement(run?.style ?? 0, count: last - first + 1)
            first = last + 1
        }
        return (fonts, styles)
    }
}
