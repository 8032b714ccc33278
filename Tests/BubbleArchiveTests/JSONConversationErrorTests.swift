import BubbleArchive
import Foundation
import Testing

/// Invalid JSON conversation files and the exact errors they give.
@Suite struct JSONConversationErrorTests {
    let folder: JSONFixtureFolder
    init() throws { folder = try JSONFixtureFolder() }

    /// The error for a document whose only message is `message`.
    func errorFor(message: String) throws -> String {
        try folder.error(conversationJSON(messages: message))
    }

    @Test func notJSON() throws {
        #expect(try folder.error("{\"version\": 1,,}") == "chat.json: not valid JSON: Invalid value around character 14.")
        #expect(try folder.error("[1, 2") == "chat.json: not valid JSON: Unexpected end of file during JSON parse.")
    }

    @Test func missingFile() {
        #expect(throws: JSONConversationError(file: "gone.json", problem: "no such file")) {
            try JSONConversationReader().read(path: folder.path + "/gone.json", displayPath: "gone.json")
        }
    }

    @Test func wrongTopLevel() throws {
        #expect(try folder.error("[]") == "chat.json: expected an object, found an array")
        #expect(try folder.error("{}") == """
            chat.json: version: is required
            chat.json: account: is required
            chat.json: participants: is required
            chat.json: messages: is required
            """)
        #expect(try folder.error(#"{"version": 2, "account": "me", "participants": [{"id": "me"}, {"id": "x"}], "messages": [], "title": "t"}"#) == """
            chat.json: title: unknown key (allowed here: version, account, participants, messages)
            chat.json: version: version 2 is not supported (this reader reads version 1)
            """)
        #expect(try folder.error(#"{"version": "1", "account": 7, "participants": {}, "messages": null}"#) == """
            chat.json: version: expected a number, found a string ('1')
            chat.json: account: expected a string, found a number (7)
            chat.json: participants: expected an array, found an object
            chat.json: messages: is required
            """)
    }

    @Test func participants() throws {
        #expect(try folder.error(conversationJSON(messages: "", participants: #"[{"id": "me"}]"#))
            == "chat.json: participants: needs exactly two participants (the account and the peer), found 1")
        #expect(try folder.error(conversationJSON(messages: "", participants: #"[{"id": "me"}, {"id": "me", "nick": "x"}]"#)) == """
            chat.json: participants[1].nick: unknown key (allowed here: id, name, avatar)
            chat.json: participants[1].id: 'me' is also the id of participants[0]
            """)
        #expect(try folder.error(conversationJSON(messages: "", participants: #"[{"id": "you"}, {"id": "ann", "name": false}]"#)) == """
            chat.json: participants[1].name: expected a string, found false
            chat.json: account: 'me' is not the id of a participant
            """)
    }

    @Test func messageFields() throws {
        #expect(try errorFor(message: #"{"id": "", "sender": "bob", "time": "yesterday", "kind": "video"}"#) == """
            chat.json: messages[0].id: must not be empty
            chat.json: messages[0].sender: 'bob' is not the id of a participant
            chat.json: messages[0].time: 'yesterday' is not an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z
            chat.json: messages[0].kind: 'video' is not one of text, image, audio, file, typing
            """)
        #expect(try errorFor(message: #"{"id": "m", "sender": "me", "time": "2024-05-01T09:30:00", "kind": "text", "text": 5}"#) == """
            chat.json: messages[0].time: '2024-05-01T09:30:00' is not an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z
            chat.json: messages[0].text: expected a string, found a number (5)
            """)
        #expect(try errorFor(message: "3") == "chat.json: messages[0]: expected an object, found a number (3)")
    }

    @Test func keysOfAnotherKind() throws {
        #expect(try errorFor(message: #"{"id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "a", "duration": 3, "colour": "red"}"#) == """
            chat.json: messages[0].colour: unknown key (allowed here: id, sender, time, kind, delayed, delayedSince, reply_to, reactions, edited, retracted, status, unstyled, duration, media, name, text, url)
            chat.json: messages[0].duration: is not used by kind 'text' (it uses: text)
            """)
        #expect(try errorFor(message: #"{"id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "typing", "text": "a"}"#)
            == "chat.json: messages[0].text: is not used by kind 'typing' (it uses: nothing more)")
    }

    @Test func requiredKeysOfEachKind() throws {
        let head = #""id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z""#
        #expect(try errorFor(message: "{\(head), \"kind\": \"text\"}") == "chat.json: messages[0].text: is required")
        #expect(try errorFor(message: "{\(head), \"kind\": \"image\"}") == "chat.json: messages[0].media: is required")
        #expect(try errorFor(message: "{\(head), \"kind\": \"audio\", \"media\": {\"base64\": \"AA==\"}, \"duration\": -1}")
            == "chat.json: messages[0].duration: must be zero or more seconds")
        #expect(try errorFor(message: "{\(head), \"kind\": \"audio\", \"media\": {\"base64\": \"AA==\"}}")
            == "chat.json: messages[0].duration: is required")
        #expect(try errorFor(message: "{\(head), \"kind\": \"file\", \"url\": \"report.pdf\"}")
            == "chat.json: messages[0].url: 'report.pdf' is not an absolute URL")
    }

    @Test func delay() throws {
        let head = #""id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "a""#
        #expect(try errorFor(message: "{\(head), \"delayed\": false, \"delayedSince\": \"2024-05-01T09:00:00Z\"}")
            == "chat.json: messages[0].delayedSince: contradicts \"delayed\": false")
        #expect(try errorFor(message: "{\(head), \"delayed\": 1}") == "chat.json: messages[0].delayed: expected true or false, found a number (1)")
    }

    @Test func duplicateMessageIds() throws {
        let message = #"{"id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "typing"}"#
        #expect(try errorFor(message: "\(message), \(message), \(message)") == """
            chat.json: messages[1].id: 'm' is also the id of messages[0]
            chat.json: messages[2].id: 'm' is also the id of messages[0]
            """)
    }

    @Test func mediaReferences() throws {
        let head = #""id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "image""#
        #expect(try errorFor(message: "{\(head), \"media\": \"cat.png\"}")
            == "chat.json: messages[0].media: expected an object, found a string ('cat.png')")
        #expect(try errorFor(message: "{\(head), \"media\": {}}")
            == "chat.json: messages[0].media: needs either 'file' (a path relative to the JSON file) or 'base64'")
        #expect(try errorFor(message: "{\(head), \"media\": {\"file\": \"a.png\", \"base64\": \"AA==\"}}")
            == "chat.json: messages[0].media: has both 'file' and 'base64'; give one")
        #expect(try errorFor(message: "{\(head), \"media\": {\"base64\": \"AA*A\"}}")
            == "chat.json: messages[0].media.base64: is not valid base64")
        #expect(try errorFor(message: "{\(head), \"media\": {\"file\": \"missing.png\"}}")
            == "chat.json: messages[0].media.file: no file 'missing.png' in the JSON file's folder")
        try folder.write("media/empty.png", Data())
        #expect(try errorFor(message: "{\(head), \"media\": {\"file\": \"media/empty.png\"}}")
            == "chat.json: messages[0].media.file: 'media/empty.png' is empty")
        #expect(try errorFor(message: "{\(head), \"media\": {\"file\": \"media\"}}")
            == "chat.json: messages[0].media.file: 'media' is a folder, not a file")
    }

    @Test func mediaMayNotLeaveTheFolder() throws {
        let head = #""id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "image""#
        let outside = try JSONFixtureFolder()
        defer { outside.remove() }
        try outside.write("secret.png", Data([1, 2, 3]))
        let secretName = (outside.path as NSString).lastPathComponent
        #expect(try errorFor(message: "{\(head), \"media\": {\"file\": \"../\(secretName)/secret.png\"}}")
            == "chat.json: messages[0].media.file: '../\(secretName)/secret.png' is outside the JSON file's folder")
        #expect(try errorFor(message: "{\(head), \"media\": {\"file\": \"\(outside.path)/secret.png\"}}")
            == "chat.json: messages[0].media.file: '\(outside.path)/secret.png' is an absolute path; media paths are relative to the JSON file's folder")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.png", withDestinationPath: outside.path + "/secret.png")
        #expect(try errorFor(message: "{\(head), \"media\": {\"file\": \"link.png\"}}")
            == "chat.json: messages[0].media.file: 'link.png' is outside the JSON file's folder")
        try folder.write("inside/cat.png", Data([7]))
        let conversation = try folder.read(conversationJSON(messages: "{\(head), \"media\": {\"file\": \"inside/../inside/cat.png\"}}"))
        #expect(conversation.messages.first?.attachment == Data([7]))
    }

    @Test func mediaSizeLimit() throws {
        try folder.write("big.png", Data(count: 11))
        try folder.write("chat.json", Data(conversationJSON(messages: """
            {"id": "m", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "image", "media": {"file": "big.png"}},
            {"id": "n", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "image", "media": {"base64": "AAAAAAAAAAAAAAAA"}}
            """).utf8))
        var reader = JSONConversationReader()
        reader.maximumMediaBytes = 10
        #expect(throws: JSONConversationError(file: "c.json", issues: [
            .init(location: "messages[0].media.file", problem: "'big.png' is 11 bytes, more than the limit of 10 bytes"),
            .init(location: "messages[1].media.base64", problem: "holds 12 bytes, more than the limit of 10 bytes"),
        ])) { try reader.read(path: folder.path + "/chat.json", displayPath: "c.json") }
    }

    @Test func listsAtMostTwentyProblems() throws {
        let message = #"{"id": "m", "sender": "me", "time": "now", "kind": "typing"}"#
        let text = try errorFor(message: Array(repeating: message, count: 25).joined(separator: ","))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.last == "chat.json: … and 5 more problems")
    }
}
