import BubbleArchive
import Foundation
import Testing

/// The archive belongs to the user: reading never changes its bytes or its `-wal`'s, never
/// leaves a file beside it, and still sees every committed row, including rows that exist
/// only in the `-wal` (Core Data keeps its stores in WAL mode).
struct ArchiveReadOnlyTests {
    let me = "me@chat.example"
    let li = "li.lei@chat.example"

    /// Reads everything the archive has and returns what was read.
    func readAll(_ path: String) throws -> (access: StoreAccess, conversations: [ConversationSummary], liRows: [Int64]) {
        let archive = try MessageArchive(path: path)
        return (archive.access, try archive.conversations(), try archive.rows(account: me, peer: li).map(\.primaryKey))
    }

    let liRowsWithWAL: [Int64] = [7, 1, 2, 3, 4, 5, 6, 8, 13, 14]  // 9 (composing) deleted in the WAL

    @Test func aRollbackJournalStoreIsReadInPlaceAndLeftAlone() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: directory)
        let before = try DirectorySnapshot(directory)
        let read = try readAll(path)
        #expect(read.access == .inPlace)
        #expect(read.liRows == [7, 1, 2, 3, 4, 5, 6, 8, 9])
        #expect(try DirectorySnapshot(directory) == before)
        #expect(before.names == ["archive.sqlite"])
    }

    @Test func whileAWriterHoldsUncheckpointedRowsTheyAreReadAndNothingChanges() throws {
        let directory = try ScratchDirectory()
        let (path, writer) = try ArchiveFixture.walWriter(in: directory)
        let before = try DirectorySnapshot(directory)
        #expect(before.names == ["archive.sqlite", "archive.sqlite-shm", "archive.sqlite-wal"])
        #expect(try before.bytes["archive.sqlite-wal"].map(\.count) ?? 0 > 0)

        let archive = try MessageArchive(path: path)
        #expect(archive.access == .inPlace)
        #expect(try archive.rows(account: me, peer: li).map(\.primaryKey) == liRowsWithWAL)
        #expect(try archive.conversations().map(\.peer).contains("new.friend@chat.example"))
        #expect(try DirectorySnapshot(directory) == before)

        // The writer goes on while the archive is open: each call reads the newest snapshot.
        try writer.execute("""
            INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZCOMPOSING, ZOUTGOING,
                ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGEID, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD)
            VALUES (16, 2, 1, 0, 1, 730976500.5, 'li.lei@chat.example', 'one more', 'me-005',
                '<message xmlns="jabber:client" type="chat" to="li.lei@chat.example" from="me@chat.example/iPhone" id="me-005"><body>one more</body></message>',
                'me@chat.example', NULL)
            """)
        let afterWrite = try DirectorySnapshot(directory)
        #expect(try archive.rows(account: me, peer: li).map(\.primaryKey) == liRowsWithWAL + [16])
        #expect(try DirectorySnapshot(directory) == afterWrite)
        withExtendedLifetime(writer) {}
    }

    @Test func rowsOnlyInTheWALAreReadFromWhatACrashLeaves() throws {
        // db + -wal + -shm with no connection open: what an app that was killed leaves behind.
        let live = try ScratchDirectory()
        let (_, writer) = try ArchiveFixture.walWriter(in: live)
        let crashed = try ScratchDirectory()
        try crashed.copy(["archive.sqlite", "archive.sqlite-wal", "archive.sqlite-shm"], from: live)
        withExtendedLifetime(writer) {}

        let before = try DirectorySnapshot(crashed)
        let read = try readAll(crashed.file("archive.sqlite"))
        #expect(read.access == .inPlace)
        #expect(read.liRows == liRowsWithWAL)
        #expect(try DirectorySnapshot(crashed) == before)
        // Read-only readers never checkpoint: the -wal still holds the rows, the main file still lacks them.
        let mainFileOnly = try ScratchDirectory()
        try mainFileOnly.copy(["archive.sqlite"], from: crashed)
        #expect(try readAll(mainFileOnly.file("archive.sqlite")).liRows == [7, 1, 2, 3, 4, 5, 6, 8, 9])
    }

    @Test func aWALWithoutItsSHMIsReadFromAPrivateCopyWithoutCreatingOne() throws {
        // db + -wal only: a backup or a copy made off a device. SQLite would create -shm here.
        let live = try ScratchDirectory()
        let (_, writer) = try ArchiveFixture.walWriter(in: live)
        let copied = try ScratchDirectory()
        try copied.copy(["archive.sqlite", "archive.sqlite-wal"], from: live)
        withExtendedLifetime(writer) {}

        let before = try DirectorySnapshot(copied)
        let read = try readAll(copied.file("archive.sqlite"))
        #expect(read.access == .privateCopy)
        #expect(read.liRows == liRowsWithWAL)
        #expect(read.conversations.count == 4)
        #expect(try DirectorySnapshot(copied) == before)
        #expect(before.names == ["archive.sqlite", "archive.sqlite-wal"])
    }

    @Test func aWALModeFileWithoutSidecarsIsReadWithoutCreatingThem() throws {
        // A store in WAL mode closed cleanly: the header says WAL, no -wal or -shm beside it.
        let directory = try ScratchDirectory()
        do {
            let (_, writer) = try ArchiveFixture.walWriter(in: directory)
            try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try DirectorySnapshot(directory)
        #expect(before.names == ["archive.sqlite"])
        #expect(before.bytes["archive.sqlite"].map { [$0[18], $0[19]] } == [2, 2])  // WAL mode in the header
        let read = try readAll(directory.file("archive.sqlite"))
        #expect(read.access == .privateCopy)
        #expect(read.liRows == liRowsWithWAL)
        #expect(try DirectorySnapshot(directory) == before)
    }

    @Test func aLinkToALiveArchiveFindsTheSidecarsBesideTheRealFile() throws {
        let live = try ScratchDirectory()
        let (path, writer) = try ArchiveFixture.walWriter(in: live)
        let links = try ScratchDirectory()
        try FileManager.default.createSymbolicLink(atPath: links.file("chat.sqlite"), withDestinationPath: path)
        let (beforeLive, beforeLinks) = (try DirectorySnapshot(live), try DirectorySnapshot(links))
        let read = try readAll(links.file("chat.sqlite"))
        #expect(read.access == .inPlace)  // the link's own folder has no -wal or -shm: resolved, it is a live WAL store
        #expect(read.liRows == liRowsWithWAL)
        #expect(try DirectorySnapshot(live) == beforeLive)
        #expect(try DirectorySnapshot(links) == beforeLinks)
        withExtendedLifetime(writer) {}
    }

    @Test func aHotJournalIsRolledBackInAPrivateCopyOnly() throws {
        // A rollback-mode writer that crashed mid-transaction: changed pages already in the
        // database file, the originals in a hot -journal beside it.
        let live = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: live)
        let writer = try SQLiteDatabase(path: path, mode: .readWrite)
        try writer.execute("""
            PRAGMA cache_size = 1;
            BEGIN;
            UPDATE ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT SET ZBODY = 'half-written';
            INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZMESSAGESTR, ZSTREAMBAREJIDSTR)
                WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 300)
                SELECT 100 + value, 2, 1, 0, 730980000 + value, 'li.lei@chat.example', hex(randomblob(400)), 'me@chat.example' FROM n;
            """)
        let crashed = try ScratchDirectory()
        try crashed.copy(["archive.sqlite", "archive.sqlite-journal"], from: live)
        try writer.execute("ROLLBACK")
        #expect(FileManager.default.fileExists(atPath: crashed.file("archive.sqlite-journal")))

        let before = try DirectorySnapshot(crashed)
        // The half-written pages really are in the copied database file: only a rollback hides them.
        #expect(before.bytes["archive.sqlite"]?.range(of: Data("half-written".utf8)) != nil)
        let archive = try MessageArchive(path: crashed.file("archive.sqlite"))
        #expect(archive.access == .privateCopy)
        let rows = try archive.rows(account: me, peer: li)
        #expect(rows.map(\.primaryKey) == [7, 1, 2, 3, 4, 5, 6, 8, 9])
        #expect(!rows.contains { $0.body == "half-written" })
        #expect(try DirectorySnapshot(crashed) == before)
    }
}
