import BubbleUnicode

/// The last stages of `Segmenter.analyse`: cuts an analysed paragraph into segments, one cut
/// after another, and shapes the words the segments are pieces of.
///
/// A word runs from where a segment starts to the first cut after whitespace, a cut between
/// two inert characters, or the next hard cut. It is shaped once (by the shaper through its
/// cache, or from the inert or kerned characters' tables into the paragraph's local glyphs),
/// and its glyphs are handed out to its segments: from the front of a left-to-right word and
/// from the back of a right-to-left one (whose glyphs are in visual order).
struct SegmentCutter {
    private let segmenter: Segmenter
    private let analysis: ParagraphAnalysis
    private let cuts: SegmentCuts
    private let softBreaks: ArraySlice<Int>
    private var segments: [Segment] = []

    /// Where the next segment starts.
    private var start: Int
    /// The cluster, the script run and the break unit `start` is in, the first soft break
    /// after it, and the first hard cut after the current word's start.
    private var clusterIndex = 0, scriptIndex = 0, unit = 0, nextSoftBreak: Int, hardIndex = 0
    /// HarfBuzz's value of the current script run, asked once per run (not per segment).
    private var scriptValue: (run: Int, value: UInt32)

    /// The word being sliced (a tab is a word of its own).
    private var word: Range<Int>
    /// The word's glyphs: the shaper's, or a slice of `localGlyphs`.
    private var wordGlyphs: ArraySlice<ShapedGlyph> = []
    /// The next glyph of the word to hand out, counted from `wordGlyphs.startIndex`.
    private var cursor = 0
    /// Whether `wordGlyphs` are a slice of `localGlyphs`.
    private var wordIsLocal = false

    /// Glyphs made for this paragraph alone (words of kerned characters, runs of inert ones),
    /// in one array rather than one allocation per word. At most one glyph per code unit, so
    /// it never grows past its first allocation. Their segments take their slices once the
    /// paragraph is done: a slice kept in a segment earlier would make every later append
    /// copy the whole array.
    private var localGlyphs: [ShapedGlyph] = []
    private var localSlices: [(segment: Int, glyphs: Range<Int>)] = []
    /// The inert and kerned characters of the last font and script asked for (one lock per change).
    private var lastInert: (font: UInt8, script: UInt32, table: InertCharacters?)?
    private var lastKerned: (font: UInt8, script: UInt32, table: KernedCharacters?)?

    /// What a segment is shaped with.
    private struct ShapingProperties {
        let font: UInt8
        let level: UInt8
        /// HarfBuzz's script value.
        let script: UInt32
        var rightToLeft: Bool { level & 1 == 1 }
    }

    /// `analysis` and `cuts` are moved in: the cutter is their last reader.
    init(_ segmenter: Segmenter, _ analysis: ParagraphAnalysis, _ cuts: SegmentCuts, softBreaks: ArraySlice<Int>) {
        start = analysis.range.lowerBound
        nextSoftBreak = softBreaks.startIndex
        scriptValue = (run: 0, value: analysis.scripts.first.map { harfBuzzScript($0.tag) } ?? 0)
        word = start..<start
        (self.segmenter, self.analysis, self.cuts, self.softBreaks) = (segmenter, analysis, cuts, softBreaks)
        // One segment per cut at most: no regrowth while appending.
        segments.reserveCapacity(self.cuts.all.count)
    }

    /// The paragraph cut at every cut. Its segments are given their local glyphs last, so
    /// that no slice of the local glyphs is held while they grow.
    mutating func paragraph() -> Segmenter.Paragraph {
        for cutIndex in cuts.all.indices { cut(at: cutIndex) }
        wordGlyphs = []
        for (index, slice) in localSlices { segments[index].glyphs = localGlyphs[slice] }
        return Segmenter.Paragraph(range: analysis.range, level: analysis.bidi.paragraphLevel,
                                   clusterEnds: analysis.clusterEnds, segments: segments)
    }

