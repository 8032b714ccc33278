import BubbleUnicode

/// The break units of a paragraph of one script other than Latin, Chinese and Japanese
/// (Arabic, Hebrew, Cyrillic, Hangul, Greek…), with spaces, punctuation and digits, without the
/// analysis: what `Segmenter.analyse` then `TextEngine.appendUnits` give it.
///
/// Such messages cost the most per message of any chat text after URLs: every paragraph took
/// the analysis's bidi, script, segment and unit arrays (and ICU's bidi analysis for Arabic and
/// Hebrew), though their words come from the shaping cache like anyone's. The paragraph
/// qualifies when the segmenter's answer is known in advance:
/// - plain text without tabs, of one script run (`Scripts`), which is neither Latin nor Common
///   (whose words may be `KernedCharacters`' and take `PlainASCIIUnits`) nor Han, Hiragana or
///   Katakana (whose runs of inert characters take `PlainCJKUnits` or the analysis);
/// - every character at one bidi level: 0 when nothing in it can be right-to-left
///   (`BidiParagraph.mayNeedBidi`); 1 when every character is a Hebrew letter or point, an
///   Arabic letter, mark or punctuation mark, or ASCII punctuation or space, with no digit
///   (Arabic-Indic digits, number signs and separators included) and no letter of a
///   left-to-right script. Then the first strong character is right-to-left, every neutral lies
///   between right-to-left text or the paragraph's edges, and every character has level 1
///   (UAX #9's W1–W7 and N1: marks take the level before them; separators and terminators
///   without a number are neutrals).
///
/// Its clusters and fonts are the analysis's own (`GraphemeClusters`, `FontFallback`). Segments
/// end at each soft break and where the font changes; a word runs from a segment to the first
/// break after whitespace or the next change of font, is shaped by `shaper` through its cache,
/// and is sliced as the segmenter slices it (a right-to-left word from its last glyph, the
/// visual order's first). Anything else makes `append` return false with `units` as they were:
/// a break HarfBuzz flags unsafe, a missing glyph, a word longer than the shaping bound, a unit
/// wider than `widestUnit`. Tests compare both ways on every corpus text at
/// three sizes.
enum PlainScriptUnits {
    static func append(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>,
                       shaper: Shaper, fallback: FontFallback, fontSize: Double,
                       to units: inout [PreparedText.Unit]) -> Bool {
        let slice = UnsafeBufferPointer(rebasing: text[range])
        let level: UInt8
        if !BidiParagraph.mayNeedBidi(slice) {
            guard mayBeOneOtherScript(slice) else { return false }
            level = 0
        } else {
            guard isRightToLeft(text, range) else { return false }
            level = 1
        }
        let scripts = Scripts.runs(in: slice)
        guard scripts.count == 1, !excludedScripts.contains(scripts[0].tag),
              var ends = try? GraphemeClusters.boundaries(in: slice) else { return false }
        for index in ends.indices { ends[index] += range.lowerBound }
        let fonts = fallback.fonts(for: text, from: range.lowerBound, boundaries: ends)
        let before = units.count
        if !appendUnits(text, range, clusterEnds: ends, fonts: fonts, softBreaks: softBreaks, level: level,
                        script: harfBuzzScript(scripts[0].tag), shaper: shaper, allFonts: fallback.fonts,
                        fontSize: fontSize, to: &units) {
            units.removeLast(units.count - before)
            return false
        }
        return true
    }

    /// Points: wider units keep their analysis. Wider than `PlainASCIIUnits.widestUnit`: Russian
    /// words of a dozen letters and more are common (at 100 pt, so many Russian paragraphs went
    /// back to the analysis after this path's work that it cost more than it saved), and no
    /// bubble's line is
    /// narrower than 200 pt in practice (a narrower one takes the full layout).
    static let widestUnit = 200.0

    /// Latin and Common (kerned words), Han, Hiragana and Katakana (inert runs).
    private static let excludedScripts: [UInt32] = ["Latn", "Zyyy", "Hani", "Hira", "Kana"].map(ScriptRun.tag)

    /// False for a tab, a Latin letter (ASCII, Latin-1 and the Latin Extended blocks) or a
    /// character of the CJK blocks, which rule the left-to-right case out: a scan of the code
    /// units that spares the paragraphs `Scripts` would refuse (Chinese with English, Japanese,
    /// accented Latin) its walk, which the analysis then makes again.
    private static func mayBeOneOtherScript(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text {
            switch unit {
            case 0x09, 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2E80...0x9FFF, 0xF900...0xFAFF:
                return false
            default:
                continue
            }
        }
        return true
    }

