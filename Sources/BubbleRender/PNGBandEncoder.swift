import CCairo
import CDeflate
import CZlib
import Foundation

/// One worker's PNG band encoder: filters a band of an ARGB32 surface and deflates it into a
/// piece of one deflate stream, reusing its buffers band after band (a worker encodes many
/// bands; nothing is allocated or zeroed per band but the result).
///
/// Deflate is `FastDeflate`: one dynamic Huffman block per band, and an empty stored block at
/// each band's end (byte-aligned, as a zlib sync flush, so the next band's blocks follow). It
/// replaced zlib level 1, which was 40% of a render's CPU time; libdeflate's level 1 was slower
/// still (it hashes every position of a long match) and ISA-L's output depends on the CPU's
/// instruction set.
/// The checksum is libdeflate's SIMD adler32 (the same number as zlib's). See the README's figures.
final class PNGBandEncoder {
    private var filtered: [UInt8] = []
    private var compressed: [UInt8] = []
    private var current: [UInt8] = []
    private var previous: [UInt8] = []
    private let deflater = FastDeflate()

    init() {}

    /// Filters and deflates every row of an ARGB32 surface. `isLast` ends the deflate stream;
    /// other bands end with a sync flush.
    func band(_ surface: CairoSurface, opaque: Bool, isLast: Bool) throws -> PNGWriter.Band {
        cairo_surface_flush(surface.pointer)
        let width = Int(cairo_image_surface_get_width(surface.pointer))
        let rows = Int(cairo_image_surface_get_height(surface.pointer))
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw PNGWriter.EncodingError(problem: "the drawing has no pixels")
        }
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels, rowLength = 1 + rowBytes
        let length = rows * rowLength
        if filtered.count < length { filtered = [UInt8](repeating: 0, count: length) }
        if current.count < rowBytes + 32 {
            current = [UInt8](repeating: 0, count: rowBytes + 32)
            previous = current
        }
        filtered.withUnsafeMutableBufferPointer { out in
            for row in 0..<rows {
                let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                current.withUnsafeMutableBufferPointer { packed in
                    PNGFilter.pack(pixels, width: width, channels: channels, into: packed.baseAddress!)
                }
                let target = out.baseAddress! + row * rowLength
                current.withUnsafeBufferPointer { packed in
                    previous.withUnsafeBufferPointer { above in
                        if row == 0 {
                            target[0] = 0 // None: the row above lives in another band
                            (target + 1).update(from: packed.baseAddress!, count: rowBytes)
                        } else {
                            target[0] = 2 // Up
                            PNGFilter.subtract(packed.baseAddress!, above.baseAddress!, into: target + 1, count: rowBytes)
                        }
                    }
                }
                swap(&current, &previous)
            }
        }
        let adler = filtered.withUnsafeBufferPointer { UInt(libdeflate_adler32(1, $0.baseAddress, length)) }
        let bound = FastDeflate.bound(length)
        if compressed.count < bound { compressed = [UInt8](repeating: 0, count: bound) }
        let size = filtered.withUnsafeBufferPointer { input in
            compressed.withUnsafeMutableBufferPointer { output in
                deflater.deflate(UnsafeBufferPointer(rebasing: input[0..<length]), isLast: isLast,
                                 into: output.baseAddress!)
            }
        }
        return PNGWriter.Band(deflated: Data(compressed[0..<size]), adler: uLong(adler), filteredLength: length, rows: rows)
    }
}

/// The PNG row filter's two halves, each a tight loop the compiler vectorises: packing Cairo's
/// premultiplied ARGB into straight RGB(A) bytes, and the Up filter's byte-wise subtraction.
enum PNGFilter {
    /// Packs one row. Opaque pixels (nearly all of a chat screen) are copied four at a time;
    /// others are unpremultiplied as Cairo's own PNG writer rounds.
    @inline(__always)
    static func pack(_ pixels: UnsafePointer<UInt32>, width: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        var x = 0, at = 0
        if channels == 3 {
            while x + 4 <= width {
                let p0 = pixels[x], p1 = pixels[x + 1], p2 = pixels[x + 2], p3 = pixels[x + 3]
                if p0 & p1 & p2 & p3 >= 0xFF00_0000 {
                    // Three little-endian words hold the four pixels' R,G,B bytes in order.
                    let w0 = (p0 >> 16 & 0xFF) | (p0 & 0xFF00) | (p0 & 0xFF) << 16 | (p1 >> 16 & 0xFF) << 24
                    let w1 = (p1 >> 8 & 0xFF) | (p1 & 0xFF) << 8 | (p2 >> 16 & 0xFF) << 16 | (p2 >> 8 & 0xFF) << 24
                    let w2 = (p2 & 0xFF) | (p3 >> 16 & 0xFF) << 8 | (p3 >> 8 & 0xFF) << 16 | (p3 & 0xFF) << 24
                    let raw = UnsafeMutableRawPointer(out + at)
                    raw.storeBytes(of: w0.littleEndian, as: UInt32.self)
                    raw.storeBytes(of: w1.littleEndian, toByteOffset: 4, as: UInt32.self)
                    raw.storeBytes(of: w2.littleEndian, toByteOffset: 8, as: UInt32.self)
                    x += 4; at += 12
                    continue
                }
                for _ in 0..<4 { packPixel(pixels[x], channels: 3, into: out + at); x += 1; at += 3 }
            }
        }
        while x < width {
            packPixel(pixels[x], channels: channels, into: out + at)
            x += 1; at += channels
        }
    }

    @inline(__always)
    static func packPixel(_ pixel: UInt32, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        var r = UInt8(truncatingIfNeeded: pixel >> 16), g = UInt8(truncatingIfNeeded: pixel >> 8)
        var b = UInt8(truncatingIfNeeded: pixel)
        let a = UInt8(truncatingIfNeeded: pixel >> 24)
        if a != 255 { (r, g, b) = PNGWriter.unpremultiplied(r, g, b, a) }
        out[0] = r; out[1] = g; out[2] = b
        if channels == 4 { out[3] = a }
    }

    /// `out[i] = row[i] &- above[i]`, 32 bytes at a time.
    @inline(__always)
    static func subtract(_ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                         count: Int) {
        var i = 0
        let a = UnsafeRawPointer(row), b = UnsafeRawPointer(above), o = UnsafeMutableRawPointer(out)
        while i + 32 <= count {
            let difference = a.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
                &- b.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
            o.storeBytes(of: difference, toByteOffset: i, as: SIMD32<UInt8>.self)
            i += 32
        }
        while i < count { out[i] = row[i] &- above[i]; i += 1 }
    }
}
