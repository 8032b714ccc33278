import BubbleArchive
import BubbleText
import Foundation

/// Folds the stanzas that change other messages (XEP-0308 corrections, XEP-0424 retractions,
/// XEP-0444 reactions, XEP-0184 receipts, XEP-0333 markers) into the messages they name, so
/// that each message is drawn once, as the user last saw it. Such stanzas never become rows.
/// Only the sender of a message may correct or retract it: anything else is a warning and is
/// ignored, as clients do (otherwise anyone could rewrite anyone's words).
struct ConversationFolding {
    /// What happens to one message of the conversation.
    enum Fate: Equatable {
        /// Drawn, with what later stanzas did to it.
        case shown(MessageChanges)
        /// Not drawn: it only changed other messages (or changed nothing it was allowed to).
        case folded
    }

    /// What later stanzas (and the JSON format's folded keys) did to a shown message.
    struct MessageChanges: Equatable {
        /// The text of the last correction.
        var correctedBody: String?
        var edited = false
        var retracted = false
        /// Each person's current reactions, in the order people first reacted.
        var reactionsByPerson: [(person: String, emojis: [String])] = []
        var status: DeliveryStatus?
        /// The message quoted by this one's XEP-0461 reply, when it is in the conversation.
        var quotedIndex: Int?
        /// The body without its XEP-0428 fallback parts for extensions folded here.
        var strippedBody: String?

        static func == (lhs: MessageChanges, rhs: MessageChanges) -> Bool {
            lhs.correctedBody == rhs.correctedBody && lhs.edited == rhs.edited && lhs.retracted == rhs.retracted
                && lhs.reactionsByPerson.map(\.person) == rhs.reactionsByPerson.map(\.person)
                && lhs.reactionsByPerson.map(\.emojis) == rhs.reactionsByPerson.map(\.emojis)
                && lhs.status == rhs.status && lhs.quotedIndex == rhs.quotedIndex && lhs.strippedBody == rhs.strippedBody
        }
    }

    private(set) var fates: [Fate]
    /// Warnings of stanzas that name messages not in the conversation (or not theirs), by index.
    private(set) var warnings: [Int: [String]] = [:]
    private let messages: [Message]
    private let account: Participant
    private let peer: Participant
    /// Every id a message is known by → its index (the first message wins a shared id).
    private var indexById: [String: Int] = [:]
    /// The highest status (`rank`) a chat marker gives the message at an index and all before it.
    private var markerReach: [Int: Int] = [:]
    /// Where each correction chain walked so far started.
    private var originCache: [Int: Int] = [:]

    init(conversation: Conversation, tracksDelivery: Bool) {
        messages = conversation.messages
        account = conversation.account
        peer = conversation.peer
        fates = messages.map { _ in .shown(MessageChanges()) }
        for (index, message) in messages.enumerated() {
            for id in message.knownIds where indexById[id] == nil { indexById[id] = index }
        }
        for index in messages.indices { fold(index) }
        applyMarkers()
        for index in messages.indices { applyDeclared(index) }
        if tracksDelivery { settleDelivery() }
    }

    func changes(at index: Int) -> MessageChanges? {
        if case .shown(let changes) = fates[index] { return changes }
        return nil
    }

    private func sender(of message: Message) -> String { message.outgoing ? account.jid : peer.jid }

    private mutating func change(_ index: Int, _ body: (inout MessageChanges) -> Void) {
        guard case .shown(var changes) = fates[index] else { return }
        body(&changes)
        fates[index] = .shown(changes)
    }

    private mutating func warn(_ index: Int, _ problem: String) {
        warnings[index, default: []].append("\(messages[index].source): \(problem)")
    }

    /// The message `id` names, for a stanza at `index`; a warning naming both when it is not here.
    private mutating func target(_ id: String, from index: Int, what: String) -> Int? {
        guard let found = indexById[id], found != index else {
            let own = messages[index].stanzaId.map { " with id '\($0)'" } ?? ""
            warn(index, "\(what)\(own) names message '\(id)', which is not in this conversation")
            return nil
        }
        return found
    }

    /// The message a correction chain started from: XEP-0308 names the original, but some
    /// clients name the previous correction instead. Each walk is remembered for every message
    /// on it, so a chain of any length costs linear time overall.
    private mutating func original(_ index: Int) -> Int {
        var path: [Int] = []
        var seen: Set<Int> = []
        var current = index
        while originCache[current] == nil, seen.insert(current).inserted,
              let id = messages[current].extensions.replaces, let next = indexById[id] {
            path.append(current)
            current = next
        }
        let origin = originCache[current] ?? current
        for step in path { originCache[step] = origin }
        return origin
    }

