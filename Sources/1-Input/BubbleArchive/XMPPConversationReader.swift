import Foundation

/// Turns one conversation of an XMPPFramework archive into plain `Message`s. The stanza in
/// ZMESSAGESTR is the source of truth; ZBODY only stands in when the stanza has no body.
public struct XMPPConversationReader: Sendable {
    public var archive: MessageArchive
    /// Where nicknames and avatars come from; without one, the view-model shows JID local parts.
    public var vCards: VCardStore?
    public var limits: StanzaLimits

    public init(archive: MessageArchive, vCards: VCardStore? = nil, limits: StanzaLimits = .standard) {
        self.archive = archive
        self.vCards = vCards
        self.limits = limits
    }

    /// The conversation of `account` with `peer`, in the archive's time order.
    public func conversation(account: String, peer: String) throws -> Conversation {
        let rows = try archive.rows(account: account, peer: peer)
        return Conversation(account: participant(jid: account), peer: participant(jid: peer),
                            messages: rows.map { XMPPConversationReader.message(from: $0, limits: limits) })
    }

    private func participant(jid: String) -> Participant {
        vCards?.participant(jid: jid) ?? Participant(jid: jid)
    }

    /// One row as a message. Problems of the row's columns and of its stanza are kept together,
    /// so the view-model can name them all in the row's warning.
    public static func message(from row: ArchiveRow, limits: StanzaLimits = .standard) -> Message {
        let text = row.stanza ?? ""
        let stanza = text.allSatisfy(\.isWhitespace) ? nil : Stanza(parsing: text, limits: limits)
        // A stanza that failed to parse says nothing reliable: falling back to ZBODY would
        // show a body the stanza might not have had (or the very megabytes it was refused for).
        let body = stanza.map { $0.problems.isEmpty ? ($0.body ?? row.body) : $0.body } ?? row.body
        return Message(stanza: stanza, source: "row \(row.primaryKey)", outgoing: row.outgoing ?? false,
                       time: row.time ?? stanza?.delayedSince ?? Date(timeIntervalSinceReferenceDate: 0), body: body,
                       composing: row.composing ?? false, messageId: row.messageId, thread: row.thread,
                       problems: row.problems)
    }
}

extension Message {
    /// A message from its parsed stanza (nil when the source had none) and what the source
    /// knows besides: who sent it, when, and the columns an archive keeps beside the XML.
    /// Problems of the source and of the stanza are kept together for one warning.
    public init(stanza: Stanza?, source: String, outgoing: Bool, time: Date, body: String?, composing: Bool = false,
                messageId: String? = nil, thread: String? = nil, problems: [String] = []) {
        self.init(source: source, outgoing: outgoing, time: time, body: body, attachment: stanza?.attachment,
                  delayedSince: stanza?.delayedSince, chatState: stanza?.chatState, composing: composing,
                  outOfBandURL: stanza?.outOfBandURL, type: stanza?.type, stanzaId: stanza?.id ?? messageId,
                  thread: stanza?.thread ?? thread, receiptRequested: stanza?.receiptRequested ?? false,
                  receiptFor: stanza?.receiptFor, problems: problems + (stanza?.problems ?? []),
                  extensions: stanza?.extensions ?? MessageExtensions())
    }
}
