/// Reshapes the pieces on both sides of a line edge that falls inside a word where HarfBuzz
/// says the cut is unsafe (a kerning pair, a ligature or a contextual form spans it).
///
/// Segments are slices of their word's shaping, so a kerning pair across a break opportunity
/// ("A-V", "ニュース") is kept while the word stays on one line. When a line is cut there,
/// the glyph before the edge must lose the pair and the glyph after it may change form, as
/// if each side had been shaped alone (what Pango does by reshaping the split item). Only the
/// two segments touching the edge are shaped again, and only when the flag asks for it (the
/// one starting a line together with the segment after it, so that it keeps its kerning with
/// what follows on its line); an
/// emergency break inside a unit keeps its glyphs (the cut is between grapheme clusters of one
/// shaping, where the loss is at most one kerning pair).
struct LineEdges {
    let text: UnsafeBufferPointer<UInt16>
    let paragraph: Segmenter.Paragraph
    let shaper: Shaper

    func reshape(_ lines: inout [LineBreaker.LineContent]) {
        guard lines.count > 1 else { return }
        let segments = paragraph.segments
        for index in 1..<lines.count {
            guard let first = lines[index].parts.first, segments[first.segment].unsafeStart,
                  first.part.range == segments[first.segment].range else { continue }
            reshapePart(0, of: &lines[index], withNext: lines[index].parts.count > 1)
            let before = first.segment - 1
            if let last = lines[index - 1].parts.last, last.segment == before,
               last.part.range == segments[before].range {
                reshapePart(lines[index - 1].parts.count - 1, of: &lines[index - 1])
            }
        }
    }

    /// Replaces a line's part (a whole segment) with the segment shaped from its start: alone,
    /// or with the next segment of its word when `withNext` and there is one, keeping only the
    /// part's own glyphs.
    private func reshapePart(_ partIndex: Int, of line: inout LineBreaker.LineContent, withNext: Bool = false) {
        let segments = paragraph.segments
        let index = line.parts[partIndex].segment
        let segment = segments[index]
        let joinsNext = withNext && joinsNext(index) && line.parts[partIndex + 1].segment == index + 1
            && line.parts[partIndex + 1].part.range == segments[index + 1].range
        let (glyphs, advance) = reshaped(index, withNext: joinsNext)
        let width = Double(advance) * segment.pointsPerUnit
        line.width += width - line.parts[partIndex].width
        line.parts[partIndex].part = ShapedPart(range: segment.range, glyphs: glyphs,
                                                clusterBase: segment.range.lowerBound, advance: advance)
        line.parts[partIndex].width = width
    }

    /// Whether segment `index` is reshaped together with the next one when both start a line:
    /// the next is of the same word and not a tab.
    func joinsNext(_ index: Int) -> Bool {
        let segments = paragraph.segments
        return index + 1 < segments.count && segments[index + 1].clusterBase == segments[index].clusterBase
            && !segments[index + 1].isTab
    }

    /// Segment `index` shaped from its start, alone or with the next segment (`withNext`, which
    /// the caller has checked with `joinsNext`): its own glyphs and their advance.
    func reshaped(_ index: Int, withNext: Bool) -> (glyphs: ArraySlice<ShapedGlyph>, advance: Int32) {
        let segment = paragraph.segments[index]
        let end = withNext ? paragraph.segments[index + 1].range.upperBound : segment.range.upperBound
        let shaped = shaper.shape(text, paragraph: paragraph.range, segment: segment.range.lowerBound..<end,
                                  clusterEnds: paragraph.clusterEnds[segment.firstCluster...],
                                  font: segment.font, level: segment.level, script: segment.script)
        let own = UInt32(segment.range.count)
        var glyphs = shaped.glyphs[...]
        if end > segment.range.upperBound {
            if segment.level & 1 == 1 {
                while let first = glyphs.first, first.cluster >= own { glyphs = glyphs.dropFirst() }
            } else {
                while let last = glyphs.last, last.cluster >= own { glyphs = glyphs.dropLast() }
            }
        }
        return (glyphs, glyphs.reduce(Int32(0)) { $0 + $1.advance })
    }
}
