import BubbleText
/// The geometry a theme gives the layout: every length, size and rule of a row, in one
/// place. The classic values are the origin app's numbers; the formulas here are the only
/// ones (`bubbles measure` and the layouter both call them).
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
    /// The origin app's one-line minimum: a text lower than this still gets a bubble this high.
    public var minimumTextHeight: Double
    public var textFontSize: Double
    /// Tab stops of message text, points apart (theme `text.tab_interval`; NSParagraphStyle's 28).
    public var tabInterval: Double = TextStyle.defaultTabInterval
    /// Where Korean message text may break (theme `text.line_break_strategy`, `--line-break-strategy`).
    public var lineBreakStrategy: LineBreakStrategy = .standard
    public var nameFontSize: Double
    public var timeFontSize: Double
    /// Image messages are shown at most this wide, scaled in proportion.
    public var maxImageWidth: Double
    /// …and at most this tall (2 × 220 in the origin app's proportions): a taller image
    /// shows its middle, at the bubble's width. A 1 × 30,000 px strip would otherwise be a
    /// 30,000 pt row, more than PDF, SVG or a Cairo surface takes.
    public var maxImageHeight: Double
    /// Voice bubbles grow from `audioWidths.lowerBound` by the recording's share of
    /// `audioLongestRecording` seconds to `audioWidths.upperBound`.
    public var audioWidths: ClosedRange<Double>
    public var audioLongestRecording: Double
    /// `MM-dd HH:mm:ss` in the origin app.
    public var timeFormat: String
    /// Where the time label goes: the origin app's header band, or inside the bubble.
    public var timePlacement: TimePlacement
    /// Runs of one sender's messages that share one header and avatar; nil: every message
    /// has its own (the origin app).
    public var grouping: Grouping?
    /// A fixed Unicode date pattern for day separators (`EEEE, d MMMM yyyy`), the same in
    /// every locale; nil: `daySeparatorTemplate` in the layouter's locale.
    public var daySeparatorFormat: String?
    /// A date skeleton (`MMMEEEd`) that each locale orders and words its own way: "Fri, Mar 8"
    /// in English, "3月8日周五" in Chinese. iOS shows day separators so (offline there is no
    /// "Today" to say).
    public var daySeparatorTemplate: String
    /// Point sizes of a message that is only one, two or three emoji, drawn without a bubble
    /// (`[48, 40, 32]`); nil: such messages are ordinary text (the origin app).
    public var jumbomojiSizes: [Double]?
    /// Quote blocks, reaction chips, status ticks and label rows.
    public var parts: PartMetrics
    /// Whether the account's own rows have an avatar and a name (the origin app); without
    /// them, as in current apps, outgoing bubbles reach to the margin.
    public var showsOwnAvatarAndName = true

    public enum TimePlacement: String, Sendable, Equatable, CaseIterable {
        /// Above the bubble, beside the name (the origin app).
        case header
        /// In the bubble's bottom corner after the text, as current chat apps do.
        case bubble
    }

    /// Consecutive messages of one sender less than `window` seconds apart form a group:
    /// the first has the name, the bubble at `tail` has the avatar and the bubble's tail,
    /// and rows inside are `spacing` apart.
    public struct Grouping: Sendable, Equatable {
        public var window: Double
        public var spacing: Double
        public var tail: TailPlace
        public init(window: Double, spacing: Double = 2, tail: TailPlace = .last) {
            self.window = window
            self.spacing = spacing
            self.tail = tail
        }
    }

    /// Which bubble of a group points at its sender: iMessage and Telegram mark the last
    /// (nearest the next speaker), WhatsApp the first (under the name). The avatar goes with
    /// the tail, so the two always point at each other.
    public enum TailPlace: String, Sendable, Equatable, CaseIterable {
        case first, last
    }

    public init(margin: Double = 10, avatarSize: Double = 40, avatarGap: Double = 10,
                textInsets: EdgeInsets = EdgeInsets(all: 10), textFarGap: Double = 20, headerHeight: Double = 40,
                minimumTextHeight: Double = 20, textFontSize: Double = 16, nameFontSize: Double = 13,
                timeFontSize: Double = 11, maxImageWidth: Double = 220, maxImageHeight: Double = 440, audioWidths: ClosedRange<Double> = 100...200,
                audioLongestRecording: Double = 30, timeFormat: String = "MM-dd HH:mm:ss",
                timePlacement: TimePlacement = .header, grouping: Grouping? = nil,
                daySeparatorFormat: String? = nil, daySeparatorTemplate: String = "MMMEEEd",
                jumbomojiSizes: [Double]? = nil, parts: PartMetrics = PartMetrics()) {
        self.margin = margin
        self.avatarSize = avatarSize
        self.avatarGap = avatarGap
        self.textInsets = textInsets
        self.textFarGap = textFarGap
        self.headerHeight = headerHeight
        self.minimumTextHeight = minimumTextHeight
        self.textFontSize = textFontSize
        self.nameFontSize = nameFontSize
        self.timeFontSize = timeFontSize
        self.maxImageWidth = maxImageWidth
        self.maxImageHeight = maxImageHeight
        self.audioWidths = audioWidths
        self.audioLongestRecording = audioLongestRecording
        self.timeFormat = timeFormat
        self.timePlacement = timePlacement
        self.grouping = grouping
        self.daySeparatorFormat = daySeparatorFormat
        self.daySeparatorTemplate = daySeparatorTemplate
        self.jumbomojiSizes = jumbomojiSizes
        self.parts = parts
    }

    /// The origin app: 10 margin, 40 avatar, 10 gap, 10 insets, text width W − 90, 16 pt text.
    public static let classic = LayoutMetrics()

    /// Where a bubble may start, from the avatar's side of the screen.
    public var bubbleInset: Double { margin + avatarSize + avatarGap }

    /// The widest a text line may be: W − 90 with the classic numbers.
    public func maxTextWidth(screenWidth: Double) -> Double {
        screenWidth - bubbleInset - textInsets.left - textFarGap
    }

    /// A text bubble's height: the text (at least one line's minimum) and the insets.
    public func textBubbleHeight(contentHeight: Double) -> Double {
        max(contentHeight, minimumTextHeight) + textInsets.top + textInsets.bottom
    }

    /// The row above and below a bubble with its own header: margin, name band, margin.
    public var rowChrome: Double { margin + headerHeight + margin }

    /// The origin app's row height for a text of height `h`: h > 20 ? h + 20 + 60 : 40 + 60
    /// with the classic numbers (text, 10 pt insets, 10 margin, 40 band, 10 margin).
    public func textRowHeight(textHeight h: Double) -> Double {
        rowChrome + textBubbleHeight(contentHeight: h)
    }

    /// At most `maxImageWidth` wide, scaled in proportion; smaller images at natural size
    /// (1 px = 1 pt, as the origin app drew them). Then at most `maxImageHeight` tall, the
    /// width kept: the renderer fills the bubble and crops the image's top and bottom.
    public func imageDisplaySize(pixelWidth: Int, pixelHeight: Int) -> (width: Double, height: Double) {
        let width = Double(pixelWidth), height = Double(pixelHeight)
        let shown = width > maxImageWidth ? (maxImageWidth, height * maxImageWidth / width) : (width, height)
        return (shown.0, min(shown.1, maxImageHeight))
    }

    /// 100 + 100 × duration / 30, clamped to [100, 200] with the classic numbers: recordings
    /// stop at 30 s.
    public func audioBubbleWidth(duration: Double) -> Double {
        let span = audioWidths.upperBound - audioWidths.lowerBound
        return min(audioWidths.upperBound, max(audioWidths.lowerBound,
                                              audioWidths.lowerBound + span * duration / audioLongestRecording))
    }
}

