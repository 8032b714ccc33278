import BubbleLayout
import BubbleModel
import BubbleText
import Foundation

/// Everything `theme.json` says, checked for types and ranges but without reading images.
public struct ThemeDocument: Sendable, Equatable {
    public var name: String
    public var darkVariant: String?
    public var colors: ThemeColors
    public var fonts: ThemeFonts
    public var layout: ThemeLayout
    public var bubbles: ThemeBubbles
    /// How `bubbles theme make-images` draws the bubble images; nil for hand-made images.
    public var generate: BubbleArtSpec?
    /// The theme's wording of texts it shows in place of messages.
    public var strings: ThemeStrings
    /// XEP-0393 styling (`styling.directives`): nil draws bodies as they are (classic).
    public var styling: StylingDirectives?
    /// `lint.accept`: `bubbles theme lint` findings the theme keeps on purpose (finding key →
    /// reason), such as the origin app's own low-contrast grey in `classic`. Drawing ignores it.
    public var lintAccepted: [String: String] = [:]
    /// `text`: how message text is broken and spaced.
    public var text = ThemeText()
}

/// How message text is broken and spaced (`text` in theme.json).
public struct ThemeText: Sendable, Equatable {
    /// Points between tab stops (NSParagraphStyle's default tab stops are 28 pt apart).
    public var tabInterval: Double = TextStyle.defaultTabInterval
    /// Where Korean text may break: `standard` is what boundingRectWithSize measures (the
    /// origin app's row heights), `hangul-word-priority` what UILabel draws on iOS 14+.
    public var lineBreakStrategy: LineBreakStrategy = .standard

    public init(tabInterval: Double = TextStyle.defaultTabInterval, lineBreakStrategy: LineBreakStrategy = .standard) {
        self.tabInterval = tabInterval
        self.lineBreakStrategy = lineBreakStrategy
    }
}

/// Words the theme shows in place of a message.
public struct ThemeStrings: Sendable, Equatable {
    /// What a retracted message shows (`strings.deleted`).
    public var deleted: String
}

public struct ThemeColors: Sendable, Equatable {
    public var background: RGBAColor
    public var outgoingText: RGBAColor
    public var incomingText: RGBAColor
    public var link: RGBAColor
    public var name: RGBAColor
    public var time: RGBAColor
    public var delayedMark: RGBAColor
    public var typingDots: RGBAColor
    public var audioIcon: RGBAColor
    /// The pill behind day separators and notices (optional key; default black at 8%).
    public var labelBackground: RGBAColor
    /// Reaction chips (optional; default white), and the border of the account's own (default `link`).
    public var reactionBackground: RGBAColor
    public var ownReaction: RGBAColor
    /// The bar of a quote block (optional; default `link`).
    public var quoteBar: RGBAColor
    /// Ticks of sent and delivered messages (optional; default `time`), and of read ones
    /// (optional; default `link`).
    public var status: RGBAColor
    public var readStatus: RGBAColor
    /// Time, "edited" and ticks inside outgoing bubbles (optional; nil: `time`, `status` and
    /// `readStatus`), for a bubble colour the time's grey does not read on.
    public var outgoingTime: RGBAColor?
    /// Links in outgoing bubbles (optional; nil: `link`).
    public var outgoingLink: RGBAColor?
    /// The text of day separators and notices, and the time under jumbomoji, which sits on
    /// `labelBackground` too (optional; default `time`).
    public var labelText: RGBAColor
}

/// A font file from the bundled Fonts/ folder at a size in points.
public struct ThemeFont: Sendable, Equatable {
    /// A file name in Fonts/, e.g. `Inter-Regular.otf`.
    public var file: String
    public var size: Double

    public init(file: String, size: Double) {
        self.file = file
        self.size = size
    }
}

/// The font of one role that styled spans use (bold, italic, mono, …): a file and, when it
/// differs from the theme's, its own fallback chain. Its size is the text's.
public struct ThemeStyleFont: Sendable, Equatable {
    public var file: String
    /// Nil: the theme's `fallbacks`.
    public var fallbacks: [String]?
}

public struct ThemeFonts: Sendable, Equatable {
    public var text: ThemeFont
    public var name: ThemeFont
    public var time: ThemeFont
    /// Fonts of the other roles (semibold, bold, italic, boldItalic, mono, monoBold); a role
    /// not named here takes `FontRole.fallback`'s font.
    public var styles: [FontRole: ThemeStyleFont]
    /// Font files (in Fonts/) tried in order for characters the primary font lacks.
    public var fallbacks: [String]
    /// The BCP 47 language texts are shaped in (`ja`, `ko`, `zh-Hant`, `zh-HK`): the fonts'
    /// language forms (`locl`), e.g. Japanese glyph forms from Noto Sans CJK. Nil: none.
    public var language: String? = nil

    /// Every font file named, with the JSON path that names it (for errors).
    public var namedFiles: [(key: String, file: String)] {
        var named = [("fonts.text.file", text.file), ("fonts.name.file", name.file), ("fonts.time.file", time.file)]
        for role in FontRole.allCases {
            guard let style = styles[role] else { continue }
            named.append(("fonts.\(role.themeKey).file", style.file))
            named += (style.fallbacks ?? []).enumerated().map { ("fonts.\(role.themeKey).fallbacks[\($0)]", $1) }
        }
        return named + fallbacks.enumerated().map { ("fonts.fallbacks[\($0)]", $1) }
    }
}

