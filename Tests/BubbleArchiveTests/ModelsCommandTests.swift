import BubbleArchive
import BubblesCommand
import Foundation
import Testing

/// Standard output, standard error and the exit code of one in-process `bubbles` run.
struct ModelsRun {
    let output: String
    let errors: String
    let exitCode: Int32

    /// Runs `bubbles` with `arguments`, relative paths resolved against `folder`.
    init(_ arguments: [String], in folder: String = FileManager.default.currentDirectoryPath) {
        let output = TextSink(), errors = TextSink()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0) }, writeError: { errors.append($0) },
                           currentDirectory: folder)
        exitCode = Bubbles.main(arguments, io: io)
        self.output = output.text
        self.errors = errors.text
    }

    var outputLines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}

final class TextSink: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}

@Suite struct ModelsCommandTests {
    @Test func jsonOfTheMainArchive() throws {
        let folder = try ScratchDirectory()
        try ArchiveFixture.main(in: folder)
        let run = ModelsRun(["models", "archive.sqlite", "--account", "me@chat.example", "--peer", "li.lei@chat.example", "--json"],
                            in: folder.path)
        #expect(run.exitCode == 0)
        #expect(run.errors == "0 warnings\n")
        let lines = run.outputLines
        try #require(lines.count == 12)
        #expect(lines[0] == #"{"input": "archive.sqlite", "account": {"jid": "me@chat.example", "name": "me"}, "peer": {"jid": "li.lei@chat.example", "name": "li.lei"}, "bubbles": ["#)
        #expect(lines[1] == #"  {"source": "row 7", "kind": "text", "direction": "incoming", "sender": "li.lei@chat.example", "sender_name": "li.lei", "time": "2024-03-01T07:50:00Z", "delayed": true, "text": "在地铁上，信号不好 🚇", "warnings": []},"#)
        #expect(lines[5] == #"  {"source": "row 4", "kind": "image", "direction": "outgoing", "sender": "me@chat.example", "sender_name": "me", "time": "2024-03-01T08:02:00Z", "delayed": false, "image": {"format": "png", "pixel_width": 4, "pixel_height": 3, "display_width": 4, "display_height": 3, "bytes": 100}, "warnings": []},"#)
        #expect(lines[6] == #"  {"source": "row 5", "kind": "image", "direction": "incoming", "sender": "li.lei@chat.example", "sender_name": "li.lei", "time": "2024-03-01T08:03:00Z", "delayed": false, "image": {"format": "jpeg", "pixel_width": 8, "pixel_height": 6, "display_width": 8, "display_height": 6, "bytes": 302}, "warnings": []},"#)
        #expect(lines[7] == #"  {"source": "row 6", "kind": "audio", "direction": "outgoing", "sender": "me@chat.example", "sender_name": "me", "time": "2024-03-01T08:04:00Z", "delayed": false, "audio": {"duration": 3.2, "bubble_width": 110.66666666666667, "bytes": 134}, "warnings": []},"#)
        #expect(lines[8] == #"  {"source": "row 8", "kind": "link", "direction": "incoming", "sender": "li.lei@chat.example", "sender_name": "li.lei", "time": "2024-03-01T08:06:00Z", "delayed": false, "link": {"url": "https://files.chat.example/share/report-2024.pdf", "file_name": "report-2024.pdf"}, "warnings": []},"#)
        #expect(lines[9] == #"  {"source": "row 9", "kind": "typing", "direction": "incoming", "sender": "li.lei@chat.example", "sender_name": "li.lei", "time": "2024-03-01T08:07:00Z", "delayed": false, "warnings": []}"#)
        #expect(lines[10] == #"], "warnings": []}"#)
        #expect(lines[11] == "")
        // The whole output is one JSON document.
        #expect(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) is [String: Any])
    }

