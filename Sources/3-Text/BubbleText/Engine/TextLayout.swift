import BubbleUnicode

/// What to lay out text with: the font role of its plain parts, the size in points and the
/// widest a line may be. Layout is unhinted, so it does not depend on the drawing scale.
public struct TextStyle: Sendable, Hashable {
    public var fontSize: Double
    public var maxWidth: Double
    /// The role whose fonts plain text uses: body text, a sender name, a time label.
    public var role: FontRole
    /// Distance between tab stops, points, from the start of each line (NSParagraphStyle's
    /// default tab stops are every 28 pt, whatever the font size).
    public var tabInterval: Double
    /// Where Korean text may break between lines.
    public var lineBreakStrategy: LineBreakStrategy

    /// NSParagraphStyle's default tab interval, points.
    public static let defaultTabInterval = 28.0

    public init(fontSize: Double = 16, maxWidth: Double, role: FontRole = .text,
                tabInterval: Double = TextStyle.defaultTabInterval, lineBreakStrategy: LineBreakStrategy = .standard) {
        self.fontSize = fontSize
        self.maxWidth = maxWidth
        self.role = role
        self.tabInterval = tabInterval
        self.lineBreakStrategy = lineBreakStrategy
    }
}

/// Where Korean (Hangul) text may break, as iOS offers it.
///
/// `standard` is UAX #14 as ICU applies it: a line may break between any two Hangul
/// syllables. It is what `boundingRectWithSize:options:attributes:context:` measures by
/// default, and so what the origin app's row heights come from. `hangulWordPriority` keeps
/// Korean words together (breaks only where a space or punctuation allows, as in Latin text):
/// what UILabel draws on iOS 14+ (`NSLineBreakStrategyHangulWordPriority` is part of its
/// standard strategy). Where the two differ in line count, the app's rows are too short or
/// too tall on a real device.
public enum LineBreakStrategy: String, Sendable, Hashable, CaseIterable {
    case standard
    case hangulWordPriority = "hangul-word-priority"
}

/// A glyph placed on its line, in points: x from the line's left edge, y down from the baseline.
public struct PositionedGlyph: Sendable, Equatable {
    public var id: UInt32
    public var x: Double
    public var y: Double
    /// UTF-16 offset of the glyph's cluster in the whole text.
    public var cluster: Int
}

/// Glyphs of one font, direction and script, in visual order, on one line.
public struct GlyphRun: Sendable, Equatable {
    public let font: OpenTypeFont
    /// The attributes of the text it shows: the drawing reads decorations and colour here.
    public let attributes: TextAttributes
    /// UTF-16 range of the text it shows.
    public let range: Range<Int>
    /// UAX #9 embedding level: odd is right-to-left.
    public let bidiLevel: UInt8
    /// HarfBuzz script (an ISO 15924 tag); `script` spells it.
    let scriptTag: UInt32
    /// Left edge from the line's left edge, points.
    public let x: Double
    public let width: Double
    /// Points per font unit: font size / units per em.
    public let pointsPerUnit: Double
    /// Shaped glyphs in font units, in visual order, as slices of cached shaping results
    /// (no copies); each part's `clusterBase` turns its clusters into text offsets.
    let parts: [ShapedPart]

    public var direction: TextDirection { bidiLevel & 1 == 0 ? .leftToRight : .rightToLeft }
    /// ISO 15924 code of the run's script (`Latn`, `Hani`, `Arab`, `Zyyy` for common only).
    public var script: String { ScriptRun.name(of: scriptTag) }

    /// The glyphs with positions in points relative to the line's left edge and baseline.
    public var glyphs: [PositionedGlyph] {
        var pen = 0.0
        var result: [PositionedGlyph] = []
        for part in parts {
            for glyph in part.glyphs {
                result.append(PositionedGlyph(id: glyph.glyph, x: x + pen + Double(glyph.xOffset) * pointsPerUnit,
                                              y: -Double(glyph.yOffset) * pointsPerUnit,
                                              cluster: part.clusterBase + Int(glyph.cluster)))
                pen += Double(glyph.advance) * pointsPerUnit
            }
        }
        return result
    }

    public static func == (a: GlyphRun, b: GlyphRun) -> Bool {
        a.font === b.font && a.attributes == b.attributes && a.range == b.range && a.bidiLevel == b.bidiLevel && a.scriptTag == b.scriptTag
            && a.x == b.x && a.width == b.width && a.pointsPerUnit == b.pointsPerUnit
            && a.parts == b.parts
    }
}

/// Glyphs taken from one shaped segment: all of them, or one cluster range of them after an
/// emergency break inside a word.
struct ShapedPart: Sendable, Equatable {
    /// UTF-16 range of the text these glyphs show.
    let range: Range<Int>
    let glyphs: ArraySlice<ShapedGlyph>
    let clusterBase: Int
    let advance: Int32

    /// The same glyphs for the same text: clusters compared as text offsets, since where the
    /// shaped word began (`clusterBase`) is how the glyphs were found, not what they are.
    static func == (a: ShapedPart, b: ShapedPart) -> Bool {
        guard a.range == b.range, a.advance == b.advance, a.glyphs.count == b.glyphs.count else { return false }
        return zip(a.glyphs, b.glyphs).allSatisfy { first, second in
            let cluster = a.clusterBase + Int(first.cluster) - b.clusterBase
            guard cluster >= 0 else { return false }
            var rebased = first
            rebased.cluster = UInt32(cluster)
            return rebased == second
        }
    }
}

/// One line: its text, its runs in visual order, and its metrics in points.
public struct TextLine: Sendable, Equatable {
    /// UTF-16 range, including hanging spaces and the line's hard break, if any.
    public var range: Range<Int>
    /// The direction of the paragraph the line belongs to.
    public var direction: TextDirection
    /// Left edge inside the layout's box: right-to-left paragraphs align right.
    public var x: Double
    /// Top of the line from the top of the layout.
    public var top: Double
    /// Width without the spaces that hang past the edge at a soft wrap.
    public var width: Double
    /// Width of those hanging spaces.
    public var hangingWidth: Double
    /// Largest ascender and descender of the fonts used on the line.
    public var ascent: Double
    public var descent: Double
    public var runs: [GlyphRun]

    public var height: Double { ascent + descent }
    public var baseline: Double { top + ascent }
}

/// The one layout that is both measured and drawn.
public struct TextLayout: Sendable, Equatable {
    public var text: String
    public var style: TextStyle
    public var lines: [TextLine]
    /// The widest line, unrounded points.
    public var width: Double
    /// Sum of the lines' heights, unrounded points.
    public var height: Double
}
