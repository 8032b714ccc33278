import Foundation

/// An image's format and pixel size, read from its header alone: enough to lay out a bubble
/// without decoding (and without trusting) the pixels. Nothing here allocates by the claimed
/// size, so a header that claims 100000 × 100000 pixels costs nothing to read.
public struct ImageHeader: Sendable, Equatable {
    /// `png`, `jpeg`, `gif` or `webp`.
    public var format: String
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(format: String, pixelWidth: Int, pixelHeight: Int) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The header of `data`, or nil when it is none of the four formats, is cut short, or
    /// claims a zero width or height.
    public init?(_ data: Data) {
        let bytes = ByteReader(data)
        let found = ImageHeader.png(bytes) ?? ImageHeader.gif(bytes) ?? ImageHeader.webp(bytes) ?? ImageHeader.jpeg(bytes)
        guard let found, found.pixelWidth > 0, found.pixelHeight > 0 else { return nil }
        self = found
    }

    public var pixelCount: Int { pixelWidth * pixelHeight }

    /// Signature, then the IHDR chunk first: width and height as big-endian 32-bit numbers.
    private static func png(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0),
              bytes.matches(Array("IHDR".utf8), at: 12),
              let width = bytes.uint32BigEndian(at: 16), let height = bytes.uint32BigEndian(at: 20),
              width <= Int32.max, height <= Int32.max else { return nil }
        return ImageHeader(format: "png", pixelWidth: Int(width), pixelHeight: Int(height))
    }

    /// `GIF87a`/`GIF89a`, then the logical screen size, little-endian 16-bit.
    private static func gif(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.matches(Array("GIF87a".utf8), at: 0) || bytes.matches(Array("GIF89a".utf8), at: 0),
              let width = bytes.uint16LittleEndian(at: 6), let height = bytes.uint16LittleEndian(at: 8) else { return nil }
        return ImageHeader(format: "gif", pixelWidth: width, pixelHeight: height)
    }

    /// RIFF/WEBP with its first chunk: lossy `VP8 ` (frame size after the start code 9D 01 2A),
    /// lossless `VP8L` (14-bit sizes minus one after the 0x2F signature) or extended `VP8X`
    /// (24-bit canvas sizes minus one).
    private static func webp(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.matches(Array("RIFF".utf8), at: 0), bytes.matches(Array("WEBP".utf8), at: 8) else { return nil }
        if bytes.matches(Array("VP8 ".utf8), at: 12), bytes.matches([0x9D, 0x01, 0x2A], at: 23),
           let width = bytes.uint16LittleEndian(at: 26), let height = bytes.uint16LittleEndian(at: 28) {
            return ImageHeader(format: "webp", pixelWidth: width & 0x3FFF, pixelHeight: height & 0x3FFF)
        }
        if bytes.matches(Array("VP8L".utf8), at: 12), bytes.matches([0x2F], at: 20),
           let bits = bytes.uint32LittleEndian(at: 21) {
            return ImageHeader(format: "webp", pixelWidth: Int(bits & 0x3FFF) + 1, pixelHeight: Int((bits >> 14) & 0x3FFF) + 1)
        }
        if bytes.matches(Array("VP8X".utf8), at: 12),
           let width = bytes.uint24LittleEndian(at: 24), let height = bytes.uint24LittleEndian(at: 27) {
            return ImageHeader(format: "webp", pixelWidth: width + 1, pixelHeight: height + 1)
        }
        return nil
    }

    /// SOI, then segments until a start-of-frame marker (SOF0–SOF15 except DHT, JPG and DAC),
    /// whose payload holds height then width, big-endian 16-bit. Stops at start-of-scan.
    private static func jpeg(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.matches([0xFF, 0xD8], at: 0) else { return nil }
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }  // no length
            guard marker != 0xDA, marker != 0xD9, let length = bytes.uint16BigEndian(at: offset + 2), length >= 2 else {
                return nil
            }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bytes.uint16BigEndian(at: offset + 5),
                      let width = bytes.uint16BigEndian(at: offset + 7) else { return nil }
                return ImageHeader(format: "jpeg", pixelWidth: width, pixelHeight: height)
            }
            offset += 2 + length
        }
        return nil
    }
}

/// Bounds-checked reads of fixed-size numbers: every read past the end is nil, never a trap.
private struct ByteReader {
    private let data: Data
    init(_ data: Data) { self.data = data }

    var count: Int { data.count }
    subscript(offset: Int) -> UInt8 { data[data.startIndex + offset] }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset + expected.count <= count else { return false }
        return expected.indices.allSatisfy { self[offset + $0] == expected[$0] }
    }

    private func bytes(at offset: Int, count length: Int) -> [Int]? {
        guard offset >= 0, offset + length <= count else { return nil }
        return (0..<length).map { Int(self[offset + $0]) }
    }

    func uint16BigEndian(at offset: Int) -> Int? {
        bytes(at: offset, count: 2).map { $0[0] << 8 | $0[1] }
    }

    func uint16LittleEndian(at offset: Int) -> Int? {
        bytes(at: offset, count: 2).map { $0[1] << 8 | $0[0] }
    }

    func uint24LittleEndian(at offset: Int) -> Int? {
        bytes(at: offset, count: 3).map { $0[2] << 16 | $0[1] << 8 | $0[0] }
    }

    func uint32BigEndian(at offset: Int) -> Int? {
        bytes(at: offset, count: 4).map { $0[0] << 24 | $0[1] << 16 | $0[2] << 8 | $0[3] }
    }

    func uint32LittleEndian(at offset: Int) -> Int? {
        bytes(at: offset, count: 4).map { $0[3] << 24 | $0[2] << 16 | $0[1] << 8 | $0[0] }
    }
}