    @Test func tableWithNicknamesFromAVCardStore() throws {
        let folder = try ScratchDirectory()
        try ArchiveFixture.main(in: folder)
        try ArchiveFixture.build(["vcard_store"], in: folder, name: "vcards.sqlite")
        let run = ModelsRun(["models", "archive.sqlite", "--peer", "li.lei@chat.example", "--vcards", "vcards.sqlite"], in: folder.path)
        #expect(run.exitCode == 0)
        #expect(Array(run.outputLines.prefix(4)) == [
            "SOURCE  DIR  SENDER  TIME (UTC)            KIND    SHOWS",
            "row 7   in   李雷    2024-03-01T07:50:00Z  text    (delayed) 在地铁上，信号不好 🚇",
            "row 1   in   李雷    2024-03-01T08:00:00Z  text    你好！Are you there? 👋",
            "row 2   out  Me      2024-03-01T08:00:30Z  text    Hi 李雷, yes — just got in. ☕️",
        ])
        #expect(run.outputLines.contains("row 6   out  Me      2024-03-01T08:04:00Z  audio   3.2 s, bubble 110.7 pt wide (134 bytes)"))
        let missing = ModelsRun(["models", "archive.sqlite", "--peer", "li.lei@chat.example", "--vcards", "none.sqlite"], in: folder.path)
        #expect(missing.exitCode == 1)
        #expect(missing.errors.hasPrefix("bubbles models: none.sqlite: "))
    }

    @Test func hostileRowsBecomePlaceholdersWithWarnings() throws {
        let folder = try ScratchDirectory()
        try ArchiveFixture.build(["schema_model2", "hostile_rows"], in: folder)
        let clock = ContinuousClock()
        var run: ModelsRun?
        let elapsed = clock.measure { run = ModelsRun(["models", "archive.sqlite", "--json"], in: folder.path) }
        let result = try #require(run)
        #expect(result.exitCode == 3)
        #expect(elapsed < .seconds(5), "the billion-laughs row is refused, not expanded")
        let warnings = result.errors.split(separator: "\n").map(String.init)
        #expect(warnings.last == "18 warnings")
        #expect(warnings.contains("warning: row 2: stanza refused: it contains <!DOCTYPE (XMPP forbids DTDs and entity declarations)"))
        #expect(warnings.contains("warning: row 4: invalid base64 in <attachment>"))
        #expect(warnings.contains("warning: row 5: png header claims 100000 × 100000 pixels, more than the limit of 50000000"))
        #expect(warnings.contains("warning: row 6: image of 40 bytes is not a PNG, JPEG, GIF or WebP image"))
        #expect(warnings.contains("warning: row 17: <body> of 2000000 bytes exceeds the limit of 1048576 bytes"))
        #expect(warnings.contains { $0.hasPrefix("warning: row 1: malformed stanza: ") && $0.contains("at line 1, column ") })
        let giant = try #require(result.outputLines.first { $0.contains(#""source": "row 5""#) })
        #expect(giant == #"  {"source": "row 5", "kind": "placeholder", "direction": "incoming", "sender": "mallory@chat.example", "sender_name": "mallory", "time": "2024-03-03T10:04:00Z", "delayed": false, "text": "[image too large]", "warnings": ["row 5: png header claims 100000 × 100000 pixels, more than the limit of 50000000"]},"#)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect((json["bubbles"] as? [Any])?.count == 18, "no row is dropped")
        #expect((json["warnings"] as? [String])?.count == 18)
    }

    @Test func tableOfTheSampleJSON() throws {
        let samples = ImageBytes.samples.path
        let run = ModelsRun(["models", "conversation.json"], in: samples)
        #expect(run.exitCode == 0)
        #expect(run.errors == "0 warnings\n")
        #expect(Array(run.outputLines.prefix(5)) == [
            "SOURCE      DIR  SENDER  TIME (UTC)            KIND    SHOWS",
            "message 1   in   Ann     2024-05-01T09:30:00Z  text    Are you at the harbour yet?",
            "message 2   out  Me      2024-05-01T09:31:12Z  text    Almost! Look at this view 🌊",
            "message 3   out  Me      2024-05-01T09:31:20Z  image   png 440×300 px shown at 220×150 pt (1830 bytes)",
            "message 4   in   Ann     2024-05-01T09:33:05Z  audio   3.2 s, bubble 110.7 pt wide (12844 bytes)",
        ])
        #expect(run.outputLines.contains("message 5   in   Ann     2024-05-01T09:40:00Z  text    (delayed) Sent from the tunnel, so this one may arrive late."))
        #expect(run.outputLines.contains("message 6   out  Me      2024-05-01T09:41:00Z  link    Ferry timetable 2024.pdf <https://example.com/files/Ferry%20timetable%202024.pdf>"))
        #expect(run.outputLines.suffix(2) == ["message 11  in   Ann     2024-05-01T09:45:30Z  typing  …", ""])
    }

    @Test func aMegabyteTextInJSONIsCutWithAWarning() throws {
        let folder = try JSONFixtureFolder()
        defer { folder.remove() }
        let text = String(repeating: "long line ", count: 200_000)
        try folder.write("chat.json", Data(conversationJSON(messages: """
            {"id": "big", "sender": "me", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "\(text)"}
            """).utf8))
        let run = ModelsRun(["models", "chat.json", "--json"], in: folder.path)
        #expect(run.exitCode == 3)
        #expect(run.errors == "warning: message big: text of 2000000 bytes cut to its first 65536 bytes\n1 warning\n")
    }

    @Test func picksTheOnlyConversationOrListsThem() throws {
        let folder = try ScratchDirectory()
        try ArchiveFixture.main(in: folder)
        let several = ModelsRun(["models", "archive.sqlite"], in: folder.path)
        #expect(several.exitCode == 2)
        #expect(several.errors.hasPrefix("""
            bubbles models: archive.sqlite: holds 3 conversations; choose one:
              --account me@chat.example --peer han.meimei@chat.example   (2 messages)
              --account me@chat.example --peer li.lei@chat.example   (9 messages)
              --account work@corp.example --peer boss@corp.example   (1 message)

            usage: bubbles models
            """))
        let onlyOne = ModelsRun(["models", "archive.sqlite", "--account", "work@corp.example"], in: folder.path)
        #expect(onlyOne.exitCode == 0)
        #expect(onlyOne.outputLines[1].hasPrefix("row 12  in   boss  "))
        let byPeer = ModelsRun(["models", "archive.sqlite", "--peer", "han.meimei@chat.example"], in: folder.path)
        #expect(byPeer.outputLines.count == 4)
        let nobody = ModelsRun(["models", "archive.sqlite", "--peer", "nobody@chat.example"], in: folder.path)
        #expect(nobody.exitCode == 1)
        #expect(nobody.errors == "bubbles models: archive.sqlite: holds no conversation with peer nobody@chat.example\n")
        let typo = ModelsRun(["models", "archive.sqlite", "--account", "me@chat.example", "--peer", "li.lie@chat.example"], in: folder.path)
        #expect(typo.exitCode == 1)
        #expect(typo.errors.hasPrefix("bubbles models: archive.sqlite: no conversation of me@chat.example with li.lie@chat.example; it holds 3 conversations:\n"))
    }

    @Test func inputsThatAreNeitherArchiveNorJSON() throws {
        let folder = try JSONFixtureFolder()
        defer { folder.remove() }
        try folder.write("photo.png", ImageBytes.png(width: 2, height: 2))
        try folder.write("empty.json", Data())
        try folder.write("list.json", Data("[1, 2]".utf8))
        let png = ModelsRun(["models", "photo.png"], in: folder.path)
        #expect(png.exitCode == 1)
        #expect(png.errors == "bubbles models: photo.png: neither an XMPP message archive (SQLite), a XEP-0313 dump (XML) nor a JSON conversation (it starts with the bytes 89 50 4E 47 0D 0A 1A 0A)\n")
        #expect(ModelsRun(["models", "empty.json"], in: folder.path).errors == "bubbles models: empty.json: is empty\n")
        #expect(ModelsRun(["models", "list.json"], in: folder.path).errors.hasPrefix("bubbles models: list.json: neither"))
        #expect(ModelsRun(["models", "missing.sqlite"], in: folder.path).errors == "bubbles models: missing.sqlite: no such file\n")
        #expect(ModelsRun(["models", "."], in: folder.path).errors == "bubbles models: .: is a folder, not a file\n")
        let usage = ModelsRun(["models"], in: folder.path)
        #expect(usage.exitCode == 2)
        #expect(usage.errors.hasPrefix("bubbles models: give the archive or JSON conversation to read\n"))
    }

    @Test func jsonConversationOptions() throws {
        let folder = try JSONFixtureFolder()
        defer { folder.remove() }
        try folder.write("chat.json", Data(conversationJSON(messages: "").utf8))
        let peer = ModelsRun(["models", "chat.json", "--peer", "bob"], in: folder.path)
        #expect(peer.exitCode == 1)
        #expect(peer.errors == "bubbles models: chat.json: --peer bob does not match the JSON conversation's peer 'ann@example.com'\n")
        let matching = ModelsRun(["models", "chat.json", "--account", "me", "--peer", "ann@example.com"], in: folder.path)
        #expect(matching.exitCode == 0)
        #expect(matching.output == "SOURCE  DIR  SENDER  TIME (UTC)  KIND  SHOWS\n(no messages)\n")
        let vcards = ModelsRun(["models", "chat.json", "--vcards", "v.sqlite"], in: folder.path)
        #expect(vcards.exitCode == 2)
        let invalid = ModelsRun(["models", "bad.json"], in: folder.path)
        #expect(invalid.exitCode == 1)
        try folder.write("bad.json", Data(#"{"version": 1, "account": "me", "participants": [], "messages": [{}]}"#.utf8))
        let bad = ModelsRun(["models", "bad.json"], in: folder.path)
        #expect(bad.exitCode == 1)
        #expect(bad.errors == """
            bubbles models: bad.json: participants: needs exactly two participants (the account and the peer), found 0
            bad.json: messages[0].id: is required
            bad.json: messages[0].sender: is required
            bad.json: messages[0].time: is required
            bad.json: messages[0].kind: is required

            """)
    }
}
