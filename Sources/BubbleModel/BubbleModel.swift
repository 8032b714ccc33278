import BubbleArchive
import Foundation

/// Which side of the screen a bubble sits on.
public enum BubbleDirection: String, Sendable, Equatable, Codable {
    case outgoing, incoming
}

/// An image message: the bytes for drawing and the sizes the layout needs.
public struct ImageContent: Sendable, Equatable {
    /// `png`, `jpeg`, `gif`, `webp`.
    public var format: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// At most 220pt wide, scaled in proportion; smaller images at natural size (1 px = 1 pt).
    public var displayWidth: Double
    public var displayHeight: Double
    public var bytes: Data

    public init(format: String, pixelWidth: Int, pixelHeight: Int, displayWidth: Double,
                displayHeight: Double, bytes: Data) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.bytes = bytes
    }
}

/// A voice message: its duration and the origin app's bubble width.
public struct AudioContent: Sendable, Equatable {
    public var duration: Double
    /// 100 + 100 × duration / 30, clamped to [100, 200].
    public var bubbleWidth: Double
    public var bytes: Data

    public init(duration: Double, bubbleWidth: Double, bytes: Data) {
        self.duration = duration
        self.bubbleWidth = bubbleWidth
        self.bytes = bytes
    }
}

/// What a bubble shows.
public enum BubbleContent: Sendable, Equatable {
    case text(String)
    case image(ImageContent)
    case audio(AudioContent)
    /// The peer is typing: three dots (only ever the newest row).
    case typing
    /// An out-of-band file or link: its URL and the file name shown.
    case link(url: String, fileName: String)
    /// A message that cannot be shown as itself, with the visible text that replaces it.
    case placeholder(String)
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
    /// Per-message problems, each naming the message.
    public var warnings: [String]

    public init(source: String, direction: BubbleDirection, sender: Participant, senderName: String,
                time: Date, delayed: Bool, content: BubbleContent, warnings: [String] = []) {
        self.source = source
        self.direction = direction
        self.sender = sender
        self.senderName = senderName
        self.time = time
        self.delayed = delayed
        self.content = content
        self.warnings = warnings
    }
}
