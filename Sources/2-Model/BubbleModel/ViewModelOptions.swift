import Foundation

/// What the view-model does beyond one item per message, and the limits that keep one
/// hostile message from making layout slow or memory-hungry. The defaults are the origin
/// app's screen: no day separators.
public struct ViewModelOptions: Sendable, Equatable {
    /// Put a day separator before the first message of each calendar day (a theme's choice).
    public var daySeparators: Bool
    /// The time zone whose calendar days separate days.
    public var timeZone: TimeZone
    /// An image header claiming more pixels than this gets a placeholder: decoding it would
    /// cost gigabytes (a 100000 × 100000 header is 40 GB of RGBA).
    public var maximumImagePixels: Int
    /// The distinct images of one conversation may add up to this many decoded pixels (200
    /// million: 800 MB of RGBA); an image past it gets a placeholder. Each distinct image
    /// counts once: the renderer decodes it once however many rows show it.
    public var maximumConversationImagePixels: Int
    /// Longer texts are cut (at a character boundary) to this many bytes of UTF-8 and end in `…`.
    /// 64 KiB is some 30 screens of text on a phone: enough for any real message.
    public var maximumTextBytes: Int
    /// XEP-0393 styling: nil draws bodies as they are (the origin app); otherwise what happens
    /// to the directive characters (`*`, `_`, `~`, `` ` ``, `>`): the spec allows both.
    public var styling: StylingDirectives?
    /// The words a retracted message shows instead of its text (a theme's wording).
    public var tombstoneText: String
    /// Where out-of-band images are looked up, by the URL's file name (`--media DIR`); nil:
    /// they are drawn as placeholders of their kind with the file name.
    public var mediaDirectory: String?
    /// Outgoing bubbles carry sent / delivered / read ticks (from XEP-0184 receipts and
    /// XEP-0333 markers); the origin app showed none.
    public var deliveryTicks: Bool

    public init(daySeparators: Bool = false, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                maximumImagePixels: Int = 50_000_000, maximumTextBytes: Int = 65_536,
                maximumConversationImagePixels: Int = 200_000_000, styling: StylingDirectives? = nil,
                tombstoneText: String = PlaceholderText.deleted, mediaDirectory: String? = nil,
                deliveryTicks: Bool = false) {
        self.deliveryTicks = deliveryTicks
        self.styling = styling
        self.tombstoneText = tombstoneText
        self.mediaDirectory = mediaDirectory
        self.daySeparators = daySeparators
        self.timeZone = timeZone
        self.maximumImagePixels = maximumImagePixels
        self.maximumConversationImagePixels = maximumConversationImagePixels
        self.maximumTextBytes = maximumTextBytes
    }

    public static let classic = ViewModelOptions()
}

/// What styled text does with the characters that asked for the style (XEP-0393 §6 lets a
/// client hide them or show them).
public enum StylingDirectives: String, Sendable, Equatable, CaseIterable {
    /// Removed from the text that is drawn and measured (the default).
    case hidden
    /// Kept, in the secondary colour.
    case dimmed
}

/// The visible texts of messages that cannot be shown as themselves.
public enum PlaceholderText {
    public static let unsupported = "[unsupported message]"
    public static let deliveryError = "[message not delivered]"
    public static let empty = "[empty message]"
    public static let imageMissing = "[image missing]"
    public static let imageUnreadable = "[image could not be shown]"
    public static let imageTooLarge = "[image too large]"
    public static let audioMissing = "[voice message missing]"
    public static let attachment = "[attachment]"
    /// A retracted (XEP-0424) message, unless the theme words it otherwise.
    public static let deleted = "message deleted"
}
