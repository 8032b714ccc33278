import BubbleCairo
import CZlib
import Foundation

/// A PNG decoded a band of rows at a time, for comparing images of any length: only the
/// compressed bytes (which may be memory-mapped) and the rows asked for are in memory, never
/// the whole picture (Cairo's and libpng's simple readers load every row at once).
///
/// It reads what `bubbles` writes, 8-bit RGB or RGBA without interlacing, with every PNG
/// filter; other kinds (palette, grey, 16-bit, interlaced) are refused with an error naming
/// the kind rather than decoded wrongly. Chunks are checked as `PNGChunks` does: each must lie
/// inside the data with a matching CRC.
public final class PNGRowReader {
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        /// How the image is named in the message, e.g. `reference ref.png`.
        public var name: String
        public var problem: String
        public var description: String { "\(name): \(problem)" }
    }

    public let width: Int
    public let height: Int
    /// RGBA rather than RGB: the alpha channel is read, not assumed opaque.
    public let hasAlpha: Bool
    public private(set) var rowsRead = 0

    private let name: String
    private let data: Data
    /// The IDAT chunks' payloads, in order: one zlib stream split across them.
    private let imageData: [Range<Int>]
    private var chunkIndex = 0
    private var position: Int
    private let inflater: Inflater
    private var previous: [UInt8]
    private var current: [UInt8]
    private var decoded: [UInt8]

    private var channels: Int { hasAlpha ? 4 : 3 }

    /// Reads the chunk structure of PNG `data`; rows are decoded later by `rows(_:)`.
    public init(data: Data, name: String) throws {
        func fail(_ problem: String) -> ReadError { ReadError(name: name, problem: problem) }
        self.name = name
        self.data = data
        guard data.count >= 8, data.prefix(8).elementsEqual(PNGChunks.signature) else {
            throw fail("not a PNG image (it does not start with the PNG signature)")
        }
        let base = data.startIndex
        func uint32(_ offset: Int) -> Int {
            data[base + offset..<base + offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        var offset = 8, ended = false
        var header: [UInt8] = []
        var chunks: [Range<Int>] = []
        while !ended {
            guard data.count - offset >= 12 else {
                throw fail(header.isEmpty ? "PNG data has no IHDR header" : "PNG data is cut short: it ends at byte \(data.count) before the IEND chunk")
            }
            let length = uint32(offset)
            let type = String(decoding: data[base + offset + 4..<base + offset + 8], as: UTF8.self)
            let remaining = data.count - offset - 8
            guard length <= Int(Int32.max), length + 4 <= remaining else {
                throw fail("PNG data is cut short or damaged: chunk '\(type)' at byte \(offset) claims \(length) bytes, but only \(remaining) remain")
            }
            let end = offset + 8 + length
            let crc = data[base + offset + 4..<base + end].withUnsafeBytes {
                crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count))
            }
            guard Int(crc) == uint32(end) else {
                throw fail("PNG chunk '\(type)' at byte \(offset) is damaged (its CRC does not match)")
            }
            if offset == 8 {
                guard type == "IHDR", length == 13 else { throw fail("PNG data has no IHDR header") }
                header = [UInt8](data[base + offset + 8..<base + end])
            }
            if type == "IDAT" { chunks.append(base + offset + 8..<base + end) }
            if type == "IEND" { ended = true }
            offset = end + 4
        }
        guard !chunks.isEmpty else { throw fail("PNG data has no image data (no IDAT chunk)") }
        func word(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (depth, colourType, interlace) = (header[8], header[9], header[12])
        guard depth == 8, colourType == 2 || colourType == 6, interlace == 0 else {
            let kinds: [UInt8: String] = [0: "grey", 2: "RGB", 3: "palette", 4: "grey with alpha", 6: "RGBA"]
            throw fail("the PNG is \(kinds[colourType] ?? "of colour type \(colourType)"), \(depth) bits per sample"
                       + (interlace == 0 ? "" : ", interlaced")
                       + "; only 8-bit RGB or RGBA PNGs without interlacing (as bubbles writes them) can be compared")
        }
        width = word(0)
        height = word(4)
        guard width > 0, height > 0, width <= 32767, height <= 1 << 24 else {
            throw fail("a PNG of \(width)×\(height) pixels cannot be compared (at most 32767 pixels wide, 16777216 tall)")
        }
        hasAlpha = colourType == 6
        imageData = chunks
        position = chunks[0].lowerBound
        inflater = try Inflater(name: name)
        previous = [UInt8](repeating: 0, count: width * (hasAlpha ? 4 : 3))
        current = [UInt8](repeating: 0, count: 1 + width * (hasAlpha ? 4 : 3))
        decoded = previous
    }

    /// The next `count` rows (fewer at the bottom) as straight (not premultiplied) RGBA, four
    /// bytes a pixel; opaque images get alpha 255.
    public func rows(_ count: Int) throws -> [UInt8] {
        let wanted = max(0, min(count, height - rowsRead))
        var out = [UInt8](repeating: 255, count: wanted * width * 4)
        for row in 0..<wanted {
            try inflateRow()
            guard current[0] <= 4 else {
                throw ReadError(name: name, problem: "PNG row \(rowsRead + 1) has an unknown filter type \(current[0])")
            }
            unfilter()
            let start = row * width * 4
            if hasAlpha {
                out.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: start).update(from: previous, count: width * 4) }
            } else {
                for x in 0..<width {
                    out[start + 4 * x] = previous[3 * x]
                    out[start + 4 * x + 1] = previous[3 * x + 1]
                    out[start + 4 * x + 2] = previous[3 * x + 2]
                }
            }
            rowsRead += 1
        }
        return out
    }

    /// Fills `current` (filter byte and row) from the zlib stream, moving through the IDAT chunks.
    private func inflateRow() throws {
        var filled = 0
        while filled < current.count {
            while chunkIndex < imageData.count && position >= imageData[chunkIndex].upperBound {
                chunkIndex += 1
                if chunkIndex < imageData.count { position = imageData[chunkIndex].lowerBound }
            }
            let available = chunkIndex < imageData.count ? imageData[chunkIndex].upperBound - position : 0
            let (consumed, produced, status) = data.withUnsafeBytes { input in
                current.withUnsafeMutableBufferPointer { output in
                    inflater.inflate(input.baseAddress!.advanced(by: position - data.startIndex), count: available,
                                     into: output.baseAddress! + filled, capacity: output.count - filled)
                }
            }
            position += consumed
            filled += produced
            if filled == current.count { break }
            if status == Z_STREAM_END || (status == Z_BUF_ERROR && available == 0) {
                throw ReadError(name: name, problem: "PNG image data ends after \(rowsRead) of \(height) rows")
            }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                throw ReadError(name: name, problem: "PNG image data is damaged (zlib error \(status) in row \(rowsRead + 1))")
            }
        }
    }

    /// Undoes the row's filter into `previous`, which held the row above.
    private func unfilter() {
        let bpp = channels, length = width * channels, filter = current[0]
        current.withUnsafeBufferPointer { rowBuffer in
            previous.withUnsafeBufferPointer { above in
                decoded.withUnsafeMutableBufferPointer { line in
                    let raw = rowBuffer.baseAddress! + 1
                    for i in 0..<length {
                        let left = i >= bpp ? line[i - bpp] : 0
                        let up = above[i]
                        let predictor: UInt8
                        switch filter {
                        case 1: predictor = left
                        case 2: predictor = up
                        case 3: predictor = UInt8((Int(left) + Int(up)) / 2)
                        case 4: predictor = Self.paeth(left, up, i >= bpp ? above[i - bpp] : 0)
                        default: predictor = 0
                        }
                        line[i] = raw[i] &+ predictor
                    }
                }
            }
        }
        swap(&previous, &decoded)
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

/// zlib's inflate stream, ended when the value goes.
private final class Inflater {
    private var stream = z_stream()

    package init(name: String) throws {
        let status = cb_inflateInit(&stream)
        guard status == Z_OK else { throw PNGRowReader.ReadError(name: name, problem: "zlib inflateInit returned \(status)") }
    }

    deinit { inflateEnd(&stream) }

    /// One inflate call: bytes consumed, bytes produced, zlib's status.
    package func inflate(_ input: UnsafeRawPointer, count: Int, into output: UnsafeMutablePointer<UInt8>,
                 capacity: Int) -> (Int, Int, Int32) {
        stream.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: UInt8.self))
        stream.avail_in = uInt(count)
        stream.next_out = output
        stream.avail_out = uInt(capacity)
        let status = CZlib.inflate(&stream, Z_NO_FLUSH)
        return (count - Int(stream.avail_in), capacity - Int(stream.avail_out), status)
    }
}
