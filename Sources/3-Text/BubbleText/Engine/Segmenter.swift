import BubbleFastPaths
import BubbleUnicode

/// A stretch of one paragraph between two places where something changes (font, script, bidi
/// level, a tab, or a line-break opportunity): a break unit's piece in one font.
///
/// Its glyphs are a slice of the shaping of the whole word it belongs to (the text up to the
/// next space or change, as Chromium's ShapeCache caches it), so kerning and contextual forms
/// across break opportunities inside a word ("A-V", "ニュース") are kept; where a line is cut
/// inside a word at a glyph HarfBuzz flags unsafe to break, `LineEdges` reshapes the pieces
/// on both sides of the cut alone.
struct Segment {
    let range: Range<Int>
    let font: UInt8
    let level: UInt8
    /// ISO 15924 tag, which is also HarfBuzz's script value.
    let script: UInt32
    /// Glyphs in visual order, a slice of the word's shaping; clusters count from `clusterBase`.
    /// (Variable only so that `analyse` can give the words it built itself their slices last.)
    var glyphs: ArraySlice<ShapedGlyph>
    /// Sum of the glyphs' advances, font units (a tab's is 0: its width depends on the pen).
    let advance: Int32
    /// Text offset the glyphs' clusters count from (the word's start).
    let clusterBase: Int
    /// Whether a line may not start here without reshaping: the segment starts inside a word and
    /// HarfBuzz flags its first glyph unsafe to break (or a cluster spans the cut).
    let unsafeStart: Bool
    /// A tab: no glyph, as wide as it takes to reach the next tab stop.
    let isTab: Bool
    /// Index in the paragraph's cluster ends of the segment's first cluster (for reshaping).
    let firstCluster: Int
    /// Offset where the segment's trailing whitespace starts (== range.upperBound when none).
    let trailingWhitespaceStart: Int
    /// Advance of that trailing whitespace, font units.
    let trailingWhitespaceAdvance: Int32
    /// Index of the break unit (text between two soft opportunities) it belongs to.
    let unit: Int
    /// Index of its attributes in the layout's `TextStyling.attributes`.
    let style: UInt16
    /// Points per font unit: the font size of its style over its font's units per em.
    let pointsPerUnit: Double
}

/// The styles of one layout: the base role and size, and for styled text the runs of
/// attributes (UTF-16 ranges) with the fallback chain and size each asks for.
///
/// A class, as `FontFallback` is: a message's segmenter and unit builders each keep it, and as
/// a struct of six references every copy cost six reference-count operations.
final class TextStyling {
    let fontSize: Double
    let baseFallback: FontFallback
    /// Distinct attributes, by the number segments carry; `.plain` first.
    let attributes: [TextAttributes]
    /// The font size of each of `attributes` (empty for plain text: use `fontSize(of:)`).
    let fontSizes: [Double]
    /// Empty for plain text.
    let runs: [Run]

    struct Run {
        let range: Range<Int>
        let style: UInt16
        let fallback: FontFallback
    }

    private init(fontSize: Double, baseFallback: FontFallback, attributes: [TextAttributes], fontSizes: [Double],
                 runs: [Run]) {
        (self.fontSize, self.baseFallback, self.attributes, self.fontSizes, self.runs)
            = (fontSize, baseFallback, attributes, fontSizes, runs)
    }

    /// Plain text's styling: the style's fonts throughout.
    convenience init(plainIn style: TextStyle, table: FontTable) {
        self.init(fontSize: style.fontSize, baseFallback: table.fallback(for: style.role), attributes: Self.plainAttributes,
                  fontSizes: [], runs: [])
    }

