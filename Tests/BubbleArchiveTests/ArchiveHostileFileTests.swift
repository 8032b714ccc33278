import BubbleArchive
import Foundation
import Testing

/// Files that cannot be archives: each gives one clear error naming the file and what is
/// wrong, quickly, and leaves the file byte-identical.
struct ArchiveHostileFileTests {
    /// Opens `path` as an archive (and reads it, if it opens) and returns the error, checking
    /// that it took under `limit` seconds and that nothing beside the file changed.
    func failure(_ path: String, in directory: ScratchDirectory, limit: Double = 2) throws -> String? {
        let before = try DirectorySnapshot(directory)
        let (error, seconds) = timed {
            archiveError {
                let archive = try MessageArchive(path: path)
                _ = try archive.conversations()
            }
        }
        #expect(seconds < limit, "took \(seconds) s")
        #expect(try DirectorySnapshot(directory) == before)
        #expect(error?.path == path)
        return error?.problem
    }

    /// The main fixture with `change` applied to its bytes.
    func damaged(_ change: (inout Data) -> Void) throws -> (ScratchDirectory, String, pages: Int) {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: directory)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pages = bytes.count / 4096
        change(&bytes)
        try bytes.write(to: URL(fileURLWithPath: path))
        return (directory, path, pages)
    }

    @Test func aMissingFile() throws {
        let directory = try ScratchDirectory()
        #expect(try failure(directory.file("nothing.sqlite"), in: directory) == "no such file")
    }

    @Test func aDirectory() throws {
        let directory = try ScratchDirectory()
        #expect(mkdir(directory.file("chat.sqlite"), 0o755) == 0)
        #expect(try failure(directory.file("chat.sqlite"), in: directory) == "is a directory, not a store file")
    }

    @Test func aPipeOrADeviceIsRefusedWithoutReadingIt() throws {
        let directory = try ScratchDirectory()
        #expect(mkfifo(directory.file("pipe.sqlite"), 0o600) == 0)  // opening it to read would wait for a writer
        #expect(try failure(directory.file("pipe.sqlite"), in: directory)
                == "is not a regular file (a pipe, socket or device), not a store file")
        let (error, seconds) = timed { archiveError { _ = try MessageArchive(path: "/dev/zero") } }
        #expect(error?.description == "/dev/zero: is not a regular file (a pipe, socket or device), not a store file")
        #expect(seconds < 2)
    }

    @Test func anEmptyFile() throws {
        let directory = try ScratchDirectory()
        FileManager.default.createFile(atPath: directory.file("empty.sqlite"), contents: Data())
        #expect(try failure(directory.file("empty.sqlite"), in: directory) == "the file is empty (0 bytes)")
    }

    @Test func aFileThatIsNotSQLite() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("photo.sqlite")
        FileManager.default.createFile(atPath: path, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                                                                  + Array(repeating: 0x41, count: 5000)))
        #expect(try failure(path, in: directory)
                == "not an SQLite database (it does not start with the SQLite header \"SQLite format 3\")")
        let text = directory.file("notes.txt")
        FileManager.default.createFile(atPath: text, contents: Data("SQLite format 2 was never a thing\n".utf8))
        #expect(try failure(text, in: directory)
                == "not an SQLite database (it does not start with the SQLite header \"SQLite format 3\")")
    }

    @Test func aFileTruncatedInsideItsHeader() throws {
        let (directory, path, _) = try damaged { $0 = $0.prefix(50) }
        #expect(try failure(path, in: directory)
                == "the file is truncated: it holds only 50 bytes, less than SQLite's 100-byte header")
    }

    @Test func aFileTruncatedAtAPageBoundary() throws {
        let (directory, path, pages) = try damaged { $0 = $0.prefix(2 * 4096) }
        #expect(pages > 4)
        #expect(try failure(path, in: directory)
                == "the file is truncated: its header promises \(pages) pages of 4096 bytes (\(pages * 4096) bytes) "
                + "but the file holds only 8192 bytes")
    }

    @Test func aFileTruncatedMidPage() throws {
        let (directory, path, pages) = try damaged { $0 = $0.prefix($0.count - 1000) }
        #expect(try failure(path, in: directory)
                == "the file is truncated: its header promises \(pages) pages of 4096 bytes (\(pages * 4096) bytes) "
                + "but the file holds only \(pages * 4096 - 1000) bytes")
    }

    @Test func aDamagedHeader() throws {
        let (directory, path, _) = try damaged { $0[16] = 0x12; $0[17] = 0x34 }
        #expect(try failure(path, in: directory)
                == "the SQLite header is damaged: its page size field holds 4660, not a power of two from 512 to 65536")
        let (other, otherPath, _) = try damaged { $0[21] = 0x7F }
        #expect(try failure(otherPath, in: other)
                == "the SQLite header is damaged: its payload fraction bytes hold 127, 32, 32 instead of 64, 32, 32")
    }

    @Test func aDamagedMessagePage() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: directory)
        let root = try SQLiteDatabase(path: path, mode: .readOnly).query(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT'")
        guard case .integer(let page)? = root.first?.first else { Issue.record("no root page"); return }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = Int(page - 1) * 4096
        for offset in 0..<64 { bytes[start + offset] = 0xA5 }  // the b-tree page header and cell pointers
        try bytes.write(to: URL(fileURLWithPath: path))
        // Error code 11 is SQLITE_CORRUPT; the two pages the damaged tree pointed to are now orphans.
        #expect(try failure(path, in: directory) == "the file is damaged: SQLite's integrity check reports "
                + "\"Page \(page): btreeInitPage() returns error code 11\" and 2 more problems")
    }

    @Test func aDamagedSchemaPage() throws {
        let (directory, path, _) = try damaged { bytes in
            for offset in 100..<160 { bytes[offset] = 0x5A }  // page 1's b-tree header, below the file header
        }
        #expect(try failure(path, in: directory)
                == "the file is damaged (SQLite: database disk image is malformed, SQLITE_CORRUPT)")
    }

    @Test func anotherAppsSQLiteDatabase() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("other.sqlite")
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE settings (key TEXT, value TEXT);
            INSERT INTO users VALUES (1, 'alice');
            """)
        #expect(try failure(path, in: directory) == "an SQLite database, but not an XMPPFramework message archive: "
                + "it has no ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT table (its tables: settings, users)")
    }

    @Test func theVCardStoreGivenAsTheArchive() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["vcard_store"], in: directory, name: "vcards.sqlite")
        #expect(try failure(path, in: directory) == "a Core Data store, but not an XMPPFramework message archive: "
                + "it has no ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT table (its tables: ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT, "
                + "ZXMPPVCARDCOREDATASTORAGEOBJECT, ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT, Z_METADATA, Z_MODELCACHE, Z_PRIMARYKEY)")
    }

    @Test func anEmptySQLiteDatabase() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("blank.sqlite")
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("PRAGMA user_version = 1")
        #expect(try failure(path, in: directory) == "an empty SQLite database (no tables), not an XMPPFramework message archive")
    }

    @Test func aTableThatLacksColumns() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("partial.sqlite")
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("""
            CREATE TABLE ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
                ZOUTGOING INTEGER, ZBAREJIDSTR VARCHAR, ZBODY VARCHAR, ZSTREAMBAREJIDSTR VARCHAR, ZTHREAD VARCHAR)
            """)
        #expect(try failure(path, in: directory) == "ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT lacks the columns ZTIMESTAMP, "
                + "ZMESSAGESTR: not a model version of an XMPPFramework message archive this reader knows")
    }

    @Test func aViewInPlaceOfTheTableIsNeverRun() throws {
        // A view that would never finish: refused by kind before anything selects from it.
        let directory = try ScratchDirectory()
        let path = directory.file("view.sqlite")
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("""
            CREATE VIEW ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT AS
                WITH RECURSIVE n(Z_PK) AS (SELECT 1 UNION ALL SELECT Z_PK + 1 FROM n) SELECT Z_PK FROM n
            """)
        #expect(try failure(path, in: directory) == "ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT is a view, not Core Data's "
                + "table: not an XMPPFramework message archive")
    }

    @Test func anArchiveLockedByAnotherWriterFailsWithinTheBusyTimeout() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: directory)
        let writer = try SQLiteDatabase(path: path, mode: .readWrite)
        try writer.execute("BEGIN EXCLUSIVE")
        let problem = try failure(path, in: directory, limit: 5)
        #expect(problem == "another program holds it locked; try again when that program has closed it "
                + "(SQLite: database is locked, SQLITE_BUSY)")
        try writer.execute("ROLLBACK")
    }

    @Test func readingThatTakesTooLongIsStopped() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: directory)
        try SQLiteDatabase(path: path, mode: .readWrite).execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
            INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZCOMPOSING, ZOUTGOING, ZTIMESTAMP,
                ZBAREJIDSTR, ZBODY, ZMESSAGESTR, ZSTREAMBAREJIDSTR)
            SELECT 1000 + i, 2, 1, 0, i % 2, 730000000 + i, 'bulk@chat.example', 'message ' || i, '<message/>', 'me@chat.example' FROM n
            """)
        let before = try DirectorySnapshot(directory)
        let (error, seconds) = timed { archiveError { _ = try MessageArchive(path: path, timeLimit: 0.001) } }
        #expect(error?.problem == "reading took longer than 0.001 s and was stopped")
        #expect(seconds < 1)
        #expect(try DirectorySnapshot(directory) == before)
        // With time enough, the same file reads.
        #expect(try MessageArchive(path: path).rows(account: "me@chat.example", peer: "bulk@chat.example").count == 50000)
    }
}
