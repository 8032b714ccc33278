import BubbleUnicode

/// The break units of a paragraph of printable ASCII in the style's primary font, straight from
/// its words' kerned advances: for such a paragraph, what `Segmenter.analyse` then
/// `TextEngine.appendUnits` give, without their cluster, font, bidi and script tables, segments
/// and glyph slices, which `measure` never reads for it.
///
/// Most chat paragraphs are such text, and for them that machinery was half of `prepare`'s
/// time (`PlainCJKUnits` does the same for Chinese). The paragraph qualifies when the
/// segmenter's answer is known in advance: plain text (no styled runs); every character
/// printable ASCII, which the primary font covers (so one font, one cluster per unit, one
/// left-to-right level and one script run: Latin when it has a letter, Common when not, as
/// `Scripts` finds); no soft break but the UAX #14 ones (no font, script or bidi change cuts a
/// word); and each word (up to the first break after a space) one of `KernedCharacters`'
/// words. Then each segment is one unit, and its sums are those of its glyphs, added as the
/// segmenter adds them.
///
/// Anything else makes `append` return false, and the paragraph goes the analysed way: a word
/// the kerned table refuses, a break HarfBuzz flags unsafe (its line edges are reshaped), and
/// a unit wider than `widestUnit`, since only an analysed paragraph can break inside a unit
/// (the emergency break of a word wider than the line). Tests compare both ways on every
/// corpus text at three sizes.
struct PlainASCIIUnits {
    let font: UInt8
    let fontSize: Double
    let pointsPerUnit: Double
    /// The primary font's ascender and descender in points, as a unit's (at least zero).
    let ascent: Double
    let descent: Double
    private let kernedTables: KernedCharacterTables
    /// The kerned characters of Latin and of Common text, asked for once each.
    private var latin: KernedCharacters??
    private var common: KernedCharacters??

    /// Points: wider units (words of more than a dozen letters at 16 pt) keep their analysis,
    /// so that a narrow line can be filled by breaking inside them without the full layout.
    static let widestUnit = 100.0

    /// Nil when the text is styled, or its fonts have no kerned characters.
    init?(styling: TextStyling, kernedTables: KernedCharacterTables?, fonts: [OpenTypeFont]) {
        guard styling.runs.isEmpty, let kernedTables, styling.baseFallback.primaryCoversASCII else { return nil }
        self.kernedTables = kernedTables
        font = styling.baseFallback.primary
        let primary = fonts[Int(font)]
        fontSize = styling.fontSize(of: 0)
        pointsPerUnit = fontSize / Double(primary.unitsPerEm)
        // As `appendUnits` takes them: the largest over the unit's segments, from zero.
        ascent = max(0.0, Double(primary.ascender) * pointsPerUnit)
        descent = max(0.0, Double(primary.descender) * pointsPerUnit)
    }

    /// Appends the units of `text[range]` (a paragraph whose soft breaks are `softBreaks`) and
    /// returns true; returns false, with `units` as they were, when the paragraph does not qualify.
    mutating func append(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>,
                         to units: inout [PreparedText.Unit]) -> Bool {
        var hasLetter = false
        for offset in range {
            let unit = text[offset]
            guard unit >= 0x20 && unit < 0x7F else { return false }
            if (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7A { hasLetter = true }
        }
        guard let kerned = table(latin: hasLetter) else { return false }
        let before = units.count
        // The current word's advances, as `KernedCharacters.advances` writes them (on the stack).
        let complete = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: LayoutWork.shapingRunBound) { advances in
            let advances = advances.baseAddress!
            var start = range.lowerBound
            var word = start..<start
            for (cutIndex, cut) in PlainParagraphCuts(softBreaks, end: range.upperBound) where cut > start {
                if start >= word.upperBound {
                    // A new word: up to the first break after a space, or the paragraph's end.
                    var end = range.upperBound
                    for candidate in softBreaks[cutIndex...] where text[candidate - 1] == 0x20 {
                        end = candidate
                        break
                    }
                    word = start..<end
                    guard word.count <= LayoutWork.shapingRunBound, kerned.advances(text, word, into: advances) else { return false }
                }
                // The segment's sums as the segmenter adds its glyphs' advances.
                let first = start - word.lowerBound, last = cut - word.lowerBound
                var whitespaceStart = cut
                while whitespaceStart > start && text[whitespaceStart - 1] == 0x20 { whitespaceStart -= 1 }
                let (advance, whitespaceAdvance) = Self.sums(advances, first..<last, whitespaceFrom: whitespaceStart - word.lowerBound)
                let width = 0.0 + Double(advance) * pointsPerUnit
                let trailing = 0.0 + Double(whitespaceAdvance) * pointsPerUnit
                guard !(first > 0 && advances[first] >> 32 != 0), width - trailing <= Self.widestUnit else { return false }
                let segment = Int32(units.count - before)
                units.append(PreparedText.Unit(width: width, trailing: trailing, ascent: ascent, descent: descent,
                                               segments: segment..<segment + 1, edge: nil))
                start = cut
            }
            return true
        }
        if !complete { units.removeLast(units.count - before) }
        return complete
    }

    /// A segment's advance and its trailing whitespace's advance (from index `whitespace`), font
    /// units, from a word's `KernedCharacters.advances`, summed as the segmenter sums its glyphs.
    @inline(__always)
    static func sums(_ advances: UnsafePointer<UInt64>, _ segment: Range<Int>, whitespaceFrom whitespace: Int)
        -> (advance: Int32, whitespace: Int32) {
        var advance: Int32 = 0, whitespaceAdvance: Int32 = 0
        for index in segment {
            let glyphAdvance = Int32(truncatingIfNeeded: advances[index])
            advance += glyphAdvance
            if index >= whitespace { whitespaceAdvance += glyphAdvance }
        }
        return (advance, whitespaceAdvance)
    }

    /// The primary font's kerned characters for Latin text (a paragraph with a letter) or Common.
    mutating func table(latin isLatin: Bool) -> KernedCharacters? {
        if isLatin {
            if latin == nil { latin = .some(kernedTables.table(font: font, script: Self.latinScript)) }
            return latin!
        }
        if common == nil { common = .some(kernedTables.table(font: font, script: Self.commonScript)) }
        return common!
    }

    /// HarfBuzz's values of the two scripts printable ASCII has.
    static let latinScript = harfBuzzScript(ScriptRun.tag("Latn"))
    static let commonScript = harfBuzzScript(ScriptRun.tag("Zyyy"))
}

/// The cuts of a paragraph the plain shortcuts take, in order: its soft breaks, then its end
/// (no font, script or bidi change cuts it), each with its index among the soft breaks
/// (`endIndex` for the end), so that a word's end can be looked for from there.
struct PlainParagraphCuts: Sequence, IteratorProtocol {
    let softBreaks: ArraySlice<Int>
    let end: Int
    private var index: Int

    init(_ softBreaks: ArraySlice<Int>, end: Int) {
        self.softBreaks = softBreaks
        self.end = end
        index = softBreaks.startIndex
    }

    mutating func next() -> (index: Int, offset: Int)? {
        guard index <= softBreaks.endIndex else { return nil }
        defer { index += 1 }
        return (index, index < softBreaks.endIndex ? softBreaks[index] : end)
    }
}
