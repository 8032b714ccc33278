import BubbleLayout
import BubbleTheme
import CCairo
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// Stretched pieces whose rows (or columns) are each one colour are sampled nearest instead of
/// with Cairo's filter, which Cairo itself samples bilinearly there: the same pixels, for every
/// bundled theme's bubbles and for an image whose edges are gradients, at every scale, at
/// fractional sizes and positions, mirrored or not, over a background or a clear surface.
@Suite struct NineSliceAlikePiecesTests {
    /// Every bundled theme's bubble images, then a 30×30 image whose colour changes from left
    /// to right (its top and bottom edges' rows are not one colour; its sides' columns are).
    static func images() throws -> [(name: String, image: NineSliceImage)] {
        var images: [(String, NineSliceImage)] = []
        for theme in TestSupport.contents(of: TestSupport.themesDirectory) where !theme.contains(".") {
            let bubbles = try BubbleImages(theme: try Theme.load(directory: TestSupport.themesDirectory + "/" + theme))
            let styles = [bubbles.outgoing, bubbles.incoming, bubbles.outgoingTailless, bubbles.incomingTailless]
            for (index, style) in styles.enumerated() { if let style { images.append(("\(theme) #\(index)", style.image)) } }
        }
        let png = try TestSupport.drawnPNG(width: 30, height: 30) { context in
            for x in 0..<30 {
                context.setColor(RGBAColor(red: Double(x) / 29, green: 0.5, blue: 1 - Double(x) / 29, alpha: 0.5 + Double(x) / 60))
                context.addRectangle(CGRect(x: Double(x), y: 0, width: 1, height: 30))
                context.fill()
            }
        }
        let gradient = try NineSliceImage(assets: [ScaledImage(scale: 1, image: try RasterImage(data: png, name: "gradient"),
                                                               name: "gradient@1x.png")],
                                          capInsets: EdgeInsets(all: 10), mode: .stretch)
        images.append(("gradient", gradient))
        return images
    }

    @Test func alikePiecesAreSampledAsCairosFilterWould() throws {
        let rects = [CGRect(x: 3.3, y: 2.7, width: 57.35, height: 33.6), CGRect(x: 0.5, y: 0.5, width: 110.01, height: 80.99),
                     CGRect(x: 1.17, y: 4.4, width: 15.3, height: 12.6), CGRect(x: 7, y: 3, width: 31.5, height: 120.25)]
        var alikePieces = 0
        for (name, image) in try Self.images() {
            alikePieces += image.slicedAssets.reduce(0) { $0 + zip($1.rowsAreUniform, $1.columnsAreUniform).filter { $0 || $1 }.count }
            for scale in 1...3 {
                for rect in rects {
                    for mirrored in [false, true] {
                        for background in [RGBAColor(hex: "#F3EFE6")!, nil] {
                            func drawn(nearestWhereAlike: Bool) throws -> PixelBuffer {
                                try TestSupport.render(width: 120, height: 125, scale: scale) { context in
                                    if let background { context.fillAll(with: background) }
                                    try context.drawNineSlice(image, in: rect, mirrored: mirrored, nearestWhereAlike: nearestWhereAlike)
                                }
                            }
                            #expect(try drawn(nearestWhereAlike: true) == drawn(nearestWhereAlike: false),
                                    "\(name) at @\(scale)x in \(rect), \(mirrored ? "mirrored" : "as is"), \(background == nil ? "clear" : "painted")")
                        }
                    }
                }
            }
        }
        #expect(alikePieces > 0)
    }

    /// Which pieces count as alike: of the gradient, the sides (each column one colour) and
    /// none of the top and bottom pieces, whose rows change colour from left to right.
    @Test func rowsAndColumnsOfOneColourAreFound() throws {
        let gradient = try #require(try Self.images().last?.image.slicedAssets.first)
        #expect(gradient.rowsAreUniform == Array(repeating: false, count: 9))
        #expect(gradient.columnsAreUniform == Array(repeating: true, count: 9))
    }
}
