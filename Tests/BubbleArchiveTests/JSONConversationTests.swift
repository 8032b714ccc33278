import BubbleArchive
import Foundation
import Testing

/// A throwaway folder holding one conversation file and its media.
struct JSONFixtureFolder {
    /// Removed when the last copy of the fixture goes.
    private let directory: ScratchDirectory
    var path: String { directory.path }

    init() throws {
        directory = try ScratchDirectory()
    }

    func write(_ relativePath: String, _ data: Data) throws {
        let full = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    /// Writes `json` as `chat.json` and reads it back, errors naming the file `chat.json`.
    func read(_ json: String) throws -> Conversation {
        try write("chat.json", Data(json.utf8))
        return try JSONConversationReader().read(path: path + "/chat.json", displayPath: "chat.json")
    }

    /// The error text reading `json` gives.
    func error(_ json: String) throws -> String {
        do {
            _ = try read(json)
            return "no error"
        } catch let error as JSONConversationError {
            return error.description
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A valid document around the given `messages` entries (participants `me` and `ann`).
func conversationJSON(messages: String, participants: String? = nil) -> String {
    """
    {"version": 1, "account": "me",
     "participants": \(participants ?? #"[{"id": "me", "name": "Me"}, {"id": "ann@example.com"}]"#),
     "messages": [\(messages)]}
    """
}

@Suite struct JSONConversationTests {
    @Test func readsEveryKind() throws {
        let folder = try JSONFixtureFolder()
        defer { folder.remove() }
        try folder.write("media/photo.png", Data([0x89, 0x50, 0x4E, 0x47]))
        try folder.write("avatars/me.jpg", Data([0xFF, 0xD8, 0xFF]))
        let conversation = try folder.read("""
            {"version": 1, "account": "me",
             "participants": [{"id": "me", "name": "Me", "avatar": {"file": "avatars/me.jpg"}},
                              {"id": "ann@example.com", "avatar": {"base64": "AQID"}}],
             "messages": [
              {"id": "m1", "sender": "ann@example.com", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "Hi & <hello>"},
              {"id": "m2", "sender": "me", "time": "2024-05-01T11:31:00+02:00", "kind": "image", "media": {"file": "media/photo.png"}},
              {"id": "m3", "sender": "me", "time": "2024-05-01T09:32:00Z", "kind": "audio", "media": {"base64": "AAEC"}, "duration": 3.25},
              {"id": "m4", "sender": "ann@example.com", "time": "2024-05-01T09:33:00Z", "kind": "file",
               "url": "https://example.com/r%C3%A9sum%C3%A9.pdf", "name": "CV.pdf", "delayedSince": "2024-05-01T08:00:00Z"},
              {"id": "m5", "sender": "ann@example.com", "time": "2024-05-01T09:34:00Z", "kind": "text", "text": "late", "delayed": true},
              {"id": "m6", "sender": "ann@example.com", "time": "2024-05-01T09:35:00Z", "kind": "typing"}
             ]}
            """)
        #expect(conversation.account == Participant(jid: "me", nickname: "Me", avatar: Data([0xFF, 0xD8, 0xFF])))
        #expect(conversation.peer == Participant(jid: "ann@example.com", nickname: nil, avatar: Data([1, 2, 3])))
        let start = Date(timeIntervalSince1970: 1_714_555_800)
        #expect(conversation.messages == [
            Message(source: "message m1", outgoing: false, time: start, body: "Hi & <hello>", stanzaId: "m1", declaredKind: "text"),
            Message(source: "message m2", outgoing: true, time: start + 60, body: "image",
                    attachment: Data([0x89, 0x50, 0x4E, 0x47]), stanzaId: "m2", declaredKind: "image"),
            Message(source: "message m3", outgoing: true, time: start + 120, body: "audio：3.2″",
                    attachment: Data([0, 1, 2]), stanzaId: "m3", declaredKind: "audio", declaredDuration: 3.25),
            Message(source: "message m4", outgoing: false, time: start + 180,
                    body: "https://example.com/r%C3%A9sum%C3%A9.pdf", delayedSince: start - 5400,
                    outOfBandURL: "https://example.com/r%C3%A9sum%C3%A9.pdf", stanzaId: "m4", declaredKind: "file", fileName: "CV.pdf"),
            Message(source: "message m5", outgoing: false, time: start + 240, body: "late",
                    delayedSince: start + 240, stanzaId: "m5", declaredKind: "text"),
            Message(source: "message m6", outgoing: false, time: start + 300, chatState: "composing",
                    composing: true, stanzaId: "m6", declaredKind: "typing"),
        ])
    }

    @Test func sortsMessagesByTimeKeepingTheFileOrderOfEqualTimes() throws {
        let folder = try JSONFixtureFolder()
        defer { folder.remove() }
        let conversation = try folder.read(conversationJSON(messages: """
            {"id": "c", "sender": "me", "time": "2024-05-01T10:00:00Z", "kind": "text", "text": "third"},
            {"id": "a", "sender": "me", "time": "2024-05-01T11:00:00+02:00", "kind": "text", "text": "first"},
            {"id": "b", "sender": "me", "time": "2024-05-01T09:00:00Z", "kind": "text", "text": "second"}
            """))
        #expect(conversation.messages.map(\.source) == ["message a", "message b", "message c"])
    }

    @Test func readsAnEmptyConversation() throws {
        let folder = try JSONFixtureFolder()
        defer { folder.remove() }
        #expect(try folder.read(conversationJSON(messages: "")).messages == [])
    }

    @Test func readsTheSample() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
        let conversation = try JSONConversationReader().read(path: samples.path + "/conversation.json")
        #expect(Set(conversation.messages.compactMap(\.declaredKind)) == ["text", "image", "audio", "file", "typing"])
        #expect(conversation.messages.contains { $0.delayedSince != nil })
        #expect(conversation.account.avatar != nil && conversation.peer.avatar != nil)
    }
}
