import BubbleCairo
import BubbleFastPaths
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
/// replaced zlib level 1, the largest share of a render's CPU time (docs/performance.md);
/// libdeflate's level 1 was slower still (it hashes every position of a long match) and
/// ISA-L's output depends on the CPU's instruction set.
/// The checksum is libdeflate's SIMD adler32 (the same number as zlib's). `FastDeflate` is a
/// fast path (`FastPath.ownDeflate`): in exact mode zlib deflates each band (level 6, raw,
/// a sync flush between bands), the same pixels in other bytes. docs/performance.md has figures.
package final class PNGBandEncoder {
    private var filtered: [UInt8] = []
    private let compressed = ScratchBuffer<UInt8>()
    private var current: [UInt8] = []
    private var previous: [UInt8] = []
    private let deflater: FastDeflate?

    package init(fastPaths: FastPaths = .current) {
        deflater = fastPaths.isOn(.ownDeflate) ? FastDeflate() : nil
    }

    /// Filters and deflates every row of an ARGB32 surface. `isLast` ends the deflate stream;
    /// other bands end with a sync flush.
    package func band(_ surface: CairoSurface, opaque: Bool, isLast: Bool) throws -> PNGWriter.Band {
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
                let target = out.baseAddress! + row * rowLength
                if opaque && row > 0 {
                    // RGB's Up filter straight from the two ARGB rows: no packed copies.
                    target[0] = 2
                    let above = UnsafeRawPointer(data + (row - 1) * stride).assumingMemoryBound(to: UInt32.self)
                    // A row that repeats the row above (gaps between rows, bubbles' plain
                    // middles) is all zeros: libc's compare and fill beat the loop below.
                    if memcmp(pixels, above, width * 4) == 0 {
                        (target + 1).update(repeating: 0, count: rowBytes)
                    } else {
                        PNGFilter.upFilterOpaque(pixels, above: above, width: width, into: target + 1)
                    }
                    continue
                }
                current.withUnsafeMutableBufferPointer { packed in
                    PNGFilter.pack(pixels, width: width, channels: channels, into: packed.baseAddress!)
                }
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
        let deflated: Data
        if let deflater {
            let output = compressed.reserve(FastDeflate.bound(length))
            let size = filtered.withUnsafeBufferPointer { input in
                deflater.deflate(UnsafeBufferPointer(rebasing: input[0..<length]), isLast: isLast, into: output)
            }
            deflated = Data(bytes: output, count: size)
        } else {
            deflated = try filtered.withUnsafeBufferPointer { try Self.zlibDeflate(UnsafeBufferPointer(rebasing: $0[0..<length]), isLast: isLast) }
        }
        return PNGWriter.Band(deflated: deflated, adler: uLong(adler), filteredLength: length, rows: rows)
    }

    /// One band as a raw deflate piece from zlib: ends with a sync flush (an empty stored
    /// block, byte-aligned) unless it is the last, which ends the stream.
    static func zlibDeflate(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool) throws -> Data {
        var stream = z_stream()
        guard cb_deflateInit2(&stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK else {
            throw PNGWriter.EncodingError(problem: "zlib could not start a deflate stream")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 16
        var output = Data(count: bound)
        let status = output.withUnsafeMutableBytes { out -> Int32 in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(bound)
            return deflate(&stream, isLast ? Z_FINISH : Z_SYNC_FLUSH)
        }
        guard status == (isLast ? Z_STREAM_END : Z_OK), stream.avail_in == 0 else {
            throw PNGWriter.EncodingError(problem: "zlib could not deflate a band (status \(status))")
        }
        output.count = bound - Int(stream.avail_out)
        return output
    }
}

/// The PNG row filter's two halves, each a tight loop the compiler vectorises: packing Cairo's
/// premultiplied ARGB into straight RGB(A) bytes, and the Up filter's byte-wise subtraction.
package enum PNGFilter {
    /// Packs one row. Opaque pixels (nearly all of a chat screen) are copied four at a time;
    /// others are unpremultiplied as Cairo's own PNG writer rounds.
    @inline(__always)
    package static func pack(_ pixels: UnsafePointer<UInt32>, width: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        var x = 0, at = 0
        if channels == 3 {
            while x + 4 <= width {
                let p0 = pixels[x], p1 = pixels[x + 1], p2 = pixels[x + 2], p3 = pixels[x + 3]
                if p0 & p1 & p2 & p3 >= 0xFF00_0000 {
                    packOpaqueQuad(p0, p1, p2, p3, into: UnsafeMutableRawPointer(out + at))
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

    /// The Up-filtered RGB bytes of an opaque row from its ARGB pixels and the row above's:
    /// exactly `pack` of each row, then `subtract`. The row's bytes are zeroed first (pixels
    /// equal to those above, most of a chat screen, are zeros), then eight pixels at a time are
    /// compared with one vector compare and skipped when equal; eight opaque ones that differ
    /// are subtracted as ARGB bytes, eight at a time, and packed (an opaque pixel's RGB bytes
    /// are its ARGB bytes); others take the general path.
    @inline(__always)
    package static func upFilterOpaque(_ pixels: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, width: Int,
                               into out: UnsafeMutablePointer<UInt8>) {
        var x = 0
        let row = UnsafeRawPointer(pixels), previous = UnsafeRawPointer(above), raw = UnsafeMutableRawPointer(out)
        out.update(repeating: 0, count: width * 3)
        while x + 8 <= width {
            if all(row.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
                .== previous.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)) {
                x += 8
                continue
            }
            var current: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0), upper = current
            withUnsafeMutableBytes(of: &current) { $0.copyMemory(from: UnsafeRawBufferPointer(start: row + x * 4, count: 32)) }
            withUnsafeMutableBytes(of: &upper) { $0.copyMemory(from: UnsafeRawBufferPointer(start: previous + x * 4, count: 32)) }
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            let at = x * 3
            if current.0 & current.1 & current.2 & current.3 & upper.0 & upper.1 & upper.2 & upper.3 & alphas == alphas {
                let d0 = bytewiseDifference(current.0, upper.0), d1 = bytewiseDifference(current.1, upper.1)
                let d2 = bytewiseDifference(current.2, upper.2), d3 = bytewiseDifference(current.3, upper.3)
                packOpaqueQuad(UInt32(truncatingIfNeeded: d0), UInt32(truncatingIfNeeded: d0 >> 32),
                               UInt32(truncatingIfNeeded: d1), UInt32(truncatingIfNeeded: d1 >> 32), into: raw + at)
                packOpaqueQuad(UInt32(truncatingIfNeeded: d2), UInt32(truncatingIfNeeded: d2 >> 32),
                               UInt32(truncatingIfNeeded: d3), UInt32(truncatingIfNeeded: d3 >> 32), into: raw + at + 12)
            } else {
                for offset in 0..<8 { subtractPixel(pixels[x + offset], above[x + offset], into: out + at + offset * 3) }
            }
            x += 8
        }
        while x < width {
            subtractPixel(pixels[x], above[x], into: out + x * 3)
            x += 1
        }
    }

    /// Four opaque ARGB words' R, G, B bytes in order, as three little-endian words. A word's
    /// bytes reversed are A, R, G, B in memory; shifted down by one byte they are R, G, B.
    @inline(__always)
    package static func packOpaqueQuad(_ p0: UInt32, _ p1: UInt32, _ p2: UInt32, _ p3: UInt32, into raw: UnsafeMutableRawPointer) {
        let q0 = UInt64(p0.byteSwapped >> 8), q1 = UInt64(p1.byteSwapped >> 8)
        let q2 = UInt64(p2.byteSwapped >> 8), q3 = UInt64(p3.byteSwapped >> 8)
        raw.storeBytes(of: (q0 | q1 << 24 | q2 << 48).littleEndian, as: UInt64.self)
        raw.storeBytes(of: UInt32(truncatingIfNeeded: q2 >> 16 | q3 << 8).littleEndian, toByteOffset: 8, as: UInt32.self)
    }

    /// Each byte of `a` minus the same byte of `b`, modulo 256, with no borrow between bytes.
    @inline(__always)
    package static func bytewiseDifference(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        return ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
    }

    /// One pixel of `upFilterOpaque`'s general path: both pixels packed, then subtracted.
    @inline(__always)
    package static func subtractPixel(_ pixel: UInt32, _ above: UInt32, into out: UnsafeMutablePointer<UInt8>) {
        var packed: (UInt8, UInt8, UInt8) = (0, 0, 0), upper: (UInt8, UInt8, UInt8) = (0, 0, 0)
        withUnsafeMutableBytes(of: &packed) { packPixel(pixel, channels: 3, into: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        withUnsafeMutableBytes(of: &upper) { packPixel(above, channels: 3, into: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        out[0] = packed.0 &- upper.0
        out[1] = packed.1 &- upper.1
        out[2] = packed.2 &- upper.2
    }

    @inline(__always)
    package static func packPixel(_ pixel: UInt32, channels: Int, into out: UnsafeMutablePointer<UInt8>) {
        var r = UInt8(truncatingIfNeeded: pixel >> 16), g = UInt8(truncatingIfNeeded: pixel >> 8)
        var b = UInt8(truncatingIfNeeded: pixel)
        let a = UInt8(truncatingIfNeeded: pixel >> 24)
        if a != 255 { (r, g, b) = PNGWriter.unpremultiplied(r, g, b, a) }
        out[0] = r; out[1] = g; out[2] = b
        if channels == 4 { out[3] = a }
    }

    /// `out[i] = row[i] &- above[i]`, 32 bytes at a time.
    @inline(__always)
    package static func subtract(_ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
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
