import BubbleModel
import BubbleText

/// What a row's bubble holds, laid out.
public enum RowContent: Sendable, Equatable {
    /// Text, or a placeholder's visible text: the layout that is drawn.
    case text(TextLayout)
    case image(ImageContent)
    /// A voice message: speaker icon at `icon`, the duration label's layout at `content`'s end.
    case audio(AudioContent, icon: Rect, duration: TextLayout, durationOrigin: Rect)
    /// Three dots, centred in the bubble.
    case typing
    /// A file or link: an icon and the file name's layout.
    case link(url: String, icon: Rect, name: TextLayout)
}

/// Every frame of one row, in conversation coordinates (points, origin top-left).
public struct RowLayout: Sendable, Equatable {
    public var model: BubbleModel
    /// Top of the row and its height.
    public var y: Double
    public var height: Double
    public var avatar: Rect
    public var name: Rect
    public var nameLayout: TextLayout
    public var time: Rect
    public var timeLayout: TextLayout
    public var timeText: String
    public var bubble: Rect
    /// Where the content sits: the text's box for text rows, the image for image rows.
    public var content: Rect
    public var rowContent: RowContent
    /// The small mark beside a bubble that arrived late (XEP-0203 delay), nil otherwise.
    public var delayedMark: Rect?

    public var isOutgoing: Bool { model.direction == .outgoing }

    /// The model could not be shown as itself: its text layout is a placeholder's.
    public var isPlaceholder: Bool {
        if case .placeholder = model.content { return true }
        return false
    }
}

/// A whole conversation: rows top to bottom and the total height.
public struct ConversationLayout: Sendable, Equatable {
    public var screenWidth: Double
    public var height: Double
    /// The time zone the time labels are in (an identifier such as `UTC` or `Asia/Shanghai`).
    public var timeZone: String
    public var rows: [RowLayout]
}
