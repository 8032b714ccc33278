import BubbleArchive
import BubblesCommand
import Foundation
import Testing

/// `bubbles list`, run in-process with captured output, exactly as a user would run it.
struct ListCommandTests {
    /// Runs `bubbles ARGUMENTS` in `directory` and returns exit code, stdout and stderr.
    func bubbles(_ arguments: [String], in directory: ScratchDirectory) -> (code: Int32, out: String, err: String) {
        let output = ListCommandOutput()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0, error: false) },
                           writeError: { output.append($0, error: true) }, currentDirectory: directory.path)
        let code = Bubbles.main(arguments, io: io)
        return (code, output.out, output.err)
    }

    @Test func printsAnAlignedTable() throws {
        let directory = try ScratchDirectory()
        try ArchiveFixture.main(in: directory)
        let before = try DirectorySnapshot(directory)
        let result = bubbles(["list", "archive.sqlite"], in: directory)
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(result.out == """
            ACCOUNT            PEER                     MESSAGES  LAST MESSAGE (UTC)
            me@chat.example    han.meimei@chat.example         2  2024-03-02T21:15:00Z
            me@chat.example    li.lei@chat.example             9  2024-03-01T08:07:00Z
            work@corp.example  boss@corp.example               1  2024-02-28T12:00:00Z

            """)
        #expect(try DirectorySnapshot(directory) == before)
    }

    @Test func printsJSON() throws {
        let directory = try ScratchDirectory()
        try ArchiveFixture.build(["schema_model1", "rows_model1"], in: directory, name: "old.sqlite")
        let result = bubbles(["list", "old.sqlite", "--json"], in: directory)
        #expect(result.code == 0)
        #expect(result.out == """
            {"archive": "old.sqlite", "model_version": "withoutComposingAndMessageId", "unassigned_rows": 0, "conversations": [
              {"account": "me@chat.example", "peer": "li.lei@chat.example", "messages": 3, "last_time": "2013-05-20T10:02:00Z", "last_body": "image"}
            ]}

            """)
        let decoded = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect((decoded?["conversations"] as? [[String: Any]])?.first?["messages"] as? Int == 3)
    }

    @Test func alignsWideCharactersAndReportsRowsWithoutAConversation() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["schema_model2", "hostile_rows"], in: directory)
        try SQLiteDatabase(path: path, mode: .readWrite).execute("""
            INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZCOMPOSING, ZOUTGOING, ZTIMESTAMP,
                ZBAREJIDSTR, ZBODY, ZMESSAGESTR, ZSTREAMBAREJIDSTR)
            VALUES (100, 2, 1, 0, 0, 731000000.75, '李雷@聊天.example', '你好', '<message/>', 'me@chat.example')
            """)
        let before = try DirectorySnapshot(directory)
        let result = bubbles(["list", "archive.sqlite"], in: directory)
        #expect(result.code == 3)
        #expect(result.out == """
            ACCOUNT          PEER                  MESSAGES  LAST MESSAGE (UTC)
            me@chat.example  mallory@chat.example        18  -
            me@chat.example  李雷@聊天.example            1  2024-03-01T15:33:20Z

            """)
        #expect(result.err == "bubbles list: archive.sqlite: 2 rows have no account or peer (ZSTREAMBAREJIDSTR/ZBAREJIDSTR) "
                + "and belong to no conversation\n")
        #expect(try DirectorySnapshot(directory) == before)
    }

    @Test func namesTheFileAsGivenWhenItCannotBeUsed() throws {
        let directory = try ScratchDirectory()
        FileManager.default.createFile(atPath: directory.file("notes.txt"), contents: Data("hello".utf8))
        let before = try DirectorySnapshot(directory)
        let notSQLite = bubbles(["list", "notes.txt"], in: directory)
        #expect(notSQLite.code == 1)
        #expect(notSQLite.out == "")
        #expect(notSQLite.err == "bubbles list: notes.txt: not an SQLite database (it does not start with the SQLite header \"SQLite format 3\")\n")
        let missing = bubbles(["list", "missing.sqlite"], in: directory)
        #expect(missing.code == 1)
        #expect(missing.err == "bubbles list: missing.sqlite: no such file\n")
        #expect(try DirectorySnapshot(directory) == before)
    }

    @Test func listsAXEP0313DumpAndNamesItsProblems() throws {
        let directory = try ScratchDirectory()
        let sample = MAMDumpTests.samples.appendingPathComponent("modern-mam.xml")
        try FileManager.default.copyItem(atPath: sample.path, toPath: directory.file("history.xml"))
        let listed = bubbles(["list", "history.xml"], in: directory)
        #expect(listed.code == 0)
        #expect(listed.out == """
            ACCOUNT          PEER                       MESSAGES  LAST MESSAGE (UTC)
            me@chat.example  ann@conversations.example        28  2024-03-09T09:17:00Z

            """)
        FileManager.default.createFile(atPath: directory.file("bad.xml"), contents: Data("<message><body>x</message>".utf8))
        let bad = bubbles(["list", "bad.xml"], in: directory)
        #expect(bad.code == 1)
        #expect(bad.err == "bubbles list: bad.xml: malformed XML: the document ends too early or has content after its root"
                + " element (libxml2 error 5) at line 1, column 27\n")
    }

    @Test func usageErrors() throws {
        let directory = try ScratchDirectory()
        let none = bubbles(["list"], in: directory)
        #expect(none.code == 2)
        #expect(none.err.hasPrefix("bubbles list: give the archive to list\n\nusage: bubbles list ARCHIVE [--json]\n"))
        let two = bubbles(["list", "a.sqlite", "b.sqlite"], in: directory)
        #expect(two.code == 2)
        #expect(two.err.hasPrefix("bubbles list: give one archive\n"))
        let unknown = bubbles(["list", "a.sqlite", "--jsno"], in: directory)
        #expect(unknown.code == 2)
        #expect(unknown.err.hasPrefix("bubbles list: unknown option --jsno\n"))
        let list = try #require(Bubbles.command("list"))
        let help = bubbles(["list", "--help"], in: directory)
        #expect(help.code == 0)
        #expect(help.out == list.usage)
        // The option lines are the table's: --json (and --help), nothing typed by hand.
        let optionLines = help.out.split(separator: "\n").filter { $0.hasPrefix("  -") }
        #expect(optionLines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == list.options.options.map { ($0.aliases.first ?? $0.name) + ($0.aliases.isEmpty ? "" : ",") })
        #expect(list.options.options.map(\.name) == ["--json", "--help"])
    }
}

final class ListCommandOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = ""
    private var stderr = ""
    func append(_ text: String, error: Bool) {
        lock.lock()
        if error { stderr += text } else { stdout += text }
        lock.unlock()
    }
    var out: String { lock.lock(); defer { lock.unlock() }; return stdout }
    var err: String { lock.lock(); defer { lock.unlock() }; return stderr }
}
