import CSQLite
import Dispatch
import Foundation

/// The one wrapper around SQLite's C API. It owns the `sqlite3*` handle and closes it; every
/// statement holds its database alive (Swift frees objects after their last use in release
/// builds, and a finalize after close is a use-after-free); every SQLite result code that is
/// not success becomes a `SQLiteError` carrying `sqlite3_errmsg` and the file path.
///
/// Public so that tests can build fixture stores through the same code; the archive readers'
/// own API never shows SQLite types.
public final class SQLiteDatabase: @unchecked Sendable {
    // @unchecked: the connection is opened SQLITE_OPEN_FULLMUTEX (serialized), and `lock`
    // serializes whole operations (a statement's steps, the deadline) across threads.

    public enum OpenMode: Sendable {
        /// SQLITE_OPEN_READONLY: SQLite itself refuses every write to the file.
        case readOnly
        case readWrite
        case readWriteCreate
    }

    /// The path as the caller named it, for error messages.
    public let path: String
    let handle: OpaquePointer
    private let lock = NSLock()
    /// Monotonic nanoseconds after which the progress handler interrupts the running
    /// statement (SQLITE_INTERRUPT); 0 = no limit. Read from the progress callback.
    private var deadline: UInt64 = 0

    public init(path: String, mode: OpenMode, busyTimeout: Double = 2) throws {
        self.path = path
        var flags = SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            // On failure SQLite may still hand back a handle that holds the message; it must be closed.
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteError(path: path, code: code, message: message, operation: "open")
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(max(0, busyTimeout) * 1000))
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(handle, 1000, { context in
            guard let context else { return 0 }
            let database = Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue()
            let limit = database.deadline
            return limit != 0 && DispatchTime.now().uptimeNanoseconds > limit ? 1 : 0
        }, context)
    }

    deinit {
        sqlite3_progress_handler(handle, 0, nil, nil)
        sqlite3_close_v2(handle)
    }

    /// Runs `body` alone on this connection; statements running inside it are interrupted
    /// (SQLITE_INTERRUPT) once `timeLimit` seconds have passed, so a damaged or enormous file
    /// can never hang the caller.
    public func withTimeLimit<T>(_ timeLimit: Double?, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { deadline = 0; lock.unlock() }
        if let timeLimit {
            deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeLimit) * 1e9)
        }
        return try body()
    }

    public func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error(code, "prepare \(sql.prefix(60))")
        }
        return SQLiteStatement(database: self, handle: statement, sql: sql)
    }

    /// All rows of one statement, each as its column values.
    public func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var rows: [[SQLiteValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.column($0) })
        }
        return rows
    }

    /// Runs a script of several statements (fixture SQL, pragmas), stepping each to the end.
    public func execute(_ script: String) throws {
        try script.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var statement: OpaquePointer?
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &next)
                guard code == SQLITE_OK else {
                    sqlite3_finalize(statement)
                    throw error(code, "prepare \(String(cString: current).prefix(60))")
                }
                guard let statement else { continue }  // only whitespace or a comment was left
                defer { sqlite3_finalize(statement) }
                var stepCode = sqlite3_step(statement)
                while stepCode == SQLITE_ROW { stepCode = sqlite3_step(statement) }
                guard stepCode == SQLITE_DONE else {
                    throw error(stepCode, "run \(String(cString: sqlite3_sql(statement)).prefix(60))")
                }
            }
        }
    }

    /// The error for `code`, with the connection's own message when it has one.
    func error(_ code: Int32, _ operation: String) -> SQLiteError {
        let message = sqlite3_errcode(handle) == SQLITE_OK
            ? String(cString: sqlite3_errstr(code))
            : String(cString: sqlite3_errmsg(handle))
        return SQLiteError(path: path, code: code, message: message, operation: operation)
    }
}

/// One prepared statement. Holds its database, so the connection outlives every statement.
public final class SQLiteStatement {
    public let database: SQLiteDatabase
    let handle: OpaquePointer
    public let sql: String

    init(database: SQLiteDatabase, handle: OpaquePointer, sql: String) {
        self.database = database
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    public func bind(_ values: [SQLiteValue]) throws {
        // SQLITE_TRANSIENT: SQLite copies the bytes, so Swift's buffers may go right after.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, transient)
            case .malformedText(let bytes):
                code = bytes.isEmpty ? sqlite3_bind_text(handle, index, "", 0, transient) : bytes.withUnsafeBytes {
                    sqlite3_bind_text(handle, index, $0.baseAddress!.assumingMemoryBound(to: CChar.self),
                                      Int32($0.count), transient)
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count), transient)
                }
            }
            guard code == SQLITE_OK else { throw database.error(code, "bind \(index) of \(sql.prefix(60))") }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, "run \(sql.prefix(60))")
        }
    }

    /// A column of the current row, typed as stored (a BLOB in a text column stays a BLOB).
    public func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let start = sqlite3_column_text(handle, index) else { return .text("") }
            let bytes = UnsafeBufferPointer(start: start, count: count)
            if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
            return .malformedText(Data(bytes))
        default:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let start = sqlite3_column_blob(handle, index) else { return .blob(Data()) }
            return .blob(Data(bytes: start, count: count))
        }
    }
}

/// A value as SQLite stores it.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// A TEXT value whose bytes are not valid UTF-8.
    case malformedText(Data)
    case blob(Data)
}

/// A failed SQLite call: the extended result code, SQLite's own message, the file, and
/// what we were doing.
public struct SQLiteError: Error, CustomStringConvertible, Equatable, Sendable {
    public var path: String
    /// The extended result code (e.g. 266 = SQLITE_IOERR_READ); `primaryCode` is its low byte.
    public var code: Int32
    /// `sqlite3_errmsg` at the time of the failure.
    public var message: String
    public var operation: String

    public init(path: String, code: Int32, message: String, operation: String) {
        self.path = path
        self.code = code
        self.message = message
        self.operation = operation
    }

    public var primaryCode: Int32 { code & 0xFF }

    /// `SQLITE_CORRUPT`, `SQLITE_NOTADB`, …
    public var codeName: String {
        let names = ["OK", "ERROR", "INTERNAL", "PERM", "ABORT", "BUSY", "LOCKED", "NOMEM", "READONLY",
                     "INTERRUPT", "IOERR", "CORRUPT", "NOTFOUND", "FULL", "CANTOPEN", "PROTOCOL", "EMPTY",
                     "SCHEMA", "TOOBIG", "CONSTRAINT", "MISMATCH", "MISUSE", "NOLFS", "AUTH", "FORMAT",
                     "RANGE", "NOTADB", "NOTICE", "WARNING"]
        let primary = Int(primaryCode)
        return "SQLITE_" + (primary < names.count ? names[primary] : "\(primary)")
    }

    public var description: String { "\(path): \(message) (\(codeName), code \(code), while: \(operation))" }
}
