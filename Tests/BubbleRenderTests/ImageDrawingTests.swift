import BubbleTheme
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

@Suite struct ImageDrawingTests {
    typealias Pixel = PixelBuffer.Pixel
    static let red = RGBAColor(hex: "#E02020")!
    static let blue = RGBAColor(hex: "#2040E0")!

    /// A `width`×`height` image, left half red, right half blue.
    static func halves(width: Int, height: Int) throws -> RasterImage {
        let png = try TestSupport.drawnPNG(width: width, height: height) { context in
            context.setColor(red)
            context.paintReplacing()
            context.setColor(blue)
            context.addRectangle(CGRect(x: width / 2, y: 0, width: width - width / 2, height: height))
            context.fill()
        }
        return try RasterImage(data: png, name: "halves")
    }

    @Test(arguments: [1, 2, 3])
    func fillScalesTheImageToTheRectangle(scale: Int) throws {
        let image = try Self.halves(width: 20, height: 10)
        let pixels = try TestSupport.render(width: 60, height: 30, scale: scale) {
            try $0.draw(image, in: CGRect(x: 10, y: 5, width: 40, height: 20))
        }
        let s = scale
        #expect(pixels[12 * s, 15 * s] == Pixel(Self.red))
        #expect(pixels[48 * s, 15 * s] == Pixel(Self.blue))
        #expect(pixels[9 * s, 15 * s].alpha == 0)
        #expect(pixels[50 * s, 15 * s].alpha == 0)
        #expect(pixels[30 * s, 4 * s].alpha == 0)
    }

    @Test func aspectFillCentresAndCutsToACircle() throws {
        // 40×20 into 20×20: scaled to 40×20 and centred, so x 10…30 of the image shows.
        let image = try Self.halves(width: 40, height: 20)
        let pixels = try TestSupport.render(width: 20, height: 20, scale: 1) {
            try $0.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 20), fit: .aspectFill, clip: .circle)
        }
        #expect(pixels[3, 10] == Pixel(Self.red))
        #expect(pixels[16, 10] == Pixel(Self.blue))
        for corner in [(0, 0), (19, 0), (0, 19), (19, 19), (1, 1), (18, 1)] {
            #expect(pixels[corner.0, corner.1].alpha == 0, "corner \(corner) should be outside the circle")
        }
    }

    @Test func roundedRectangleClipCutsOnlyTheCorners() throws {
        let image = try Self.halves(width: 10, height: 10)
        let pixels = try TestSupport.render(width: 30, height: 30, scale: 2) {
            try $0.draw(image, in: CGRect(x: 0, y: 0, width: 30, height: 30), clip: .roundedRectangle(radius: 8))
        }
        #expect(pixels[0, 0].alpha == 0)
        #expect(pixels[59, 59].alpha == 0)
        #expect(pixels[0, 30] == Pixel(Self.red))
        #expect(pixels[40, 0] == Pixel(Self.blue))
    }

    @Test func largeDownscaleIsSmoothAndHalvesFirst() throws {
        // A 1000×1000 one-pixel checkerboard shrunk to 10×10: every pixel is a mid grey,
        // not an aliased black or white.
        let png = try TestSupport.drawnPNG(width: 1000, height: 1000) { context in
            context.setColor(.white)
            context.paintReplacing()
            context.setColor(.black)
            for y in 0..<1000 {
                for x in stride(from: y % 2, to: 1000, by: 2) { context.addRectangle(CGRect(x: x, y: y, width: 1, height: 1)) }
            }
            context.fill()
        }
        let image = try RasterImage(data: png, name: "checkerboard")
        let pixels = try TestSupport.render(width: 10, height: 10, scale: 1) {
            try $0.draw(image, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let greys = pixels.pixels.map { Int($0.red) }
        #expect(greys.allSatisfy { abs($0 - 128) <= 6 }, "greys \(Set(greys).sorted())")
        // 1000 px at a factor of 0.01: halved six times (to 16 px), the rest done by GOOD.
        #expect(try CairoContext.prescaled(image.surface, toward: 0.01).pixelWidth == 16)
        #expect(try CairoContext.prescaled(image.surface, toward: 0.6).pixelWidth == 1000)
    }

    @Test func bubbleClipShowsTheImageThroughTheBubbleShape() throws {
        let theme = try Theme.loadWithImages(directory: TestSupport.themesDirectory + "/classic")
        let png = try TestSupport.flatPNG(width: 8, height: 8, color: Self.red)
        let pixels = try TestSupport.render(width: 100, height: 60, scale: 2) {
            try $0.drawImage(data: png, name: "photo", in: CGRect(x: 0, y: 0, width: 100, height: 60),
                             clip: .bubble(theme.incomingBubble.image, mirrored: false))
        }
        #expect(pixels[100, 60] == Pixel(Self.red))       // inside the body
        #expect(pixels[4, 14].alpha > 200)                 // in the tail, near its tip (x 1pt, y 7pt)
        #expect(pixels[4, 14].red > 200 && pixels[4, 14].blue < 60)
        #expect(pixels[4, 60].alpha == 0)                  // left of the body, below the tail
        #expect(pixels[1, 1].alpha == 0)                   // beyond the rounded corner
    }

    @Test func undecodableBytesDrawThePlaceholderAndReportWhy() throws {
        let canvas = try Canvas(format: .png, width: 120, height: 80, scale: 1)
        let error = try canvas.context.drawImage(data: Data("not an image".utf8), name: "row 4 attachment",
                                                 in: CGRect(x: 0, y: 0, width: 120, height: 80))
        #expect(error == ImageDecodingError(name: "row 4 attachment", problem: "the data is not a PNG, JPEG, GIF or WebP image"))
        let pixels = try canvas.pixels()
        let box = Pixel(RGBAColor(red: 0.85, green: 0.85, blue: 0.85))
        #expect(pixels[2, 2] == box && pixels[117, 77] == box)
        // The glyph (24pt, centred) darkens some pixels, and only around the middle.
        let darker = (0..<80).flatMap { y in (0..<120).compactMap { x in pixels[x, y].red < 180 ? (x, y) : nil } }
        #expect(darker.count > 30)
        #expect(darker.allSatisfy { abs($0.0 - 60) <= 12 && abs($0.1 - 40) <= 12 })
    }
}
