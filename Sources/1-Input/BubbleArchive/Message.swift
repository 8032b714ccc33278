import Foundation

/// Someone in a conversation, as the archive knows them.
public struct Participant: Sendable, Equatable, Hashable {
    /// Bare JID (`alice@example.com`), or the JSON format's participant id.
    public var jid: String
    /// The vCard nickname or the JSON name; nil when the source has none
    /// (the view-model then shows the JID's local part).
    public var nickname: String?
    /// Avatar photo bytes (PNG, JPEG, GIF or WebP) as stored; nil when there is none.
    public var avatar: Data?

    public init(jid: String, nickname: String? = nil, avatar: Data? = nil) {
        self.jid = jid
        self.nickname = nickname
        self.avatar = avatar
    }
}

/// One archived message, source-neutral: the XMPP reader fills it from a Core Data row and its
/// stanza, the JSON reader from the documented file format. Nothing of SQL or XML leaks past it.
public struct Message: Sendable, Equatable {
    /// Identifies the message in warnings: `"row 17"` (Core Data Z_PK) or the JSON message id.
    public var source: String
    public var outgoing: Bool
    public var time: Date
    /// Body text (the stanza's `<body>`, else ZBODY); nil when there is none.
    public var body: String?
    /// Decoded `<attachment>` bytes; nil when absent.
    public var attachment: Data?
    /// XEP-0203 delay stamp: the message was delivered late.
    public var delayedSince: Date?
    /// XEP-0085 chat state (`composing`, `paused`, `active`, `inactive`, `gone`).
    public var chatState: String? {
        get { stanzaFields.value.chatState }
        set { stanzaFields.value.chatState = newValue }
    }
    /// Core Data's ZCOMPOSING flag (older stores have none).
    public var composing: Bool
    /// XEP-0066 out-of-band URL.
    public var outOfBandURL: String?
    /// Stanza `type` (`chat`, `groupchat`, `error`, …); nil when absent.
    public var type: String? {
        get { stanzaFields.value.type }
        set { stanzaFields.value.type = newValue }
    }
    public var stanzaId: String?
    public var thread: String? {
        get { stanzaFields.value.thread }
        set { stanzaFields.value.thread = newValue }
    }
    /// XEP-0184: the sender asked for a receipt / this stanza acknowledges message `receiptFor`.
    public var receiptRequested: Bool {
        get { stanzaFields.value.receiptRequested }
        set { stanzaFields.value.receiptRequested = newValue }
    }
    public var receiptFor: String? {
        get { stanzaFields.value.receiptFor }
        set { stanzaFields.value.receiptFor = newValue }
    }
    /// The JSON format states a kind explicitly (`text`, `image`, `audio`, `file`); XMPP leaves
    /// it nil and the view-model infers it from body and attachment, as the origin app did.
    public var declaredKind: String?
    /// The JSON format may give an audio duration directly.
    public var declaredDuration: Double?
    /// The JSON format's `file` name, shown instead of the URL's last path component.
    public var fileName: String?
    /// Corrections, retractions, replies, reactions and markers (current clients' XEPs).
    public var extensions: MessageExtensions
    /// Problems found while reading this one message (bad base64, malformed stanza, …): the
    /// view-model turns them into a warning and a placeholder, and the conversation goes on.
    public var problems: [String]
    /// The stanza's fields that most messages lack (chat state, type, thread, receipts).
    private var stanzaFields: RareFields<StanzaFields>

    public init(source: String, outgoing: Bool, time: Date, body: String? = nil,
                attachment: Data? = nil, delayedSince: Date? = nil, chatState: String? = nil,
                composing: Bool = false, outOfBandURL: String? = nil, type: String? = nil,
                stanzaId: String? = nil, thread: String? = nil, receiptRequested: Bool = false,
                receiptFor: String? = nil, declaredKind: String? = nil,
                declaredDuration: Double? = nil, problems: [String] = [], fileName: String? = nil,
                extensions: MessageExtensions = MessageExtensions()) {
        self.extensions = extensions
        self.source = source
        self.outgoing = outgoing
        self.time = time
        self.body = body
        self.attachment = attachment
        self.delayedSince = delayedSince
        self.composing = composing
        self.outOfBandURL = outOfBandURL
        self.stanzaId = stanzaId
        self.declaredKind = declaredKind
        self.declaredDuration = declaredDuration
        self.problems = problems
        self.fileName = fileName
        stanzaFields = RareFields(StanzaFields(chatState: chatState, type: type, thread: thread,
                                               receiptRequested: receiptRequested, receiptFor: receiptFor))
    }

    /// Every id other messages may name this one by: the stanza's id, its XEP-0359 origin-id
    /// and the archive's stanza-ids.
    public var knownIds: [String] {
        var ids: [String] = []
        for id in [stanzaId, extensions.originId].compactMap({ $0 }) + extensions.archiveIds where !ids.contains(id) {
            ids.append(id)
        }
        return ids
    }
}

/// The rarely present stanza fields of a `Message`.
private struct StanzaFields: EmptyInitializable, Sendable, Equatable {
    var chatState: String?
    var type: String?
    var thread: String?
    var receiptRequested = false
    var receiptFor: String?
}

/// One conversation: the signed-in account, the peer, and their messages in time order.
public struct Conversation: Sendable, Equatable {
    public var account: Participant
    public var peer: Participant
    public var messages: [Message]

    public init(account: Participant, peer: Participant, messages: [Message]) {
        self.account = account
        self.peer = peer
        self.messages = messages
    }
}
