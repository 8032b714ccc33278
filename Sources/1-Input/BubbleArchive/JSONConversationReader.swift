import Foundation

/// Reads the documented JSON conversation format (docs/json-format.md,
/// Schemas/conversation.schema.json), for conversations that never were on XMPP. The whole file
/// is checked before anything is returned, and every problem is reported with its JSON path.
public struct JSONConversationReader: Sendable {
    /// The one format version this reader understands.
    public static let formatVersion = 1
    public static let messageKinds = ["text", "image", "audio", "file", "typing"]
    /// The keys of the document, of a participant and of a media reference (Schemas/ lists the same).
    public static let documentKeys = ["version", "account", "participants", "messages"]
    public static let participantKeys = ["id", "name", "avatar"]
    public static let mediaKeys = ["file", "base64"]

    /// A conversation file larger than this is refused before parsing.
    public var maximumFileBytes = 64 << 20
    /// One image, recording or avatar, as a file or as base64.
    public var maximumMediaBytes = 16 << 20

    public init() {}

    /// Reads the file at `path`; errors name it as `displayPath` (what the user typed).
    public func read(path: String, displayPath: String? = nil) throws -> Conversation {
        let shownPath = displayPath ?? path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        guard let size else { throw JSONConversationError(file: shownPath, problem: "no such file") }
        guard size <= maximumFileBytes else {
            throw JSONConversationError(file: shownPath, problem: "\(size) bytes is more than the limit of \(maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JSONConversationError(file: shownPath, problem: "cannot be read")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try read(data: data, file: shownPath, folder: folder)
    }

    /// Reads a document already in memory; media file references resolve against `folder`.
    public func read(data: Data, file: String, folder: String) throws -> Conversation {
        let media = JSONMediaReader(folder: folder, maximumBytes: maximumMediaBytes)
        // The common shape: the messages parsed one at a time, never the whole tree at once.
        if let split = JSONMessagesSplit(data),
           let skeleton = try? JSONSerialization.jsonObject(with: split.skeleton, options: []) {
            var reader = JSONDocumentReader()
            do {
                let messages = JSONMessageElements(data: data, ranges: split.elements)
                let conversation = try read(document: skeleton, elements: messages, reader: &reader, media: media)
                if let conversation, reader.issues.isEmpty { return conversation }
                throw JSONConversationError(file: file, issues: reader.issues)
            } catch is JSONMessageElements.Unparsable {
                // Not valid JSON after all: the whole-document parse below names the problem.
            }
        }
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw JSONConversationError(file: file, problem: "not valid JSON: \(detail)")
        }
        var reader = JSONDocumentReader()
        let conversation = try read(document: document, elements: nil, reader: &reader, media: media)
        if let conversation, reader.issues.isEmpty { return conversation }
        throw JSONConversationError(file: file, issues: reader.issues)
    }

    /// `elements`: the messages still unparsed (the document's own `messages` is then empty).
    private func read(document: Any, elements: JSONMessageElements?, reader: inout JSONDocumentReader,
                      media: JSONMediaReader) throws -> Conversation? {
        guard let root = reader.object(document, at: "", allowed: Self.documentKeys) else {
            return nil
        }
        if let version = reader.number(root, "version", at: "", required: true), version != Double(Self.formatVersion) {
            reader.report("version", "version \(JSONDocumentReader.format(version)) is not supported (this reader reads version \(Self.formatVersion))")
        }
        let accountId = reader.string(root, "account", at: "", required: true)
        let participants = (reader.array(root, "participants", at: "") ?? []).enumerated().compactMap { index, value in
            participant(value, at: "participants[\(index)]", reader: &reader, media: media)
        }
        var seen: [String: Int] = [:]
        for (index, participant) in participants.enumerated() {
            if let first = seen[participant.jid] {
                reader.report("participants[\(index)].id", "'\(participant.jid)' is also the id of participants[\(first)]")
            }
            seen[participant.jid] = seen[participant.jid] ?? index
        }
        let people = (root["participants"] as? [Any])?.count
        if let people, people != 2 {
            reader.report("participants", "needs exactly two participants (the account and the peer), found \(people)")
        }
        let account = participants.first { $0.jid == accountId }
        if let accountId, account == nil, !participants.isEmpty, participants.count == people {
            reader.report("account", "'\(accountId)' is not the id of a participant")
        }
        let ids = Set(participants.map(\.jid))
        var messageIds: [String: Int] = [:]
        var messages: [Message] = []
        messages.reserveCapacity(elements?.count ?? 0)
        let listed = reader.array(root, "messages", at: "")
        for index in 0..<(listed == nil ? 0 : elements?.count ?? listed?.count ?? 0) {
            let value = try elements?.value(at: index) ?? listed?[index] ?? NSNull()
            let location = "messages[\(index)]"
            guard var message = message(value, at: location, senders: ids, account: accountId,
                                        reader: &reader, media: media) else { continue }
            if let first = messageIds[message.source] {
                reader.report(location + ".id", "'\(message.source)' is also the id of messages[\(first)]")
            }
            messageIds[message.source] = messageIds[message.source] ?? index
            message.source = "message " + message.source
            messages.append(message)
        }
        guard let account, let peer = participants.first(where: { $0.jid != account.jid }) else { return nil }
        return Conversation(account: account, peer: peer, messages: Self.timeOrdered(messages))
    }

    /// Time order, as the origin app sorted its archive; equal times keep the file's order. A
    /// file already in order (the usual case) is returned as it is, and otherwise only indices
    /// are sorted: no second and third copy of every message.
    static func timeOrdered(_ messages: [Message]) -> [Message] {
        guard zip(messages, messages.dropFirst()).contains(where: { $0.time > $1.time }) else { return messages }
        let order = messages.indices.sorted { (messages[$0].time, $0) < (messages[$1].time, $1) }
        return order.map { messages[$0] }
    }

    private func participant(_ value: Any, at location: String, reader: inout JSONDocumentReader,
                             media: JSONMediaReader) -> Participant? {
        guard let object = reader.object(value, at: location, allowed: Self.participantKeys) else { return nil }
        let id = reader.string(object, "id", at: location, required: true)
        let name = reader.string(object, "name", at: location, required: false)
        let avatar = object["avatar"].flatMap { $0 is NSNull ? nil : $0 }.flatMap {
            media.bytes($0, at: JSONDocumentReader.path(location, "avatar"), reader: &reader)
        }
        guard let id else { return nil }
        return Participant(jid: id, nickname: name, avatar: avatar)
    }
}
