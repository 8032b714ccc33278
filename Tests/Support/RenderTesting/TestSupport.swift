import BubbleTheme
import Foundation
import BubbleRender
import BubbleCairo
import BubbleCodec

/// Paths and small builders shared by the render tests.
package enum TestSupport {
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    package static let themesDirectory = repositoryRoot + "/Themes"
    package static let fontsDirectory = repositoryRoot + "/Fonts"

    /// A fresh empty directory, removed with the test process's scratch folder.
    package static func temporaryDirectory() throws -> String {
        try TestScratch.folder("bubble-render-tests")
    }

    package static func contents(of directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// PNG bytes of a `width`×`height` image filled with `color` (alpha included).
    package static func flatPNG(width: Int, height: Int, color: RGBAColor) throws -> Data {
        try drawnPNG(width: width, height: height) { context in
            context.setColor(color)
            context.paintReplacing()
        }
    }

    /// PNG bytes of a 1-point-per-pixel drawing.
    package static func drawnPNG(width: Int, height: Int, _ draw: (CairoContext) throws -> Void) throws -> Data {
        let canvas = try Canvas(format: .png, width: Double(width), height: Double(height), scale: 1)
        try draw(canvas.context)
        return try canvas.encoded()
    }

    /// An image for a nine-slice asset.
    package static func scaledImage(scale: Int, width: Int, height: Int, color: RGBAColor) throws -> ScaledImage {
        let png = try flatPNG(width: width, height: height, color: color)
        return ScaledImage(scale: scale, image: try RasterImage(data: png, name: "flat@\(scale)x"), name: "flat@\(scale)x.png")
    }

    /// Renders `draw` into a transparent PNG canvas and returns its pixels.
    package static func render(width: Double, height: Double, scale: Int, _ draw: (CairoContext) throws -> Void) throws -> PixelBuffer {
        let canvas = try Canvas(format: .png, width: width, height: height, scale: scale)
        try draw(canvas.context)
        return try canvas.pixels()
    }
}

extension Theme {
    /// Loads a theme the way rendering does: theme.json, then its bubble images (so the
    /// image checks fail here as they would in `bubbles render`).
    package static func loadWithImages(directory: String, fontsDirectory: String? = nil) throws -> Theme {
        let theme = try Theme.load(directory: directory, fontsDirectory: fontsDirectory)
        _ = try BubbleImages(theme: theme)
        return theme
    }

    /// The bubble images of a theme that `loadWithImages` loaded.
    package var outgoingBubble: BubbleStyle { try! BubbleImages(theme: self).outgoing }
    package var incomingBubble: BubbleStyle { try! BubbleImages(theme: self).incoming }
}