    /// Cuts the segment from `start` to the cut at `cutIndex`, shaping the word it starts when
    /// it starts one. A cut at or before `start` (cuts repeat) cuts nothing.
    private mutating func cut(at cutIndex: Int) {
        let cut = cuts.all[cutIndex]
        guard cut > start && cut <= analysis.range.upperBound else { return }
        advanceIndices()
        let properties = ShapingProperties(font: analysis.fonts[clusterIndex],
                                           level: analysis.bidi.level(at: start - analysis.range.lowerBound),
                                           script: scriptValue.value)
        let isTab = analysis.text[start] == 0x09
        if isTab {
            word = start..<cut
            wordGlyphs = []
            wordIsLocal = false
            cursor = 0
        } else if start >= word.upperBound {
            startWord(at: cutIndex, properties)
        }
        appendSegment(to: cut, properties, isTab: isTab)
        start = cut
    }

    /// Moves the cluster, the script run and the break unit on to the ones `start` is in.
    private mutating func advanceIndices() {
        let (clusterEnds, scripts) = (analysis.clusterEnds, analysis.scripts)
        while clusterEnds[clusterIndex] <= start { clusterIndex += 1 }
        while scripts[scriptIndex].range.upperBound + analysis.range.lowerBound <= start { scriptIndex += 1 }
        while nextSoftBreak < softBreaks.endIndex && softBreaks[nextSoftBreak] <= start {
            nextSoftBreak += 1
            unit += 1
        }
        if scriptValue.run != scriptIndex { scriptValue = (scriptIndex, harfBuzzScript(scripts[scriptIndex].tag)) }
    }

    /// Starts the word at `start`, whose first segment ends at the cut at `cutIndex`, and shapes it.
    private mutating func startWord(at cutIndex: Int, _ properties: ShapingProperties) {
        wordIsLocal = false
        // Up to the first cut after whitespace, or the next change.
        var hard = analysis.range.upperBound
        if !cuts.hard.isEmpty {
            while cuts.hard[hardIndex] <= start { hardIndex += 1 }
            hard = cuts.hard[hardIndex]
        }
        // Chinese and Japanese words also end at a cut between two inert characters.
        let inert = inertCharacters(properties)
        if let inert, let runEnd = Self.inertRunEnd(analysis.text, from: start, before: hard,
                                                    paragraphStart: analysis.range.lowerBound,
                                                    clusterEnds: analysis.clusterEnds, cluster: clusterIndex,
                                                    cuts: cuts.all[cutIndex...], inert) {
            takeInertRun(start..<runEnd, inert)
        } else {
            word = start..<wordEnd(from: cutIndex, before: hard, inert: inert)
            shapeWord(properties)
        }
        cursor = properties.rightToLeft ? wordGlyphs.count : 0
    }

    /// Where the word that starts at `start` ends: at the first cut after whitespace or between
    /// two inert characters, else at `hard`.
    private func wordEnd(from cutIndex: Int, before hard: Int, inert: InertCharacters?) -> Int {
        let text = analysis.text
        for candidate in cuts.all[cutIndex...] where candidate > start {
            if candidate >= hard { break }
            if UnicodeScalars.isWhitespace(UInt32(text[candidate - 1])) { return candidate }
            if let inert, Self.isInertJunction(candidate, text, range: analysis.range, clusterEnds: analysis.clusterEnds, inert) {
                return candidate
            }
        }
        return hard
    }

    /// Makes `run`, a run of inert characters, the word: each one's glyph, as HarfBuzz would
    /// give it, in the local glyphs.
    private mutating func takeInertRun(_ run: Range<Int>, _ inert: InertCharacters) {
        let text = analysis.text
        word = run
        prepareLocalGlyphs()
        let first = localGlyphs.count
        for offset in run {
            let shape = inert.shape(text[offset])
            localGlyphs.append(ShapedGlyph(glyph: shape.glyph, cluster: UInt32(offset - run.lowerBound), advance: shape.advance,
                                           xOffset: 0, yOffset: 0))
        }
        wordGlyphs = localGlyphs[first...]
        wordIsLocal = true
    }

