import BubbleUnicode

/// The break units of a paragraph of Chinese ideographs and a few CJK punctuation marks in one
/// font, without the analysis: what `Segmenter.analyse` then `TextEngine.appendUnits` give
/// such a paragraph, walked the same way (`PlainASCIIUnits` does the same for plain ASCII).
///
/// Chinese text was the slowest text to prepare per message: every ideograph was a segment
/// with a slice of a glyph array, a unit made from it, and entries in the cluster, font and
/// script tables. The paragraph qualifies when the segmenter's answer is known in advance:
/// plain text; every character a CJK Unified Ideograph (script Han) or one of
/// `、。，！？：；` (script Common, joining the Han run), at least one ideograph, all in the font
/// the fallback gives the first character, which has an `InertCharacters` table for Han. Then,
/// as in the segmenter, a run of inert ideographs takes each character's own glyph and
/// advance, and the rest of a word (an ideograph before a punctuation mark, the mark, up to the
/// next cut between two inert ideographs) is shaped by `shaper`, through its cache. Anything
/// else makes `append` return false: a word longer than the shaping bound, a break HarfBuzz
/// flags unsafe, a missing glyph, a unit wider than `PlainASCIIUnits.widestUnit`. Tests
/// compare both ways on every corpus text at three sizes.
struct PlainCJKUnits {
    private let fallback: FontFallback
    private let fonts: [OpenTypeFont]
    private let fontSize: Double
    private let inertTables: InertCharacterTables
    /// The font and inert table of the last paragraph (one lock per font, not per paragraph).
    private var last: (font: UInt8, table: InertCharacters?)?

    /// HarfBuzz's value of the script these paragraphs have (the engine's Han proof uses it too).
    static let hanScript = harfBuzzScript(ScriptRun.tag("Hani"))

    /// Nil when the text is styled or the engine cuts no inert runs.
    init?(styling: TextStyling, inertTables: InertCharacterTables?, fonts: [OpenTypeFont]) {
        guard styling.runs.isEmpty, let inertTables else { return nil }
        self.inertTables = inertTables
        fallback = styling.baseFallback
        self.fonts = fonts
        fontSize = styling.fontSize(of: 0)
    }

    /// Whether `unit` is a character this path takes, and whether it is an ideograph.
    @inline(__always)
    private static func kind(_ unit: UInt16) -> (taken: Bool, ideograph: Bool) {
        if (0x4E00...0x9FFF).contains(unit) || (0x3400...0x4DBF).contains(unit) { return (true, true) }
        switch unit {
        case 0x3001, 0x3002, 0xFF0C, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B: return (true, false)
        default: return (false, false)
        }
    }

    /// Appends the units of `text[range]` (a paragraph whose soft breaks are `softBreaks`) and
    /// returns true; returns false, with `units` as they were, when the paragraph does not qualify.
    mutating func append(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>,
                         shaper: Shaper, to units: inout [PreparedText.Unit]) -> Bool {
        guard let font = fallback.font(ofSingleUnit: text[range.lowerBound]) else { return false }
        var hasIdeograph = false
        for offset in range {
            let kind = Self.kind(text[offset])
            guard kind.taken, fallback.font(ofSingleUnit: text[offset]) == font else { return false }
            if kind.ideograph { hasIdeograph = true }
        }
        guard hasIdeograph, let inert = table(font: font) else { return false }
        let before = units.count
        if !appendUnits(text, range, softBreaks: softBreaks, font: font, inert: inert, shaper: shaper, to: &units) {
            units.removeLast(units.count - before)
            return false
        }
        return true
    }

    /// `append`'s walk over a paragraph that qualifies by its characters; false (with some
    /// units appended) where the segmenter's answer would not be plain units.
    private func appendUnits(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>,
                             font: UInt8, inert: InertCharacters, shaper: Shaper,
                             to units: inout [PreparedText.Unit]) -> Bool {
        let pointsPerUnit = fontSize / Double(fonts[Int(font)].unitsPerEm)
        let ascent = max(0.0, Double(fonts[Int(font)].ascender) * pointsPerUnit)
        let descent = max(0.0, Double(fonts[Int(font)].descender) * pointsPerUnit)
        let before = units.count
        var start = range.lowerBound
        var word = start..<start
        var shaped: ShapedWordSlices? // nil while in a run of inert characters
        for (cutIndex, cut) in PlainParagraphCuts(softBreaks, end: range.upperBound) where cut > start {
            if start >= word.upperBound {
                // A run of inert characters from `start`: to the paragraph's end, else to the
                // last cut between two of them (`Segmenter.inertRunEnd`).
                var runEnd: Int?
                if inert.contains(text[start]) {
                    var offset = start + 1
                    var scan = cutIndex // the soft breaks after `start`, in order
                    while offset < range.upperBound && inert.contains(text[offset]) {
                        while scan < softBreaks.endIndex && softBreaks[scan] < offset { scan += 1 }
                        if scan < softBreaks.endIndex && softBreaks[scan] == offset { runEnd = offset }
                        offset += 1
                    }
                    if offset == range.upperBound { runEnd = range.upperBound }
                }
                if let runEnd {
                    word = start..<runEnd
                    shaped = nil
                } else {
                    // A word up to the next cut between two inert characters (no whitespace here;
                    // `Segmenter.isInertJunction`, every cluster one unit).
                    var end = range.upperBound
                    for candidate in softBreaks[cutIndex...]
                    where candidate + 1 <= range.upperBound && inert.contains(text[candidate - 1]) && inert.contains(text[candidate]) {
                        end = candidate
                        break
                    }
                    word = start..<end
                    guard word.count <= LayoutWork.shapingRunBound else { return false }
                    shaped = ShapedWordSlices(shaper.shape(text, paragraph: range, segment: word, clusterEnds: [],
                                                           font: font, level: 0, script: Self.hanScript).glyphs)
                }
            }
            var advance: Int32 = 0
            if shaped != nil {
                let relative = UInt32(start - word.lowerBound)..<UInt32(cut - word.lowerBound)
                guard let sums = shaped!.take(relative, whitespaceFrom: relative.upperBound) else { return false }
                advance = sums.advance
            } else {
                for offset in start..<cut {
                    let shape = inert.shape(text[offset])
                    guard shape.glyph != 0 else { return false }
                    advance += shape.advance
                }
            }
            let width = 0.0 + Double(advance) * pointsPerUnit
            guard width <= PlainASCIIUnits.widestUnit else { return false }
            let segment = Int32(units.count - before)
            // No whitespace: the segmenter's trailing sum is 0.0 + 0 × points per unit, +0.0.
            units.append(PreparedText.Unit(width: width, trailing: 0, ascent: ascent, descent: descent,
                                           segments: segment..<segment + 1, edge: nil))
            start = cut
        }
        return true
    }

    private mutating func table(font: UInt8) -> InertCharacters? {
        if let last, last.font == font { return last.table }
        let table = inertTables.table(font: font, script: Self.hanScript)
        last = (font, table)
        return table
    }
}
