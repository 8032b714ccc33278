import BubbleArchive
import Foundation
import Testing

/// The SQLite wrapper itself: typed columns, errors with SQLite's message and the path, the
/// time limit, statements that keep their connection alive.
struct SQLiteDatabaseTests {
    @Test func columnsComeBackTypedAsStored() throws {
        let directory = try ScratchDirectory()
        let database = try SQLiteDatabase(path: directory.file("types.sqlite"), mode: .readWriteCreate)
        try database.execute("""
            CREATE TABLE t (a VARCHAR, b INTEGER, c TIMESTAMP);
            INSERT INTO t VALUES ('你好 👋', 1, 730972800.25);
            INSERT INTO t VALUES (X'00FF68', NULL, 'text');
            INSERT INTO t VALUES (CAST(X'C328' AS TEXT), 7, 730972800.0);
            """)
        let rows = try database.query("SELECT a, b, c FROM t ORDER BY rowid")
        #expect(rows[0] == [.text("你好 👋"), .integer(1), .real(730972800.25)])
        #expect(rows[1] == [.blob(Data([0x00, 0xFF, 0x68])), .null, .text("text")])
        // NUMERIC affinity stores a whole REAL as an INTEGER, as it does in Core Data's stores.
        #expect(rows[2] == [.malformedText(Data([0xC3, 0x28])), .integer(7), .integer(730972800)])
    }

    @Test func boundValuesRoundTrip() throws {
        let directory = try ScratchDirectory()
        let database = try SQLiteDatabase(path: directory.file("bind.sqlite"), mode: .readWriteCreate)
        let values: [SQLiteValue] = [.text("مرحبا"), .integer(-5), .real(0.5), .blob(Data([1, 2, 3])), .null, .blob(Data())]
        let row = try database.query("SELECT ?, ?, ?, ?, ?, ?", values).first
        #expect(row == [.text("مرحبا"), .integer(-5), .real(0.5), .blob(Data([1, 2, 3])), .null, .blob(Data())])
    }

    @Test func errorsCarrySQLitesMessageCodeAndPath() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("errors.sqlite")
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        let error = try #require(throws: SQLiteError.self) { try database.query("SELECT * FROM missing_table") }
        #expect(error.path == path)
        #expect(error.message == "no such table: missing_table")
        #expect(error.codeName == "SQLITE_ERROR")
        #expect(error.description.hasPrefix(path + ": no such table: missing_table (SQLITE_ERROR, code 1"))

        try database.execute("CREATE TABLE u (x UNIQUE); INSERT INTO u VALUES (1);")
        let constraint = try #require(throws: SQLiteError.self) { try database.execute("INSERT INTO u VALUES (1)") }
        #expect(constraint.codeName == "SQLITE_CONSTRAINT")
        #expect(constraint.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE: extended codes are kept
        #expect(constraint.message == "UNIQUE constraint failed: u.x")
    }

    @Test func openingAMissingFileReadOnlyFailsWithCantOpen() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("absent.sqlite")
        let error = try #require(throws: SQLiteError.self) { try SQLiteDatabase(path: path, mode: .readOnly) }
        #expect(error.codeName == "SQLITE_CANTOPEN")
        #expect(error.path == path)
        #expect(error.message == "unable to open database file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func readOnlyConnectionsRefuseWrites() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("ro.sqlite")
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let database = try SQLiteDatabase(path: path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (2)") }
        #expect(error.codeName == "SQLITE_READONLY")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func theTimeLimitInterruptsARunawayQuery() throws {
        let directory = try ScratchDirectory()
        let database = try SQLiteDatabase(path: directory.file("slow.sqlite"), mode: .readWriteCreate)
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        let (error, seconds) = try timed {
            try #require(throws: SQLiteError.self) { try database.withTimeLimit(0.2) { try database.query(endless) } }
        }
        #expect(error.codeName == "SQLITE_INTERRUPT")
        #expect(error.message == "interrupted")
        #expect(seconds < 2)
        // The limit applies only inside withTimeLimit: the connection works normally afterwards.
        #expect(try database.query("SELECT 1 + 1").first == [.integer(2)])
    }

    @Test func aStatementKeepsItsConnectionAlive() throws {
        let directory = try ScratchDirectory()
        let statement = try SQLiteDatabase(path: directory.file("alive.sqlite"), mode: .readWriteCreate)
            .prepare("SELECT 'still here'")
        #expect(try statement.step())
        #expect(statement.column(0) == .text("still here"))
        #expect(try statement.step() == false)
    }
}
