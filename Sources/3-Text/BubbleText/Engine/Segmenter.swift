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
    /// (Variable only so that `SegmentCutter` can give the words it built itself their slices last.)
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

/// Cuts paragraphs into segments, in stages in the order libraqm names them: clusters, fonts
/// (fallback), bidi levels, scripts (`ParagraphAnalysis`), then segments at every change and
/// every break opportunity (`SegmentCuts`), each shaped as a piece of its word (`SegmentCutter`).
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

    /// Cuts a paragraph (`range` of `text`, whose soft breaks are `softBreaks`) into segments:
    /// the stages of `ParagraphAnalysis`, then `SegmentCuts` and `SegmentCutter`.
    func analyse(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, softBreaks: ArraySlice<Int>) throws -> Paragraph {
        let analysis = try ParagraphAnalysis(text, range, segmenter: self)
        let cuts = SegmentCuts(analysis, softBreaks: softBreaks)
        var cutter = SegmentCutter(self, consume analysis, consume cuts, softBreaks: softBreaks)
        return cutter.paragraph()
    }
}
