import Foundation

/// One row of ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT, columns as stored (NULL → nil).
/// Nothing is interpreted here beyond the column types: the stanza parser and the view-model
/// decide what a row means, and turn `problems` into a warning and a placeholder.
public struct ArchiveRow: Sendable, Equatable {
    /// Core Data's Z_PK: identifies the row in warnings (`row 17`).
    public var primaryKey: Int64
    /// ZOUTGOING.
    public var outgoing: Bool?
    /// ZCOMPOSING (always nil in the older model version, which has no such column).
    public var composing: Bool?
    /// ZTIMESTAMP: seconds since 2001-01-01T00:00:00Z (Core Data's reference date).
    public var timestamp: Double?
    /// ZBAREJIDSTR: the peer's bare JID.
    public var peer: String?
    /// ZSTREAMBAREJIDSTR: the signed-in account's bare JID.
    public var account: String?
    /// ZBODY.
    public var body: String?
    /// ZMESSAGEID (always nil in the older model version).
    public var messageId: String?
    /// ZMESSAGESTR: the whole `<message>` stanza as compact XML.
    public var stanza: String?
    /// ZTHREAD.
    public var thread: String?
    /// What is wrong with this row's columns, e.g. `ZBODY holds a 12-byte blob, not text`,
    /// `ZTIMESTAMP is NULL`. Empty for a clean row.
    public var problems: [String]

    public init(primaryKey: Int64, outgoing: Bool? = nil, composing: Bool? = nil,
                timestamp: Double? = nil, peer: String? = nil, account: String? = nil,
                body: String? = nil, messageId: String? = nil, stanza: String? = nil,
                thread: String? = nil, problems: [String] = []) {
        self.primaryKey = primaryKey
        self.outgoing = outgoing
        self.composing = composing
        self.timestamp = timestamp
        self.peer = peer
        self.account = account
        self.body = body
        self.messageId = messageId
        self.stanza = stanza
        self.thread = thread
        self.problems = problems
    }

    /// ZTIMESTAMP as a date, when there is one.
    public var time: Date? { timestamp.map { Date(timeIntervalSinceReferenceDate: $0) } }
}

/// One conversation of the archive as `bubbles list` shows it.
public struct ConversationSummary: Sendable, Equatable {
    /// ZSTREAMBAREJIDSTR: the signed-in account.
    public var account: String
    /// ZBAREJIDSTR: the peer.
    public var peer: String
    /// Rows in the conversation (a composing row counts: it is drawn as a bubble too).
    public var messageCount: Int
    /// ZTIMESTAMP of the newest row (the last in `rows(account:peer:)` order); nil when NULL.
    public var lastTime: Date?
    /// ZBODY of that newest row.
    public var lastBody: String?

    public init(account: String, peer: String, messageCount: Int, lastTime: Date?, lastBody: String?) {
        self.account = account
        self.peer = peer
        self.messageCount = messageCount
        self.lastTime = lastTime
        self.lastBody = lastBody
    }
}

/// Which XMPPFramework Core Data model wrote the store.
public enum ArchiveModelVersion: String, Sendable, Equatable {
    /// The older model: no ZCOMPOSING and no ZMESSAGEID columns.
    case withoutComposingAndMessageId
    /// The current model, with ZCOMPOSING and ZMESSAGEID.
    case withComposingAndMessageId
}
