import BubbleCairo
import CZlib
import Foundation

/// An 8-bit RGBA PNG built from bands of rows as they come, so a picture as long as a whole
/// conversation (or three of them side by side, as a snapshot's difference image is) never
/// exists uncompressed. Rows use the Up filter, as `PNGWriter` does.
public final class PNGRowWriter {
    public let width: Int
    public let height: Int
    public private(set) var rowsWritten = 0
    private var stream = z_stream()
    private var compressed = Data()
    private var above: [UInt8]

    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw PNGWriter.EncodingError(problem: "a \(width)×\(height) image has no pixels")
        }
        self.width = width
        self.height = height
        above = [UInt8](repeating: 0, count: width * 4)
        let status = cb_deflateInit2(&stream, PNGWriter.compressionLevel, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY)
        guard status == Z_OK else { throw PNGWriter.EncodingError(problem: "zlib deflateInit2 returned \(status)") }
    }

    deinit { deflateEnd(&stream) }

    /// Appends whole rows of straight RGBA, four bytes a pixel.
    public func append(_ rgba: [UInt8]) throws {
        let rowBytes = width * 4
        guard rgba.count % rowBytes == 0, rowsWritten + rgba.count / rowBytes <= height else {
            throw PNGWriter.EncodingError(problem: "\(rgba.count) bytes are not whole rows of a \(width)×\(height) image")
        }
        var filtered = [UInt8](repeating: 0, count: rgba.count / rowBytes * (1 + rowBytes))
        for row in 0..<rgba.count / rowBytes {
            let out = row * (1 + rowBytes), source = row * rowBytes
            filtered[out] = 2
            for i in 0..<rowBytes {
                let byte = rgba[source + i]
                filtered[out + 1 + i] = byte &- above[i]
                above[i] = byte
            }
        }
        rowsWritten += rgba.count / rowBytes
        try deflate(filtered, finish: false)
    }

    /// The PNG file; every row must have been appended.
    public func finish() throws -> Data {
        guard rowsWritten == height else {
            throw PNGWriter.EncodingError(problem: "\(rowsWritten) of \(height) rows were written")
        }
        try deflate([], finish: true)
        var output = Data(PNGChunks.signature)
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 6, 0, 0, 0]) // 8 bits, RGBA, deflate, no interlace
        PNGWriter.appendChunk("IHDR", header, to: &output)
        var start = 0
        while start < compressed.count {
            let end = min(compressed.count, start + (1 << 18))
            PNGWriter.appendChunk("IDAT", compressed.subdata(in: start..<end), to: &output)
            start = end
        }
        PNGWriter.appendChunk("IEND", Data(), to: &output)
        return output
    }

    private func deflate(_ input: [UInt8], finish: Bool) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        try input.withUnsafeBufferPointer { bytes in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.avail_in = uInt(bytes.count)
            while true {
                let (status, produced) = buffer.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = CZlib.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                compressed.append(contentsOf: buffer[0..<produced])
                if finish {
                    if status == Z_STREAM_END { return }
                    guard status == Z_OK || status == Z_BUF_ERROR else {
                        throw PNGWriter.EncodingError(problem: "zlib deflate returned \(status)")
                    }
                } else {
                    guard status == Z_OK || status == Z_BUF_ERROR else {
                        throw PNGWriter.EncodingError(problem: "zlib deflate returned \(status)")
                    }
                    if stream.avail_in == 0 && produced < buffer.count { return }
                }
            }
        }
    }
}
