import CCairo
import CZlib
import Foundation

/// PNG from Cairo image surfaces, a band of rows at a time: each band is filtered and
/// deflated on its own (so bands can be drawn and compressed on several cores) and the bands'
/// deflate streams are joined into one zlib stream, as pigz does. An image may therefore be
/// taller than any one Cairo surface (32767 px) and only the bands in flight are in memory.
///
/// Choices, measured on a 200-message conversation at @2x (750×48803 px): opaque images are
/// RGB (a quarter smaller); every row uses the Up filter (a chat screen is mostly rows that
/// repeat the row above, which Up turns into zeros), the first row of a band None; zlib level
/// 1: 4.3 MB in a third of the time level 6 takes for 3.7 MB. The same pixels always give the
/// same bytes (for one zlib version), however the bands were scheduled.
enum PNGWriter {
    struct EncodingError: Error, CustomStringConvertible {
        let problem: String
        var description: String { "PNG encoding failed: \(problem)" }
    }

    static let compressionLevel: Int32 = 1

    /// One band of the image, filtered and deflated (raw deflate, ending on a byte boundary).
    struct Band {
        let deflated: Data
        let adler: uLong
        let filteredLength: Int
        let rows: Int
    }

    /// Filters and deflates every row of an ARGB32 surface. `isLast` ends the deflate stream.
    static func band(_ surface: CairoSurface, opaque: Bool, isLast: Bool) throws -> Band {
        cairo_surface_flush(surface.pointer)
        let width = Int(cairo_image_surface_get_width(surface.pointer))
        let rows = Int(cairo_image_surface_get_height(surface.pointer))
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw EncodingError(problem: "the drawing has no pixels")
        }
        let channels = opaque ? 3 : 4
        let rowLength = 1 + width * channels
        var above = [UInt8](repeating: 0, count: width * channels)
        // Every byte is written by the filter, so the buffer need not be zeroed first.
        let filtered = [UInt8](unsafeUninitializedCapacity: rows * rowLength) { out, count in
            above.withUnsafeMutableBufferPointer { previous in
                for row in 0..<rows {
                    let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                    filterRow(pixels, width: width, channels: channels, into: out.baseAddress! + row * rowLength,
                              above: previous.baseAddress!, first: row == 0)
                }
            }
            count = rows * rowLength
        }
        let adler = filtered.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
        return Band(deflated: try deflateRaw(filtered, finish: isLast), adler: adler, filteredLength: filtered.count,
                    rows: rows)
    }

    /// The PNG file of bands drawn top to bottom.
    static func file(width: Int, height: Int, opaque: Bool, bands: [Band]) throws -> Data {
        guard width > 0, height > 0, bands.reduce(0, { $0 + $1.rows }) == height else {
            throw EncodingError(problem: "bands of \(bands.reduce(0) { $0 + $1.rows }) rows for a \(width)×\(height) image")
        }
        var output = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0]) // 8 bits, RGB or RGBA, deflate, no interlace
        appendChunk("IHDR", header, to: &output)
        var stream = Data([0x78, 0x01]) // zlib header: deflate, 32 KiB window, fastest
        var adler: uLong = 1
        for band in bands {
            stream.append(band.deflated)
            adler = adler32_combine(adler, band.adler, off_t(band.filteredLength))
        }
        stream.appendBigEndian(UInt32(truncatingIfNeeded: adler))
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + (1 << 18))
            appendChunk("IDAT", stream.subdata(in: start..<end), to: &output)
            start = end
        }
        appendChunk("IEND", Data(), to: &output)
        return output
    }

    /// One row, filter Up (each byte minus the byte above) or None for a band's first row,
    /// whose row above lives in another band. `above` becomes this row's bytes.
    @inline(__always)
    static func filterRow(_ pixels: UnsafePointer<UInt32>, width: Int, channels: Int,
                          into out: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>, first: Bool) {
        out[0] = first ? 0 : 2
        if first { above.update(repeating: 0, count: width * channels) }
        var at = 0
        for x in 0..<width {
            let pixel = pixels[x]
            var r = UInt8(truncatingIfNeeded: pixel >> 16), g = UInt8(truncatingIfNeeded: pixel >> 8)
            var b = UInt8(truncatingIfNeeded: pixel)
            let a = UInt8(truncatingIfNeeded: pixel >> 24)
            if a != 255 { (r, g, b) = unpremultiplied(r, g, b, a) }
            out[1 + at] = r &- above[at]; above[at] = r
            out[2 + at] = g &- above[at + 1]; above[at + 1] = g
            out[3 + at] = b &- above[at + 2]; above[at + 2] = b
            if channels == 4 { out[4 + at] = a &- above[at + 3]; above[at + 3] = a }
            at += channels
        }
    }

    /// Cairo stores premultiplied colour; PNG wants it straight. Rounds as Cairo's own PNG
    /// writer does: (c × 255 + a / 2) / a.
    static func unpremultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> (UInt8, UInt8, UInt8) {
        if a == 0 { return (0, 0, 0) }
        let alpha = UInt32(a)
        return (UInt8((UInt32(r) * 255 + alpha / 2) / alpha), UInt8((UInt32(g) * 255 + alpha / 2) / alpha),
                UInt8((UInt32(b) * 255 + alpha / 2) / alpha))
    }

    /// Raw deflate of `input`, ending with a sync flush (byte-aligned, so the next band's
    /// stream can follow) or with the final block.
    static func deflateRaw(_ input: [UInt8], finish: Bool) throws -> Data {
        var stream = z_stream()
        let status = cb_deflateInit2(&stream, compressionLevel, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY)
        guard status == Z_OK else { throw EncodingError(problem: "zlib deflateInit2 returned \(status)") }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(input.count))) + 64
        let compressed = try [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            count = 0
            count = try input.withUnsafeBufferPointer { bytes -> Int in
                stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
                stream.avail_in = uInt(bytes.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                let result = deflate(&stream, finish ? Z_FINISH : Z_SYNC_FLUSH)
                guard result == (finish ? Z_STREAM_END : Z_OK), stream.avail_in == 0 else {
                    throw EncodingError(problem: "zlib deflate returned \(result)")
                }
                return out.count - Int(stream.avail_out)
            }
        }
        return Data(compressed)
    }

    static func appendChunk(_ type: String, _ body: Data, to output: inout Data) {
        output.appendBigEndian(UInt32(body.count))
        let typeAndBody = Data(type.utf8) + body
        output.append(typeAndBody)
        let crc = typeAndBody.withUnsafeBytes { bytes in
            crc32(0, bytes.bindMemory(to: UInt8.self).baseAddress, uInt(bytes.count))
        }
        output.appendBigEndian(UInt32(crc))
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }
}