extension FontRole {
    /// The role's key under `fonts` in theme.json.
    public var themeKey: String {
        switch self {
        case .boldItalic: "bold_italic"
        case .monoBold: "mono_bold"
        default: rawValue
        }
    }
}

public struct ThemeLayout: Sendable, Equatable {
    /// Where the time goes (`header`, the origin app's, or `bubble`); groups of messages
    /// (nil: none); the pattern of day separators (nil: none).
    public var timePlacement: LayoutMetrics.TimePlacement
    public var grouping: LayoutMetrics.Grouping?
    public var daySeparators: Bool
    /// A fixed pattern (`day_separators.format`), else a skeleton each locale words its own
    /// way (`day_separators.template`; nil: the layout's default, "Fri, Mar 8" in English).
    public var daySeparatorFormat: String?
    public var daySeparatorTemplate: String?
    /// `images.max_width` and `images.max_height` (or `max_height_ratio` × the width); nil: the
    /// origin app's 220 and 440.
    public var maxImageWidth: Double?
    public var maxImageHeight: Double?
    /// `jumbomoji`: sizes for one, two and three emoji alone; nil: none.
    public var jumbomojiSizes: [Double]?
    /// Between the screen edge and the avatar, and above and below each row.
    public var margin: Double
    public var avatarSize: Double
    public var avatarShape: AvatarShape
    /// Whether the account's own messages have an avatar and a name (`avatar.outgoing`).
    public var outgoingAvatar: Bool
    /// Between the avatar and the bubble.
    public var avatarGap: Double
    /// Between the bubble's edge and its text.
    public var textInsets: EdgeInsets
    /// A Unicode date pattern (`MM-dd HH:mm:ss`) for the time label.
    public var timeFormat: String
}

/// The outline of avatars in a theme.
public enum AvatarShape: Sendable, Equatable {
    case circle
    /// A square with rounded corners of `radius` points.
    case rounded(radius: Double)
}

/// How a nine-slice image fills its middle parts.
public enum SliceMode: String, Sendable, CaseIterable {
    /// Scaled to fit (UIKit's `.stretch`): one flat run of the edge's pixels.
    case stretch
    /// Repeated at natural size (UIKit's `.tile`), the last tile cut off.
    case tile
}

/// One direction's bubble image as `theme.json` names it.
public struct BubbleImageSpec: Sendable, Equatable {
    /// The image's base name inside the theme directory: `bubble_out` means
    /// `bubble_out@1x.png`, `bubble_out@2x.png`, `bubble_out@3x.png` (any of them).
    public var image: String
    public var capInsets: EdgeInsets
    public var mode: SliceMode
    /// The same bubble without its tail, for bubbles inside a group (optional; the image
    /// with its tail otherwise).
    public var taillessImage: String?
}

public struct ThemeBubbles: Sendable, Equatable {
    public var outgoing: BubbleImageSpec
    /// Nil when `incomingMirrorsOutgoing`.
    public var incoming: BubbleImageSpec?
    public var incomingMirrorsOutgoing: Bool
}

/// The drawing spec of generated bubble images (all lengths in points).
public struct BubbleArtSpec: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var cornerRadius: Double
    /// The tail on the avatar's side: `width` wide, joining the body between `top` and
    /// `bottom` (from the image's top, or its bottom with `tailEdge` bottom), its point at
    /// height `tip`. A curved tail has no `top`: its outer side runs along the edge.
    public var tailWidth: Double
    public var tailTop: Double
    public var tailBottom: Double
    public var tailTip: Double
    public var tailEdge: TailEdge = .top
    public var tailShape: TailShape = .straight
    /// The border line's width in device pixels at every scale (crisp hairline).
    public var borderPixels: Double
    public var scales: [Int]
    public var outgoing: BubbleArtColors
    /// Nil when the theme mirrors the outgoing bubble.
    public var incoming: BubbleArtColors?
}

/// The edge of the image a generated tail is measured from: the origin app's tail hangs
/// from the top, iMessage's and Telegram's sit at the bottom.
public enum TailEdge: String, Sendable, Equatable, CaseIterable {
    case top, bottom
}

/// A triangle (the origin app), or a tail whose outer side is the bubble's edge carried on
/// to the point and whose inner side curves into the body (iMessage, Telegram).
public enum TailShape: String, Sendable, Equatable, CaseIterable {
    case straight, curved
}

public struct BubbleArtColors: Sendable, Equatable {
    public var fill: RGBAColor
    public var border: RGBAColor?
}

/// A problem in a theme, naming the file, the key (a JSON path such as
/// `bubbles.outgoing.cap_insets.left`) and what is wrong.
public struct ThemeError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var key: String?
    public var problem: String

    public init(file: String, key: String?, problem: String) {
        self.file = file
        self.key = key
        self.problem = problem
    }

    public var description: String {
        if let key { "\(file): \(key): \(problem)" } else { "\(file): \(problem)" }
    }
}
