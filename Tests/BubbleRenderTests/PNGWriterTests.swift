@testable import BubbleCodec
@testable import BubbleRender
import BubbleCairo
import BubbleTheme
import Foundation
import Testing

/// The PNG writer's output decodes to the pixels drawn, whatever the banding.
@Suite struct PNGWriterTests {
    /// A canvas with opaque and translucent content, so both RGB and RGBA paths are used.
    func drawnCanvas(width: Int, height: Int, opaque: Bool) throws -> Canvas {
        let canvas = try Canvas(format: .png, width: Double(width), height: Double(height), scale: 1)
        if opaque { canvas.context.fillAll(with: RGBAColor(red: 0.93, green: 0.93, blue: 0.93)) }
        canvas.context.setColor(RGBAColor(red: 0.2, green: 0.6, blue: 0.3, alpha: opaque ? 1 : 0.5))
        canvas.context.addCircle(center: CGPoint(x: width / 2, y: height / 2), radius: Double(min(width, height)) / 3)
        canvas.context.fill()
        return canvas
    }

    @Test(arguments: [true, false])
    func roundTripsThroughCairosPNGReader(opaque: Bool) throws {
        let canvas = try drawnCanvas(width: 37, height: 53, opaque: opaque)
        let png = try canvas.encoded()
        #expect(png[25] == (opaque ? 2 : 6)) // IHDR colour type: RGB or RGBA
        let decoded = try RasterImage(data: png, name: "round trip").pixels()
        #expect(decoded == (try canvas.pixels()))
    }

    @Test func bandsJoinIntoTheSameImageAsOneBand() throws {
        // Three bands of one tall drawing, joined, decode to the pixels of the whole.
        let whole = try drawnCanvas(width: 20, height: 90, opaque: true)
        var bands: [PNGWriter.Band] = []
        for (index, top) in [0, 30, 60].enumerated() {
            let band = try Canvas(pixelWidth: 20, pixelHeight: 30, scale: 1)
            band.context.translate(x: 0, y: Double(-top))
            band.context.fillAll(with: RGBAColor(red: 0.93, green: 0.93, blue: 0.93))
            band.context.setColor(RGBAColor(red: 0.2, green: 0.6, blue: 0.3))
            band.context.addCircle(center: CGPoint(x: 10, y: 45), radius: 20.0 / 3)
            band.context.fill()
            bands.append(try PNGWriter.band(band.context.surface, opaque: true, isLast: index == 2))
        }
        let joined = try PNGWriter.file(width: 20, height: 90, opaque: true, bands: bands)
        #expect(try RasterImage(data: joined, name: "joined").pixels() == (try whole.pixels()))
    }

    @Test func aConversationTallerThanACairoSurfaceIsOnePNG() throws {
        // 40 rows of 1000 pt at @1x would not fit one 32767-pixel surface.
        let band = try Canvas(pixelWidth: 4, pixelHeight: 1024, scale: 1)
        band.context.fillAll(with: RGBAColor(red: 1, green: 1, blue: 1))
        let bands = try (0..<40).map { try PNGWriter.band(band.context.surface, opaque: true, isLast: $0 == 39) }
        let png = try PNGWriter.file(width: 4, height: 40 * 1024, opaque: true, bands: bands)
        #expect(png.count < 20_000)
        #expect(Array(png[16..<24]) == [0, 0, 0, 4, 0, 0, 0xA0, 0]) // 4 × 40960 in IHDR
    }
}
