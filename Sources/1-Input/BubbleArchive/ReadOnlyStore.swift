import Foundation

/// How a store was opened: where its pages are read from.
public enum StoreAccess: String, Sendable, Equatable {
    /// The user's file itself, through a SQLITE_OPEN_READONLY connection.
    case inPlace
    /// A private copy of the file (and its `-wal` or `-journal`) in a temporary directory.
    case privateCopy
}

/// A Core Data SQLite store (the message archive or the vCard store) opened so that nothing
/// beside it is ever written or created, while still reading every committed row.
///
/// Why this way (measured with SQLite 3.40.1, Debian 12):
/// - `SQLITE_OPEN_READONLY` (or `?mode=ro`) never writes the database or its `-wal`, but a
///   WAL-mode file (header bytes 18/19 = 2) needs a wal-index: when `-wal` or `-shm` is missing,
///   SQLite *creates* them beside the user's file and leaves them there after close. So that
///   mode is used in place only when it creates nothing: a rollback-journal file without
///   `-wal`, or a WAL file whose `-wal` and `-shm` both exist (an app has it open, or crashed).
///   In that case SQLite's WAL protocol (read marks in the existing `-shm`, its shared memory)
///   gives a consistent snapshot of every committed transaction, including frames not yet
///   checkpointed, even while a writer appends; a read-only connection never checkpoints.
/// - `immutable=1` would skip locking and the `-wal` altogether: rows only in the WAL would
///   be missed and a writer's checkpoint could tear pages under us. Not used.
/// - `readonly_shm=1` exists for read-only media and reads through an unreliable heap copy of
///   the index; not needed because an existing `-shm` is shared memory, not data.
/// - Every other case (WAL header but no `-wal`, `-wal` without `-shm`, a hot `-journal` that a
///   read-only connection cannot roll back: SQLITE_READONLY_ROLLBACK) has no live writer, so
///   the database and its sidecar are copied into a private temporary directory (checked
///   unchanged by size, time and inode across the copy, else copied again) and the copy is
///   opened, recovered there by SQLite, and deleted when the store is released.
/// - `PRAGMA query_only` makes any write statement fail even on the private copy.
final class ReadOnlyStore: @unchecked Sendable {
    // @unchecked: immutable after init; the database serializes its own use.
    let database: SQLiteDatabase
    let access: StoreAccess
    /// The user's path, for messages.
    let path: String
    /// The file itself, symbolic links resolved: its sidecars (`-wal`, `-shm`, `-journal`)
    /// sit beside it, not beside a link to it.
    let file: String
    private let privateDirectory: String?

    private init(database: SQLiteDatabase, access: StoreAccess, path: String, file: String, privateDirectory: String?) {
        self.database = database
        self.access = access
        self.path = path
        self.file = file
        self.privateDirectory = privateDirectory
    }

    deinit {
        if let privateDirectory { try? FileManager.default.removeItem(atPath: privateDirectory) }
    }

    /// Opens `path` and runs SQLite's quick integrity check within `timeLimit` seconds.
    static func open(path: String, timeLimit: Double) throws -> ReadOnlyStore {
        try checkPlainReadableFile(path)
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let inPlaceIsSafe: Bool = {
            let exists = { FileManager.default.fileExists(atPath: file + $0) }
            if exists("-wal") { return exists("-shm") }
            return SQLiteFileHeader(path: file)?.isWALMode != true
        }()
        if inPlaceIsSafe {
            do {
                let database = try SQLiteDatabase(path: file, mode: .readOnly)
                let store = ReadOnlyStore(database: database, access: .inPlace, path: path, file: file, privateDirectory: nil)
                try store.prepare(timeLimit: timeLimit)
                return store
            } catch let error as SQLiteError {
                // SQLITE_READONLY_* (a hot journal to roll back, a wal-index it may not create)
                // and SQLITE_CANTOPEN: a private copy can still be read.
                guard error.primaryCode == 8 || error.primaryCode == 14 else {
                    throw explain(error, path: path, file: file, timeLimit: timeLimit)
                }
            }
        }
        return try openPrivateCopy(of: file, path: path, timeLimit: timeLimit)
    }

