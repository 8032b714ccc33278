import BubbleOutput
import BubbleCairo
import CDeflate
import CZlib
import Foundation

/// Where a PNG's bytes go as they are made: a file being written (`OutputFile.Stream`) or
/// memory (`PNGDataSink`).
package protocol PNGSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension OutputFile.Stream: PNGSink {}

/// Collects a PNG in memory, for `render`'s `Data` result.
package final class PNGDataSink: PNGSink {
    package var data = Data()
    package init() {}
    package func write(_ bytes: UnsafeRawBufferPointer) throws { data.append(contentsOf: bytes) }
}

/// A PNG written while its bands are still being drawn: the signature and header first, then
/// each band's deflated rows as soon as every band above it has arrived (bands finish out of
/// order on several cores), cut into IDAT chunks of 256 KiB, and the checksum and IEND at
/// `finish`. The bytes are exactly those of joining all bands at the end (`PNGWriter.file`
/// is this stream into memory); only the time differs: a file is mostly on its way to disk
/// when the last band is done, instead of being assembled and written after it. Thread-safe:
/// workers hand in bands under the stream's lock, and the one completing the next band in
/// order writes it and any that were waiting for it.
package final class PNGStream: @unchecked Sendable {
    /// The IDAT chunk size `PNGWriter.file` has always used.
    package static let chunkSize = 1 << 18

    private let sink: PNGSink
    private let height: Int
    private let lock = NSLock()
    /// Bands that arrived before one above them, by index.
    private var waiting: [Int: PNGWriter.Band] = [:]
    private var nextBand = 0
    private var rows = 0
    private var adler: uLong = 1
    /// The zlib stream's bytes not yet written as a chunk (less than `chunkSize`).
    private var pending: [UInt8] = []
    private var finished = false

    /// Writes the signature and the IHDR chunk, and starts the zlib stream.
    package init(width: Int, height: Int, opaque: Bool, into sink: PNGSink) throws {
        guard width > 0, height > 0 else {
            throw PNGWriter.EncodingError(problem: "a \(width)×\(height) image has no pixels")
        }
        self.sink = sink
        self.height = height
        var start = Data(PNGChunks.signature)
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0]) // 8 bits, RGB or RGBA, deflate, no interlace
        PNGWriter.appendChunk("IHDR", header, to: &start)
        try start.withUnsafeBytes { try sink.write($0) }
        pending.reserveCapacity(Self.chunkSize)
        pending.append(contentsOf: [0x78, 0x01]) // zlib header: deflate, 32 KiB window, fastest level
    }

    /// Hands in band `index` (bands are numbered from 0, top to bottom); writes it, and the
    /// bands below it that were waiting, once every band above it is in.
    package func add(_ band: PNGWriter.Band, at index: Int) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !finished, index >= nextBand, waiting[index] == nil else {
            throw PNGWriter.EncodingError(problem: "band \(index) was handed in twice")
        }
        waiting[index] = band
        while let next = waiting.removeValue(forKey: nextBand) {
            try append(next)
            nextBand += 1
        }
    }

    /// Ends the zlib stream and the file once `bandCount` bands are in.
    package func finish(bandCount: Int) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        guard nextBand == bandCount, waiting.isEmpty, rows == height else {
            throw PNGWriter.EncodingError(problem: "bands of \(rows) rows for an image \(height) rows tall")
        }
        let checksum: [UInt8] = [UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF),
                                 UInt8(adler & 0xFF)]
        try checksum.withUnsafeBytes { try appendToStream($0) }
        if !pending.isEmpty { try writeChunk("IDAT", pending) }
        var end = Data()
        PNGWriter.appendChunk("IEND", Data(), to: &end)
        try end.withUnsafeBytes { try sink.write($0) }
    }

    private func append(_ band: PNGWriter.Band) throws {
        adler = adler32_combine(adler, band.adler, off_t(band.filteredLength))
        rows += band.rows
        try band.deflated.withUnsafeBytes { try appendToStream($0) }
    }

    /// Adds bytes to the zlib stream, writing every chunk that fills up.
    private func appendToStream(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let taken = min(Self.chunkSize - pending.count, bytes.count - offset)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + taken]))
            offset += taken
            if pending.count == Self.chunkSize {
                try writeChunk("IDAT", pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Length, type, body and CRC, with no copy of the body.
    private func writeChunk(_ type: String, _ body: [UInt8]) throws {
        let typeBytes = Array(type.utf8)
        // libdeflate's CRC-32 (the same number as zlib's) folds with carry-less multiplies,
        // faster than zlib 1.2.13's table code on megabytes of IDAT bodies.
        var crc = typeBytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = body.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        var header = Data()
        header.appendBigEndian(UInt32(body.count))
        header.append(contentsOf: typeBytes)
        try header.withUnsafeBytes { try sink.write($0) }
        try body.withUnsafeBytes { try sink.write($0) }
        var trailer = Data()
        trailer.appendBigEndian(UInt32(crc))
        try trailer.withUnsafeBytes { try sink.write($0) }
    }
}
