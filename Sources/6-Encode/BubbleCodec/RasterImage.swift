import BubbleCairo
import BubbleModel
import CCairo
import CTurboJPEG
import Foundation

/// A decoded bitmap ready to draw: PNG through Cairo's PNG reader, JPEG through TurboJPEG,
/// GIF through giflib and WebP through libwebp (the first frame of an animated one).
///
/// Immutable after decoding, and Cairo's reference counting is atomic, so one image may be
/// drawn from several threads (each with its own context); hence `@unchecked Sendable`.
public final class RasterImage: @unchecked Sendable {
    package let surface: CairoSurface
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// What the decoder complained of while still producing the image (a JPEG cut short
    /// shows the rows that arrived, as any viewer does); nil for a clean decode.
    public let warning: String?

    /// Images larger than this are refused before any pixel memory is allocated
    /// (50 million pixels is 200 MB of ARGB32).
    public static let maximumPixelCount = 50_000_000

    package init(surface: CairoSurface, warning: String? = nil) {
        self.surface = surface
        self.warning = warning
        self.pixelWidth = surface.pixelWidth
        self.pixelHeight = surface.pixelHeight
    }

    /// Takes over what a decoder made (a convenience initialiser cannot return another object).
    package convenience init(decoded image: RasterImage) {
        self.init(surface: image.surface, warning: image.warning)
    }

    /// Decodes PNG, JPEG, GIF or WebP bytes, recognised by their signature. `name` says in
    /// errors which input the bytes came from (a file path, `row 17 attachment`, …).
    public convenience init(data: Data, name: String) throws {
        switch ImageSignature(data) {
        case .png: try self.init(png: data, name: name)
        case .jpeg: try self.init(jpeg: data, name: name)
        case .gif: self.init(decoded: try GIFDecoder(data: data, name: name).decode())
        case .webp: self.init(decoded: try WebPDecoder(data: data, name: name).decode())
        case .empty: throw ImageDecodingError(name: name, problem: "no image data (0 bytes)")
        case .other(let format):
            throw ImageDecodingError(name: name, problem: "\(format) images are not supported (PNG, JPEG, GIF or WebP only)")
        case .unknown:
            throw ImageDecodingError(name: name, problem: "the data is not a PNG, JPEG, GIF or WebP image")
        }
    }

    /// Reads a PNG, JPEG, GIF or WebP file.
    public convenience init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageDecodingError(name: path, problem: "cannot read the file")
        }
        try self.init(data: data, name: path)
    }

    /// The image's pixels, for tests and comparisons.
    public func pixels() throws -> PixelBuffer { try PixelBuffer(surface: surface) }

    package static func checkSize(width: Int, height: Int, name: String) throws {
        guard width > 0, height > 0 else {
            throw ImageDecodingError(name: name, problem: "the image claims a size of \(width)×\(height) pixels")
        }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount,
              width <= maximumPixelCount, height <= maximumPixelCount else {
            throw ImageDecodingError(name: name, problem: "\(width)×\(height) pixels is more than the limit of \(maximumPixelCount) pixels")
        }
        guard width <= CairoSurface.maximumImageDimension, height <= CairoSurface.maximumImageDimension else {
            throw ImageDecodingError(name: name, problem: "\(width)×\(height) pixels: a side is longer than \(CairoSurface.maximumImageDimension) pixels")
        }
    }
}

/// The decoder above as the view-model's judge of image messages (see `ImageVerifier`):
/// the same code that draws decides what can be drawn.
public struct RasterImageVerifier: ImageVerifier {
    public init() {}

    public func verdict(on data: Data) -> ImageVerdict {
        do {
            let image = try RasterImage(data: data, name: "image")
            return image.warning.map(ImageVerdict.decodesPartly) ?? .decodes
        } catch let error as ImageDecodingError {
            return .fails(error.problem)
        } catch {
            return .fails("\(error)")
        }
    }
}

/// Why an image could not be decoded, naming the input.
public struct ImageDecodingError: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var problem: String
    public var description: String { "\(name): \(problem)" }
    package init(name: String, problem: String) { (self.name, self.problem) = (name, problem) }
}

