import BubbleUnicode

/// The break units of a paragraph of printable ASCII and emoji, without the analysis: what
/// `Segmenter.analyse` then `TextEngine.appendUnits` give it (`PlainASCIIUnits` takes ASCII
/// alone, `PlainCJKUnits` Chinese).
///
/// Chat text with emoji ("see you 👋", "🎉🎉") went through the whole analysis for two fonts:
/// about 9% of `measure`'s instructions on the bench corpus, where one message in nine has
/// emoji and four in five of those are ASCII and emoji only. The paragraph qualifies when the
/// segmenter's answer is known in advance:
/// - plain text, whose fallback has a colour emoji font and a primary font with all of ASCII;
/// - every grapheme cluster either one printable ASCII character, which takes the primary font,
///   or a cluster `FontFallback` gives the emoji font (so no whitespace but ASCII spaces, which
///   keep the primary font: the fallback gives a space the font after it unless that is the
///   emoji font, and the only other font here is the emoji font);
/// - every other character of script Common or Inherited, so one script run, Latin when there
///   is a letter and Common when not, as `Scripts` finds;
/// - nothing that could give a bidi level other than 0 (`BidiParagraph.mayNeedBidi`).
///
/// Then segments end at each soft break and where the font changes. A run of ASCII clusters is
/// cut into words as `PlainASCIIUnits` cuts them, each one of `KernedCharacters`' words; a run
/// of emoji clusters is one word, shaped by `shaper` through its cache as the segmenter shapes
/// it, and sliced at the breaks. Anything else makes `append` return false with `units` as they
/// were: a word the kerned table refuses, a break HarfBuzz flags unsafe, a missing glyph, a
/// soft break inside a cluster, a unit wider than `PlainASCIIUnits.widestUnit`. Tests compare
/// both ways on every corpus text at three sizes.
enum PlainEmojiUnits {
    /// Appends the units of `text[range]` (a paragraph whose soft breaks are `softBreaks`) and
    /// returns true; returns false, with `units` as they were, when the paragraph does not qualify.
    /// `ascii` gives the ASCII words' kerned tables and the primary font's metrics, `fallback`
    /// the text's fonts. (No state of its own: `prepare` would make one per text, and copying
    /// the fallback's or the ASCII shortcut's arrays costs more than most emoji paragraphs.)
    static func append(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>,
                       shaper: Shaper, ascii: inout PlainASCIIUnits, fallback: FontFallback,
                       to units: inout [PreparedText.Unit]) -> Bool {
        guard let emoji = fallback.emoji, emoji != ascii.font else { return false }
        guard let hasLetter = Self.characters(text, range) else { return false }
        let slice = UnsafeBufferPointer(rebasing: text[range])
        guard !BidiParagraph.mayNeedBidi(slice), var ends = try? GraphemeClusters.boundaries(in: slice) else { return false }
        for index in ends.indices { ends[index] += range.lowerBound }
        var clusterStart = range.lowerBound
        for end in ends {
            if !isASCII(text, clusterStart..<end) && fallback.font(ofCluster: text, clusterStart..<end) != emoji {
                return false
            }
            clusterStart = end
        }
        let before = units.count
        let script = hasLetter ? PlainASCIIUnits.latinScript : PlainASCIIUnits.commonScript
        let emojiFont = fallback.fonts[Int(emoji)]
        let pointsPerUnit = ascii.fontSize / Double(emojiFont.unitsPerEm)
        let metrics = EmojiFont(font: emoji, pointsPerUnit: pointsPerUnit,
                                ascent: max(0.0, Double(emojiFont.ascender) * pointsPerUnit),
                                descent: max(0.0, Double(emojiFont.descender) * pointsPerUnit))
        if !appendUnits(text, range, clusterEnds: ends, softBreaks: softBreaks, latin: hasLetter, script: script,
                        emoji: metrics, shaper: shaper, ascii: &ascii, to: &units) {
            units.removeLast(units.count - before)
            return false
        }
        return true
    }

