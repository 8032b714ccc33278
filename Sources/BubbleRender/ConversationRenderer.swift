import BubbleTheme
import BubbleLayout
import BubbleModel
import BubbleText
import Foundation

/// Draws a laid-out conversation in a theme: background, avatars, names and times, nine-slice
/// bubbles and their content. Every text is drawn from the `TextLayout` the layout measured.
public struct ConversationRenderer: Sendable {
    public let theme: Theme
    public let bubbles: BubbleImages
    /// For avatar initials (in the `name` role), the only text the layout does not already hold.
    public let initialsEngine: TextEngine

    /// Loads the theme's bubble images (errors name the theme file and key).
    public init(theme: Theme, initialsEngine: TextEngine) throws {
        self.theme = theme
        bubbles = try BubbleImages(theme: theme)
        self.initialsEngine = initialsEngine
    }

    /// The part of the conversation to draw, in conversation coordinates.
    public struct Viewport: Sendable, Equatable {
        public var y: Double
        public var height: Double
        public init(y: Double, height: Double) {
            self.y = y
            self.height = height
        }
    }

    /// Seconds spent drawing and encoding, for `bubbles bench render`: CPU time summed over
    /// the cores that drew and encoded bands in parallel.
    public final class StageTimes {
        public var drawing = 0.0
        public var encoding = 0.0
        public init() {}

        func measure<T>(_ keyPath: ReferenceWritableKeyPath<StageTimes, Double>, _ body: () throws -> T) rethrows -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            defer { self[keyPath: keyPath] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
            return try body()
        }
    }

    /// Renders `viewport` (the whole conversation when nil) into a file's bytes. A whole
    /// conversation as PDF is a document of pages `pageHeight` tall (see `pdfPages`); PNG and
    /// SVG are one image. Each distinct image is decoded once, into `images` (a fresh cache when nil).
    /// WebP is one image too, at most 16383 px per side (longer ones are refused: use viewports);
    /// `webp` says whether it is lossless (the default) or lossy.
    public func render(_ layout: ConversationLayout, viewport: Viewport? = nil, format: OutputFormat,
                       scale: Int, pageHeight: Double = 667, webp: WebPCompression = .lossless, times: StageTimes? = nil,
                       images: ImageCache? = nil) throws -> Data {
        let times = times ?? StageTimes()
        let images = images ?? ImageCache()
        let area = viewport ?? Viewport(y: 0, height: max(layout.height, 1))
        if format == .pdf && viewport == nil {
            return try renderPDFPages(layout, pageHeight: pageHeight, times: times, images: images)
        }
        guard format.isRaster else {
            let canvas = try Canvas(format: format, width: layout.screenWidth, height: area.height, scale: scale)
            try times.measure(\.drawing) { try draw(layout, viewport: area, on: canvas, faces: try FreeTypeFaces(), images: images) }
            return try times.measure(\.encoding) { try canvas.encoded() }
        }
        if format == .webp { return try renderWebP(layout, area: area, scale: scale, compression: webp, times: times, images: images) }
        return try renderPNG(layout, area: area, scale: scale, times: times, images: images)
    }

    /// The whole conversation as a PDF of pages `pageHeight` tall, one page drawn and written
    /// at a time so that memory stays that of one page however long the conversation.
    private func renderPDFPages(_ layout: ConversationLayout, pageHeight: Double, times: StageTimes,
                                images: ImageCache) throws -> Data {
        guard pageHeight >= 1, pageHeight.isFinite else { throw CanvasError(problem: "a page \(pageHeight) pt tall") }
        let canvas = try Canvas(format: .pdf, width: layout.screenWidth, height: pageHeight, scale: 1)
        let faces = try FreeTypeFaces()
        let pages = Self.pdfPages(layout, pageHeight: pageHeight)
        for (index, page) in pages.enumerated() {
            if index > 0 { try canvas.nextPage() }
            try times.measure(\.drawing) {
                try canvas.context.withSavedState {
                    // The page's own background, then its rows (clipped to the page's share).
                    canvas.context.fillAll(with: theme.colors.background)
                    try draw(layout, viewport: page, on: canvas, faces: faces, images: images)
                }
            }
        }
        return try times.measure(\.encoding) { try canvas.encoded() }
    }

