import Foundation

/// The keys a JSON message may carry besides its kind's: what a modern client folded into the
/// message already (corrected, deleted, replied to, reacted to, delivered or read). They mean
/// what the XMPP extensions mean (MessageExtensions), so both routes draw alike.
extension JSONConversationReader {
    public static let modernMessageKeys = ["reply_to", "reactions", "edited", "retracted", "status", "unstyled"]
    public static let statusValues = ["sent", "delivered", "read"]

    func extensions(_ object: [String: Any], at location: String, sender: String?, account: String?,
                    senders: Set<String>, reader: inout JSONDocumentReader) -> (MessageExtensions, retracted: Bool) {
        let path = { (key: String) in JSONDocumentReader.path(location, key) }
        var extensions = MessageExtensions()
        extensions.declaredReplyTo = reader.string(object, "reply_to", at: location, required: false)
        if extensions.declaredReplyTo?.isEmpty == true { reader.report(path("reply_to"), "must not be empty") }
        extensions.declaredEdited = reader.bool(object, "edited", at: location) ?? false
        extensions.unstyled = reader.bool(object, "unstyled", at: location) ?? false
        let retracted = reader.bool(object, "retracted", at: location) ?? false
        if let status = reader.string(object, "status", at: location, required: false) {
            if !Self.statusValues.contains(status) {
                reader.report(path("status"), "'\(status)' is not one of \(Self.statusValues.joined(separator: ", "))")
            } else if let sender, let account, sender != account {
                reader.report(path("status"), "only the account's own messages have a delivery status")
            } else {
                extensions.declaredStatus = status
            }
        }
        if let value = object["reactions"], !(value is NSNull) {
            extensions.declaredReactions = reactions(value, at: path("reactions"), senders: senders, reader: &reader)
        }
        return (extensions, retracted)
    }

    /// `{"ann@example.com": ["👍", "❤️"], …}`: each participant's reactions (XEP-0444 keeps a set
    /// per person), read in key order so the result never depends on the parser's hashing.
    private func reactions(_ value: Any, at location: String, senders: Set<String>,
                           reader: inout JSONDocumentReader) -> [DeclaredReaction] {
        guard let byPerson = value as? [String: Any] else {
            reader.report(location, "expected an object of participant ids to arrays of emoji, found \(JSONDocumentReader.describe(value))")
            return []
        }
        var result: [DeclaredReaction] = []
        for person in byPerson.keys.sorted() {
            let at = JSONDocumentReader.path(location, person)
            if !senders.isEmpty, !senders.contains(person) { reader.report(at, "'\(person)' is not the id of a participant") }
            guard let emojis = byPerson[person] as? [Any] else {
                reader.report(at, "expected an array of emoji, found \(JSONDocumentReader.describe(byPerson[person] as Any))")
                continue
            }
            for (index, emoji) in emojis.enumerated() {
                guard let text = emoji as? String, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                      text.count <= 8 else {
                    reader.report("\(at)[\(index)]", "expected one emoji (a short non-empty string), found \(JSONDocumentReader.describe(emoji))")
                    continue
                }
                result.append(DeclaredReaction(from: person, emoji: text))
            }
        }
        return result
    }
}
