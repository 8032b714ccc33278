import Foundation

/// The first 100 bytes of an SQLite file, read without SQLite: enough to say in words why
/// SQLite refused a file ("not SQLite", "damaged header", "truncated") instead of a bare
/// SQLITE_NOTADB or SQLITE_CORRUPT. Field offsets: https://www.sqlite.org/fileformat.html
struct SQLiteFileHeader {
    static let magic = Array("SQLite format 3\0".utf8)

    let bytes: [UInt8]

    /// Reads at most 100 bytes of the file; nil when it cannot be read at all.
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        do {
            bytes = Array(try handle.read(upToCount: 100) ?? Data())  // nil at end of file: empty
        } catch {
            return nil
        }
    }

    var hasMagic: Bool { bytes.count >= 16 && Array(bytes[0..<16]) == Self.magic }

    private func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    private func u32(_ offset: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    /// Page size in bytes (the stored value 1 means 65536).
    var pageSize: Int { u16(16) == 1 ? 65536 : u16(16) }
    /// 1 = rollback journal, 2 = WAL (bytes 18 and 19: file format write/read versions).
    var readVersion: Int { Int(bytes[19]) }
    var writeVersion: Int { Int(bytes[18]) }
    var isWALMode: Bool { bytes.count >= 20 && (readVersion == 2 || writeVersion == 2) }

    /// Database size in pages, when the header's copy is valid (the "version-valid-for"
    /// number at 92 equals the change counter at 24); nil otherwise.
    var pageCount: Int? {
        guard bytes.count >= 100 else { return nil }
        let count = u32(28)
        return count > 0 && u32(92) == u32(24) ? count : nil
    }

    /// What is wrong with the header's fixed fields, or nil when they are as SQLite requires.
    /// Only called with a full 100-byte header that has the magic string.
    var damage: String? {
        let storedPageSize = u16(16)
        if !(storedPageSize == 1 || (storedPageSize >= 512 && storedPageSize <= 32768
                                     && storedPageSize & (storedPageSize - 1) == 0)) {
            return "its page size field holds \(storedPageSize), not a power of two from 512 to 65536"
        }
        if ![1, 2].contains(writeVersion) || ![1, 2].contains(readVersion) {
            return "its file format version bytes hold \(writeVersion) and \(readVersion), not 1 or 2"
        }
        if bytes[21] != 64 || bytes[22] != 32 || bytes[23] != 32 {
            return "its payload fraction bytes hold \(bytes[21]), \(bytes[22]), \(bytes[23]) instead of 64, 32, 32"
        }
        if Int(bytes[20]) >= pageSize - 480 {
            return "its reserved-space byte holds \(bytes[20]), too large for \(pageSize)-byte pages"
        }
        return nil
    }

    /// Explains a whole-file refusal in words; `fileSize` is the archive's size in bytes and
    /// `walExists` whether a `-wal` file (which may legitimately hold pages beyond the main
    /// file's end) sits beside it.
    static func diagnose(path: String, fileSize: Int, walExists: Bool) -> String? {
        guard let header = SQLiteFileHeader(path: path) else { return nil }
        if fileSize == 0 { return "the file is empty (0 bytes)" }
        guard header.hasMagic else {
            if header.bytes.count < 16, magic.starts(with: header.bytes) {
                return "the file is truncated: it holds only \(fileSize) bytes of an SQLite header"
            }
            return "not an SQLite database (it does not start with the SQLite header \"SQLite format 3\")"
        }
        guard header.bytes.count == 100 else {
            return "the file is truncated: it holds only \(fileSize) bytes, less than SQLite's 100-byte header"
        }
        if let damage = header.damage { return "the SQLite header is damaged: \(damage)" }
        if !walExists, let pages = header.pageCount, fileSize < pages * header.pageSize {
            return "the file is truncated: its header promises \(pages) pages of \(header.pageSize) bytes "
                + "(\(pages * header.pageSize) bytes) but the file holds only \(fileSize) bytes"
        }
        if !walExists, fileSize % header.pageSize != 0 {
            return "the file is truncated: \(fileSize) bytes is not a whole number of \(header.pageSize)-byte pages"
        }
        return nil
    }
}
