/// A shaped word's glyphs handed out segment by segment, as the segmenter slices a word's
/// cached shaping: each segment takes the glyphs of its clusters, from the front of a
/// left-to-right word and from the back of a right-to-left one (whose glyphs are in visual
/// order, so the logical first is the last). The shortcuts past the analysis that shape words
/// (`PlainCJKUnits`, `PlainEmojiUnits`, `PlainScriptUnits`) share it, so that their slicing and
/// its refusals cannot drift apart from one another.
struct ShapedWordSlices {
    private let glyphs: [ShapedGlyph]
    private let rightToLeft: Bool
    /// The next glyph to hand out; from the back for a right-to-left word.
    private var cursor: Int

    init(_ glyphs: [ShapedGlyph], rightToLeft: Bool = false) {
        self.glyphs = glyphs
        self.rightToLeft = rightToLeft
        cursor = rightToLeft ? glyphs.count : 0
    }

    /// The next segment's advance and the advance of its glyphs from cluster `whitespace` on
    /// (its trailing whitespace), font units; `segment` is in code units from the word's start.
    /// Nil where the segmenter's answer would not be a plain segment: a segment after the
    /// word's first whose first glyph (in logical order) is missing, flagged unsafe to break or
    /// of another cluster (the segmenter reshapes such line edges), or a `.notdef` glyph.
    @inline(__always)
    mutating func take(_ segment: Range<UInt32>, whitespaceFrom whitespace: UInt32) -> (advance: Int32, whitespace: Int32)? {
        var lower = cursor, upper = cursor
        if rightToLeft {
            while lower > 0 && glyphs[lower - 1].cluster < segment.upperBound { lower -= 1 }
            cursor = lower
        } else {
            while upper < glyphs.count && glyphs[upper].cluster < segment.upperBound { upper += 1 }
            cursor = upper
        }
        if segment.lowerBound > 0 {
            guard lower < upper else { return nil }
            let first = glyphs[rightToLeft ? upper - 1 : lower]
            if first.unsafeToBreak || first.cluster != segment.lowerBound { return nil }
        }
        var advance: Int32 = 0, whitespaceAdvance: Int32 = 0
        for glyph in glyphs[lower..<upper] {
            guard glyph.glyph != 0 else { return nil }
            advance += glyph.advance
            if glyph.cluster >= whitespace { whitespaceAdvance += glyph.advance }
        }
        return (advance, whitespaceAdvance)
    }
}