    /// Nil when a character rules the paragraph out (a control character, one outside the
    /// emoji blocks, one of a script other than Common and Inherited) or it has none beyond
    /// ASCII; else whether it has an ASCII letter.
    private static func characters(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool? {
        var hasLetter = false, hasEmoji = false
        var offset = range.lowerBound
        while offset < range.upperBound {
            let unit = text[offset]
            if unit < 0x80 {
                guard unit >= 0x20 && unit < 0x7F else { return nil }
                if (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7A { hasLetter = true }
                offset += 1
                continue
            }
            let scalar = UnicodeScalars.decode(text, at: &offset)
            guard mayBeEmoji(scalar), Scripts.joinsRunAround(scalar) else { return nil }
            hasEmoji = true
        }
        return hasEmoji ? hasLetter : nil
    }

    /// The characters of emoji sequences (UTS #51's emoji, their selectors, joiner, keycap and
    /// tags), with the symbol blocks around them; the fallback then decides each cluster's font.
    private static func mayBeEmoji(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA9, 0xAE, 0x200D, 0x203C, 0x2049, 0x20E3, 0x2100...0x2BFF, 0x3030, 0x303D, 0x3297, 0x3299,
             0xFE0E, 0xFE0F, 0x1F000...0x1FBFF, 0xE0020...0xE007F: true
        default: false
        }
    }

    /// The emoji font's number, and its points per font unit and metrics at the text's size.
    private struct EmojiFont {
        let font: UInt8
        let pointsPerUnit: Double
        let ascent: Double
        let descent: Double
    }

    @inline(__always)
    private static func isASCII(_ text: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>) -> Bool {
        cluster.count == 1 && text[cluster.lowerBound] < 0x80
    }

    /// `append`'s walk over a paragraph that qualifies by its clusters; false (with some units
    /// appended) where the segmenter's answer would not be plain units.
    private static func appendUnits(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, clusterEnds ends: [Int],
                                    softBreaks: ArraySlice<Int>, latin: Bool, script: UInt32, emoji: EmojiFont,
                                    shaper: Shaper, ascii: inout PlainASCIIUnits,
                                    to units: inout [PreparedText.Unit]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: LayoutWork.shapingRunBound) { advances in
            var walk = SegmentWalk(text: text, range: range, ends: ends, softBreaks: softBreaks, latin: latin, script: script,
                                   emojiFont: emoji.font, advances: advances.baseAddress!)
            var segment: Int32 = 0
            for (cutIndex, cut) in PlainParagraphCuts(softBreaks, end: range.upperBound) where cut > walk.start {
                let firstSegment = segment
                var width = 0.0, trailing = 0.0, ascent = 0.0, descent = 0.0
                while walk.start < cut {
                    guard let sums = walk.nextSegment(to: cut, cutIndex: cutIndex, shaper: shaper, ascii: &ascii) else {
                        return false
                    }
                    // As `appendUnits` sums a unit's segments; trailing whitespace is only ever in
                    // the last segment's (a segment before it ends in an emoji).
                    let pointsPerUnit = sums.inASCII ? ascii.pointsPerUnit : emoji.pointsPerUnit
                    width += Double(sums.advance) * pointsPerUnit
                    trailing = 0.0 + Double(sums.whitespaceAdvance) * pointsPerUnit
                    ascent = max(ascent, sums.inASCII ? ascii.ascent : emoji.ascent)
                    descent = max(descent, sums.inASCII ? ascii.descent : emoji.descent)
                    segment += 1
                }
                guard width - trailing <= PlainASCIIUnits.widestUnit else { return false }
                units.append(PreparedText.Unit(width: width, trailing: trailing, ascent: ascent, descent: descent,
                                               segments: firstSegment..<segment, edge: nil))
            }
            return true
        }
    }

    /// A segment's advance and its trailing whitespace's, font units, and which font it is in.
    private struct SegmentAdvances {
        let inASCII: Bool
        let advance: Int32
        let whitespaceAdvance: Int32
    }

    /// Where `appendUnits` is in its paragraph: the next segment's start, the run of clusters of
    /// one font and the word it is in. A segment is clusters of one font up to a unit's end.
    private struct SegmentWalk {
        let text: UnsafeBufferPointer<UInt16>
        let range: Range<Int>
        /// The paragraph's grapheme cluster ends, absolute offsets.
        let ends: [Int]
        let softBreaks: ArraySlice<Int>
        let latin: Bool
        let script: UInt32
        let emojiFont: UInt8
        /// The current ASCII word's kerned advances, one per code unit from its start.
        let advances: UnsafeMutablePointer<UInt64>
        /// Where the next segment starts, and the cluster that starts there.
        var start: Int
        var cluster = 0
        /// The end of the current run of clusters of one font (a word never crosses it).
        var runEnd: Int
        var word: Range<Int>
        /// The current word's glyphs, when it is a run of emoji.
        var glyphs = ShapedWordSlices([])
        /// The primary font's kerned characters, asked at the first ASCII word.
        var kerned: KernedCharacters?? = nil

