import BubbleTheme
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

@Suite struct CanvasTests {
    @Test(arguments: [1, 2, 3])
    func pngCanvasHasScaledPixelSize(scale: Int) throws {
        let canvas = try Canvas(format: .png, width: 100.5, height: 40, scale: scale)
        canvas.context.fillAll(with: .white)
        let pixels = try canvas.pixels()
        #expect(pixels.width == Int((100.5 * Double(scale)).rounded(.up)))
        #expect(pixels.height == 40 * scale)
        #expect(pixels[pixels.width - 1, pixels.height - 1] == PixelBuffer.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test func pointsAreScaledToPixels() throws {
        let pixels = try TestSupport.render(width: 10, height: 10, scale: 3) { context in
            context.setColor(.black)
            context.addRectangle(CGRect(x: 2, y: 2, width: 1, height: 1))
            context.fill()
        }
        #expect(pixels[5, 5].alpha == 0)
        #expect(pixels[6, 6].alpha == 255)
        #expect(pixels[8, 8].alpha == 255)
        #expect(pixels[9, 9].alpha == 0)
    }

    @Test func refusesBadSizesAndScales() {
        #expect(throws: CanvasError(problem: "scale 4 is not one of 1, 2, 3")) {
            try Canvas(format: .png, width: 10, height: 10, scale: 4)
        }
        #expect(throws: CanvasError(problem: "a canvas of 0.0×10.0pt has no area")) {
            try Canvas(format: .pdf, width: 0, height: 10)
        }
        #expect(throws: CanvasError(problem: "36000×30 px exceeds Cairo's limit of 32767 px per side; use a smaller scale, a narrower width or PDF")) {
            try Canvas(format: .png, width: 12000, height: 10, scale: 3)
        }
    }

    @Test func formatFromPath() {
        #expect(OutputFormat(path: "/tmp/a.PNG") == .png)
        #expect(OutputFormat(path: "chat.pdf") == .pdf)
        #expect(OutputFormat(path: "chat.svg") == .svg)
        #expect(OutputFormat(path: "chat.jpg") == nil)
    }

    private func drawSample(_ canvas: Canvas) {
        let context = canvas.context
        context.fillAll(with: RGBAColor(hex: "#EDEDED")!)
        context.setColor(RGBAColor(hex: "#95EC69")!)
        context.addRoundedRectangle(CGRect(x: 10, y: 10, width: 80.5, height: 30.25), radius: 6)
        context.fill()
        context.draw(.speaker(facing: .right), in: CGRect(x: 15, y: 15, width: 20, height: 20), color: .black)
    }

    @Test(arguments: OutputFormat.allCases)
    func sameDrawingGivesSameBytes(format: OutputFormat) throws {
        var outputs: [Data] = []
        for _ in 0..<2 {
            let canvas = try Canvas(format: format, width: 100, height: 50, scale: 2)
            drawSample(canvas)
            outputs.append(try canvas.encoded())
        }
        #expect(outputs[0] == outputs[1])
        let head = String(decoding: outputs[0].prefix(5), as: UTF8.self)
        switch format {
        case .png: #expect(outputs[0].starts(with: [0x89, 0x50, 0x4E, 0x47]))
        case .pdf: #expect(head == "%PDF-")
        case .svg: #expect(head == "<?xml")
        case .webp: #expect(outputs[0].prefix(4) == Data("RIFF".utf8) && outputs[0].subdata(in: 8..<12) == Data("WEBP".utf8))
        }
    }

    @Test func pdfCarriesTheFixedCreationDate() throws {
        let canvas = try Canvas(format: .pdf, width: 100, height: 50)
        drawSample(canvas)
        let text = String(decoding: try canvas.encoded(), as: UTF8.self)
        // Cairo 1.16 writes the date without PDF's "D:" prefix (fixed in 1.17); readers accept it.
        #expect(text.contains("/CreationDate (20010101000000Z)"))
        #expect(text.contains("/MediaBox [ 0 0 100 50 ]"))
    }

    @Test func svgSurfaceIDsAreRenumberedInOrder() throws {
        let svg = Data(##"<g id="surface109"><use xlink:href="#image57"/><g id="surface7"/><use xlink:href="#surface109"/></g>"##.utf8)
        let renumbered = String(decoding: CairoSurface.renumberingSurfaceIDs(svg), as: UTF8.self)
        #expect(renumbered == ##"<g id="surface1"><use xlink:href="#image2"/><g id="surface3"/><use xlink:href="#surface1"/></g>"##)
    }

    @Test func svgWithAnEmbeddedImageIsIdenticalAfterOtherDrawing() throws {
        func render() throws -> Data {
            let canvas = try Canvas(format: .svg, width: 60, height: 60)
            let png = try TestSupport.flatPNG(width: 8, height: 8, color: RGBAColor(hex: "#3366CC")!)
            try canvas.context.draw(try RasterImage(data: png, name: "square"), in: CGRect(x: 5, y: 5, width: 50, height: 50), clip: .circle)
            return try canvas.encoded()
        }
        let first = try render()
        _ = try TestSupport.flatPNG(width: 3, height: 3, color: .black)  // moves Cairo's global surface counter
        let second = try render()
        #expect(first == second)
        #expect(String(decoding: first, as: UTF8.self).contains("id=\"image"))
    }

    @Test func svgIsInPointsWithTheCanvasSize() throws {
        let canvas = try Canvas(format: .svg, width: 100, height: 50)
        drawSample(canvas)
        let text = String(decoding: try canvas.encoded(), as: UTF8.self)
        #expect(text.contains("width=\"100pt\" height=\"50pt\""))
    }

    @Test func pngRoundTripKeepsPixels() throws {
        let canvas = try Canvas(format: .png, width: 4, height: 3, scale: 1)
        canvas.context.setColor(RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        canvas.context.addRectangle(CGRect(x: 0, y: 0, width: 2, height: 3))
        canvas.context.fill()
        let decoded = try RasterImage(data: try canvas.encoded(), name: "round trip")
        #expect(try decoded.pixels() == (try canvas.pixels()))
        #expect(try decoded.pixels()[0, 0] == PixelBuffer.Pixel(red: 128, green: 0, blue: 0, alpha: 128))
        #expect(try decoded.pixels()[3, 2].alpha == 0)
    }
}
