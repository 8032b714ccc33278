import ChatBubbles
import BubbleLayout
import BubbleRender
import BubbleTheme
import BubbleText
import Foundation

/// `bubbles theme lint --overlay`: every bubble image of a theme at every scale, enlarged so
/// each image pixel is a sharp square, with what the slicer does to it drawn on top: the
/// stretched middle rows and columns tinted violet, the cap-inset grid as lines, and the tail's
/// box (green in an unstretched corner, red where it would stretch). For a designer's eyes.
public enum ThemeLintOverlay {
    /// Screen pixels per image pixel at @1x; @2x and @3x images get half and a third, so every
    /// scale is shown at the same size in points and each pixel is a whole number of pixels.
    static let zoom = 12
    static let padding = 16.0
    static let labelHeight = 22.0
    static let stretchTint = RGBAColor(red: 0.6, green: 0.1, blue: 0.9, alpha: 0.3)
    static let gridLine = RGBAColor(red: 0.35, green: 0.0, blue: 0.55)
    public static let tailInCorner = RGBAColor(red: 0.1, green: 0.65, blue: 0.2)
    public static let tailStretched = RGBAColor(red: 0.9, green: 0.1, blue: 0.1)
    static let sheet = RGBAColor(red: 0.96, green: 0.96, blue: 0.96)
    static let ink = RGBAColor(red: 0.1, green: 0.1, blue: 0.1)

    /// The overlay sheet as PNG bytes: one row per bubble image, one column per scale.
    public static func render(_ nameOrPath: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
                              fontsDirectory: String? = nil) throws -> Data {
        let theme = try Theme.named(nameOrPath, currentDirectory: currentDirectory)
        let loaded = BubbleImageLint.load(theme)
        if let problem = loaded.findings.first { throw ThemeError(file: theme.directory + "/theme.json", key: problem.key, problem: problem.problem) }
        let engine = try TextEngine(fonts: FontRoles(files: [.text: ["Inter-Regular.otf"]],
                                                     directory: fontsDirectory ?? FontSet.locateBundledFonts()))
        let title = try engine.layout("\(theme.name): violet = stretched rows and columns, lines = cap insets, "
                                      + "box = tail (green: in a corner; red: stretched)",
                                      style: TextStyle(fontSize: 13, maxWidth: .infinity))
        func cellSize(_ geometry: BubbleAssetGeometry) -> (width: Double, height: Double) {
            let perPixel = Double(zoom / geometry.asset.scale)
            return (Double(geometry.pixels.width) * perPixel, Double(geometry.pixels.height) * perPixel)
        }
        let rows = try loaded.bubbles.map { bubble in
            let cells = try bubble.geometries.map { geometry in
                (geometry, cellSize(geometry),
                 try engine.layout("\(bubble.imageKey) · \(geometry.asset.name) · \(geometry.pixels.width)×\(geometry.pixels.height) px",
                                   style: TextStyle(fontSize: 11, maxWidth: .infinity)))
            }
            return (cells: cells, height: (cells.map(\.1.height).max() ?? 0) + labelHeight)
        }
        let width = max(title.width + 2 * padding,
                        rows.map { $0.cells.reduce(padding) { $0 + max($1.1.width, $1.2.width) + padding } }.max() ?? 0)
        let height = rows.reduce(padding + title.height + padding) { $0 + $1.height + padding }
        let canvas = try Canvas(format: .png, width: width.rounded(.up), height: height.rounded(.up), scale: 1)
        let context = canvas.context
        let faces = try FreeTypeFaces()
        context.fillAll(with: sheet)
        try TextDrawing.draw(title, at: CGPoint(x: padding, y: padding), color: ink, in: context, faces: faces)
        var y = padding + title.height + padding
        for row in rows {
            var x = padding
            for (geometry, size, label) in row.cells {
                try TextDrawing.draw(label, at: CGPoint(x: x, y: y), color: ink, in: context, faces: faces)
                try draw(geometry, at: CGPoint(x: x, y: y + labelHeight), size: size, background: theme.colors.background, in: context)
                x += max(size.width, label.width) + padding
            }
            y += row.height + padding
        }
        try context.check("drawing the lint overlay")
        return try canvas.encoded()
    }

    /// One image file enlarged on the theme's background, with its zones on top.
    static func draw(_ geometry: BubbleAssetGeometry, at origin: CGPoint, size: (width: Double, height: Double),
                     background: RGBAColor, in context: CairoContext) throws {
        let perPixel = Double(zoom / geometry.asset.scale)
        let (x0, y0) = (Double(origin.x), Double(origin.y))
        func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> CGRect {
            CGRect(x: x0 + Double(x) * perPixel, y: y0 + Double(y) * perPixel, width: Double(width) * perPixel, height: Double(height) * perPixel)
        }
        let (width, height) = (geometry.pixels.width, geometry.pixels.height)
        context.setColor(background)
        context.addRectangle(rect(0, 0, width, height))
        context.fill()
        try context.drawEnlarged(geometry.asset.image, in: rect(0, 0, width, height))
        let (rows, columns) = (geometry.stretchedRows, geometry.stretchedColumns)
        context.setColor(stretchTint)
        context.addRectangle(rect(columns.lowerBound, 0, columns.count, height))
        context.addRectangle(rect(0, rows.lowerBound, width, rows.count))
        context.fill()
        context.setColor(gridLine)
        for column in Set([columns.lowerBound, columns.upperBound]) {
            context.addRectangle(CGRect(x: x0 + Double(column) * perPixel - 0.5, y: y0, width: 1, height: size.height))
        }
        for row in Set([rows.lowerBound, rows.upperBound]) {
            context.addRectangle(CGRect(x: x0, y: y0 + Double(row) * perPixel - 0.5, width: size.width, height: 1))
        }
        context.fill()
        if let tail = geometry.tail {
            context.setColor(geometry.tailInCorner ? tailInCorner : tailStretched)
            context.setLineWidth(2)
            context.addRectangle(rect(tail.x, tail.y, tail.width, tail.height).insetBy(dx: 1, dy: 1))
            context.stroke()
        }
    }
}
