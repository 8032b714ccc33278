import CPNG
import Foundation

/// A PNG decoded by libpng a band of rows at a time, for comparing images of any length: only
/// the compressed bytes (which may be memory-mapped) and the rows asked for are in memory, never
/// the whole picture (Cairo's reader and libpng's simplified `png_image` API load every row at
/// once).
///
/// Every PNG of 8 bits per sample or fewer without interlacing is read (RGB, RGBA, palette,
/// grey, with or without tRNS), as straight RGBA; 16-bit and interlaced PNGs (which `bubbles`
/// never writes, and which could only be compared at a choice of rounding or with the whole
/// image in memory) are refused with an error naming the kind. Only the chunks that make pixels
/// are decoded: text, ICC profiles and unknown chunks are skipped unread, never inflated. Every
/// chunk's CRC is checked, and the call that reads the last row reads the file to its IEND.
public final class PNGRowReader {
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        /// How the image is named in the message, e.g. `reference ref.png`.
        public var name: String
        public var problem: String
        public var description: String { "\(name): \(problem)" }
    }

    /// The largest image compared: Cairo's side limit across, 2^24 rows down.
    public static let maximumWidth = 32767
    public static let maximumHeight = 1 << 24

    public let width: Int
    public let height: Int
    /// Whether the PNG has alpha (an alpha channel or a tRNS chunk); opaque images read as
    /// alpha 255.
    public let hasAlpha: Bool
    public var rowsRead: Int { png.rowsRead }

    private let png: LibPNGRead
    private let rowBytes: Int

    /// Reads the header and the chunks before the image data; rows are decoded by `rows(_:)`.
    public init(data: Data, name: String) throws {
        guard data.count >= 8, data.prefix(8).elementsEqual(PNGChunks.signature) else {
            throw ReadError(name: name, problem: "not a PNG image (it does not start with the PNG signature)")
        }
        let png = try LibPNGRead(data: data, name: name)
        var (width, height) = (png_uint_32(0), png_uint_32(0))
        var (depth, colourType, interlace, transparency) = (Int32(0), Int32(0), Int32(0), Int32(0))
        try png.call { cb_png_read_header($0, &width, &height, &depth, &colourType, &interlace, &transparency) }
        guard depth <= 8, interlace == PNG_INTERLACE_NONE else {
            let kinds: [Int32: String] = [0: "grey", 2: "RGB", 3: "palette", 4: "grey with alpha", 6: "RGBA"]
            throw ReadError(name: name, problem: "the PNG is \(kinds[colourType] ?? "of colour type \(colourType)"), \(depth) bits per sample"
                            + (interlace == PNG_INTERLACE_NONE ? "" : ", interlaced")
                            + "; only PNGs of 8 bits per sample or fewer without interlacing (as bubbles writes them) can be compared")
        }
        guard Int(width) <= Self.maximumWidth, Int(height) <= Self.maximumHeight, width > 0, height > 0 else {
            throw ReadError(name: name, problem: "a PNG of \(width)×\(height) pixels cannot be compared "
                            + "(at most \(Self.maximumWidth) pixels wide, \(Self.maximumHeight) tall)")
        }
        var rowBytes = 0
        try png.call { cb_png_start_rows($0, &rowBytes) }
        guard rowBytes == Int(width) * 4 else {
            throw ReadError(name: name, problem: "libpng gives rows of \(rowBytes) bytes for \(width) RGBA pixels")
        }
        png.height = Int(height)
        self.png = png
        self.width = Int(width)
        self.height = Int(height)
        self.rowBytes = rowBytes
        hasAlpha = colourType & PNG_COLOR_MASK_ALPHA != 0 || transparency != 0
    }

    /// The next `count` rows (fewer at the bottom) as straight (not premultiplied) RGBA, four
    /// bytes a pixel; opaque images get alpha 255. The call that reads the last row also reads
    /// the rest of the file, so a file cut short or damaged after its image is refused too.
    public func rows(_ count: Int) throws -> [UInt8] {
        let wanted = max(0, min(count, height - rowsRead))
        guard wanted > 0 else { return [] }
        let finish: Int32 = rowsRead + wanted == height ? 1 : 0
        var out = [UInt8](repeating: 0, count: wanted * rowBytes)
        try out.withUnsafeMutableBufferPointer { buffer in
            try png.call { cb_png_read_rows($0, buffer.baseAddress, rowBytes, wanted, finish) }
        }
        return out
    }
}

/// libpng's read and info structures for one PNG in memory, destroyed with the value; it holds
/// the bytes libpng reads, and turns libpng's errors (which `CPNG`'s C helpers catch with
/// setjmp) into `PNGRowReader.ReadError`s.
private final class LibPNGRead {
    private let data: Data
    private let name: String
    /// The state libpng's callbacks find through pointers to it, so it never moves.
    private let state: UnsafeMutablePointer<cb_png_reader>
    /// The image's rows, once the header is read (for messages).
    var height = 0
    var rowsRead: Int { state.pointee.rows }

    init(data: Data, name: String) throws {
        self.data = data
        self.name = name
        state = .allocate(capacity: 1)
        state.initialize(to: cb_png_reader())
        guard cb_png_create(state) == 0 else {
            throw PNGRowReader.ReadError(name: name, problem: "libpng could not allocate its reader")
        }
    }

    deinit {
        cb_png_destroy(state)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs one of `CPNG`'s helpers over the data (the bytes' address is given afresh to each
    /// call); its failure becomes an error naming the image, where it stopped (before the image
    /// data, in a row, after the last) and libpng's message.
    func call(_ body: (UnsafeMutablePointer<cb_png_reader>) -> Int32) throws {
        let status = data.withUnsafeBytes { bytes in
            state.pointee.data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            state.pointee.size = bytes.count
            defer { state.pointee.data = nil }
            return body(state)
        }
        guard status != 0 else { return }
        let place = height == 0 ? "before its image data" : rowsRead < height ? "in row \(rowsRead + 1) of \(height)" : "after its last row"
        if state.pointee.ran_out != 0 {
            let at = height == 0 ? "" : ", " + place
            throw PNGRowReader.ReadError(name: name, problem: "PNG data is cut short: it ends at byte \(data.count) before the IEND chunk\(at)")
        }
        let message = withUnsafeBytes(of: state.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        throw PNGRowReader.ReadError(name: name, problem: "PNG data is damaged \(place) (libpng: \(message))")
    }
}
