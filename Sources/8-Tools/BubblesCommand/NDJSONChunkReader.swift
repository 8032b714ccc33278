import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lines of an NDJSON input, copied out in chunks of a few hundred so that each chunk can be
/// parsed and measured on its own core. The input is read in blocks into one buffer (grown only
/// for a line longer than it), so memory stays bounded however long the input is; lines are
/// found with `memchr`.
package final class NDJSONChunkReader {
    /// Lines `firstLineNumber`, `firstLineNumber + 1`, … as byte ranges of `bytes`, without `\n`.
    package struct Chunk: Sendable {
        package let bytes: [UInt8]
        package let lines: [Range<Int>]
        package let firstLineNumber: Int
    }

    /// Reads up to `count` bytes into the pointer; 0 at the end of the input.
    package typealias Fill = (UnsafeMutableRawPointer, Int) throws -> Int

    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// A read that failed after some whole lines: thrown at the next call, once they are handed out.
    private var failure: Error?
    private var nextLineNumber = 1
    private let fill: Fill

    package init(blockSize: Int = 1 << 20, fill: @escaping Fill) {
        buffer = .allocate(byteCount: blockSize, alignment: 16)
        self.fill = fill
    }

    deinit { buffer.deallocate() }

    /// A reader of a file, opened here; errors name `shown`.
    package static func file(_ path: String, shown: String) throws -> NDJSONChunkReader {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandError("\(shown): cannot be read: \(String(cString: strerror(errno)))") }
        let file = FileDescriptor(descriptor)
        return NDJSONChunkReader { pointer, count in
            while true {
                let result = read(file.descriptor, pointer, count)
                if result >= 0 { return result }
                if errno == EINTR { continue }
                throw CommandError("\(shown): cannot be read: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// A reader of standard input, block by block when `io` can read it so (the process's own
    /// streams), else of the whole input `io` hands over.
    package static func standardInput(_ io: CommandIO) -> NDJSONChunkReader {
        guard let readBlock = io.readStandardInputBlock else { return data(io.readStandardInput()) }
        return NDJSONChunkReader { pointer, count in readBlock(UnsafeMutableRawBufferPointer(start: pointer, count: count)) }
    }

    /// A reader of bytes already in memory (standard input as `CommandIO` hands it over in tests).
    package static func data(_ data: Data) -> NDJSONChunkReader {
        var offset = 0
        return NDJSONChunkReader { pointer, count in
            let length = min(count, data.count - offset)
            guard length > 0 else { return 0 }
            data.withUnsafeBytes { bytes in
                pointer.copyMemory(from: bytes.baseAddress! + offset, byteCount: length)
            }
            offset += length
            return length
        }
    }

    /// The next `maxLines` lines (fewer at the end), or nil when the input is done. A last line
    /// without `\n` counts; the empty text after a final `\n` is no line. When a read fails,
    /// the whole lines before it come first and the error at the next call.
    package func nextChunk(maxLines: Int) throws -> Chunk? {
        if let failure {
            self.failure = nil
            throw failure
        }
        var bytes: [UInt8] = []
        var lines: [Range<Int>] = []
        lines.reserveCapacity(maxLines)
        let firstLineNumber = nextLineNumber
        while lines.count < maxLines {
            let base = buffer.baseAddress!
            if start < end, let found = memchr(base + start, 0x0A, end - start) {
                let newline = base.distance(to: found)
                let lower = bytes.count
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: newline - start))
                lines.append(lower..<bytes.count)
                start = newline + 1
                continue
            }
            if atEnd {
                if start < end {
                    let lower = bytes.count
                    bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: end - start))
                    lines.append(lower..<bytes.count)
                    start = end
                }
                break
            }
            do {
                try refill()
            } catch where !lines.isEmpty {
                failure = error
                break
            }
        }
        nextLineNumber += lines.count
        return lines.isEmpty ? nil : Chunk(bytes: bytes, lines: lines, firstLineNumber: firstLineNumber)
    }

    /// Moves the unfinished line to the front (growing the buffer if it fills it) and reads more.
    private func refill() throws {
        let base = buffer.baseAddress!
        if start > 0 {
            if end > start { memmove(base, base + start, end - start) }
            end -= start
            start = 0
        }
        if end == buffer.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            grown.baseAddress!.copyMemory(from: base, byteCount: end)
            buffer.deallocate()
            buffer = grown
        }
        let count = try fill(buffer.baseAddress! + end, buffer.count - end)
        if count == 0 { atEnd = true } else { end += count }
    }

    /// Offset of the next `\n` at or after `start`, or the end of the bytes.
    package static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, 0x0A, bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
}

/// Closes its descriptor when the last reader holding it goes.
private final class FileDescriptor {
    package let descriptor: Int32
    package init(_ descriptor: Int32) { self.descriptor = descriptor }
    deinit { close(descriptor) }
}
