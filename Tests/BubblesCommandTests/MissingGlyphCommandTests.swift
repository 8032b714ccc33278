import BubblesCommand
import CommandTesting
import Foundation
import Testing

/// Characters no bundled font has are reported by every command that lays text out: `measure`
/// counts them (`missing_glyphs`) and `--explain` names them per run; `models`, `layout` and
/// `render` warn once per row with its code points and exit 3.
@Suite struct MissingGlyphCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func bubbles(_ arguments: [String], input: Data = Data(), in folder: String = Self.repository.path)
        -> (code: Int32, out: String, err: String) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { input }, write: { output.append($0) },
                           writeError: { errors.append($0) }, currentDirectory: folder)
        let code = Bubbles.main(arguments, io: io)
        return (code, output.text, errors.text)
    }

    func objects(_ ndjson: String) throws -> [[String: Any]] {
        try ndjson.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func measureCountsMissingGlyphsOnlyWhereThereAreAny() throws {
        let input = Data("""
            {"id": "ok", "text": "Hello ㅋㅋ ไทย"}
            {"id": "pua", "text": "a\\uE001b \\uDB80\\uDC00"}

            """.utf8)
        let result = bubbles(["measure", "-"], input: input)
        #expect(result.code == 0, "\(result.err)")
        let lines = try objects(result.out)
        #expect(lines.count == 2)
        #expect(lines[0]["missing_glyphs"] == nil)
        #expect(!result.out.split(separator: "\n")[0].contains("missing_glyphs"))
        #expect((lines[1]["missing_glyphs"] as? NSNumber)?.intValue == 2)
    }

    @Test func explainNamesTheCodePointsInTheirRun() throws {
        let input = Data(#"{"id": 1, "text": "ab\uE001 cd"}"#.utf8 + [0x0A])
        let result = bubbles(["measure", "--explain", "-"], input: input)
        let line = try #require(try objects(result.out).first)
        let runs = try #require((line["explain"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        let withMissing = runs.filter { $0["missing"] != nil }
        #expect(withMissing.count == 1)
        #expect(withMissing.first?["missing"] as? [String] == ["U+E001"])
        #expect(withMissing.first?["face"] as? String == "Inter Regular")
        let range = (withMissing.first?["start"] as? Int ?? -1)..<(withMissing.first?["end"] as? Int ?? -1)
        #expect(range.contains(2))
    }

    /// A JSON conversation whose second message has private-use characters twice.
    func conversation(in folder: URL) throws -> String {
        let json = """
            {"version": 1, "account": "me@example.com",
             "participants": [{"id": "me@example.com", "name": "Me"}, {"id": "ann@example.com", "name": "Ann"}],
             "messages": [
               {"id": "1", "sender": "ann@example.com", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "สวัสดี ㅋㅋ नमस्ते"},
               {"id": "2", "sender": "me@example.com", "time": "2024-05-01T09:31:00Z", "kind": "text", "text": "x \\uE001\\uE001 \\uDBBF\\uDFFD"}
             ]}
            """
        let path = folder.appendingPathComponent("tofu.json")
        try Data(json.utf8).write(to: path)
        return path.path
    }

    @Test(arguments: [["models"], ["layout"], ["layout", "--json"], ["render", "-o", "out.png"]])
    func conversationCommandsWarnOncePerRowAndExit3(command: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("missing-glyphs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try conversation(in: folder)
        let result = bubbles([command[0], input] + command.dropFirst(), in: folder.path)
        #expect(result.code == 3, "\(result.err)")
        let warnings = result.err.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(result.err)")
        let warning = String(warnings.first ?? "")
        #expect(warning.contains("2 characters have no glyph"), "\(warning)")
        #expect(warning.hasSuffix("U+E001 U+FFFFD"), "\(warning)")
        #expect(result.err.hasSuffix("1 warning\n"))
    }
}

/// `models` lays a conversation out a slice at a time to find missing glyphs; `layout` lays it
/// out whole. Across several slices, with names (shown by grouping) that miss a glyph, both
/// must warn about the same rows in the same words.
@Suite struct MissingGlyphSliceTests {
    @Test func modelsWarnsAsTheWholeLayoutDoes() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/bubbles-slices-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marked: Set<Int> = [0, 510, 511, 512, 513, 1023, 1024, 1299]
        let messages = (0..<1300).map { index in
            let sender = (index / 3) % 2 == 0 ? "ann" : "me"
            let text = marked.contains(index) ? "tofu \\uE001 \(index)" : "plain \(index)"
            let seconds = 9 * 3600 + 30 * 60 + index
            let time = String(format: "2024-05-01T%02d:%02d:%02dZ", seconds / 3600, seconds / 60 % 60, seconds % 60)
            return #"{"id": "\#(index)", "sender": "\#(sender)", "time": "\#(time)", "kind": "text", "text": "\#(text)"}"#
        }
        let json = #"{"version": 1, "account": "me", "participants": [{"id": "me"}, {"id": "ann", "name": "Ann \uE002"}], "messages": ["#
            + messages.joined(separator: ",\n") + "]}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/chat.json"))
        let check = MissingGlyphCommandTests()
        let models = check.bubbles(["models", "chat.json"], in: folder)
        let layout = check.bubbles(["layout", "chat.json"], in: folder)
        #expect(models.code == 3, "\(models.err)")
        let warned = { (err: String) in err.split(separator: "\n").filter { $0.contains("no glyph") } }
        #expect(warned(models.err) == warned(layout.err))
        #expect(warned(models.err).filter { $0.contains("U+E001") }.count == marked.count)
    }

    /// `layout --json` streams its rows, so it takes the screen options by its own path: the
    /// Korean strategy must reach it as it reaches the table.
    @Test func layoutJSONFollowsTheLineBreakStrategy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strategy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let korean = String(repeating: "안녕하세요 반갑습니다 오늘 날씨가 정말 좋네요 ", count: 4)
        let json = """
            {"version": 1, "account": "me@example.com",
             "participants": [{"id": "me@example.com", "name": "Me"}, {"id": "ann@example.com", "name": "Ann"}],
             "messages": [{"id": "1", "sender": "ann@example.com", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "\(korean)"}]}
            """
        try Data(json.utf8).write(to: folder.appendingPathComponent("ko.json"))
        /// The text frame's width and line count of the one row.
        func text(_ strategy: String) throws -> (width: Double, lines: Int) {
            let result = MissingGlyphCommandTests().bubbles(["layout", "ko.json", "--json", "--line-break-strategy", strategy], in: folder.path)
            #expect(result.code == 0, "\(result.err)")
            let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
            let row = try #require((object?["rows"] as? [[String: Any]])?.first)
            let content = try #require(row["content"] as? [NSNumber])
            return (content[2].doubleValue, (row["text_lines"] as? NSNumber)?.intValue ?? 0)
        }
        let standard = try text("standard"), words = try text("hangul-word-priority")
        #expect(standard.lines > 1)
        // Whole words wrap earlier: the frame is narrower, never wider, and the rows differ.
        #expect(words.width < standard.width)
        #expect(words.lines >= standard.lines)
    }
}