    /// Shapes `word`: from the font's kerned characters into the local glyphs when they take
    /// it, else with the shaper.
    private mutating func shapeWord(_ properties: ShapingProperties) {
        var kerned = kernedCharacters(properties)
        // A word the shaper would take from the kerned table goes to the local glyphs
        // instead (a word longer than the shaping bound is shaped in pieces there).
        if let table = kerned, word.count <= LayoutWork.shapingRunBound {
            prepareLocalGlyphs()
            let first = localGlyphs.count
            if table.shape(analysis.text, word, appendingTo: &localGlyphs) != nil {
                wordGlyphs = localGlyphs[first...]
                wordIsLocal = true
            }
            kerned = nil // asked here: the shaper need not ask again
        }
        if !wordIsLocal {
            wordGlyphs = segmenter.shaper.shape(analysis.text, paragraph: analysis.range, segment: word,
                                                clusterEnds: analysis.clusterEnds[clusterIndex...], font: properties.font,
                                                level: properties.level, script: properties.script, kerned: kerned).glyphs[...]
        }
    }

    /// Makes room for the paragraph's local glyphs, and lets go of the current word's slice
    /// of them, before a local word is appended.
    private mutating func prepareLocalGlyphs() {
        wordGlyphs = []
        if localGlyphs.capacity == 0 {
            localGlyphs.reserveCapacity(analysis.range.count)
            localSlices.reserveCapacity(cuts.all.count)
        }
    }

    /// The inert characters of a left-to-right word of Chinese or Japanese in its font, when
    /// the font has them.
    private mutating func inertCharacters(_ properties: ShapingProperties) -> InertCharacters? {
        let (font, script) = (properties.font, properties.script)
        guard Self.cutsBetweenCharacters(script), properties.level & 1 == 0, let inertTables = segmenter.inertTables
        else { return nil }
        if let last = lastInert, last.font == font, last.script == script { return last.table }
        let table = inertTables.table(font: font, script: script)
        lastInert = (font, script, table)
        return table
    }

    /// The kerned characters of a left-to-right Latin or Common word that starts in ASCII, when
    /// its font has them. Only such words ask: a table is costly to make, and the emoji or
    /// Chinese font's would serve nothing.
    private mutating func kernedCharacters(_ properties: ShapingProperties) -> KernedCharacters? {
        let (font, script) = (properties.font, properties.script)
        guard properties.level & 1 == 0, analysis.text[start] < 0x80, Self.kernsWords(script),
              let kernedTables = segmenter.kernedTables else { return nil }
        if let last = lastKerned, last.font == font, last.script == script { return last.table }
        let table = kernedTables.table(font: font, script: script)
        lastKerned = (font, script, table)
        return table
    }

    /// Appends the segment from `start` to `cut`: the word's next glyphs, their advance and
    /// that of the segment's trailing whitespace.
    private mutating func appendSegment(to cut: Int, _ properties: ShapingProperties, isTab: Bool) {
        let text = analysis.text
        let glyphs = nextGlyphs(to: cut, rightToLeft: properties.rightToLeft)
        let relativeStart = UInt32(start - word.lowerBound)
        var unsafeStart = false
        if start > word.lowerBound {
            if let first = properties.rightToLeft ? glyphs.last : glyphs.first {
                unsafeStart = first.unsafeToBreak || first.cluster != relativeStart
            } else {
                unsafeStart = true
            }
        }
        let advance = glyphs.reduce(Int32(0)) { $0 + $1.advance }
        var whitespaceStart = cut
        while whitespaceStart > start, UnicodeScalars.isWhitespace(UInt32(text[whitespaceStart - 1])) {
            whitespaceStart -= 1
        }
        let relativeWhitespace = UInt32(whitespaceStart - word.lowerBound)
        let whitespaceAdvance = whitespaceStart == cut ? 0 : glyphs.reduce(Int32(0)) {
            $0 + ($1.cluster >= relativeWhitespace ? $1.advance : 0)
        }
        segmenter.shaper.tally?.work.segments += 1
        if wordIsLocal { localSlices.append((segments.count, glyphs.indices)) }
        let style = analysis.styles.isEmpty ? 0 : analysis.styles[clusterIndex]
        let pointsPerUnit = segmenter.styling.fontSize(of: style)
            / Double(segmenter.shaper.fonts[Int(properties.font)].unitsPerEm)
        segments.append(Segment(range: start..<cut, font: properties.font, level: properties.level, script: properties.script,
                                glyphs: wordIsLocal ? [] : glyphs,
                                advance: advance, clusterBase: word.lowerBound, unsafeStart: unsafeStart,
                                isTab: isTab, firstCluster: clusterIndex,
                                trailingWhitespaceStart: whitespaceStart,
                                trailingWhitespaceAdvance: whitespaceAdvance, unit: unit, style: style,
                                pointsPerUnit: pointsPerUnit))
    }

