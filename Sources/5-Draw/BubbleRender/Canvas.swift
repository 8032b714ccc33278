import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleTheme
import CCairo
import Foundation

/// The file formats a drawing can become.
public enum OutputFormat: String, Sendable, CaseIterable {
    case png, pdf, svg, webp

    /// The format a file name asks for by its extension (`out.PNG` → `.png`), nil if none fits.
    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Whether the format is pixels (PNG, WebP) rather than a document in points (PDF, SVG).
    public var isRaster: Bool { self == .png || self == .webp }
}

/// A drawing area of `width`×`height` points and the document it becomes: PNG or WebP pixels
/// at `scale` pixels per point, or a one-page PDF or SVG in points.
///
/// Draw through `context` (user units are points), then call `encoded()` once.
public final class Canvas {
    public let format: OutputFormat
    public let width: Double
    public let height: Double
    /// Pixels per point for PNG and WebP; 1 for PDF and SVG, whose units are points.
    public let scale: Int
    public let context: CairoContext

    public static let scales = 1...3

    /// A PNG canvas of exactly `pixelWidth`×`pixelHeight` pixels: a band of a taller image,
    /// whose height in points need not be a whole number.
    init(pixelWidth: Int, pixelHeight: Int, scale: Int) throws {
        guard Self.scales.contains(scale) else { throw CanvasError(problem: "scale \(scale) is not one of 1, 2, 3") }
        format = .png
        width = Double(pixelWidth) / Double(scale)
        height = Double(pixelHeight) / Double(scale)
        self.scale = scale
        context = try CairoContext(surface: try CairoSurface.image(pixelWidth: pixelWidth, pixelHeight: pixelHeight))
        context.scale(Double(scale))
    }

    /// A PNG canvas drawing into an existing image surface (a worker's reused band buffer).
    init(surface: CairoSurface, scale: Int) throws {
        format = .png
        width = Double(cairo_image_surface_get_width(surface.pointer)) / Double(scale)
        height = Double(cairo_image_surface_get_height(surface.pointer)) / Double(scale)
        self.scale = scale
        context = try CairoContext(surface: surface)
        context.scale(Double(scale))
    }

    public init(format: OutputFormat, width: Double, height: Double, scale: Int = 1) throws {
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            throw CanvasError(problem: "a canvas of \(width)×\(height)pt has no area")
        }
        guard Self.scales.contains(scale) else {
            throw CanvasError(problem: "scale \(scale) is not one of 1, 2, 3")
        }
        self.format = format
        self.width = width
        self.height = height
        let surface: CairoSurface
        switch format {
        case .png:
            let pixelWidth = (width * Double(scale)).rounded(.up)
            let pixelHeight = (height * Double(scale)).rounded(.up)
            let limit = Double(CairoSurface.maximumImageDimension)
            guard pixelWidth <= limit, pixelHeight <= limit else {
                throw CanvasError(problem: "\(formatNumber(pixelWidth))×\(formatNumber(pixelHeight)) px exceeds Cairo's limit of \(CairoSurface.maximumImageDimension) px per side; use a smaller scale, a narrower width or PDF")
            }
            surface = try CairoSurface.image(pixelWidth: Int(pixelWidth), pixelHeight: Int(pixelHeight))
            self.scale = scale
        case .webp:
            let pixelWidth = (width * Double(scale)).rounded(.up)
            let pixelHeight = (height * Double(scale)).rounded(.up)
            if let problem = WebPWriter.sizeProblem(pixelWidth: pixelWidth, pixelHeight: pixelHeight) { throw problem }
            surface = try CairoSurface.image(pixelWidth: Int(pixelWidth), pixelHeight: Int(pixelHeight))
            self.scale = scale
        case .pdf:
            surface = try CairoSurface.pdf(width: width, height: height)
            self.scale = 1
        case .svg:
            surface = try CairoSurface.svg(width: width, height: height)
            self.scale = 1
        }
        context = try CairoContext(surface: surface)
        context.scale(Double(self.scale))
    }

    /// Ends a PDF page: Cairo writes it out and the drawing starts again on a new, empty page
    /// of the same size, so a long document never holds more than one page of drawing.
    public func nextPage() throws {
        guard format == .pdf else { throw CanvasError(problem: "only a PDF canvas has pages") }
        try context.check("draw a PDF page")
        cairo_show_page(context.pointer)
        try context.check("end a PDF page")
    }

    /// The finished file's bytes. For PDF and SVG this ends the document: draw nothing after it.
    /// `webp` says how a WebP canvas keeps its pixels; other formats ignore it.
    public func encoded(webp: WebPCompression = .lossless) throws -> Data {
        try context.check("draw the \(format.rawValue.uppercased()) canvas")
        switch format {
        case .png:
            let surface = context.surface
            cairo_surface_flush(surface.pointer)
            let width = Int(cairo_image_surface_get_width(surface.pointer))
            let height = Int(cairo_image_surface_get_height(surface.pointer))
            let opaque = Self.isOpaque(surface)
            return try PNGWriter.file(width: width, height: height, opaque: opaque,
                                      bands: [PNGWriter.band(surface, opaque: opaque, isLast: true)])
        case .webp: return try WebPWriter.file(context.surface, compression: webp)
        case .pdf, .svg: return try context.surface.finishDocument()
        }
    }

    /// Whether every pixel of an image surface has full alpha (then PNG stores RGB).
    static func isOpaque(_ surface: CairoSurface) -> Bool {
        let width = Int(cairo_image_surface_get_width(surface.pointer))
        let height = Int(cairo_image_surface_get_height(surface.pointer))
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return false }
        for row in 0..<height {
            let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where pixels[x] >> 24 != 0xFF { return false }
        }
        return true
    }

    /// The drawn pixels (PNG and WebP canvases only), for tests and snapshot comparison.
    public func pixels() throws -> PixelBuffer {
        guard format.isRaster else { throw CanvasError(problem: "only PNG and WebP canvases have pixels") }
        return try PixelBuffer(surface: context.surface)
    }
}

