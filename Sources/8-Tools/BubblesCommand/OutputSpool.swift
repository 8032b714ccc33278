import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Output that must follow a header known only at the end (the conversation's height comes
/// before its rows in `layout --json`): kept in an anonymous temporary file instead of memory,
/// then copied out in blocks.
package final class OutputSpool {
    private let file: UnsafeMutablePointer<FILE>

    package init() throws {
        guard let file = tmpfile() else {
            throw CommandError("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        self.file = file
    }

    deinit { fclose(file) }

    package func append(_ text: String) throws {
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == text.utf8.count else {
            throw CommandError("cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
    }

    /// Everything appended, in blocks of at most 1 MiB.
    package func copy(to write: (String) -> Void) throws {
        guard fflush(file) == 0 else { throw CommandError("cannot write a temporary file: \(String(cString: strerror(errno)))") }
        rewind(file)
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var carry: [UInt8] = []
        while true {
            let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            // A block may end inside a UTF-8 sequence: hold those bytes for the next one.
            var bytes = carry + block[0..<count]
            var end = bytes.count
            var back = 0
            while back < 3, end > 0, bytes[end - 1] & 0xC0 == 0x80 { end -= 1; back += 1 }
            if end > 0, bytes[end - 1] >= 0xC0 { end -= 1 } else { end = bytes.count }
            carry = Array(bytes[end...])
            bytes.removeSubrange(end...)
            write(String(decoding: bytes, as: UTF8.self))
        }
        if ferror(file) != 0 { throw CommandError("cannot read a temporary file: \(String(cString: strerror(errno)))") }
        if !carry.isEmpty { write(String(decoding: carry, as: UTF8.self)) }
    }
}
