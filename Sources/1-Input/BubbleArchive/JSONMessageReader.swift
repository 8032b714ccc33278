import Foundation

/// One entry of the JSON format's `messages` array. Each kind names the keys it uses; a key
/// another kind uses (a `duration` on a text, a `text` on an image) is an error, not ignored,
/// because it almost always means the kind is wrong.
extension JSONConversationReader {
    public static let commonMessageKeys = ["id", "sender", "time", "kind", "delayed", "delayedSince"]
    /// The keys each kind uses; all are required except `optionalKeysOfKind`.
    public static let keysOfKind: [String: [String]] = [
        "text": ["text"],
        "image": ["media"],
        "audio": ["media", "duration"],
        "file": ["url", "name"],
        "typing": [],
    ]
    public static let optionalKeysOfKind: [String: [String]] = ["file": ["name"]]

    func message(_ value: Any, at location: String, senders: Set<String>, account: String?,
                 reader: inout JSONDocumentReader, media: JSONMediaReader) -> Message? {
        let allKindKeys = Set(Self.keysOfKind.values.flatMap { $0 }).sorted()
        guard let object = reader.object(value, at: location,
                                         allowed: Self.commonMessageKeys + Self.modernMessageKeys + allKindKeys) else { return nil }
        let path = { (key: String) in JSONDocumentReader.path(location, key) }
        let id = reader.string(object, "id", at: location, required: true)
        let sender = reader.string(object, "sender", at: location, required: true)
        if let sender, !senders.isEmpty, !senders.contains(sender) {
            reader.report(path("sender"), "'\(sender)' is not the id of a participant")
        }
        let time = date(object, "time", at: location, required: true, reader: &reader)
        let kind = reader.string(object, "kind", at: location, required: true)
        let kindKeys: [String]
        if let kind, let keys = Self.keysOfKind[kind] {
            kindKeys = keys
            for key in allKindKeys where !keys.contains(key) && object[key] != nil {
                reader.report(path(key), "is not used by kind '\(kind)' (it uses: \(keys.isEmpty ? "nothing more" : keys.joined(separator: ", ")))")
            }
        } else {
            if let kind { reader.report(path("kind"), "'\(kind)' is not one of \(Self.messageKinds.joined(separator: ", "))") }
            kindKeys = []
        }
        let uses = { (key: String) in kindKeys.contains(key) }
        let optional = Self.optionalKeysOfKind[kind ?? ""] ?? []
        let required = { (key: String) in uses(key) && !optional.contains(key) }
        let text = uses("text") ? reader.string(object, "text", at: location, required: required("text")) : nil
        var bytes: Data?
        if uses("media") {
            if let reference = object["media"], !(reference is NSNull) {
                bytes = media.bytes(reference, at: path("media"), reader: &reader)
            } else if required("media") {
                reader.report(path("media"), "is required")
            }
        }
        let duration = uses("duration") ? reader.number(object, "duration", at: location, required: required("duration")) : nil
        if let duration, duration < 0 { reader.report(path("duration"), "must be zero or more seconds") }
        let url = uses("url") ? reader.string(object, "url", at: location, required: required("url")) : nil
        if let url, URLComponents(string: url)?.scheme == nil {
            reader.report(path("url"), "'\(url)' is not an absolute URL")
        }
        let name = uses("name") ? reader.string(object, "name", at: location, required: required("name")) : nil
        let delayed = reader.bool(object, "delayed", at: location)
        var delayedSince = date(object, "delayedSince", at: location, required: false, reader: &reader)
        if delayed == false, delayedSince != nil {
            reader.report(path("delayedSince"), "contradicts \"delayed\": false")
        }
        if delayed == true, delayedSince == nil { delayedSince = time }
        var (extensions, retracted) = extensions(object, at: location, sender: sender, account: account,
                                                 senders: senders, reader: &reader)
        extensions.isRetracted = retracted

        guard let id, let sender, let time, let kind else { return nil }
        return Message(
            source: id, outgoing: sender == account, time: time,
            body: Self.body(kind: kind, text: text, duration: duration, url: url),
            attachment: bytes, delayedSince: delayedSince,
            chatState: kind == "typing" ? "composing" : nil, composing: kind == "typing",
            outOfBandURL: url, stanzaId: id, declaredKind: kind, declaredDuration: duration, fileName: name,
            extensions: extensions)
    }

    /// The body the origin app would have stored for this kind, so that a JSON message and an
    /// archived one look alike to everything downstream.
    static func body(kind: String, text: String?, duration: Double?, url: String?) -> String? {
        switch kind {
        case "text": return text
        case "image": return "image"
        case "audio": return duration.map { "audio\u{FF1A}" + String(format: "%.1f", $0) + "\u{2033}" }
        case "file": return url
        default: return nil
        }
    }

    private func date(_ object: [String: Any], _ key: String, at location: String, required: Bool,
                      reader: inout JSONDocumentReader) -> Date? {
        guard let text = reader.string(object, key, at: location, required: required) else { return nil }
        guard let date = XMPPDateTime.parse(text) else {
            reader.report(JSONDocumentReader.path(location, key),
                          "'\(text.prefix(40))' is not an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z")
            return nil
        }
        return date
    }
}
