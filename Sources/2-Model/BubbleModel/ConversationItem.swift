import BubbleArchive
import BubbleText
import Foundation

/// One entry of a conversation as the screen shows it, in order: a message bubble, the
/// peer's typing row, a day separator, or a notice from the system. Each kind lays out its
/// own way (`BubbleLayout.RowLayout.Kind`).
public enum ConversationItem: Sendable, Equatable {
    case message(BubbleModel)
    case typing(TypingIndicator)
    case daySeparator(DaySeparator)
    case notice(SystemNotice)

    /// The item's source identity, for receipts and warnings.
    public var source: String {
        switch self {
        case .message(let model): model.source
        case .typing(let typing): typing.source
        case .daySeparator(let separator): separator.source
        case .notice(let notice): notice.source
        }
    }

    /// The message, when this item is one.
    public var message: BubbleModel? {
        if case .message(let model) = self { return model }
        return nil
    }
}

/// Someone is typing: three dots in a bubble on their side.
public struct TypingIndicator: Sendable, Equatable {
    public var source: String
    public var direction: BubbleDirection
    public var sender: Participant
    public var senderName: String
    public var time: Date

    public init(source: String, direction: BubbleDirection, sender: Participant, senderName: String, time: Date) {
        self.source = source
        self.direction = direction
        self.sender = sender
        self.senderName = senderName
        self.time = time
    }
}

/// The first message of a new calendar day follows this: the theme formats the date.
public struct DaySeparator: Sendable, Equatable {
    /// `day 2024-05-01`.
    public var source: String
    /// The time of the first message of the day (the theme's format shows its date).
    public var date: Date

    public init(source: String, date: Date) {
        self.source = source
        self.date = date
    }
}

/// A line from the system rather than a person ("Alice changed the subject"), centred.
public struct SystemNotice: Sendable, Equatable {
    public var source: String
    public var time: Date?
    public var text: StyledText

    public init(source: String, time: Date?, text: StyledText) {
        self.source = source
        self.time = time
        self.text = text
    }
}