        init(text: UnsafeBufferPointer<UInt16>, range: Range<Int>, ends: [Int], softBreaks: ArraySlice<Int>, latin: Bool,
             script: UInt32, emojiFont: UInt8, advances: UnsafeMutablePointer<UInt64>) {
            (self.text, self.range, self.ends, self.softBreaks) = (text, range, ends, softBreaks)
            (self.latin, self.script, self.emojiFont, self.advances) = (latin, script, emojiFont, advances)
            (start, runEnd, word) = (range.lowerBound, range.lowerBound, range.lowerBound..<range.lowerBound)
        }

        func isASCII(_ cluster: Int) -> Bool {
            PlainEmojiUnits.isASCII(text, (cluster == 0 ? range.lowerBound : ends[cluster - 1])..<ends[cluster])
        }

        /// The segment from `start` to the end of its clusters of one font within the unit that
        /// ends at `cut` (the cut at `cutIndex`); nil where it would not be a plain segment.
        mutating func nextSegment(to cut: Int, cutIndex: Int, shaper: Shaper,
                                  ascii: inout PlainASCIIUnits) -> SegmentAdvances? {
            let wordCluster = cluster
            let inASCII = isASCII(cluster)
            if start >= runEnd {
                var index = cluster
                while index + 1 < ends.count && isASCII(index + 1) == inASCII { index += 1 }
                runEnd = ends[index]
            }
            var end = ends[cluster]
            cluster += 1
            while end < cut && isASCII(cluster) == inASCII {
                end = ends[cluster]
                cluster += 1
            }
            guard end <= cut else { return nil } // a soft break inside a cluster
            let advances = inASCII ? asciiSegment(start..<end, cutIndex: cutIndex, ascii: &ascii)
                : emojiSegment(start..<end, wordCluster: wordCluster, shaper: shaper)
            start = end
            return advances
        }

        /// An ASCII segment's advances from the kerned table, which takes its word first when
        /// the segment starts one.
        private mutating func asciiSegment(_ segment: Range<Int>, cutIndex: Int,
                                           ascii: inout PlainASCIIUnits) -> SegmentAdvances? {
            if segment.lowerBound >= word.upperBound {
                // A new word: up to the first break after a space, or the run's end.
                var wordEnd = runEnd
                for candidate in softBreaks[cutIndex...] {
                    if candidate >= runEnd { break }
                    if text[candidate - 1] == 0x20 {
                        wordEnd = candidate
                        break
                    }
                }
                word = segment.lowerBound..<wordEnd
                if kerned == nil { kerned = .some(ascii.table(latin: latin)) }
                guard let table = kerned!, word.count <= LayoutWork.shapingRunBound,
                      table.advances(text, word, into: advances) else { return nil }
            }
            let first = segment.lowerBound - word.lowerBound
            guard !(first > 0 && advances[first] >> 32 != 0) else { return nil }
            var whitespaceStart = segment.upperBound
            while whitespaceStart > segment.lowerBound && text[whitespaceStart - 1] == 0x20 { whitespaceStart -= 1 }
            let (advance, whitespaceAdvance) = PlainASCIIUnits.sums(advances, first..<(segment.upperBound - word.lowerBound),
                                                                    whitespaceFrom: whitespaceStart - word.lowerBound)
            return SegmentAdvances(inASCII: true, advance: advance, whitespaceAdvance: whitespaceAdvance)
        }

        /// An emoji segment's advance from its word's shaping, which the shaper makes (through
        /// its cache) when the segment starts the word; `wordCluster` is its first cluster.
        private mutating func emojiSegment(_ segment: Range<Int>, wordCluster: Int, shaper: Shaper) -> SegmentAdvances? {
            if segment.lowerBound >= word.upperBound {
                // A new word: the whole run of emoji (no whitespace ends it).
                word = segment.lowerBound..<runEnd
                // Longer ones are shaped in pieces, where the segmenter's kerned table
                // (asked for words that start in ASCII, such as a keycap) could differ.
                guard word.count <= LayoutWork.shapingRunBound else { return nil }
                glyphs = ShapedWordSlices(shaper.shape(text, paragraph: range, segment: word, clusterEnds: ends[wordCluster...],
                                                       font: emojiFont, level: 0, script: script).glyphs)
            }
            let relative = UInt32(segment.lowerBound - word.lowerBound)..<UInt32(segment.upperBound - word.lowerBound)
            guard let sums = glyphs.take(relative, whitespaceFrom: relative.upperBound) else { return nil }
            return SegmentAdvances(inASCII: false, advance: sums.advance, whitespaceAdvance: 0)
        }
    }
}