/// Sizes of the parts a modern bubble can carry, and of the rows that are not bubbles.
public struct PartMetrics: Sendable, Equatable {
    /// Quote block: a bar on the leading edge, the quoted sender's name and at most
    /// `quoteLines` lines of the quoted text at `quoteFontSize`, `quoteSpacing` above the content.
    public var quoteBarWidth = 3.0
    public var quoteBarGap = 8.0
    public var quoteFontSize = 14.0
    public var quoteLines = 2
    public var quoteSpacing = 6.0
    /// Reaction chips under the bubble.
    public var reactionFontSize = 13.0
    public var reactionHeight = 24.0
    public var reactionPadding = 8.0
    public var reactionGap = 4.0
    /// Status ticks (sent, delivered, read) beside the time.
    public var statusSize = 14.0
    /// Between the time (and ticks) and the text when the time is inside the bubble.
    public var metaGap = 6.0
    /// Day separators and notices: label size, space above and below, the pill's padding.
    public var labelFontSize = 12.0
    public var labelRowMargin = 8.0
    public var labelPadding = EdgeInsets(top: 3, left: 10, bottom: 3, right: 10)

    public init() {}
}

extension LayoutMetrics {
    /// The style of message text (bodies, quotes): its size and width with the theme's tab
    /// stops and line-break strategy.
    public func messageTextStyle(fontSize: Double, maxWidth: Double) -> TextStyle {
        TextStyle(fontSize: fontSize, maxWidth: maxWidth, tabInterval: tabInterval, lineBreakStrategy: lineBreakStrategy)
    }
}