    /// Where PDF pages start and end: each page is cut before the first row that would cross
    /// its bottom, so no row is split, except a row taller than a page, which is cut into
    /// page-sized slices. The last page ends with the conversation.
    public static func pdfPages(_ layout: ConversationLayout, pageHeight: Double) -> [Viewport] {
        var pages: [Viewport] = []
        var top = 0.0
        let slack = 1e-9
        for row in layout.rows {
            let bottom = row.y + row.height
            guard bottom - top > pageHeight + slack else { continue }
            if row.y > top + slack {
                pages.append(Viewport(y: top, height: row.y - top))
                top = row.y
            }
            while bottom - top > pageHeight + slack {
                pages.append(Viewport(y: top, height: pageHeight))
                top += pageHeight
            }
        }
        if layout.height > top + slack || pages.isEmpty {
            pages.append(Viewport(y: top, height: max(layout.height - top, 1)))
        }
        return pages
    }

    /// Rows of pixels drawn at a time: a band of a few megabytes, however tall the image.
    static let bandHeight = 1024

    /// Draws the image band by band on every core, each band filtered and deflated by the
    /// core that drew it, and joins the bands into one PNG: a long conversation is one image
    /// even past Cairo's 32767-pixel surfaces, in little memory. Bands start at whole device
    /// pixels, so they join without a seam, and are joined in order, so the bytes do not
    /// depend on scheduling.
    private func renderPNG(_ layout: ConversationLayout, area: Viewport, scale: Int, times: StageTimes,
                           images: ImageCache) throws -> Data {
        guard (1...3).contains(scale) else { throw CanvasError(problem: "scale \(scale) is not one of 1, 2, 3") }
        // Compared as Doubles first: converting an infinite or huge size to Int traps.
        let width = (layout.screenWidth * Double(scale)).rounded(.up), height = (area.height * Double(scale)).rounded(.up)
        guard width.isFinite, height.isFinite, width <= Double(CairoSurface.maximumImageDimension), height <= Double(1 << 20) else {
            throw CanvasError(problem: "\(formatNumber(width))×\(formatNumber(height)) px is too large an image; use --pages or PDF")
        }
        let (pixelWidth, pixelHeight) = (Int(width), Int(height))
        let opaque = theme.colors.background.alpha >= 1
        let bandCount = (pixelHeight + Self.bandHeight - 1) / Self.bandHeight
        final class Bands: @unchecked Sendable {
            var encoded: [PNGWriter.Band?]
            let lock = NSLock()
            init(_ count: Int) { encoded = Array(repeating: nil, count: count) }
        }
        let bands = Bands(bandCount)
        try drawBands(layout, area: area, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight, times: times,
                      images: images) { index, surface in
            let band = try PNGWriter.band(surface, opaque: opaque, isLast: index == bandCount - 1)
            bands.lock.lock()
            bands.encoded[index] = band
            bands.lock.unlock()
        }
        return try times.measure(\.encoding) {
            try PNGWriter.file(width: pixelWidth, height: pixelHeight, opaque: opaque, bands: bands.encoded.map { $0! })
        }
    }

    /// Draws the same bands as `renderPNG` (so WebP holds exactly the PNG's pixels) into one
    /// libwebp picture, which is then encoded once; WebP cannot be written a band at a time.
    private func renderWebP(_ layout: ConversationLayout, area: Viewport, scale: Int, compression: WebPCompression,
                            times: StageTimes, images: ImageCache) throws -> Data {
        guard (1...3).contains(scale) else { throw CanvasError(problem: "scale \(scale) is not one of 1, 2, 3") }
        let width = (layout.screenWidth * Double(scale)).rounded(.up), height = (area.height * Double(scale)).rounded(.up)
        if let problem = WebPWriter.sizeProblem(pixelWidth: width, pixelHeight: height) { throw problem }
        let picture = try WebPWriter.Picture(width: Int(width), height: Int(height))
        try drawBands(layout, area: area, scale: scale, pixelWidth: Int(width), pixelHeight: Int(height), times: times,
                      images: images) { index, surface in
            try picture.copy(surface, toRow: index * Self.bandHeight)
        }
        return try times.measure(\.encoding) { try picture.encoded(compression) }
    }