    /// The word's glyphs of the clusters before `cut` not handed out yet: from the front of a
    /// left-to-right word, from the back of a right-to-left one.
    private mutating func nextGlyphs(to cut: Int, rightToLeft: Bool) -> ArraySlice<ShapedGlyph> {
        let relativeEnd = UInt32(cut - word.lowerBound)
        let wordStart = wordGlyphs.startIndex
        var lower = cursor, upper = cursor
        if rightToLeft {
            while lower > 0 && wordGlyphs[wordStart + lower - 1].cluster < relativeEnd { lower -= 1 }
            cursor = lower
        } else {
            while upper < wordGlyphs.count && wordGlyphs[wordStart + upper].cluster < relativeEnd { upper += 1 }
            cursor = upper
        }
        return wordGlyphs[(wordStart + lower)..<(wordStart + upper)]
    }
}

extension SegmentCutter {
    /// Latin and Common (digits and punctuation alone): where words of `KernedCharacters` are.
    private static func kernsWords(_ script: UInt32) -> Bool {
        script == 0x4C61_746E || script == 0x5A79_7979
    }

    /// Han, Hiragana and Katakana (HarfBuzz's script values): text without spaces between words.
    private static func cutsBetweenCharacters(_ script: UInt32) -> Bool {
        script == 0x4861_6E69 || script == 0x4869_7261 || script == 0x4B61_6E61
    }

    /// Whether shaping the text on either side of `offset` (a cut) alone changes no glyph: the
    /// clusters on both sides are one inert character each (`InertCharacters`).
    private static func isInertJunction(_ offset: Int, _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>,
                                        clusterEnds: [Int], _ inert: InertCharacters) -> Bool {
        guard offset - 1 >= range.lowerBound, offset + 1 <= range.upperBound,
              inert.contains(text[offset - 1]), inert.contains(text[offset]) else { return false }
        return (offset - 1 == range.lowerBound || clusterEnds.sortedContains(offset - 1)) && clusterEnds.sortedContains(offset)
            && clusterEnds.sortedContains(offset + 1)
    }

    /// The end of the run of inert characters (`InertCharacters`) that starts at `start`, when
    /// there is one: each character a cluster of one unit, and the run ending at `hard` (where
    /// the word ends anyway) or at a cut between two inert characters. Shaping each alone
    /// changes nothing, so the run's glyphs are the characters' own, without HarfBuzz or the
    /// cache. `cluster` is the index of the cluster that starts at `start`.
    private static func inertRunEnd(_ text: UnsafeBufferPointer<UInt16>, from start: Int, before hard: Int,
                                    paragraphStart: Int, clusterEnds: [Int], cluster: Int, cuts: ArraySlice<Int>,
                                    _ inert: InertCharacters) -> Int? {
        guard (cluster == 0 ? paragraphStart : clusterEnds[cluster - 1]) == start, clusterEnds[cluster] == start + 1,
              inert.contains(text[start]) else { return nil }
        var runEnd: Int?
        var offset = start + 1
        var cut = cuts.startIndex
        var index = cluster + 1
        while offset < hard && inert.contains(text[offset]) && clusterEnds[index] == offset + 1 {
            while cuts[cut] < offset { cut += 1 }
            if cuts[cut] == offset { runEnd = offset }
            offset += 1
            index += 1
        }
        return offset == hard ? hard : runEnd
    }
}
