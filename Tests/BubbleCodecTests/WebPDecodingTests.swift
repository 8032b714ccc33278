import BubbleModel
import Foundation
import RenderTesting
import Testing
@testable import BubbleCodec
import BubbleCairo



/// libwebp through the demuxer: still images (lossless pixels exactly), the first frame of an
/// animated WebP at its offset, and files cut short or damaged refused with the reason.
@Suite struct WebPDecodingTests {
    typealias Pixel = PixelBuffer.Pixel
    /// 4 × 3 RGBA: opaque colours, one fully transparent pixel and one half-transparent.
    static let rgba: [UInt8] = [
        255, 0, 0, 255,   0, 255, 0, 255,   0, 0, 255, 255,   10, 20, 30, 255,
        200, 100, 50, 255, 0, 0, 0, 0,      255, 255, 255, 128, 1, 2, 3, 255,
        90, 90, 90, 255,  250, 250, 0, 255, 0, 250, 250, 255, 250, 0, 250, 255,
    ]

    static func expected(_ rgba: [UInt8]) -> [Pixel] {
        stride(from: 0, to: rgba.count, by: 4).map { TestWebP.premultiplied(rgba[$0], rgba[$0 + 1], rgba[$0 + 2], rgba[$0 + 3]) }
    }

    @Test func losslessPixelsComeBackExactly() throws {
        let webp = try TestWebP.lossless(width: 4, height: 3, rgba: Self.rgba)
        let image = try RasterImage(data: webp, name: "still.webp")
        #expect(image.pixelWidth == 4 && image.pixelHeight == 3 && image.warning == nil)
        let pixels = try image.pixels()
        let expected = Self.expected(Self.rgba)
        for index in expected.indices where expected[index].alpha == 255 || expected[index].alpha == 0 {
            #expect(pixels.pixels[index] == expected[index], "pixel \(index)")
        }
        // libwebp premultiplies with its own fixed-point rounding: within one step.
        #expect(pixels[2, 1].alpha == 128 && pixels[2, 1].distance(to: expected[6]) <= 1, "\(pixels[2, 1])")
    }

    @Test func lossyImageDecodesCloseToItsColours() throws {
        let rgba = (0..<(16 * 16)).flatMap { index -> [UInt8] in index % 16 < 8 ? [200, 40, 40, 255] : [40, 40, 200, 255] }
        let webp = try TestWebP.lossy(width: 16, height: 16, rgba: rgba, quality: 100)
        #expect(webp.prefix(16).suffix(4) == Data("VP8 ".utf8))
        let pixels = try RasterImage(data: webp, name: "photo.webp").pixels()
        #expect(pixels.width == 16 && pixels.height == 16)
        #expect(pixels[2, 8].distance(to: Pixel(red: 200, green: 40, blue: 40, alpha: 255)) <= 8, "\(pixels[2, 8])")
        #expect(pixels[13, 8].distance(to: Pixel(red: 40, green: 40, blue: 200, alpha: 255)) <= 8, "\(pixels[13, 8])")
    }

