import BubbleCairo
import BubbleTheme
import CCairo
import CWebP
import Foundation

/// How a WebP file keeps its pixels.
public enum WebPCompression: Sendable, Equatable {
    /// Every pixel exactly as drawn (the default: chat screens are flat colour and text,
    /// which lossless WebP stores well and lossy WebP blurs).
    case lossless
    /// libwebp's lossy coding at a quality of 0 (smallest) to 100 (best).
    case lossy(quality: Int)

    public static let qualities = 0...100
}

/// WebP from a Cairo image surface through libwebp's advanced API, the one place that turns
/// libwebp's encoding errors into Swift errors.
///
/// The advanced API rather than `WebPEncodeLosslessBGRA`: that one lets the encoder change the
/// colour of fully transparent pixels ("exact" off), so a lossless file would not hold exactly
/// the pixels a PNG of the same drawing holds. Pixels are unpremultiplied with the PNG writer's
/// rounding, so WebP and PNG store the same straight colours. Encoding is single-threaded and
/// the settings fixed, so the same drawing gives the same bytes.
package enum WebPWriter {
    /// WebP's largest width or height (`WEBP_MAX_DIMENSION`): the format stores 14 bits per side.
    package static let maximumDimension = 16383

    package struct EncodingError: Error, CustomStringConvertible {
        package let problem: String
        package var description: String { "WebP encoding failed: \(problem)" }
    }

    /// Effort for lossless coding (libwebp's `quality`, which for lossless trades time for
    /// size) and the method (0 fast … 6 slow). Measured with libwebp 1.2 on the sample
    /// conversation at @2x (750×2684 px, PNG 159 KB): 25/2 gave 65.5 KB, the defaults 75/4
    /// 57.7 KB, 90/5 44.6 KB in about the same time (~0.3 s of CPU), 100/6 44.1 KB in 3 s; on
    /// the 750×8468 px demo 25/1 gave 345 KB in 0.7 s, 75/4 298 KB in 1.1 s, 90/5 270 KB in
    /// 1.6 s. WebP is chosen for small files, so size wins; PNG stays the fast format.
    package static let losslessEffort: Float = 90
    package static let method: Int32 = 5

    /// The refusal for an image WebP cannot hold, nil when it fits. Sizes are compared as
    /// Doubles first: converting an infinite or huge size to Int traps.
    package static func sizeProblem(pixelWidth: Double, pixelHeight: Double) -> CanvasError? {
        guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth > Double(maximumDimension) || pixelHeight > Double(maximumDimension) else {
            return pixelWidth.isFinite && pixelHeight.isFinite ? nil : CanvasError(problem: "an image of \(pixelWidth)×\(pixelHeight) px")
        }
        return CanvasError(problem: "\(formatNumber(pixelWidth))×\(formatNumber(pixelHeight)) px exceeds WebP's limit of "
                           + "\(maximumDimension) px per side; use --pages (screen-sized WebP files) or PNG")
    }

    /// A whole surface as a WebP file.
    package static func file(_ surface: CairoSurface, compression: WebPCompression) throws -> Data {
        let picture = try Picture(width: surface.pixelWidth, height: surface.pixelHeight)
        try picture.copy(surface, toRow: 0)
        return try picture.encoded(compression)
    }

    /// libwebp's picture of straight ARGB pixels, filled band by band (bands are disjoint rows,
    /// so several threads may copy into it at once) and then encoded once.
    package final class Picture: @unchecked Sendable {
        private var picture = WebPPicture()
        package let width: Int
        package let height: Int

        package init(width: Int, height: Int) throws {
            guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height) else {
                throw EncodingError(problem: "\(width)×\(height) px exceeds WebP's limit of \(maximumDimension) px per side")
            }
            self.width = width
            self.height = height
            guard WebPPictureInit(&picture) != 0 else { throw EncodingError(problem: "libwebp version mismatch") }
            picture.use_argb = 1
            picture.width = Int32(width)
            picture.height = Int32(height)
            guard WebPPictureAlloc(&picture) != 0, picture.argb != nil else {
                throw EncodingError(problem: "no memory for a \(width)×\(height) picture")
            }
        }

        deinit { WebPPictureFree(&picture) }

        /// Copies a surface as wide as the picture into its rows from `row` on, unpremultiplied.
        package func copy(_ surface: CairoSurface, toRow row: Int) throws {
            let rows = surface.pixelHeight
            guard surface.pixelWidth == width, row >= 0, row + rows <= height, let argb = picture.argb else {
                throw EncodingError(problem: "a \(surface.pixelWidth)×\(rows) band at row \(row) of a \(width)×\(height) picture")
            }
            let pictureStride = Int(picture.argb_stride)
            try surface.withPixels { pixels, stride in
                for y in 0..<rows {
                    let source = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    let target = argb + (row + y) * pictureStride
                    for x in 0..<width { target[x] = straight(source[x]) }
                }
            }
        }

        /// The WebP file of the picture's pixels.
        package func encoded(_ compression: WebPCompression) throws -> Data {
            var config = WebPConfig()
            guard WebPConfigInit(&config) != 0 else { throw EncodingError(problem: "libwebp version mismatch") }
            config.method = method
            switch compression {
            case .lossless:
                config.lossless = 1
                config.exact = 1
                config.quality = losslessEffort
            case .lossy(let quality):
                guard WebPCompression.qualities.contains(quality) else {
                    throw EncodingError(problem: "quality \(quality) is not within 0…100")
                }
                config.lossless = 0
                config.quality = Float(quality)
            }
            guard WebPValidateConfig(&config) != 0 else { throw EncodingError(problem: "libwebp refused the settings") }
            var writer = WebPMemoryWriter()
            WebPMemoryWriterInit(&writer)
            defer { WebPMemoryWriterClear(&writer) }
            let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer -> Int32 in
                picture.writer = WebPMemoryWrite
                picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
                defer { picture.writer = nil; picture.custom_ptr = nil }
                return WebPEncode(&config, &picture)
            }
            guard encoded != 0, let memory = writer.mem else { throw EncodingError(problem: reason(picture.error_code)) }
            return Data(bytes: memory, count: writer.size)
        }
    }

    /// Cairo's premultiplied 0xAARRGGBB as WebP's straight 0xAARRGGBB, rounded as `PNGWriter`.
    @inline(__always)
    package static func straight(_ pixel: UInt32) -> UInt32 {
        let alpha = UInt8(truncatingIfNeeded: pixel >> 24)
        if alpha == 255 { return pixel }
        let (r, g, b) = PNGWriter.unpremultiplied(UInt8(truncatingIfNeeded: pixel >> 16), UInt8(truncatingIfNeeded: pixel >> 8),
                                                  UInt8(truncatingIfNeeded: pixel), alpha)
        return UInt32(alpha) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    private static func reason(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: return "the picture's size is not one WebP can store"
        case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would be larger than WebP's 4 GB"
        default: return "libwebp error \(code.rawValue)"
        }
    }
}
