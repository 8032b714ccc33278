import BubbleCairo
import CZlib
import Foundation

/// A PNG's chunk structure, checked before any decoder sees it, and the bytes Cairo decodes.
///
/// libpng trusts a chunk's length field and allocates it before reading: a 595-byte file
/// whose `tEXt` chunk claims 2 GB costs 2 GB and 18 s inside Cairo, and a compressed text or
/// ICC chunk can inflate a thousandfold. So every chunk must lie inside the data with a
/// matching CRC, IHDR must come first and IEND last, and only the chunks that change pixels
/// (IHDR, PLTE, tRNS, IDAT, IEND) and small fixed-size colour chunks are passed on: text,
/// ICC profiles, EXIF and unknown chunks never reach libpng. What libpng then allocates is
/// bounded by the image's size, which `RasterImage.checkSize` has already accepted.
package struct PNGChunks {
    /// The signature and the kept chunks, byte for byte.
    package let decodable: Data
    package let width: Int
    package let height: Int

    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Chunks that affect decoded pixels, and small colour-space chunks worth keeping in the
    /// PNG that Cairo attaches to PDF and SVG output.
    package static let kept: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "cHRM", "sRGB", "sBIT", "pHYs"]

    /// Checks the chunks of PNG `data` (starting with the signature); the error says which
    /// chunk is wrong and where.
    package init(_ data: Data, name: String) throws {
        func fail(_ problem: String) -> ImageDecodingError { ImageDecodingError(name: name, problem: problem) }
        let bytes = [UInt8](data)
        guard bytes.starts(with: Self.signature) else { throw fail("the data is not PNG") }
        func uint32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }

        var kept = Self.signature
        var offset = Self.signature.count
        var (width, height, sawData, ended) = (0, 0, false, false)
        while !ended {
            guard bytes.count - offset >= 12 else {
                throw fail(offset == Self.signature.count ? "PNG data has no IHDR header"
                           : "PNG data is cut short: it ends at byte \(bytes.count) before the IEND chunk")
            }
            let length = uint32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            // The length field is checked against the bytes that are there, before anything is read.
            let remaining = bytes.count - offset - 8
            guard length <= Int(Int32.max), length + 4 <= remaining else {
                throw fail("PNG data is cut short or damaged: chunk '\(type)' at byte \(offset) claims \(length) bytes, but only \(remaining) remain")
            }
            let end = offset + 8 + length
            let crc = bytes[offset + 4..<end].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            guard Int(crc) == uint32(end) else {
                throw fail("PNG chunk '\(type)' at byte \(offset) is damaged (its CRC does not match)")
            }
            if offset == Self.signature.count {
                guard type == "IHDR", length == 13 else { throw fail("PNG data has no IHDR header") }
                (width, height) = (uint32(offset + 8), uint32(offset + 12))
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { ended = true }
            if Self.kept.contains(type) { kept += bytes[offset..<end + 4] }
            offset = end + 4
        }
        guard sawData else { throw fail("PNG data has no image data (no IDAT chunk)") }
        decodable = Data(kept)
        self.width = width
        self.height = height
    }
}
