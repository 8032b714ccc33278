import BubbleArchive
import Foundation
import Testing

/// The reader parses the `messages` array one element at a time when the document has the plain
/// shape, and the whole document at once otherwise. A key spelt with an escape
/// (`"messag\u0065s"`) means the same to JSON but always takes the whole-document route, so
/// each document here is read both ways and the results must not differ.
@Suite struct JSONMessagesSplitTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples").path

    /// The same document with its `messages` key escaped: parsed whole, never split.
    static func wholeRoute(_ json: String) -> String {
        json.replacingOccurrences(of: "\"messages\"", with: "\"messag\\u0065s\"")
    }

    static func outcome(_ json: String, folder: String = samples) -> Result<Conversation, JSONConversationError> {
        do {
            return .success(try JSONConversationReader().read(data: Data(json.utf8), file: "chat.json", folder: folder))
        } catch let error as JSONConversationError {
            return .failure(error)
        } catch {
            return .failure(JSONConversationError(file: "chat.json", problem: "unexpected \(error)"))
        }
    }

    @Test(arguments: ["conversation.json", "modern.json", "preview-kinds.json"])
    func samplesReadAlikeBothWays(name: String) throws {
        let json = try String(contentsOfFile: Self.samples + "/" + name, encoding: .utf8)
        #expect(json.contains("\"messages\""))
        let split = try Self.outcome(json).get()
        let whole = try Self.outcome(Self.wholeRoute(json)).get()
        #expect(split == whole)
        #expect(split.messages.count > 5)
    }

    /// Valid JSON with problems in it: the same issues, at the same paths, either way.
    @Test(arguments: [
        conversationJSON(messages: #"{"id": "1", "sender": "ann@example.com", "time": "yesterday", "kind": "text", "text": "a"}, 3, "x", null, [[[]]]"#),
        conversationJSON(messages: #"{"id": "1", "sender": "nobody", "time": "2024-05-01T09:30:00Z", "kind": "txt", "text": "a", "duration": true}"#),
        conversationJSON(messages: #"{"id": "1", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "a \"quoted\" \\ }]"}, {"id": "1", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "typing"}"#),
        #"{"version": 1, "account": "me", "participants": [], "messages": {"id": "1"}}"#,
        #"{"version": 2, "messages": [], "messages": [1]}"#,
        conversationJSON(messages: String(repeating: "[", count: 80) + String(repeating: "]", count: 80)),
        // Foundation's parser takes a trailing comma; the split does not, and leaves it to it.
        conversationJSON(messages: #"{"id": "1", "sender": "me", "time": "2024-05-01T09:30:00Z"},"#),
    ])
    func problemsReadAlikeBothWays(json: String) {
        let split = Self.outcome(json)
        let whole = Self.outcome(Self.wholeRoute(json))
        #expect(split == whole)
        if case .success = split { Issue.record("expected problems in \(json)") }
    }

    /// Not JSON: the error is the whole-document parser's, however the bytes go wrong.
    @Test(arguments: [
        conversationJSON(messages: #"{"id": "1"} {"id": "2"}"#),
        conversationJSON(messages: #"{"id": "1", "text": "unterminated}"#),
        conversationJSON(messages: #"{"id": "1", "text": "bad \x escape"}"#),
        conversationJSON(messages: #"{"id": "1", "text": "a"}}"#),
        conversationJSON(messages: #"tru"#),
        conversationJSON(messages: #"{"id": "1"}"#) + " trailing",
    ])
    func invalidJSONIsReportedAsTheWholeDocumentParserDoes(json: String) throws {
        let detail: String
        do {
            _ = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [])
            Issue.record("JSONSerialization accepted \(json)")
            return
        } catch {
            detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
        let expected = JSONConversationError(file: "chat.json", problem: "not valid JSON: \(detail)")
        #expect(Self.outcome(json) == .failure(expected))
    }

    @Test func messagesOutOfTimeOrderAreSortedWithTiesInFileOrder() throws {
        let times = ["09:32:00", "09:31:00", "09:30:00", "09:31:00", "09:29:00"]
        let entries = times.enumerated().map { index, time in
            #"{"id": "m\#(index)", "sender": "me", "time": "2024-05-01T\#(time)Z", "kind": "text", "text": "\#(index)"}"#
        }
        let conversation = try Self.outcome(conversationJSON(messages: entries.joined(separator: ", "))).get()
        #expect(conversation.messages.map(\.source) == ["message m4", "message m2", "message m1", "message m3", "message m0"])
        let reversed = try Self.outcome(conversationJSON(messages: entries.reversed().joined(separator: ", "))).get()
        #expect(reversed.messages.map(\.source) == ["message m4", "message m2", "message m3", "message m1", "message m0"])
    }

    @Test func oneMediaFileNamedTwiceGivesTheSameBytes() throws {
        let folder = try JSONFixtureFolder()
        defer { folder.remove() }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/conversation-media/harbour.png"))
        try folder.write("media/photo.png", bytes)
        let entry = { (id: String) in
            #"{"id": "\#(id)", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "image", "media": {"file": "media/photo.png"}}"#
        }
        let conversation = try folder.read(conversationJSON(messages: entry("1") + ", " + entry("2")))
        #expect(conversation.messages.map(\.attachment) == [bytes, bytes])
    }
}
