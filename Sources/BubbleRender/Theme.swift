import BubbleLayout
import Foundation

/// A look for conversations: colours, fonts, geometry and bubble images, loaded from a theme
/// directory (`theme.json` plus its images; Themes/README.md documents every key).
///
/// `ThemeDocument` is what `theme.json` says; `Theme` adds the loaded, checked bubble images.
public struct Theme: Sendable {
    public var document: ThemeDocument
    /// The theme directory, as given to `load`.
    public var directory: String
    public var outgoingBubble: BubbleStyle
    public var incomingBubble: BubbleStyle

    public var name: String { document.name }
    public var colors: ThemeColors { document.colors }
    public var fonts: ThemeFonts { document.fonts }
    public var layout: ThemeLayout { document.layout }
    /// The name of the theme to use in dark mode, a sibling directory of this one.
    public var darkVariant: String? { document.darkVariant }
}

/// A bubble as drawn: its nine-slice image and whether to mirror it left–right.
public struct BubbleStyle: Sendable {
    public var image: NineSliceImage
    public var mirrored: Bool
}

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
}

/// A font file from the bundled Fonts/ folder at a size in points.
public struct ThemeFont: Sendable, Equatable {
    /// A file name in Fonts/, e.g. `Inter-Regular.otf`.
    public var file: String
    public var size: Double
}

public struct ThemeFonts: Sendable, Equatable {
    public var text: ThemeFont
    public var name: ThemeFont
    public var time: ThemeFont
    /// Font files (in Fonts/) tried in order for characters the primary font lacks.
    public var fallbacks: [String]
}

public struct ThemeLayout: Sendable, Equatable {
    /// Between the screen edge and the avatar, and above and below each row.
    public var margin: Double
    public var avatarSize: Double
    public var avatarShape: AvatarShape
    /// Between the avatar and the bubble.
    public var avatarGap: Double
    /// Between the bubble's edge and its text.
    public var textInsets: EdgeInsets
    /// A Unicode date pattern (`MM-dd HH:mm:ss`) for the time label.
    public var timeFormat: String
}

/// One direction's bubble image as `theme.json` names it.
public struct BubbleImageSpec: Sendable, Equatable {
    /// The image's base name inside the theme directory: `bubble_out` means
    /// `bubble_out@1x.png`, `bubble_out@2x.png`, `bubble_out@3x.png` (any of them).
    public var image: String
    public var capInsets: EdgeInsets
    public var mode: SliceMode
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
    /// `bottom` (from the image's top), its point at height `tip`.
    public var tailWidth: Double
    public var tailTop: Double
    public var tailBottom: Double
    public var tailTip: Double
    /// The border line's width in device pixels at every scale (crisp hairline).
    public var borderPixels: Double
    public var scales: [Int]
    public var outgoing: BubbleArtColors
    /// Nil when the theme mirrors the outgoing bubble.
    public var incoming: BubbleArtColors?
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