    /// Whether every character is one the right-to-left case takes (above), and one is a letter.
    private static func isRightToLeft(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool {
        var hasLetter = false
        for offset in range {
            let unit = text[offset]
            switch unit {
            case 0x20...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                continue
            case 0x0591...0x05C7, 0x060C, 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E8,
                 0x06EA...0x06ED:
                continue // points, marks and punctuation: not strong
            case 0x05D0...0x05EA, 0x05EF...0x05F4, 0x061B, 0x061F...0x064A, 0x066E...0x066F, 0x0671...0x06D5,
                 0x06EE...0x06EF, 0x06FA...0x06FF:
                hasLetter = true
            default:
                return false
            }
        }
        return hasLetter
    }

    /// `append`'s walk: false (with some units appended) where the segmenter's answer would not
    /// be plain units.
    private static func appendUnits(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, clusterEnds ends: [Int],
                                    fonts: [UInt8], softBreaks: ArraySlice<Int>, level: UInt8, script: UInt32, shaper: Shaper,
                                    allFonts: [OpenTypeFont], fontSize: Double,
                                    to units: inout [PreparedText.Unit]) -> Bool {
        // The trailing whitespace sums of the current unit's segments, as `appendUnits` walks them.
        var parts: [(whitespace: Double, allWhitespace: Bool)] = []
        var start = range.lowerBound
        var cluster = 0 // the cluster that starts at `start`
        var word = start..<start
        var runEnd = start // where the current run of one font ends
        var glyphs = ShapedWordSlices([])
        var segment: Int32 = 0
        for (cutIndex, cut) in PlainParagraphCuts(softBreaks, end: range.upperBound) where cut > start {
            let firstSegment = segment
            var width = 0.0, ascent = 0.0, descent = 0.0
            parts.removeAll(keepingCapacity: true)
            while start < cut {
                let font = fonts[cluster]
                let wordCluster = cluster
                var end = ends[cluster]
                cluster += 1
                while end < cut && fonts[cluster] == font {
                    end = ends[cluster]
                    cluster += 1
                }
                guard end <= cut else { return false } // a soft break inside a cluster
                if start >= runEnd {
                    // The run of this font, once per run (not per word: a paragraph of one font
                    // would be walked to its end at every word).
                    runEnd = end
                    var index = cluster
                    while runEnd < range.upperBound && fonts[index] == font {
                        runEnd = ends[index]
                        index += 1
                    }
                }
                if start >= word.upperBound {
                    // A new word: up to the first break after whitespace, or the next font.
                    let hard = runEnd
                    var wordEnd = hard
                    for candidate in softBreaks[cutIndex...] {
                        if candidate >= hard { break }
                        if UnicodeScalars.isWhitespace(UInt32(text[candidate - 1])) {
                            wordEnd = candidate
                            break
                        }
                    }
                    word = start..<wordEnd
                    guard word.count <= LayoutWork.shapingRunBound else { return false }
                    glyphs = ShapedWordSlices(shaper.shape(text, paragraph: range, segment: word, clusterEnds: ends[wordCluster...],
                                                           font: font, level: level, script: script).glyphs,
                                              rightToLeft: level == 1)
                }
                var whitespaceStart = end
                while whitespaceStart > start, UnicodeScalars.isWhitespace(UInt32(text[whitespaceStart - 1])) { whitespaceStart -= 1 }
                let relative = UInt32(start - word.lowerBound)..<UInt32(end - word.lowerBound)
                guard let sums = glyphs.take(relative, whitespaceFrom: UInt32(whitespaceStart - word.lowerBound)) else { return false }
                let (advance, whitespaceAdvance) = sums
                let fontMetrics = allFonts[Int(font)]
                let pointsPerUnit = fontSize / Double(fontMetrics.unitsPerEm)
                width += Double(advance) * pointsPerUnit
                ascent = max(ascent, Double(fontMetrics.ascender) * pointsPerUnit)
                descent = max(descent, Double(fontMetrics.descender) * pointsPerUnit)
                parts.append((whitespaceStart == end ? 0 : Double(whitespaceAdvance) * pointsPerUnit, whitespaceStart == start))
                segment += 1
                start = end
            }
            var trailing = 0.0
            for part in parts.reversed() {
                trailing += part.whitespace
                if !part.allWhitespace { break }
            }
            guard width - trailing <= Self.widestUnit else { return false }
            units.append(PreparedText.Unit(width: width, trailing: trailing, ascent: ascent, descent: descent,
                                           segments: firstSegment..<segment, edge: nil))
        }
        return true
    }
}