/// What the first bytes of an image say it is.
package enum ImageSignature: Equatable {
    case png, jpeg, gif, webp, empty, unknown
    case other(String)

    package init(_ data: Data) {
        let head = Array(data.prefix(12))
        if head.isEmpty { self = .empty }
        else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if head.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if head.starts(with: Array("GIF8".utf8)) { self = .gif }
        else if head.starts(with: Array("RIFF".utf8)), head.count == 12, Array(head[8..<12]) == Array("WEBP".utf8) { self = .webp }
        else if head.starts(with: Array("BM".utf8)) { self = .other("BMP") }
        else { self = .unknown }
    }
}

// MARK: PNG

extension RasterImage {
    package convenience init(png data: Data, name: String) throws {
        // Read the size from IHDR ourselves: Cairo would allocate before we could refuse.
        let bytes = Array(data.prefix(24))
        guard bytes.count == 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageDecodingError(name: name, problem: "PNG data has no IHDR header")
        }
        func bigEndian(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        try Self.checkSize(width: bigEndian(16), height: bigEndian(20), name: name)
        let chunks = try PNGChunks(data, name: name)
        let reader = ByteReader(chunks.decodable)
        let pointer = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(readFromReader, reader.opaque)
        }
        do {
            self.init(surface: try CairoSurface.adopting(pointer, operation: "decode PNG"))
        } catch let error as CairoError {
            throw ImageDecodingError(name: name, problem: "PNG data is damaged (\(error.reason))")
        }
    }
}

/// Bytes Cairo's PNG reader pulls from, through `readFromReader`.
private final class ByteReader {
    package let data: Data
    package var offset = 0
    package init(_ data: Data) { self.data = data }
    package var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

private let readFromReader: cairo_read_func_t = { closure, buffer, length in
    guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
    let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
    let count = Int(length)
    guard reader.data.count - reader.offset >= count else { return CAIRO_STATUS_READ_ERROR }
    let start = reader.data.startIndex + reader.offset
    reader.data.copyBytes(to: buffer, from: start..<start + count)
    reader.offset += count
    return CAIRO_STATUS_SUCCESS
}

#if _endian(big)
#error("JPEG decoding writes BGRA bytes, which are Cairo ARGB32 words only on little-endian machines")
#endif

// MARK: JPEG

extension RasterImage {
    package convenience init(jpeg data: Data, name: String) throws {
        guard let handle = tjInitDecompress() else {
            throw ImageDecodingError(name: name, problem: "TurboJPEG could not start a decoder")
        }
        defer { tjDestroy(handle) }
        func problem(_ what: String) -> ImageDecodingError {
            ImageDecodingError(name: name, problem: "\(what) (\(String(cString: tjGetErrorStr2(handle))))")
        }
        guard data.count <= Int(UInt32.max) else {
            throw ImageDecodingError(name: name, problem: "JPEG data larger than 4 GB")
        }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerStatus = data.withUnsafeBytes { buffer in
            tjDecompressHeader3(handle, buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard headerStatus == 0 else { throw problem("JPEG header is damaged") }
        // A header cut short can "succeed" with no frame: no size, nothing to decode.
        guard width > 0, height > 0 else {
            throw ImageDecodingError(name: name, problem: "JPEG header is incomplete (no frame size)")
        }
        try Self.checkSize(width: Int(width), height: Int(height), name: name)
        guard colorspace != Int32(TJCS_CMYK.rawValue), colorspace != Int32(TJCS_YCCK.rawValue) else {
            throw ImageDecodingError(name: name, problem: "CMYK JPEG images are not supported")
        }
        let surface = try CairoSurface.image(pixelWidth: Int(width), pixelHeight: Int(height))
        // BGRA bytes are Cairo's ARGB32 words on little-endian; TurboJPEG sets alpha to 0xFF,
        // so the pixels are already premultiplied. Progressive files are limited in scans.
        let flags = TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT
        var warning: String?
        try surface.withMutablePixels { pixels, stride in
            let status = data.withUnsafeBytes { buffer in
                tjDecompress2(handle, buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count),
                              pixels.assumingMemoryBound(to: UInt8.self), width, Int32(stride), height,
                              Int32(TJPF_BGRA.rawValue), Int32(flags))
            }
            // A warning (e.g. a truncated file) still leaves a usable image, as in any viewer.
            guard status != 0 else { return }
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else { throw problem("JPEG data is damaged") }
            warning = "JPEG data is cut short or damaged (\(String(cString: tjGetErrorStr2(handle))))"
        }
        self.init(surface: surface, warning: warning)
    }
}