    /// Draws `area` in bands of `bandHeight` rows on every core and hands each band's surface,
    /// with its index from the top, to `finish` on the core that drew it (timed as encoding).
    private func drawBands(_ layout: ConversationLayout, area: Viewport, scale: Int, pixelWidth: Int, pixelHeight: Int,
                           times: StageTimes, images: ImageCache,
                           finish: @escaping @Sendable (Int, CairoSurface) throws -> Void) throws {
        let bandCount = (pixelHeight + Self.bandHeight - 1) / Self.bandHeight
        let workers = max(1, min(bandCount, ProcessInfo.processInfo.activeProcessorCount))
        final class Results: @unchecked Sendable {
            var error: Error?
            var drawing = 0.0, encoding = 0.0
            let lock = NSLock()
        }
        let results = Results()
        let renderer = UncheckedSendable(self)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let local = StageTimes()
            do {
                let faces = try FreeTypeFaces() // FreeType and Cairo faces are per thread
                for index in stride(from: worker, to: bandCount, by: workers) {
                    let top = index * Self.bandHeight
                    let rows = min(Self.bandHeight, pixelHeight - top)
                    let canvas = try Canvas(pixelWidth: pixelWidth, pixelHeight: rows, scale: scale)
                    let band = Viewport(y: area.y + Double(top) / Double(scale), height: canvas.height)
                    try local.measure(\.drawing) { try renderer.value.draw(layout, viewport: band, on: canvas, faces: faces, images: images) }
                    try local.measure(\.encoding) { try finish(index, canvas.context.surface) }
                }
            } catch {
                results.lock.lock()
                results.error = results.error ?? error
                results.lock.unlock()
            }
            results.lock.lock()
            results.drawing += local.drawing
            results.encoding += local.encoding
            results.lock.unlock()
        }
        if let error = results.error { throw error }
        times.drawing += results.drawing
        times.encoding += results.encoding
    }

    /// Draws `viewport` (the whole conversation when nil) onto `canvas` at the context's current
    /// origin, without encoding: for timing drawing apart from encoding, and for sheets that put
    /// several conversations side by side (translate first). On a canvas of exactly this size it
    /// draws what `render` encodes; on a larger one it keeps to the conversation's rectangle.
    public func draw(_ layout: ConversationLayout, viewport: Viewport? = nil, on canvas: Canvas) throws {
        try draw(layout, viewport: viewport, on: canvas, faces: try FreeTypeFaces(), images: ImageCache())
    }

    private func draw(_ layout: ConversationLayout, viewport: Viewport?, on canvas: Canvas, faces: FreeTypeFaces,
                      images: ImageCache) throws {
        let area = viewport ?? Viewport(y: 0, height: max(layout.height, 1))
        let context = canvas.context
        try context.withSavedState {
            if canvas.width != layout.screenWidth || canvas.height != area.height {
                context.addRectangle(CGRect(x: 0, y: 0, width: layout.screenWidth, height: area.height))
                context.clip()
            }
            context.fillAll(with: theme.colors.background)
            context.translate(x: 0, y: -area.y)
            // Rows are in order: find the first one the area shows, then walk until it ends,
            // so a page or band costs its own rows, not the whole conversation's.
            var index = Self.firstRow(in: layout.rows, reaching: area.y)
            while index < layout.rows.count, layout.rows[index].y < area.y + area.height {
                try draw(layout.rows[index], in: context, faces: faces, images: images)
                index += 1
            }
        }
        try context.check("drawing the conversation")
    }

    /// The index of the first row whose bottom is below `y` (binary search over rows in order).
    static func firstRow(in rows: [RowLayout], reaching y: Double) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].y + rows[middle].height > y { high = middle } else { low = middle + 1 }
        }
        return low
    }

    func cgRect(_ rect: Rect) -> CGRect { CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

/// A value handed to worker threads that only read it (the renderer's theme images are read,
/// never written, while bands are drawn).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
