@testable import BubbleCairo
import BubbleTheme
import Foundation
import Testing

/// The Cairo wrappers alone: surfaces, contexts and the pixels read back from them.
@Suite struct CairoSurfaceTests {
    /// A filled rectangle is exactly where it was drawn, in premultiplied ARGB, at 2x.
    @Test func fillsLandOnTheirPixels() throws {
        let surface = try CairoSurface.image(pixelWidth: 40, pixelHeight: 20)
        let context = try CairoContext(surface: surface)
        context.scale(2)
        context.fillAll(with: .white)
        context.setColor(RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        context.addRectangle(CGRect(x: 5, y: 2, width: 10, height: 5))
        context.fill()
        try context.check("fill")
        let pixels = try PixelBuffer(surface: surface)
        #expect(pixels.width == 40 && pixels.height == 20)
        let inside = pixels[15, 8], outside = pixels[5, 2]
        #expect(outside == PixelBuffer.Pixel(.white))
        // Half red over white: red 255, green and blue about half.
        #expect(inside.red == 255 && abs(Int(inside.green) - 128) <= 1 && inside.alpha == 255, "\(inside)")
        #expect(pixels[29, 13].green != 255 && pixels[30, 14].green == 255)
    }

    @Test func impossibleSizesAreCairoErrorsNotCrashes() {
        for (width, height) in [(0, 10), (10, 0), (CairoSurface.maximumImageDimension + 1, 1), (-5, 5)] {
            #expect(throws: CairoError.self) { try CairoSurface.image(pixelWidth: width, pixelHeight: height) }
        }
    }

    /// A PDF surface's bytes are a PDF with the fixed creation date: the same drawing gives the
    /// same document.
    @Test func pdfDocumentsAreReproducible() throws {
        func document() throws -> Data {
            let surface = try CairoSurface.pdf(width: 100, height: 50)
            let context = try CairoContext(surface: surface)
            context.fillAll(with: .black)
            return try surface.finishDocument()
        }
        let first = try document(), second = try document()
        #expect(first.starts(with: Data("%PDF-".utf8)))
        #expect(first == second)
    }
}