    convenience init(text: StyledText, style: TextStyle, table: FontTable) {
        // Plain text (most messages) allocates no arrays here.
        guard !text.isPlain else {
            self.init(plainIn: style, table: table)
            return
        }
        var attributes: [TextAttributes] = [.plain]
        var runs: [Run] = []
        for span in text.runs {
            let index = attributes.firstIndex(of: span.attributes) ?? attributes.count
            if index == attributes.count { attributes.append(span.attributes) }
            runs.append(Run(range: span.range, style: UInt16(index),
                            fallback: table.fallback(for: span.attributes.fontRole(base: style.role))))
        }
        self.init(fontSize: style.fontSize, baseFallback: table.fallback(for: style.role), attributes: attributes,
                  fontSizes: attributes.map { style.fontSize * $0.sizeFactor }, runs: runs)
    }

    private static let plainAttributes: [TextAttributes] = [.plain]

    /// The font size of style number `style`.
    @inline(__always)
    func fontSize(of style: UInt16) -> Double { style == 0 ? fontSize : fontSizes[Int(style)] }
}

/// The analysis stages of one paragraph, in the order libraqm names them: clusters, fonts
/// (fallback), bidi levels, scripts, then segments at every change and every break opportunity.
struct Segmenter {
    let shaper: Shaper
    let styling: TextStyling
    /// Where words of Chinese and Japanese may be cut (nil: shaped whole).
    let inertTables: InertCharacterTables?
    /// Which Latin words need no HarfBuzz (nil: every word is shaped).
    let kernedTables: KernedCharacterTables?
    /// The engine's fast paths (grapheme rules or ICU's iterator).
    var fastPaths: FastPaths = .current

    struct Paragraph {
        let range: Range<Int>
        let level: UInt8
        /// Grapheme cluster ends, absolute offsets.
        let clusterEnds: [Int]
        let segments: [Segment]
    }

