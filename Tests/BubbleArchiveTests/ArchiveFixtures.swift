import BubbleArchive
import Foundation
import Testing

/// Builds Core Data stores from the SQL text in Fixtures/ through the SQLite wrapper, each in
/// its own temporary directory (tests run in parallel). Usable by every test in this target:
/// `try ArchiveFixture.build(["schema_model2", "hostile_rows"], in: directory)`.
enum ArchiveFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func sql(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".sql"), encoding: .utf8)
    }

    /// A rollback-journal store (as Core Data leaves one after a clean close with journal
    /// mode DELETE) made from the named SQL files, in order.
    @discardableResult
    static func build(_ sqlFiles: [String], in directory: ScratchDirectory, name: String = "archive.sqlite") throws -> String {
        let path = directory.path + "/" + name
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        for file in sqlFiles { try database.execute(sql(file)) }
        return path
    }

    /// The main archive (both conversations of me@chat.example plus a second account).
    @discardableResult static func main(in directory: ScratchDirectory) throws -> String {
        try build(["schema_model2", "rows_model2"], in: directory)
    }

    /// The main archive switched to WAL mode with automatic checkpoints off, then rows_wal.sql
    /// committed: those three rows exist only in `-wal` while the returned writer stays open.
    static func walWriter(in directory: ScratchDirectory) throws -> (path: String, writer: SQLiteDatabase) {
        let path = try main(in: directory)
        let writer = try SQLiteDatabase(path: path, mode: .readWrite)
        try writer.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
        try writer.execute(sql("rows_wal"))
        return (path, writer)
    }
}

/// A temporary directory removed when the value goes.
final class ScratchDirectory {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/archive-tests-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Copies `names` (those that exist) from `source` as plain bytes, the way a backup or a
    /// crash would leave them.
    func copy(_ names: [String], from source: ScratchDirectory) throws {
        for name in names where FileManager.default.fileExists(atPath: source.file(name)) {
            try FileManager.default.copyItem(atPath: source.file(name), toPath: file(name))
        }
    }
}

/// Everything beside a store that reading must leave alone: the directory listing and the
/// bytes of every file except `-shm` (the wal-index is shared memory that SQLite's WAL
/// protocol has readers update; it holds no data).
struct DirectorySnapshot: Equatable, CustomStringConvertible {
    let names: [String]
    let bytes: [String: Data]

    init(_ directory: ScratchDirectory) throws {
        names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        var bytes: [String: Data] = [:]
        for name in names where !name.hasSuffix("-shm") {
            // Only regular files have bytes to compare (reading a pipe would wait forever).
            let type = try FileManager.default.attributesOfItem(atPath: directory.file(name))[.type] as? FileAttributeType
            bytes[name] = type == .typeRegular ? try Data(contentsOf: URL(fileURLWithPath: directory.file(name))) : Data()
        }
        self.bytes = bytes
    }

    var description: String { names.map { "\($0) (\(bytes[$0]?.count ?? -1) bytes)" }.joined(separator: ", ") }
}

/// Seconds `body` took, and what it returned.
func timed<T>(_ body: () throws -> T) rethrows -> (value: T, seconds: Double) {
    let start = Date()
    let value = try body()
    return (value, Date().timeIntervalSince(start))
}

/// The `ArchiveError` that `body` throws (a test fails if it throws something else, or nothing).
func archiveError(_ body: () throws -> Void) -> ArchiveError? {
    do {
        try body()
        Issue.record("expected an ArchiveError, but nothing was thrown")
    } catch let error as ArchiveError {
        return error
    } catch {
        Issue.record("expected an ArchiveError, got \(type(of: error)): \(error)")
    }
    return nil
}

/// The bytes of the first `<attachment>` of a stanza.
func attachmentBytes(_ stanza: String?) -> Data? {
    guard let stanza, let start = stanza.range(of: "<attachment>"),
          let end = stanza.range(of: "</attachment>", range: start.upperBound..<stanza.endIndex) else { return nil }
    return Data(base64Encoded: String(stanza[start.upperBound..<end.lowerBound]))
}

/// Width and height from a PNG's IHDR.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
    let number = { (offset: Int) in (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) } }
    return (number(16), number(20))
}
