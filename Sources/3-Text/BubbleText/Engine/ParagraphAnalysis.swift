import BubbleFastPaths
import BubbleUnicode

/// What the segmenter learns of one paragraph before cutting it, stage by stage in the order
/// libraqm names them: grapheme clusters, each cluster's font (fallback) and style, bidi
/// levels, script runs. Each stage reads only what the stages before it found.
struct ParagraphAnalysis {
    let text: UnsafeBufferPointer<UInt16>
    let range: Range<Int>
    /// Grapheme cluster ends, absolute offsets.
    let clusterEnds: [Int]
    /// The font of each cluster, by the numbers segments carry.
    let fonts: [UInt8]
    /// The style number of each cluster; empty for plain text (style 0 throughout).
    let styles: [UInt16]
    let bidi: BidiParagraph
    /// Script runs, offsets from the paragraph's start.
    let scripts: [ScriptRun]

    /// Runs the stages in order. `segmenter` is borrowed: an owned argument would be a copy,
    /// one retain of each of its references per paragraph.
    init(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, segmenter: borrowing Segmenter) throws {
        let slice = UnsafeBufferPointer(rebasing: text[range])
        let clusterEnds = try Self.graphemeClusterEnds(slice, from: range.lowerBound, fastPaths: segmenter.fastPaths)
        segmenter.shaper.tally?.work.clusters += clusterEnds.count
        let (fonts, styles) = Self.clusterFonts(text, range, clusterEnds: clusterEnds, segmenter: segmenter)
        let bidi = try BidiParagraph(slice)
        let scripts = Scripts.runs(in: slice)
        (self.text, self.range, self.clusterEnds, self.fonts, self.styles, self.bidi, self.scripts)
            = (text, range, clusterEnds, fonts, styles, bidi, scripts)
    }

    /// The grapheme clusters' ends in `slice`, as offsets in the whole text (`slice` starts at `start`).
    private static func graphemeClusterEnds(_ slice: UnsafeBufferPointer<UInt16>, from start: Int,
                                            fastPaths: FastPaths) throws -> [Int] {
        var clusterEnds = try GraphemeClusters.boundaries(in: slice, fastPaths: fastPaths)
        if start != 0 { for index in clusterEnds.indices { clusterEnds[index] += start } }
        return clusterEnds
    }

    /// Each cluster's font from the fallback chain, and for styled text each cluster's style.
    private static func clusterFonts(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, clusterEnds: [Int],
                                     segmenter: Segmenter) -> (fonts: [UInt8], styles: [UInt16]) {
        guard segmenter.styling.runs.isEmpty else { return segmenter.styledFonts(text, range, clusterEnds: clusterEnds) }
        return (segmenter.styling.baseFallback.fonts(for: text, from: range.lowerBound, boundaries: clusterEnds), [])
    }
}

/// Every offset of a paragraph where a segment must end, in order: the soft breaks, and where
/// the font, the style, the script or the bidi level changes (when they do; most messages have
/// none), both sides of every tab, and the paragraph's end. Offsets may repeat.
struct SegmentCuts {
    let all: [Int]
    /// Where a shaping word must end whatever follows: every cut that is not a soft break.
    /// Empty when the paragraph's end is the only one (most paragraphs: no array to make).
    let hard: [Int]

    /// `analysis` is borrowed: the cutter takes it on (an owned argument would be a copy).
    init(_ analysis: borrowing ParagraphAnalysis, softBreaks: ArraySlice<Int>) {
        let range = analysis.range
        // Room for the usual changes and the end: growing the copy would allocate it again.
        var cuts: [Int] = []
        cuts.reserveCapacity(softBreaks.count + analysis.scripts.count + 8)
        cuts.append(contentsOf: softBreaks)
        let changes = Self.appendChanges(of: analysis, to: &cuts)
        var hard = changes ? Array(cuts[softBreaks.count...]) : []
        cuts.append(range.upperBound)
        if changes {
            hard.append(range.upperBound)
            cuts.sort()
            hard.sort()
        }
        (all, self.hard) = (cuts, hard)
    }

    /// Appends where the font, the style, the script or the bidi level changes and the edges of
    /// tabs; whether there was any.
    private static func appendChanges(of analysis: ParagraphAnalysis, to cuts: inout [Int]) -> Bool {
        let (fonts, styles, clusterEnds) = (analysis.fonts, analysis.styles, analysis.clusterEnds)
        let (range, text) = (analysis.range, analysis.text)
        var changes = false
        for index in 1..<max(fonts.count, 1) where fonts[index] != fonts[index - 1] {
            cuts.append(clusterEnds[index - 1])
            changes = true
        }
        for index in 1..<max(styles.count, 1) where styles[index] != styles[index - 1] {
            cuts.append(clusterEnds[index - 1])
            changes = true
        }
        for run in analysis.scripts.dropFirst() { cuts.append(run.range.lowerBound + range.lowerBound); changes = true }
        if !analysis.bidi.isUniform {
            for run in analysis.bidi.runs.dropFirst() { cuts.append(run.range.lowerBound + range.lowerBound); changes = true }
        }
        // A tab is a segment of its own: its width depends on where the line's pen is.
        var tabCuts: [Int] = []
        for offset in range where text[offset] == 0x09 {
            tabCuts.append(offset)
            tabCuts.append(offset + 1)
        }
        if !tabCuts.isEmpty { cuts += tabCuts; changes = true }
        return changes
    }
}
