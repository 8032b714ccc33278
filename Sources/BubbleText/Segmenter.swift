import BubbleUnicode

/// A stretch of one paragraph between two places where something changes (font, script, bidi
/// level, or a line-break opportunity), shaped as one piece.
struct Segment {
    let range: Range<Int>
    let font: UInt8
    let level: UInt8
    /// ISO 15924 tag, which is also HarfBuzz's script value.
    let script: UInt32
    let shaped: ShapedSegment
    /// Offset where the segment's trailing whitespace starts (== range.upperBound when none).
    let trailingWhitespaceStart: Int
    /// Advance of that trailing whitespace, font units.
    let trailingWhitespaceAdvance: Int32
    /// Index of the break unit (text between two soft opportunities) it belongs to.
    let unit: Int
}

/// The analysis stages of one paragraph, in the order libraqm names them: clusters, fonts
/// (fallback), bidi levels, scripts, then segments at every change and every break opportunity.
struct Segmenter {
    let shaper: Shaper
    let fallback: FontFallback

    struct Paragraph {
        let range: Range<Int>
        let level: UInt8
        /// Grapheme cluster ends, absolute offsets.
        let clusterEnds: [Int]
        let segments: [Segment]
    }

    func analyse(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>) throws -> Paragraph {
        let slice = UnsafeBufferPointer(rebasing: text[range])
        var clusterEnds = try GraphemeClusters.boundaries(in: slice)
        if range.lowerBound != 0 { for index in clusterEnds.indices { clusterEnds[index] += range.lowerBound } }
        let fonts = fallback.fonts(for: text, from: range.lowerBound, boundaries: clusterEnds)
        let bidi = try BidiParagraph(slice)
        let scripts = Scripts.runs(in: slice)

        // Every offset where a segment must end, in order: the soft breaks, and where the font,
        // the script or the bidi level changes (when they do; most messages have none).
        var cuts = Array(softBreaks)
        var changes = false
        for index in 1..<max(fonts.count, 1) where fonts[index] != fonts[index - 1] {
            cuts.append(clusterEnds[index - 1])
            changes = true
        }
        for run in scripts.dropFirst() { cuts.append(run.range.lowerBound + range.lowerBound); changes = true }
        if !bidi.isUniform {
            for run in bidi.runs.dropFirst() { cuts.append(run.range.lowerBound + range.lowerBound); changes = true }
        }
        cuts.append(range.upperBound)
        if changes { cuts.sort() }

        var segments: [Segment] = []
        var start = range.lowerBound
        var clusterIndex = 0
        var scriptIndex = 0
        var unit = 0
        var nextSoftBreak = softBreaks.startIndex
        for cut in cuts where cut > start && cut <= range.upperBound {
            while clusterEnds[clusterIndex] <= start { clusterIndex += 1 }
            while scripts[scriptIndex].range.upperBound + range.lowerBound <= start { scriptIndex += 1 }
            while nextSoftBreak < softBreaks.endIndex && softBreaks[nextSoftBreak] <= start {
                nextSoftBreak += 1
                unit += 1
            }
            let font = fonts[clusterIndex]
            let level = bidi.levels[start - range.lowerBound]
            let script = harfBuzzScript(scripts[scriptIndex].tag)
            let shaped = shaper.shape(text, paragraph: range, segment: start..<cut, font: font, level: level,
                                      script: script)
            var whitespaceStart = cut
            while whitespaceStart > start, UnicodeScalars.isWhitespace(UInt32(text[whitespaceStart - 1])) {
                whitespaceStart -= 1
            }
            let relativeWhitespace = UInt32(whitespaceStart - start)
            let whitespaceAdvance = whitespaceStart == cut ? 0 : shaped.glyphs.reduce(Int32(0)) {
                $0 + ($1.cluster >= relativeWhitespace ? $1.advance : 0)
            }
            segments.append(Segment(range: start..<cut, font: font, level: level, script: script, shaped: shaped,
                                    trailingWhitespaceStart: whitespaceStart,
                                    trailingWhitespaceAdvance: whitespaceAdvance, unit: unit))
            start = cut
        }
        return Paragraph(range: range, level: bidi.paragraphLevel, clusterEnds: clusterEnds, segments: segments)
    }
}
