import BubbleOutput
import BubbleCodec
import BubbleCairo
import Foundation

extension CairoContext {
    /// Draws `image` enlarged into `rect` with every pixel a sharp square (nearest filter),
    /// so a designer can count pixels, as `bubbles theme lint --overlay` shows bubble images.
    public func drawEnlarged(_ image: RasterImage, in rect: CGRect) throws {
        guard rect.width > 0, rect.height > 0 else { return }
        let pattern = CairoPattern(surface: image.surface)
        pattern.place(x: Double(rect.minX), y: Double(rect.minY),
                      pixelsPerUnitX: Double(image.pixelWidth) / Double(rect.width),
                      pixelsPerUnitY: Double(image.pixelHeight) / Double(rect.height))
        pattern.setFilter(.nearest)
        withSavedState {
            setSource(pattern)
            addRectangle(rect)
            fill()
        }
        try check("draw a \(image.pixelWidth)×\(image.pixelHeight) image enlarged into \(rect.width)×\(rect.height)pt")
    }
}
