import BubbleTheme
import CTurboJPEG
import Foundation
import RenderTesting
import Testing
@testable import BubbleCodec
import BubbleCairo

@Suite struct ImageDecodingTests {
    typealias Pixel = PixelBuffer.Pixel

    @Test func decodesPNGWithAlpha() throws {
        let png = try TestSupport.drawnPNG(width: 6, height: 4) { context in
            context.setColor(RGBAColor(hex: "#FF000080")!)
            context.addRectangle(CGRect(x: 0, y: 0, width: 3, height: 4))
            context.fill()
            context.setColor(RGBAColor(hex: "#0000FF")!)
            context.addRectangle(CGRect(x: 3, y: 0, width: 3, height: 4))
            context.fill()
        }
        let image = try RasterImage(data: png, name: "test.png")
        #expect(image.pixelWidth == 6 && image.pixelHeight == 4)
        let pixels = try image.pixels()
        #expect(pixels[1, 1] == Pixel(red: 128, green: 0, blue: 0, alpha: 128))
        #expect(pixels[4, 2] == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test(arguments: [false, true])
    func decodesJPEGIntoOpaqueBGRA(progressive: Bool) throws {
        let jpeg = JPEGFixtures.halves(width: 32, height: 16, left: (200, 40, 30), right: (20, 60, 220),
                                       subsampling: TJSAMP_420, progressive: progressive)
        let image = try RasterImage(data: jpeg, name: "photo.jpg")
        #expect(image.pixelWidth == 32 && image.pixelHeight == 16)
        let pixels = try image.pixels()
        // JPEG is lossy: flat areas away from the edge decode within a few levels.
        #expect(pixels[3, 8].distance(to: Pixel(red: 200, green: 40, blue: 30, alpha: 255)) <= 4)
        #expect(pixels[28, 8].distance(to: Pixel(red: 20, green: 60, blue: 220, alpha: 255)) <= 4)
        #expect(pixels.pixels.allSatisfy { $0.alpha == 255 })
    }

    @Test func refusesOversizedPNGBeforeDecoding() throws {
        var png = [UInt8](try TestSupport.flatPNG(width: 2, height: 2, color: .black))
        // IHDR width and height (big-endian) at bytes 16 and 20: claim 10000×10000.
        for offset in [16, 20] { png.replaceSubrange(offset..<offset + 4, with: [0, 0, 0x27, 0x10]) }
        #expect(throws: ImageDecodingError(name: "big.png", problem: "10000×10000 pixels is more than the limit of 50000000 pixels")) {
            try RasterImage(data: Data(png), name: "big.png")
        }
    }

    @Test func refusesOversizedJPEGBeforeDecoding() throws {
        let jpeg = JPEGFixtures.claimingSize(JPEGFixtures.halves(width: 16, height: 16, left: (0, 0, 0), right: (9, 9, 9)),
                                             width: 60000, height: 1000)
        #expect(throws: ImageDecodingError(name: "row 9 attachment", problem: "60000×1000 pixels is more than the limit of 50000000 pixels")) {
            try RasterImage(data: jpeg, name: "row 9 attachment")
        }
    }

    @Test func refusesASideLongerThanCairoAccepts() throws {
        let jpeg = JPEGFixtures.claimingSize(JPEGFixtures.halves(width: 16, height: 16, left: (0, 0, 0), right: (9, 9, 9)),
                                             width: 40000, height: 10)
        #expect(throws: ImageDecodingError(name: "wide.jpg", problem: "40000×10 pixels: a side is longer than 32767 pixels")) {
            try RasterImage(data: jpeg, name: "wide.jpg")
        }
    }

    @Test func damagedPNGIsAnErrorNotACrash() throws {
        let png = try TestSupport.flatPNG(width: 40, height: 40, color: RGBAColor(hex: "#336699")!)
        // The IDAT chunk follows the 8-byte signature and the 25-byte IHDR chunk; its length
        // is the encoder's business, the error must name it and what is left after its header.
        let claimed = png[33..<37].reduce(0) { $0 << 8 | Int($1) }
        let remaining = png.count / 2 - 41
        #expect(claimed > remaining)
        #expect(throws: ImageDecodingError(name: "cut.png", problem: "PNG data is cut short or damaged: chunk 'IDAT' at byte 33 claims \(claimed) bytes, but only \(remaining) remain")) {
            try RasterImage(data: png.prefix(png.count / 2), name: "cut.png")
        }
        #expect(throws: ImageDecodingError(name: "header.png", problem: "PNG data has no IHDR header")) {
            try RasterImage(data: png.prefix(12), name: "header.png")
        }
    }

    @Test func damagedJPEGHeaderIsAnError() throws {
        let jpeg = JPEGFixtures.halves(width: 16, height: 16, left: (0, 0, 0), right: (9, 9, 9))
        #expect(throws: ImageDecodingError(name: "cut.jpg", problem: "JPEG header is incomplete (no frame size)")) {
            try RasterImage(data: jpeg.prefix(20), name: "cut.jpg")
        }
        var garbled = [UInt8](jpeg)
        garbled.replaceSubrange(3..<40, with: [UInt8](repeating: 0x41, count: 37))
        let error = try #require(throws: ImageDecodingError.self) {
            try RasterImage(data: Data(garbled), name: "garbled.jpg")
        }
        #expect(error.name == "garbled.jpg")
        #expect(error.problem == "JPEG header is damaged (Unsupported marker type 0x41)")
    }

    @Test func truncatedJPEGBodyStillDecodes() throws {
        // Viewers show the part that arrived; TurboJPEG reports a warning, not an error.
        let jpeg = JPEGFixtures.halves(width: 64, height: 64, left: (250, 250, 250), right: (10, 10, 10))
        let image = try RasterImage(data: jpeg.prefix(jpeg.count - 40), name: "cut.jpg")
        #expect(image.pixelWidth == 64)
        #expect(image.warning == "JPEG data is cut short or damaged (Premature end of JPEG file)")
        #expect(try image.pixels()[4, 2].distance(to: Pixel(red: 250, green: 250, blue: 250, alpha: 255)) <= 4)
    }

    @Test func unsupportedAndEmptyDataAreNamed() {
        #expect(throws: ImageDecodingError(name: "a", problem: "BMP images are not supported (PNG, JPEG, GIF or WebP only)")) {
            try RasterImage(data: Data("BM\u{1}\u{0}\u{1}\u{0}".utf8), name: "a")
        }
        #expect(throws: ImageDecodingError(name: "b", problem: "WebP container is damaged")) {
            try RasterImage(data: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), name: "b")
        }
        #expect(throws: ImageDecodingError(name: "c", problem: "no image data (0 bytes)")) {
            try RasterImage(data: Data(), name: "c")
        }
        #expect(throws: ImageDecodingError(name: "d", problem: "the data is not a PNG, JPEG, GIF or WebP image")) {
            try RasterImage(data: Data("hello world!".utf8), name: "d")
        }
    }

    @Test func missingFileIsNamed() {
        #expect(throws: ImageDecodingError(name: "/nonexistent/x.png", problem: "cannot read the file")) {
            try RasterImage(contentsOfFile: "/nonexistent/x.png")
        }
    }
}
