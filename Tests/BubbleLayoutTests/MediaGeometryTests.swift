import BubbleLayout
import Testing

/// Images at most 220 pt wide in proportion and at most 440 pt tall, voice bubbles 100 + 100 × d / 30 up to 200.
@Suite struct MediaGeometryTests {
    @Test(arguments: [
        (219, 100, 219.0, 100.0),
        (220, 100, 220.0, 100.0),
        (221, 100, 220.0, 100.0 * 220 / 221),
        (440, 300, 220.0, 150.0),
        (4000, 3000, 220.0, 165.0),
        (100, 2000, 100.0, 440.0),
        (1, 1, 1.0, 1.0),
        // At most 440 pt tall (2 × 220): the renderer shows the middle of a taller image.
        (1, 30_000, 1.0, 440.0),
        (440, 3000, 220.0, 440.0),
        (220, 440, 220.0, 440.0),
        (220, 441, 220.0, 440.0),
    ])
    func imageDisplaySize(pixelWidth: Int, pixelHeight: Int, width: Double, height: Double) {
        let size = LayoutMetrics.classic.imageDisplaySize(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        #expect(size.width == width)
        #expect(size.height == height)
    }

    @Test(arguments: [(0.0, 100.0), (3.2, 100 + 320.0 / 30), (15.0, 150.0), (30.0, 200.0), (45.0, 200.0)] as [(Double, Double)])
    func audioBubbleWidth(duration: Double, width: Double) {
        #expect(LayoutMetrics.classic.audioBubbleWidth(duration: duration) == width)
    }

    @Test func audioBubbleWidthAtThreePointTwoSeconds() {
        #expect(abs(LayoutMetrics.classic.audioBubbleWidth(duration: 3.2) - 110.666_666_7) < 1e-6)
    }
}
