import BubbleArchive
import BubbleText
import Foundation

/// Which side of the screen a bubble sits on.
public enum BubbleDirection: String, Sendable, Equatable, Codable {
    case outgoing, incoming
}

/// An image message: the bytes for drawing and the pixel size from its header (the size it
/// is shown at is the layout's business).
public struct ImageContent: Sendable, Equatable {
    /// `png`, `jpeg`, `gif`, `webp`.
    public var format: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var bytes: Data

    public init(format: String, pixelWidth: Int, pixelHeight: Int, bytes: Data) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.bytes = bytes
    }
}

/// A voice message: its duration and the recording (the bubble's width is the layout's).
public struct AudioContent: Sendable, Equatable {
    public var duration: Double
    public var bytes: Data

    public init(duration: Double, bytes: Data) {
        self.duration = duration
        self.bytes = bytes
    }
}

/// What a bubble shows.
public enum BubbleContent: Sendable, Equatable {
    /// Text with its styles (plain text has none).
    case text(StyledText)
    case image(ImageContent)
    case audio(AudioContent)
    /// An out-of-band file or link: its URL and the file name shown.
    case link(url: String, fileName: String)
    /// An out-of-band image that is not at hand (no `--media` folder, or not in it): drawn as
    /// an image placeholder with its file name.
    case remoteImage(url: String, fileName: String)
    /// A message that cannot be shown as itself, with the visible text that replaces it.
    case placeholder(String)
    /// A message its sender deleted: only the theme's wording is shown, never the text.
    case tombstone(String)
}

/// Another message quoted at the top of a bubble (a reply).
public struct QuotedMessage: Sendable, Equatable {
    /// The quoted message's source, when it is in the conversation.
    public var source: String?
    public var senderName: String
    /// Its current text; the layout shows one or two lines of it.
    public var text: StyledText

    public init(source: String?, senderName: String, text: StyledText) {
        self.source = source
        self.senderName = senderName
        self.text = text
    }
}

/// One emoji under a bubble, summed over the people who reacted with it.
public struct Reaction: Sendable, Equatable {
    public var emoji: String
    public var count: Int
    /// The account itself is one of them: the chip is marked.
    public var includesOwn: Bool

    public init(emoji: String, count: Int, includesOwn: Bool) {
        self.emoji = emoji
        self.count = count
        self.includesOwn = includesOwn
    }
}

/// How far an outgoing message got: the ticks beside its time.
public enum DeliveryStatus: String, Sendable, Equatable, CaseIterable {
    case sent, delivered, read
}

/// Everything the layout and the renderer need about one message, and nothing of SQL or XML.
public struct BubbleModel: Sendable, Equatable {
    /// The message's source identity (`row 17` or a JSON id), for receipts and warnings.
    public var source: String
    public var direction: BubbleDirection
    public var sender: Participant
    /// The name shown above the bubble: nickname, else the JID's local part.
    public var senderName: String
    public var time: Date
    /// Delivered late (XEP-0203 delay): the renderer adds a small mark.
    public var delayed: Bool
    public var content: BubbleContent
    /// A message this one replies to, shown as a quote block inside the bubble.
    public var quote: QuotedMessage?
    public var reactions: [Reaction]
    /// For outgoing messages whose receipts are known.
    public var status: DeliveryStatus?
    /// The text was corrected after it was sent.
    public var edited: Bool
    /// Per-message problems, each naming the message.
    public var warnings: [String]

    public init(source: String, direction: BubbleDirection, sender: Participant, senderName: String,
                time: Date, delayed: Bool, content: BubbleContent, quote: QuotedMessage? = nil,
                reactions: [Reaction] = [], status: DeliveryStatus? = nil, edited: Bool = false,
                warnings: [String] = []) {
        self.source = source
        self.direction = direction
        self.sender = sender
        self.senderName = senderName
        self.time = time
        self.delayed = delayed
        self.content = content
        self.quote = quote
        self.reactions = reactions
        self.status = status
        self.edited = edited
        self.warnings = warnings
    }
}
