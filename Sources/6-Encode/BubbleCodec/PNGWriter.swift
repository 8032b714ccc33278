import BubbleCairo
import CCairo
import CZlib
import Foundation

/// PNG from Cairo image surfaces, a band of rows at a time: each band is filtered and
/// deflated on its own (so bands can be drawn and compressed on several cores) and the bands'
/// deflate streams are joined into one zlib stream, as pigz does. An image may therefore be
/// taller than any one Cairo surface (32767 px) and only the bands in flight are in memory.
///
/// Choices, measured on a 200-message conversation at @2x: opaque images are RGB (a quarter
/// smaller); every row uses the Up filter (a chat screen is mostly rows that repeat the row
/// above, which Up turns into zeros), the first row of a band None; deflate by `FastDeflate`,
/// 4.2 MB in under half the CPU time of zlib level 1's 4.3 MB (zlib level 6: 3.7 MB in three
/// times level 1's time). The same pixels always give the same bytes, however the bands were
/// scheduled and on any machine.
package enum PNGWriter {
    package struct EncodingError: Error, CustomStringConvertible {
        package let problem: String
        package var description: String { "PNG encoding failed: \(problem)" }
    }

    /// zlib's level for `PNGRowWriter` (difference images, small and rare).
    package static let compressionLevel: Int32 = 1

    /// One band of the image, filtered and deflated (raw deflate, ending on a byte boundary).
    package struct Band {
        package let deflated: Data
        package let adler: uLong
        package let filteredLength: Int
        package let rows: Int
    }

    /// Filters and deflates every row of an ARGB32 surface with a fresh encoder (workers that
    /// encode many bands keep one `PNGBandEncoder`). `isLast` ends the deflate stream.
    package static func band(_ surface: CairoSurface, opaque: Bool, isLast: Bool) throws -> Band {
        try PNGBandEncoder().band(surface, opaque: opaque, isLast: isLast)
    }

    /// The PNG file of bands drawn top to bottom (`PNGStream` into memory).
    package static func file(width: Int, height: Int, opaque: Bool, bands: [Band]) throws -> Data {
        let sink = PNGDataSink()
        let stream = try PNGStream(width: width, height: height, opaque: opaque, into: sink)
        for (index, band) in bands.enumerated() { try stream.add(band, at: index) }
        try stream.finish(bandCount: bands.count)
        return sink.data
    }

    /// Cairo stores premultiplied colour; PNG wants it straight. Rounds as Cairo's own PNG
    /// writer does: (c × 255 + a / 2) / a.
    package static func unpremultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> (UInt8, UInt8, UInt8) {
        if a == 0 { return (0, 0, 0) }
        let alpha = UInt32(a)
        return (UInt8((UInt32(r) * 255 + alpha / 2) / alpha), UInt8((UInt32(g) * 255 + alpha / 2) / alpha),
                UInt8((UInt32(b) * 255 + alpha / 2) / alpha))
    }

    package static func appendChunk(_ type: String, _ body: Data, to output: inout Data) {
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
    package mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }
}
