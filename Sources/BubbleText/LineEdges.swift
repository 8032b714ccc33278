/// Reshapes the pieces on both sides of a line edge that falls inside a word where HarfBuzz
/// says the cut is unsafe (a kerning pair, a ligature or a contextual form spans it).
///
/// Segments are slices of their word's shaping, so a kerning pair across a break opportunity
/// ("A-V", "ニュース") is kept while the word stays on one line. When a line is cut there,
/// the glyph before the edge must lose the pair and the glyph after it may change form, as
/// if each side had been shaped alone (what Pango does by reshaping the split item). Only the
/// two segments touching the edge are shaped again, and only when the flag asks for it; an
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
            reshapePart(0, of: &lines[index])
            let before = first.segment - 1
            if let last = lines[index - 1].parts.last, last.segment == before,
               last.part.range == segments[before].range {
                reshapePart(lines[index - 1].parts.count - 1, of: &lines[index - 1])
            }
        }
    }

    /// Replaces a line's part (a whole segment) with the segment shaped alone.
    private func reshapePart(_ partIndex: Int, of line: inout LineBreaker.LineContent) {
        let segment = paragraph.segments[line.parts[partIndex].segment]
        let shaped = shaper.shape(text, paragraph: paragraph.range, segment: segment.range,
                                  clusterEnds: paragraph.clusterEnds[segment.firstCluster...],
                                  font: segment.font, level: segment.level, script: segment.script)
        let width = Double(shaped.advance) * segment.pointsPerUnit
        line.width += width - line.parts[partIndex].width
        line.parts[partIndex].part = ShapedPart(range: segment.range, glyphs: shaped.glyphs[...],
                                                clusterBase: segment.range.lowerBound, advance: shaped.advance)
        line.parts[partIndex].width = width
    }
}
