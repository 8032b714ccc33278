import Foundation

/// What a message says beyond its body in a current XMPP client's stanza: the other ids it is
/// known by, and what it does to earlier messages (corrects, retracts, replies to, reacts to,
/// marks as received or read). The stanza parser fills it from the archived XML, the JSON
/// reader from the format's already-folded keys; the view-model folds both into bubbles.
public struct MessageExtensions: Sendable, Equatable {
    /// The stanza extensions below: a JSON message never has them, and inline they would add
    /// about 150 bytes to every message held.
    private var stanzaParts = RareFields<StanzaParts>()

    /// XEP-0359 `<origin-id id=…/>`: the sender's own id, which retractions and some clients'
    /// corrections and reactions name.
    public var originId: String? {
        get { stanzaParts.value.originId }
        set { stanzaParts.value.originId = newValue }
    }
    /// XEP-0359 `<stanza-id id=… by=…/>`: ids given by the archiving server (MAM).
    public var archiveIds: [String] {
        get { stanzaParts.value.archiveIds }
        set { stanzaParts.value.archiveIds = newValue }
    }
    /// XEP-0308 `<replace id=…/>`: this message is a correction of that one.
    public var replaces: String? {
        get { stanzaParts.value.replaces }
        set { stanzaParts.value.replaces = newValue }
    }
    /// XEP-0424 `<retract id=…/>` (or v0.x's `<apply-to id=…><retract/></apply-to>`): this
    /// message deletes that one.
    public var retracts: String? {
        get { stanzaParts.value.retracts }
        set { stanzaParts.value.retracts = newValue }
    }
    /// XEP-0424 `<retracted/>`: the archive already holds only the tombstone of this message.
    public var isRetracted: Bool {
        get { stanzaParts.value.isRetracted }
        set { stanzaParts.value.isRetracted = newValue }
    }
    /// XEP-0461 `<reply to=… id=…/>`.
    public var reply: ReplyReference? {
        get { stanzaParts.value.reply }
        set { stanzaParts.value.reply = newValue }
    }
    /// XEP-0428 `<fallback for=…>`: parts of the body that are only there for clients that do
    /// not understand the namespace `for`.
    public var fallbacks: [BodyFallback] {
        get { stanzaParts.value.fallbacks }
        set { stanzaParts.value.fallbacks = newValue }
    }
    /// XEP-0444 `<reactions id=…>`: the sender's whole set of reactions to that message now.
    public var reactions: ReactionUpdate? {
        get { stanzaParts.value.reactions }
        set { stanzaParts.value.reactions = newValue }
    }
    /// XEP-0333 `<received|displayed|acknowledged id=…/>`.
    public var marker: ChatMarker? {
        get { stanzaParts.value.marker }
        set { stanzaParts.value.marker = newValue }
    }
    /// XEP-0393 `<unstyled/>`: the sender asks that the body be shown without styling.
    public var unstyled = false
    /// The JSON format states the folded result directly: the text was corrected.
    public var declaredEdited = false
    /// The JSON format's `status` of an outgoing message (`sent`, `delivered`, `read`).
    public var declaredStatus: String?
    /// The JSON format's `reactions`: who reacted with which emoji, in the file's order.
    public var declaredReactions: [DeclaredReaction] = []
    /// The JSON format's `reply_to`: the id of the message quoted.
    public var declaredReplyTo: String?

    public init() {}

    /// Whether a renderer must draw nothing for this stanza itself: it only changes others.
    public var onlyChangesOthers: Bool {
        replaces != nil || retracts != nil || reactions != nil || marker != nil
    }
}

/// The extensions only XMPP stanzas carry, as `MessageExtensions` shows them.
private struct StanzaParts: EmptyInitializable, Sendable, Equatable {
    var originId: String?
    var archiveIds: [String] = []
    var replaces: String?
    var retracts: String?
    var isRetracted = false
    var reply: ReplyReference?
    var fallbacks: [BodyFallback] = []
    var reactions: ReactionUpdate?
    var marker: ChatMarker?
}

/// XEP-0461: the message replied to and, for group chats, its author.
public struct ReplyReference: Sendable, Equatable {
    public var id: String
    public var to: String?

    public init(id: String, to: String?) {
        self.id = id
        self.to = to
    }
}

/// XEP-0428: the body's range, in Unicode code points, that is fallback text for the
/// namespace `namespace`; a nil range means the whole body.
public struct BodyFallback: Sendable, Equatable {
    public var namespace: String
    public var range: Range<Int>?

    public init(namespace: String, range: Range<Int>?) {
        self.namespace = namespace
        self.range = range
    }
}

/// XEP-0444: a sender's reactions to one message; an empty set takes all of them back.
public struct ReactionUpdate: Sendable, Equatable {
    public var messageId: String
    public var emojis: [String]

    public init(messageId: String, emojis: [String]) {
        self.messageId = messageId
        self.emojis = emojis
    }
}

/// XEP-0333: how far the peer got with a message (and, by the spec, every earlier one).
public struct ChatMarker: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case received, displayed, acknowledged
    }

    public var kind: Kind
    public var messageId: String

    public init(kind: Kind, messageId: String) {
        self.kind = kind
        self.messageId = messageId
    }
}

/// One person's reaction, as the JSON format lists it.
public struct DeclaredReaction: Sendable, Equatable {
    public var from: String
    public var emoji: String

    public init(from: String, emoji: String) {
        self.from = from
        self.emoji = emoji
    }
}

/// The namespaces of current XMPP clients' message extensions.
public enum ExtensionNamespace {
    public static let correction = "urn:xmpp:message-correct:0"
    public static let retraction = "urn:xmpp:message-retract:1"
    public static let retractionV0 = "urn:xmpp:message-retract:0"
    public static let fasten = "urn:xmpp:fasten:0"
    public static let reply = "urn:xmpp:reply:0"
    public static let fallback = "urn:xmpp:fallback:0"
    public static let reactions = "urn:xmpp:reactions:0"
    public static let markers = "urn:xmpp:chat-markers:0"
    public static let stanzaIds = "urn:xmpp:sid:0"
    public static let styling = "urn:xmpp:styling:0"
}