    @Test func animatedWebPShowsItsFirstFrameAtItsOffset() throws {
        let first = try TestWebP.lossless(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255])
        let second = try TestWebP.lossless(width: 6, height: 5, rgba: [UInt8](repeating: 77, count: 6 * 5 * 4))
        let webp = try TestWebP.animated(width: 6, height: 5, frames: [(x: 2, y: 2, width: 2, height: 2, still: first),
                                                                       (x: 0, y: 0, width: 6, height: 5, still: second)])
        let image = try RasterImage(data: webp, name: "moving.webp")
        #expect(image.pixelWidth == 6 && image.pixelHeight == 5)
        let pixels = try image.pixels()
        let frame: [Pixel] = [.init(red: 255, green: 0, blue: 0, alpha: 255), .init(red: 0, green: 255, blue: 0, alpha: 255),
                              .init(red: 0, green: 0, blue: 255, alpha: 255), .init(red: 9, green: 9, blue: 9, alpha: 255)]
        for y in 0..<5 {
            for x in 0..<6 {
                let inside = (2..<4).contains(x) && (2..<4).contains(y)
                #expect(pixels[x, y] == (inside ? frame[(y - 2) * 2 + x - 2] : Pixel(red: 0, green: 0, blue: 0, alpha: 0)),
                        "pixel \(x), \(y)")
            }
        }
    }

    @Test func truncatedWebPIsAnError() throws {
        let webp = try TestWebP.lossless(width: 4, height: 3, rgba: Self.rgba)
        #expect(throws: ImageDecodingError(name: "cut.webp", problem: "WebP data is cut short (\(webp.count - 5) of the \(webp.count) bytes it claims)")) {
            try RasterImage(data: webp.prefix(webp.count - 5), name: "cut.webp")
        }
        #expect(throws: ImageDecodingError(name: "head.webp", problem: "WebP data is cut short (14 of the \(webp.count) bytes it claims)")) {
            try RasterImage(data: webp.prefix(14), name: "head.webp")
        }
    }

    @Test func damagedWebPIsAnError() throws {
        let rgba = (0..<(32 * 32 * 4)).map { UInt8(truncatingIfNeeded: $0 * 37) }
        var webp = [UInt8](try TestWebP.lossless(width: 32, height: 32, rgba: rgba))
        for index in 30..<webp.count { webp[index] ^= 0x5A }  // the bitstream after its header
        let error = try #require(throws: ImageDecodingError.self) { try RasterImage(data: Data(webp), name: "bad.webp") }
        #expect(error.name == "bad.webp")
        #expect(error.problem.hasPrefix("WebP image data is damaged") || error.problem == "WebP image data is cut short", "\(error.problem)")

        var container = [UInt8](try TestWebP.lossless(width: 4, height: 3, rgba: Self.rgba))
        container.replaceSubrange(12..<16, with: Array("VP9Z".utf8))  // an unknown first chunk in a simple file
        #expect(throws: ImageDecodingError(name: "odd.webp", problem: "WebP container is damaged")) {
            try RasterImage(data: Data(container), name: "odd.webp")
        }
    }

    @Test func frameOutsideTheCanvasIsRefused() throws {
        let still = try TestWebP.lossless(width: 4, height: 4, rgba: [UInt8](repeating: 200, count: 64))
        let webp = try TestWebP.animated(width: 4, height: 4, frames: [(x: 2, y: 0, width: 4, height: 4, still: still)])
        let error = try #require(throws: ImageDecodingError.self) { try RasterImage(data: webp, name: "off.webp") }
        #expect(error.name == "off.webp")
        #expect(error.problem == "WebP container is damaged", "\(error.problem)")
    }

    @Test func hugeCanvasIsRefusedBeforeAllocating() throws {
        // An animation canvas of 16384 × 16384 (1 GB of ARGB32) around a 1×1 frame.
        let still = try TestWebP.lossless(width: 1, height: 1, rgba: [1, 2, 3, 255])
        let webp = try TestWebP.animated(width: 16384, height: 16384, frames: [(x: 0, y: 0, width: 1, height: 1, still: still)])
        let before = peakResidentBytes(), start = Date()
        #expect(throws: ImageDecodingError(name: "huge.webp", problem: "16384×16384 pixels is more than the limit of 50000000 pixels")) {
            try RasterImage(data: webp, name: "huge.webp")
        }
        #expect(peakResidentBytes() - before < 50_000_000)
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func verifierJudgesWebPs() throws {
        let webp = try TestWebP.lossless(width: 4, height: 3, rgba: Self.rgba)
        #expect(RasterImageVerifier().verdict(on: webp) == .decodes)
        #expect(RasterImageVerifier().verdict(on: webp.prefix(20)) == .fails("WebP data is cut short (20 of the \(webp.count) bytes it claims)"))
    }
}
