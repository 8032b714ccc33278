import BubbleTheme
import CCairo
import BubbleLayout
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

@Suite struct NineSliceTests {
    typealias Pixel = PixelBuffer.Pixel

    static let blue = RGBAColor(hex: "#3366CC")!
    static let translucentBlue = RGBAColor(hex: "#3366CC80")!

    /// A flat 24×24pt image at @1x, @2x and @3x with cap insets 10 on every side.
    static func flatBubble(_ color: RGBAColor, mode: SliceMode = .stretch) throws -> NineSliceImage {
        let assets = try (1...3).map { try TestSupport.scaledImage(scale: $0, width: 24 * $0, height: 24 * $0, color: color) }
        return try NineSliceImage(assets: assets, capInsets: EdgeInsets(all: 10), mode: mode)
    }

    /// Every pixel of the snapped rectangle must be exactly the source colour (a gap would be
    /// lighter, a double-blended seam darker), every pixel outside it untouched.
    @Test(arguments: [1, 2, 3], [
        CGRect(x: 3.3, y: 2.7, width: 57.35, height: 33.6),
        CGRect(x: 0.5, y: 0.5, width: 21.01, height: 20.99),
        CGRect(x: 10, y: 10, width: 100.25, height: 41.75),
        CGRect(x: 1.17, y: 4.4, width: 15.3, height: 12.6),  // smaller than both caps: caps shrink
    ])
    func stretchedFlatBubbleHasNoSeams(scale: Int, rect: CGRect) throws {
        for color in [Self.blue, Self.translucentBlue] {
            for mirrored in [false, true] {
                let image = try Self.flatBubble(color)
                let pixels = try TestSupport.render(width: 120, height: 60, scale: scale) { context in
                    try context.drawNineSlice(image, in: rect, mirrored: mirrored)
                }
                let expected = Pixel(color)
                func snapped(_ value: CGFloat) -> Int { Int((Double(value) * Double(scale) + 0.5).rounded(.down)) }
                let (x0, x1, y0, y1) = (snapped(rect.minX), snapped(rect.maxX), snapped(rect.minY), snapped(rect.maxY))
                var wrong: [String] = []
                for y in 0..<pixels.height {
                    for x in 0..<pixels.width {
                        let inside = x >= x0 && x < x1 && y >= y0 && y < y1
                        let pixel = pixels[x, y]
                        if inside ? pixel != expected : pixel.alpha != 0 { wrong.append("(\(x), \(y)) \(pixel)") }
                    }
                }
                #expect(wrong.count == 0, "\(wrong.count) wrong pixels for \(color) mirrored \(mirrored), first: \(wrong.prefix(5))")
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func fallbackAssetsStayFlat(scale: Int) throws {
        // Only @1x or only @3x: resampled at the other scales, still flat to within rounding.
        for only in [1, 3] {
            let image = try NineSliceImage(assets: [try TestSupport.scaledImage(scale: only, width: 24 * only, height: 24 * only, color: Self.blue)],
                                           capInsets: EdgeInsets(all: 10), mode: .stretch)
            let pixels = try TestSupport.render(width: 80, height: 50, scale: scale) { context in
                try context.drawNineSlice(image, in: CGRect(x: 2.4, y: 3.6, width: 70.3, height: 40.2))
            }
            let (x0, x1) = (Int((2.4 * Double(scale) + 0.5).rounded(.down)), Int((72.7 * Double(scale) + 0.5).rounded(.down)))
            let (y0, y1) = (Int((3.6 * Double(scale) + 0.5).rounded(.down)), Int((43.8 * Double(scale) + 0.5).rounded(.down)))
            let worst = (y0..<y1).flatMap { y in (x0..<x1).map { pixels[$0, y].distance(to: Pixel(Self.blue)) } }.max()
            #expect(worst.map { $0 <= 1 } == true, "@\(only)x at scale \(scale): worst difference \(worst ?? -1)")
        }
    }

    /// A 30×30 image whose four 10×10 corners are red, green, blue and yellow, grey elsewhere.
    static func quadrantImage(scale: Int) throws -> ScaledImage {
        let side = 30 * scale
        let png = try TestSupport.drawnPNG(width: side, height: side) { context in
            context.setColor(RGBAColor(hex: "#808080")!)
            context.paintReplacing()
            let corner = Double(10 * scale)
            for (hex, x, y) in [("#FF0000", 0.0, 0.0), ("#00FF00", Double(side) - corner, 0),
                                ("#0000FF", 0, Double(side) - corner), ("#FFFF00", Double(side) - corner, Double(side) - corner)] {
                context.setColor(RGBAColor(hex: hex)!)
                context.addRectangle(CGRect(x: x, y: y, width: corner, height: corner))
                context.fill()
            }
        }
        return ScaledImage(scale: scale, image: try RasterImage(data: png, name: "quadrants"), name: "quadrants@\(scale)x.png")
    }

    @Test(arguments: [false, true])
    func cornersAreDrawnUnscaledAndMirrorSwapsThem(mirrored: Bool) throws {
        let image = try NineSliceImage(assets: [try Self.quadrantImage(scale: 2)], capInsets: EdgeInsets(all: 10), mode: .stretch)
        let pixels = try TestSupport.render(width: 100, height: 60, scale: 2) { context in
            try context.drawNineSlice(image, in: CGRect(x: 0, y: 0, width: 100, height: 60), mirrored: mirrored)
        }
        let (red, green) = (Pixel(RGBAColor(hex: "#FF0000")!), Pixel(RGBAColor(hex: "#00FF00")!))
        let (blue, yellow) = (Pixel(RGBAColor(hex: "#0000FF")!), Pixel(RGBAColor(hex: "#FFFF00")!))
        let grey = Pixel(RGBAColor(hex: "#808080")!)
        let (left, right) = mirrored ? ((green, yellow), (red, blue)) : ((red, blue), (green, yellow))
        for offset in [0, 10, 19] {
            #expect(pixels[offset, offset] == left.0)
            #expect(pixels[199 - offset, offset] == right.0)
            #expect(pixels[offset, 119 - offset] == left.1)
            #expect(pixels[199 - offset, 119 - offset] == right.1)
        }
        // Right next to the 20-pixel corners, the edges and centre are the grey middle.
        #expect(pixels[20, 5] == grey)
        #expect(pixels[179, 5] == grey)
        #expect(pixels[5, 20] == grey)
        #expect(pixels[100, 60] == grey)
    }

    @Test func piecesOfOneColourAreFoundAndOthersAreNot() throws {
        let quadrants = try NineSliceImage(assets: [try Self.quadrantImage(scale: 2)], capInsets: EdgeInsets(all: 10), mode: .stretch)
        #expect(quadrants.slicedAssets[0].uniformPieces.allSatisfy { $0 != nil }, "every quadrant piece is one colour")
        // 10-pixel caps of a 2-pixel gradient band: the middle row of pieces differs from pixel to pixel.
        let png = try TestSupport.drawnPNG(width: 30, height: 30) { context in
            context.setColor(.white)
            context.paintReplacing()
            context.setColor(.black)
            context.addRectangle(CGRect(x: 0, y: 14, width: 30, height: 1))
            context.fill()
        }
        let banded = try NineSliceImage(assets: [ScaledImage(scale: 1, image: try RasterImage(data: png, name: "band"), name: "band@1x.png")],
                                        capInsets: EdgeInsets(all: 10), mode: .stretch)
        #expect(banded.slicedAssets[0].uniformPieces.map { $0 != nil } == [true, true, true, false, false, false, true, true, true])
    }

    /// A piece of one colour is filled from its single pixel (a translucent one) or as a colour
    /// (an opaque one): exactly what stretching the whole piece with Cairo's filter gives, at
    /// fractional sizes too.
    @Test(arguments: [2, 3], [true, false])
    func aPieceOfOneColourFillsAsStretchingItWould(scale: Int, opaque: Bool) throws {
        let image = try Self.flatBubble(opaque ? Self.blue : Self.translucentBlue)
        let asset = image.slicedAssets[image.assetIndex(forScale: Double(scale))]
        let middle = try #require(asset.uniformPieces[4])
        #expect(middle.pixelWidth == 1 && middle.pixelHeight == 1)
        #expect((asset.opaqueUniformColors[4] != nil) == opaque)
        let rect = CGRect(x: 3.3, y: 2.7, width: 57.35, height: 33.6)
        let fast = try TestSupport.render(width: 70, height: 40, scale: scale) { try $0.drawNineSlice(image, in: rect) }
        let sampled = try TestSupport.render(width: 70, height: 40, scale: scale) { context in
            cairo_identity_matrix(context.pointer)
            let piece = asset.pieces[4]
            let (x0, y0, x1, y1) = (40.0, 37.0, 120.0, 90.0)
            let pattern = CairoPattern(surface: piece)
            pattern.setExtend(.pad)
            pattern.setFilter(.good)
            pattern.place(x: x0, y: y0, pixelsPerUnitX: Double(piece.pixelWidth) / (x1 - x0),
                          pixelsPerUnitY: Double(piece.pixelHeight) / (y1 - y0))
            context.setSource(pattern)
            cairo_rectangle(context.pointer, x0, y0, x1 - x0, y1 - y0)
            context.fill()
        }
        // Inside the middle piece at both scales.
        let region = (45..<95).flatMap { x in (42..<52).map { (x, $0) } }
        #expect(region.allSatisfy { fast[$0.0, $0.1] == sampled[$0.0, $0.1] })
        #expect(fast[60, 60].alpha == (opaque ? 255 : 128))
    }

    @Test func tileModeRepeatsTheMiddleAtNaturalSize() throws {
        // 30×10: 10-pixel caps left and right, a middle of 5 black then 5 white columns.
        let png = try TestSupport.drawnPNG(width: 30, height: 10) { context in
            context.setColor(RGBAColor(hex: "#FF0000")!)
            context.paintReplacing()
            context.setColor(.black)
            context.addRectangle(CGRect(x: 10, y: 0, width: 5, height: 10))
            context.fill()
            context.setColor(.white)
            context.addRectangle(CGRect(x: 15, y: 0, width: 5, height: 10))
            context.fill()
        }
        let asset = ScaledImage(scale: 1, image: try RasterImage(data: png, name: "stripes"), name: "stripes@1x.png")
        let caps = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        let tiled = try NineSliceImage(assets: [asset], capInsets: caps, mode: .tile)
        let stretched = try NineSliceImage(assets: [asset], capInsets: caps, mode: .stretch)
        let rect = CGRect(x: 0, y: 0, width: 60, height: 10)
        let tiles = try TestSupport.render(width: 60, height: 10, scale: 1) { try $0.drawNineSlice(tiled, in: rect) }
        let stretches = try TestSupport.render(width: 60, height: 10, scale: 1) { try $0.drawNineSlice(stretched, in: rect) }
        let black = Pixel(.black), white = Pixel(.white)
        #expect((10..<50).map { tiles[$0, 5] } == (10..<50).map { ($0 / 5) % 2 == 0 ? black : white })
        #expect(tiles[9, 5] == Pixel(RGBAColor(hex: "#FF0000")!) && tiles[50, 5] == Pixel(RGBAColor(hex: "#FF0000")!))
        // Stretched, the two stripes become 20 pixels each.
        #expect(stretches[12, 5] == black && stretches[27, 5] == black)
        #expect(stretches[32, 5] == white && stretches[47, 5] == white)
    }

    @Test func picksTheAssetForTheOutputScale() throws {
        let red = RGBAColor(hex: "#FF0000")!, blue = RGBAColor(hex: "#0000FF")!
        let image = try NineSliceImage(assets: [try TestSupport.scaledImage(scale: 3, width: 72, height: 72, color: blue),
                                                try TestSupport.scaledImage(scale: 1, width: 24, height: 24, color: red)],
                                       capInsets: EdgeInsets(all: 10), mode: .stretch)
        #expect(image.asset(forScale: 1).scale == 1)
        #expect(image.asset(forScale: 2).scale == 3)  // the nearest larger
        #expect(image.asset(forScale: 3).scale == 3)
        #expect(image.asset(forScale: 4).scale == 3)  // else the nearest smaller
        let drawnAt2 = try TestSupport.render(width: 30, height: 30, scale: 2) {
            try $0.drawNineSlice(image, in: CGRect(x: 0, y: 0, width: 30, height: 30))
        }
        #expect(drawnAt2[30, 30] == Pixel(blue))
        let drawnAt1 = try TestSupport.render(width: 30, height: 30, scale: 1) {
            try $0.drawNineSlice(image, in: CGRect(x: 0, y: 0, width: 30, height: 30))
        }
        #expect(drawnAt1[15, 15] == Pixel(red))
    }

    @Test func refusesCapInsetsThatLeaveNothingToStretch() throws {
        let asset = try TestSupport.scaledImage(scale: 2, width: 48, height: 40, color: Self.blue)
        #expect(throws: NineSliceImage.SliceError(name: "flat@2x.png", problem: "cap insets left 14 + right 10 leave nothing to stretch in an image 24pt wide (48×40 px at @2x)")) {
            try NineSliceImage(assets: [asset], capInsets: EdgeInsets(top: 5, left: 14, bottom: 5, right: 10), mode: .stretch)
        }
        #expect(throws: NineSliceImage.SliceError(name: "flat@2x.png", problem: "cap insets top 10 + bottom 10.5 leave nothing to stretch in an image 20pt high (48×40 px at @2x)")) {
            try NineSliceImage(assets: [asset], capInsets: EdgeInsets(top: 10, left: 5, bottom: 10.5, right: 5), mode: .stretch)
        }
        #expect(throws: NineSliceImage.SliceError(name: "flat@2x.png", problem: "a second image for scale @2x (flat@2x.png)")) {
            try NineSliceImage(assets: [asset, asset], capInsets: EdgeInsets(all: 5), mode: .stretch)
        }
        #expect(throws: NineSliceImage.SliceError(name: "nine-slice image", problem: "no image files")) {
            try NineSliceImage(assets: [], capInsets: EdgeInsets(all: 5), mode: .stretch)
        }
    }

    @Test func vectorOutputPlacesTheBubbleAsOneImage() throws {
        func render(_ format: OutputFormat) throws -> Data {
            let canvas = try Canvas(format: format, width: 120, height: 60)
            try canvas.context.drawNineSlice(try Self.flatBubble(Self.blue), in: CGRect(x: 3.3, y: 2.7, width: 57.35, height: 33.6), mirrored: true)
            return try canvas.encoded()
        }
        let svg = String(decoding: try render(.svg), as: UTF8.self)
        #expect(svg.components(separatedBy: "<image ").count - 1 == 1)
        #expect(try render(.pdf) == (try render(.pdf)))
    }

    @Test func hugeRectangleInAVectorDocumentIsAnErrorNotACrash() throws {
        let canvas = try Canvas(format: .pdf, width: 100, height: 100)
        #expect(throws: CairoError.self) {
            try canvas.context.drawNineSlice(try Self.flatBubble(Self.blue), in: CGRect(x: 0, y: 0, width: 1e300, height: 40))
        }
    }

    @Test func emptyOrNonFiniteRectanglesDrawNothing() throws {
        let image = try Self.flatBubble(Self.blue)
        let pixels = try TestSupport.render(width: 20, height: 20, scale: 2) { context in
            try context.drawNineSlice(image, in: CGRect(x: 5, y: 5, width: 0, height: 10))
            try context.drawNineSlice(image, in: CGRect(x: CGFloat.nan, y: 5, width: 10, height: 10))
            try context.drawNineSlice(image, in: CGRect(x: 5, y: 5, width: CGFloat.infinity, height: 10))
        }
        #expect(pixels.pixels.allSatisfy { $0.alpha == 0 })
        let negative = try TestSupport.render(width: 40, height: 40, scale: 2) {
            try $0.drawNineSlice(image, in: CGRect(x: 35, y: 30, width: -30, height: -25))
        }
        let positive = try TestSupport.render(width: 40, height: 40, scale: 2) {
            try $0.drawNineSlice(image, in: CGRect(x: 5, y: 5, width: 30, height: 25))
        }
        #expect(negative == positive)
        #expect(positive[20, 20] == Pixel(Self.blue))
    }
}
