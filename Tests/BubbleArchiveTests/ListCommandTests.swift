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
        #expect(bubbles(["list", "--help"], in: directory).out == ListCommandUsage.text)
    }
}

/// The usage text, as printed by `bubbles list --help`.
enum ListCommandUsage {
    static let text = """
    usage: bubbles list ARCHIVE [--json]

    Opens ARCHIVE (an XMPPFramework message archive, Core Data SQLite) read-only and prints
    one line per conversation: account, peer, number of rows (a composing row counts: it is
    drawn too) and the newest row's time in ISO 8601 UTC. The table looks the same on a
    terminal and in a pipe.

      --json   one JSON object instead: {"archive", "model_version", "unassigned_rows",
               "conversations": [{"account", "peer", "messages", "last_time", "last_body"}]}
               (last_time and last_body are null when the newest row has none)

    Rows whose account or peer is missing belong to no conversation: they are counted on
    standard error and the exit code is then 3.

    """
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