    func analyse(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>) throws -> Paragraph {
        let slice = UnsafeBufferPointer(rebasing: text[range])
        var clusterEnds = try GraphemeClusters.boundaries(in: slice, fastPaths: fastPaths)
        if range.lowerBound != 0 { for index in clusterEnds.indices { clusterEnds[index] += range.lowerBound } }
        shaper.tally?.work.clusters += clusterEnds.count
        var fonts: [UInt8]
        var styles: [UInt16] = []
        if styling.runs.isEmpty {
            fonts = styling.baseFallback.fonts(for: text, from: range.lowerBound, boundaries: clusterEnds)
        } else {
            (fonts, styles) = styledFonts(text, range, clusterEnds: clusterEnds)
        }
        let bidi = try BidiParagraph(slice)
        let scripts = Scripts.runs(in: slice)
        // HarfBuzz's value of the current script run, asked once per run (not per segment).
        var scriptValue = (run: 0, value: scripts.first.map { harfBuzzScript($0.tag) } ?? 0)

        // Every offset where a segment must end, in order: the soft breaks, and where the font,
        // the script or the bidi level changes (when they do; most messages have none).
        // Room for the usual changes and the end: growing the copy would allocate it again.
        var cuts: [Int] = []
        cuts.reserveCapacity(softBreaks.count + scripts.count + 8)
        cuts.append(contentsOf: softBreaks)
        var changes = false
        for index in 1..<max(fonts.count, 1) where fonts[index] != fonts[index - 1] {
            cuts.append(clusterEnds[index - 1])
            changes = true
        }
        for index in 1..<max(styles.count, 1) where styles[index] != styles[index - 1] {
            cuts.append(clusterEnds[index - 1])
            changes = true
        }
        for run in scripts.dropFirst() { cuts.append(run.range.lowerBound + range.lowerBound); changes = true }
        if !bidi.isUniform {
            for run in bidi.runs.dropFirst() { cuts.append(run.range.lowerBound + range.lowerBound); changes = true }
        }
        // A tab is a segment of its own: its width depends on where the line's pen is.
        var tabCuts: [Int] = []
        for offset in range where text[offset] == 0x09 {
            tabCuts.append(offset)
            tabCuts.append(offset + 1)
        }
        if !tabCuts.isEmpty { cuts += tabCuts; changes = true }
        // Where a shaping word must end whatever follows: every cut that is not a soft break.
        // Empty when the paragraph's end is the only one (most paragraphs: no array to make).
        var hardCuts = changes ? Array(cuts[softBreaks.count...]) : []
        cuts.append(range.upperBound)
        if changes {
            hardCuts.append(range.upperBound)
            cuts.sort()
            hardCuts.sort()
        }
        let table = shaper.fonts

        var segments: [Segment] = []
        // One segment per cut at most: no regrowth while appending (3.5% of measure's instructions).
        segments.reserveCapacity(cuts.count)
        var start = range.lowerBound
        var clusterIndex = 0
        var scriptIndex = 0
        var unit = 0
        var nextSoftBreak = softBreaks.startIndex
        var hardIndex = 0
        // The word being sliced: its range, its shaping and the next glyph to hand out (from
        // the front for left-to-right words, from the back for right-to-left ones).
        var word = range.lowerBound..<range.lowerBound
        var wordGlyphs: ArraySlice<ShapedGlyph> = []
        var cursor = 0
        // Glyphs made for this paragraph alone (words of kerned characters, runs of inert ones),
        // in one array rather than one per word (a fifth of `measure`'s allocations were those).
        // At most one glyph per code unit, so it never grows past its first allocation. Their
        // segments take their slices once the paragraph is done: a slice kept in a segment
        // earlier would make every later append copy the whole array.
        var localGlyphs: [ShapedGlyph] = []
        var localSlices: [(segment: Int, glyphs: Range<Int>)] = []
        var wordIsLocal = false
        /// Makes room for the paragraph's local glyphs, and lets go of the current word's slice
        /// of them, before a local word is appended.
        func prepareLocalGlyphs() {
            wordGlyphs = []
            if localGlyphs.capacity == 0 {
                localGlyphs.reserveCapacity(range.count)
                localSlices.reserveCapacity(cuts.count)
            }
        }
        // The inert and kerned characters of the last font and script asked for (one lock per change).
        var lastInert: (font: UInt8, script: UInt32, table: InertCharacters?)?
        var lastKerned: (font: UInt8, script: UInt32, table: KernedCharacters?)?
        for cutIndex in cuts.indices {
            let cut = cuts[cutIndex]
            guard cut > start && cut <= range.upperBound else { continue }
            while clusterEnds[clusterIndex] <= start { clusterIndex += 1 }
            while scripts[scriptIndex].range.upperBound + range.lowerBound <= start { scriptIndex += 1 }
            while nextSoftBreak < softBreaks.endIndex && softBreaks[nextSoftBreak] <= start {
                nextSoftBreak += 1
                unit += 1
            }
            let font = fonts[clusterIndex]
            let style = styles.isEmpty ? 0 : styles[clusterIndex]
            let fontSize = styling.fontSize(of: style)
            let level = bidi.level(at: start - range.lowerBound)
            if scriptValue.run != scriptIndex { scriptValue = (scriptIndex, harfBuzzScript(scripts[scriptIndex].tag)) }
            let script = scriptValue.value
            let rightToLeft = level & 1 == 1
            let isTab = text[start] == 0x09
            if isTab {
                word = start..<cut
                wordGlyphs = []
                wordIsLocal = false
                cursor = 0
            } else if start >= word.upperBound {
                wordIsLocal = false
                // A new word: up to the first cut after whitespace, or the next change.
                var hard = range.upperBound
                if !hardCuts.isEmpty {
                    while hardCuts[hardIndex] <= start { hardIndex += 1 }
                    hard = hardCuts[hardIndex]
                }
                var end = hard
                // Chinese and Japanese words also end at a cut between two inert characters.
                var table: InertCharacters?
                if Self.cutsBetweenCharacters(script), level & 1 == 0, let inertTables {
                    if let last = lastInert, last.font == font, last.script == script {
                        table = last.table
                    } else {
                        table = inertTables.table(font: font, script: script)
                        lastInert = (font, script, table)
                    }
                }
                if let table, let runEnd = Self.inertRunEnd(text, from: start, before: hard, paragraphStart: range.lowerBound,
                                                            clusterEnds: clusterEnds,
                                                            cluster: clusterIndex, cuts: cuts[cutIndex...], table) {
                    // A run of inert characters: each one's glyph, as HarfBuzz would give it.
                    word = start..<runEnd
                    prepareLocalGlyphs()
                    let first = localGlyphs.count
                    for offset in start..<runEnd {
                        let shape = table.shape(text[offset])
                        localGlyphs.append(ShapedGlyph(glyph: shape.glyph, cluster: UInt32(offset - start), advance: shape.advance,
                                                       xOffset: 0, yOffset: 0))
                    }
                    wordGlyphs = localGlyphs[first...]
                    wordIsLocal = true
                } else {
                    for candidate in cuts[cutIndex...] where candidate > start {
                        if candidate >= hard { break }
                        if UnicodeScalars.isWhitespace(UInt32(text[candidate - 1])) { end = candidate; break }
                        if let table, Self.isInertJunction(candidate, text, range: range, clusterEnds: clusterEnds, table) {
                            end = candidate
                            break
                        }
                    }
                    word = start..<end
                    var kerned: KernedCharacters?
                    // Only words that start in ASCII ask: a table costs about a millisecond to make,
                    // and the emoji or Chinese font's would serve nothing.
                    if level & 1 == 0, text[start] < 0x80, Self.kernsWords(script), let kernedTables {
                        if let last = lastKerned, last.font == font, last.script == script {
                            kerned = last.table
                        } else {
                            kerned = kernedTables.table(font: font, script: script)
                            lastKerned = (font, script, kerned)
                        }
                    }
                    // A word the shaper would take from the kerned table goes to the local glyphs
                    // instead (a word longer than the shaping bound is shaped in pieces there).
                    if let table = kerned, word.count <= LayoutWork.shapingRunBound {
                        prepareLocalGlyphs()
                        let first = localGlyphs.count
                        if table.shape(text, word, appendingTo: &localGlyphs) != nil {
                            wordGlyphs = localGlyphs[first...]
                            wordIsLocal = true
                        }
                        kerned = nil // asked here: the shaper need not ask again
                    }
                    if !wordIsLocal {
                        wordGlyphs = shaper.shape(text, paragraph: range, segment: word, clusterEnds: clusterEnds[clusterIndex...],
                                                  font: font, level: level, script: script, kerned: kerned).glyphs[...]
                    }
                }
                cursor = rightToLeft ? wordGlyphs.count : 0
            }
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
            let glyphs = wordGlyphs[(wordStart + lower)..<(wordStart + upper)]
            let relativeStart = UInt32(start - word.lowerBound)
            var unsafeStart = false
            if start > word.lowerBound {
                if let first = rightToLeft ? glyphs.last : glyphs.first {
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
            shaper.tally?.work.segments += 1
            if wordIsLocal { localSlices.append((segments.count, glyphs.indices)) }
            segments.append(Segment(range: start..<cut, font: font, level: level, script: script,
                                    glyphs: wordIsLocal ? [] : glyphs,
                                    advance: advance, clusterBase: word.lowerBound, unsafeStart: unsafeStart,
                                    isTab: isTab, firstCluster: clusterIndex,
                                    trailingWhitespaceStart: whitespaceStart,
                                    trailingWhitespaceAdvance: whitespaceAdvance, unit: unit, style: style,
                                    pointsPerUnit: fontSize / Double(table[Int(font)].unitsPerEm)))
            start = cut
        }
        wordGlyphs = []
        for (index, slice) in localSlices { segments[index].glyphs = localGlyphs[slice] }
        return Paragraph(range: range, level: bidi.paragraphLevel, clusterEnds: clusterEnds, segments: segments)
    }

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
