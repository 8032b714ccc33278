import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleTheme
import Foundation
import RenderTesting
import Testing

/// Delivery ticks stay inside the square the layout reserves for them beside the time: with
/// the time inside the bubble that square ends at the bubble's text inset, and ticks drawn past
/// it reached into the bubble's edge (two ticks once spanned 1.13 of their box).
@Suite struct TickIconTests {
    @Test(arguments: [1, 2])
    func ticksDrawInsideTheirSquareOnly(count: Int) throws {
        let color = RGBAColor(hex: "#202020")!
        // The layout's 14 pt status square, at 2 px per point, as the snapshots draw it.
        let rect = CGRect(x: 10, y: 10, width: 14, height: 14)
        let pixels = try TestSupport.render(width: 34, height: 34, scale: 2) { $0.draw(.ticks(count), in: rect, color: color) }
        var inside = 0, outside = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels[x, y].alpha > 0 {
                let centre = CGPoint(x: Double(x) / 2 + 0.25, y: Double(y) / 2 + 0.25)
                if rect.insetBy(dx: -0.01, dy: -0.01).contains(centre) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 20, "\(count) ticks drew \(inside) pixels")
        #expect(outside == 0, "\(count) ticks drew \(outside) pixels outside their square")
    }

    /// Kept inside, two ticks still use the square: ink from its left edge to its right edge
    /// (within a point), so the fit is not bought by drawing them small.
    @Test func twoTicksSpanTheirSquare() throws {
        let rect = CGRect(x: 0, y: 0, width: 14, height: 14)
        let pixels = try TestSupport.render(width: 14, height: 14, scale: 2) { $0.draw(.ticks(2), in: rect, color: .black) }
        let columns = (0..<pixels.width).filter { x in (0..<pixels.height).contains { pixels[x, $0].alpha > 0 } }
        #expect(try #require(columns.first) < 2, "ink from the left edge: \(columns)")
        #expect(try #require(columns.last) >= pixels.width - 2, "ink to the right edge: \(columns)")
    }
}
