import BubbleArchive
import BubbleModel
import BubbleText

/// A laid-out text and where it goes, in conversation coordinates (top-left of its box).
public struct PlacedText: Sendable, Equatable {
    public var frame: Rect
    public var layout: TextLayout

    public init(frame: Rect, layout: TextLayout) {
        self.frame = frame
        self.layout = layout
    }
}

/// What a row's bubble holds, laid out.
public enum RowContent: Sendable, Equatable {
    /// Text (a message, a placeholder's or a tombstone's words): the layout that is drawn.
    case text(TextLayout)
    case image(ImageContent)
    /// A voice message: speaker icon at `icon`, the duration label's layout at `content`'s end.
    case audio(AudioContent, icon: Rect, duration: TextLayout, durationOrigin: Rect)
    /// Three dots, centred in the bubble.
    case typing
    /// A file or link: an icon and the file name's layout.
    case link(url: String, icon: Rect, name: TextLayout)
    /// An out-of-band image not at hand: a picture icon and its file name.
    case remoteImage(url: String, icon: Rect, name: TextLayout)
    /// One to three emoji at the theme's large size, drawn with no bubble image: `content` is
    /// the emoji's box and `bubble` encloses it and the time below it.
    case jumbomoji(TextLayout)

    /// Whether the bubble image is drawn behind the content.
    public var hasBubbleImage: Bool {
        if case .jumbomoji = self { return false }
        return true
    }
}

/// A reply's quote block inside the bubble: a bar, the quoted sender, one or two lines.
public struct QuoteLayout: Sendable, Equatable {
    public var bar: Rect
    public var name: PlacedText
    public var text: PlacedText
}

/// One reaction chip under a bubble.
public struct ReactionChip: Sendable, Equatable {
    public var frame: Rect
    /// The emoji and, for more than one person, the count: one text.
    public var label: PlacedText
    public var includesOwn: Bool
}

/// Ticks beside the time of an outgoing message.
public struct StatusMark: Sendable, Equatable {
    public var status: DeliveryStatus
    public var frame: Rect
}

/// A message bubble's row (or the typing row): every frame, in conversation coordinates.
/// Avatar, name and time are optional: inside a group, or with the time in the bubble, a
/// row has only some of them.
public struct BubbleRowLayout: Sendable, Equatable {
    public var direction: BubbleDirection
    public var sender: Participant
    public var senderName: String
    /// The message; nil for the typing row.
    public var message: BubbleModel?
    public var avatar: Rect?
    public var name: PlacedText?
    public var time: PlacedText?
    public var timeText: String
    public var bubble: Rect
    /// Whether the bubble image with its tail is drawn (the theme's `grouping.tail` bubble of a
    /// group, or always).
    public var hasTail: Bool
    /// Where the content sits: the text's box for text rows, the image for image rows.
    public var content: Rect
    public var rowContent: RowContent
    /// The small mark beside a bubble that arrived late (XEP-0203 delay), nil otherwise.
    public var delayedMark: Rect?
    public var quote: QuoteLayout?
    /// "edited", beside the time.
    public var edited: PlacedText?
    public var status: StatusMark?
    public var reactions: [ReactionChip]

    public var isOutgoing: Bool { direction == .outgoing }
}

/// A centred label row: a day separator (in a pill) or a system notice.
public struct LabelRowLayout: Sendable, Equatable {
    public var label: PlacedText
    /// The pill behind the label.
    public var background: Rect
}

/// One row of the conversation: its item's source, its band of the screen and its kind.
public struct RowLayout: Sendable, Equatable {
    public var source: String
    /// Top of the row and its height.
    public var y: Double
    public var height: Double
    public var kind: Kind

    public enum Kind: Sendable, Equatable {
        case bubble(BubbleRowLayout)
        case daySeparator(LabelRowLayout)
        case notice(LabelRowLayout)
    }

    public init(source: String, y: Double, height: Double, kind: Kind) {
        self.source = source
        self.y = y
        self.height = height
        self.kind = kind
    }

    /// The bubble row, when this row is one.
    public var bubble: BubbleRowLayout? {
        if case .bubble(let row) = kind { return row }
        return nil
    }
}

/// A whole conversation: rows top to bottom and the total height.
public struct ConversationLayout: Sendable, Equatable {
    public var screenWidth: Double
    public var height: Double
    /// The time zone the time labels are in (an identifier such as `UTC` or `Asia/Shanghai`).
    public var timeZone: String
    public var rows: [RowLayout]

    /// `rows` may be a stretch of the conversation (the rows one page shows), placed at their
    /// tops in the whole, with the whole's `height`.
    public init(screenWidth: Double, height: Double, timeZone: String, rows: [RowLayout]) {
        self.screenWidth = screenWidth
        self.height = height
        self.timeZone = timeZone
        self.rows = rows
    }
}