    /// A clear error before SQLite sees the path: missing, a directory, unreadable, empty,
    /// or not an SQLite file at all.
    private static func checkPlainReadableFile(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ArchiveError(path: path, problem: "no such file")
        }
        if isDirectory.boolValue { throw ArchiveError(path: path, problem: "is a directory, not a store file") }
        // A pipe or a device would block or never end when read: refuse anything but a file.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ArchiveError(path: path, problem: "is not a regular file (a pipe, socket or device), not a store file")
        }
        guard FileManager.default.isReadableFile(atPath: path), let header = SQLiteFileHeader(path: path) else {
            throw ArchiveError(path: path, problem: "cannot be read (permission denied)")
        }
        if header.bytes.count < 100 || !header.hasMagic {
            let size = fileSize(path) ?? header.bytes.count
            throw ArchiveError(path: path, problem: SQLiteFileHeader.diagnose(path: path, fileSize: size, walExists: false)
                               ?? "not an SQLite database")
        }
    }

    private static func openPrivateCopy(of file: String, path: String, timeLimit: Double) throws -> ReadOnlyStore {
        let directory = try makePrivateDirectory(for: path)
        do {
            let copy = directory + "/store.sqlite"
            var copied = false
            for _ in 0..<5 where !copied {
                let before = sidecarStates(file)
                for suffix in ["", "-wal", "-journal"] where before[suffix] != nil {
                    try? FileManager.default.removeItem(atPath: copy + suffix)
                    try FileManager.default.copyItem(atPath: file + suffix, toPath: copy + suffix)
                }
                copied = sidecarStates(file) == before
            }
            guard copied else {
                throw ArchiveError(path: path, problem: "the file kept changing while it was being copied for reading; try again")
            }
            let database = try SQLiteDatabase(path: copy, mode: .readWrite)
            let store = ReadOnlyStore(database: database, access: .privateCopy, path: path, file: file,
                                      privateDirectory: directory)
            try store.prepare(timeLimit: timeLimit)
            return store
        } catch let error as SQLiteError {
            try? FileManager.default.removeItem(atPath: directory)
            throw explain(error, path: path, file: file, timeLimit: timeLimit)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    private static func makePrivateDirectory(for path: String) throws -> String {
        var template = Array((NSTemporaryDirectory() + "/bubbles-store-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ArchiveError(path: path, problem: "cannot make a private temporary directory to read a copy of it")
        }
        return String(cString: made)
    }

    /// Size, modification time and inode of the file and each sidecar that exists.
    private static func sidecarStates(_ path: String) -> [String: [Int]] {
        var states: [String: [Int]] = [:]
        for suffix in ["", "-wal", "-shm", "-journal"] {
            var info = stat()
            if stat(path + suffix, &info) == 0 {
                states[suffix] = [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
            }
        }
        return states
    }

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// `query_only`, then SQLite's quick integrity check (every page's b-tree structure,
    /// bounded by `timeLimit`): a damaged page fails here, once, instead of in some later query.
    /// Throws SQLiteError as it comes (the caller decides between a retry and an explanation).
    private func prepare(timeLimit: Double) throws {
        try database.execute("PRAGMA query_only = 1")
        let report = try database.withTimeLimit(timeLimit) {
            try database.query("PRAGMA quick_check(3)")
        }
        // One row "ok", or up to three problems, each possibly several lines under a
        // "*** in database main ***" heading.
        let problems = report.flatMap { row -> [String] in
            guard case .text(let text)? = row.first, text != "ok" else { return [] }
            return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("*** in database") }
        }
        if let first = problems.first {
            let walExists = FileManager.default.fileExists(atPath: file + "-wal")
            // A file cut short mid-page opens (SQLite reads the missing tail as zeros): say so.
            if access == .inPlace, let truncation = SQLiteFileHeader.diagnose(
                path: file, fileSize: Self.fileSize(file) ?? 0, walExists: walExists) {
                throw ArchiveError(path: path, problem: truncation)
            }
            let more = problems.count - 1
            throw ArchiveError(path: path, problem: "the file is damaged: SQLite's integrity check reports \"\(first)\""
                               + (more > 0 ? " and \(more) more problem\(more == 1 ? "" : "s")" : ""))
        }
    }

    /// Runs a read on the store within `timeLimit`, turning SQLite failures into one clear
    /// `ArchiveError` naming the user's file.
    func read<T>(timeLimit: Double, _ body: (SQLiteDatabase) throws -> T) throws -> T {
        do {
            return try database.withTimeLimit(timeLimit) { try body(database) }
        } catch let error as SQLiteError {
            throw Self.explain(error, path: path, file: file, timeLimit: timeLimit)
        }
    }

    /// Words for a failed SQLite call on the store `file`, named `path` by the user.
    static func explain(_ error: SQLiteError, path: String, file: String, timeLimit: Double) -> ArchiveError {
        let sqlite = "(SQLite: \(error.message), \(error.codeName))"
        switch error.primaryCode {
        case 26, 11:  // SQLITE_NOTADB, SQLITE_CORRUPT: say which, from the header, when we can
            let walExists = FileManager.default.fileExists(atPath: file + "-wal")
            if let diagnosis = SQLiteFileHeader.diagnose(path: file, fileSize: fileSize(file) ?? 0, walExists: walExists) {
                return ArchiveError(path: path, problem: diagnosis)
            }
            return ArchiveError(path: path, problem: error.primaryCode == 26
                                ? "not a readable SQLite database \(sqlite)"
                                : "the file is damaged \(sqlite)")
        case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
            return ArchiveError(path: path, problem: "another program holds it locked; try again when that program has closed it \(sqlite)")
        case 9:  // SQLITE_INTERRUPT, from the progress handler's deadline
            return ArchiveError(path: path, problem: "reading took longer than \(seconds(timeLimit)) and was stopped")
        case 10:  // SQLITE_IOERR
            return ArchiveError(path: path, problem: "the file could not be read \(sqlite)")
        default:
            return ArchiveError(path: path, problem: "SQLite could not read it \(sqlite)")
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
