/// A rectangle in points, origin top-left.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// Distances inward from the four edges of a rectangle, in points: text insets inside a
/// bubble, and the cap insets of a nine-slice image.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

    /// The same insets with left and right exchanged (a mirrored bubble).
    public var mirrored: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }
}

/// The geometry a theme gives the layout; the classic values are the origin app's numbers.
public struct LayoutMetrics: Sendable, Equatable {
    /// Screen edge to avatar, and above and below each row.
    public var margin: Double
    public var avatarSize: Double
    /// Avatar to bubble.
    public var avatarGap: Double
    /// Bubble edge to text.
    public var textInsets: EdgeInsets
    /// Text to the far screen edge, at the least (20 in the origin app: text width = W − 90).
    public var textFarGap: Double
    /// Height of the band above the bubble that holds nickname and time (the avatar's height).
    public var headerHeight: Double
    public var textFontSize: Double
    public var nameFontSize: Double
    public var timeFontSize: Double
    /// Image messages are shown at most this wide.
    public var maxImageWidth: Double
    /// `MM-dd HH:mm:ss` in the origin app.
    public var timeFormat: String

    public init(margin: Double = 10, avatarSize: Double = 40, avatarGap: Double = 10, textInsets: EdgeInsets = EdgeInsets(all: 10),
                textFarGap: Double = 20, headerHeight: Double = 40, textFontSize: Double = 16, nameFontSize: Double = 13,
                timeFontSize: Double = 11, maxImageWidth: Double = 220, timeFormat: String = "MM-dd HH:mm:ss") {
        self.margin = margin
        self.avatarSize = avatarSize
        self.avatarGap = avatarGap
        self.textInsets = textInsets
        self.textFarGap = textFarGap
        self.headerHeight = headerHeight
        self.textFontSize = textFontSize
        self.nameFontSize = nameFontSize
        self.timeFontSize = timeFontSize
        self.maxImageWidth = maxImageWidth
        self.timeFormat = timeFormat
    }

    /// The origin app: 10 margin, 40 avatar, 10 gap, 10 insets, text width W − 90, 16 pt text.
    public static let classic = LayoutMetrics()

    /// Where a bubble may start, from the avatar's side of the screen.
    public var bubbleInset: Double { margin + avatarSize + avatarGap }

    /// The widest a text line may be: W − 90 with the classic numbers.
    public func maxTextWidth(screenWidth: Double) -> Double {
        screenWidth - bubbleInset - textInsets.left - textFarGap
    }
}