    private mutating func fold(_ index: Int) {
        let message = messages[index]
        let extensions = message.extensions
        if let id = extensions.replaces, let found = target(id, from: index, what: "a correction (XEP-0308)") {
            let origin = original(found)
            if sender(of: messages[origin]) == sender(of: message) {
                change(origin) {
                    $0.correctedBody = message.body ?? ""
                    $0.edited = true
                }
                fates[index] = .folded
            } else {
                warn(index, "a correction (XEP-0308) of message '\(id)' from someone else than its sender is ignored")
            }
        }
        if let id = extensions.retracts {
            fates[index] = .folded  // its body is only the XEP-0428 fallback sentence
            if let found = target(id, from: index, what: "a retraction (XEP-0424)") {
                let origin = original(found)
                if sender(of: messages[origin]) == sender(of: message) {
                    change(origin) { $0.retracted = true }
                } else {
                    warn(index, "a retraction (XEP-0424) of message '\(id)' from someone else than its sender is ignored")
                }
            }
        }
        if extensions.isRetracted { change(index) { $0.retracted = true } }
        if let update = extensions.reactions {
            fates[index] = .folded
            if let found = target(update.messageId, from: index, what: "a reaction (XEP-0444)") {
                setReactions(of: original(found), person: sender(of: message), emojis: update.emojis)
            }
        }
        if let marker = extensions.marker {
            if isBlank(message) { fates[index] = .folded }
            if let found = target(marker.messageId, from: index, what: "a chat marker (XEP-0333)"), !message.outgoing {
                let status: DeliveryStatus = marker.kind == .received ? .delivered : .read
                markerReach[found] = max(markerReach[found] ?? 0, Self.rank(status))
            }
        }
        if let id = message.receiptFor {
            if isBlank(message) { fates[index] = .folded }
            if !id.isEmpty, let found = target(id, from: index, what: "a receipt (XEP-0184)"), !message.outgoing {
                markDelivery(of: found, .delivered)
            }
        }
        if message.declaredKind == nil, message.chatState != nil, message.chatState != "composing", isBlank(message) {
            fates[index] = .folded  // a bare chat state: the peer became active, paused, left
        }
        if let reply = extensions.reply {
            let found = target(reply.id, from: index, what: "a reply (XEP-0461)")
            let quoted = found.map { original($0) }
            // A reply to a message that is not here keeps its fallback quote: it is all the
            // reader has of what was answered.
            let stripped = found == nil ? nil : FallbackText.strip(message.body, extensions.fallbacks, for: ExtensionNamespace.reply)
            change(index) {
                $0.quotedIndex = quoted
                $0.strippedBody = stripped
            }
        }
    }

    /// The JSON format's keys: the folding is already done, only the quote is looked up.
    private mutating func applyDeclared(_ index: Int) {
        let message = messages[index]
        let extensions = message.extensions
        if extensions.declaredEdited { change(index) { $0.edited = true } }
        if let status = extensions.declaredStatus.flatMap(DeliveryStatus.init(rawValue:)) { change(index) { $0.status = status } }
        for reaction in extensions.declaredReactions {
            var emojis = reactions(of: index, person: reaction.from)
            if !emojis.contains(reaction.emoji) { emojis.append(reaction.emoji) }
            setReactions(of: index, person: reaction.from, emojis: emojis)
        }
        if let id = extensions.declaredReplyTo, let found = target(id, from: index, what: "reply_to") {
            change(index) { $0.quotedIndex = found }
        }
    }

    private func reactions(of index: Int, person: String) -> [String] {
        changes(at: index)?.reactionsByPerson.first { $0.person == person }?.emojis ?? []
    }

    /// XEP-0444: a person's newest reactions stanza replaces all their earlier ones.
    private mutating func setReactions(of index: Int, person: String, emojis: [String]) {
        change(index) { changes in
            if let at = changes.reactionsByPerson.firstIndex(where: { $0.person == person }) {
                changes.reactionsByPerson[at].emojis = emojis
            } else {
                changes.reactionsByPerson.append((person, emojis))
            }
        }
    }

    private mutating func markDelivery(of index: Int, _ status: DeliveryStatus) {
        guard messages[index].outgoing else { return }
        change(index) { changes in
            if (changes.status.map(Self.rank) ?? -1) < Self.rank(status) { changes.status = status }
        }
    }

    /// XEP-0333 §4: a marker also marks every earlier message of the same sender. One sweep
    /// from the newest message back, so that an archive of markers costs linear time.
    private mutating func applyMarkers() {
        var reach = -1
        for index in messages.indices.reversed() {
            reach = max(reach, markerReach[index] ?? -1)
            if reach >= 0 { markDelivery(of: index, DeliveryStatus.allCases[reach]) }
        }
    }

    /// Every outgoing message shown with no receipt yet was at least sent.
    private mutating func settleDelivery() {
        for index in messages.indices where messages[index].outgoing {
            change(index) { if $0.status == nil { $0.status = .sent } }
        }
    }

    private static func rank(_ status: DeliveryStatus) -> Int {
        DeliveryStatus.allCases.firstIndex(of: status) ?? 0
    }

    private func isBlank(_ message: Message) -> Bool {
        (message.body ?? "").allSatisfy(\.isWhitespace) && message.attachment == nil && message.outOfBandURL == nil
    }
}

/// XEP-0428 fallback text: the parts of a body meant for clients without an extension.
enum FallbackText {
    /// `body` without the ranges marked as fallback for `namespace` (code-point offsets,
    /// clamped to the body); nil when nothing is marked.
    static func strip(_ body: String?, _ fallbacks: [BodyFallback], for namespace: String) -> String? {
        guard let body else { return nil }
        let ranges = fallbacks.filter { $0.namespace == namespace }.map(\.range)
        guard !ranges.isEmpty else { return nil }
        if ranges.contains(where: { $0 == nil }) { return "" }
        let scalars = Array(body.unicodeScalars)
        var keep = [Bool](repeating: true, count: scalars.count)
        for case let range? in ranges {
            let lower = min(range.lowerBound, scalars.count), upper = min(range.upperBound, scalars.count)
            for offset in lower..<upper { keep[offset] = false }
        }
        var result = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() where keep[offset] { result.append(scalar) }
        return String(result)
    }
}
