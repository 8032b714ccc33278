import BubbleOutput
import BubbleCodec
import BubbleCairo
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
        /// Rows drawn, counting a row drawn in two bands twice (for tests of band cutting).
        public var rowDraws = 0
        /// Bands (PNG, WebP) or pages (PDF) drawn.
        public var bands = 0
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
            times.rowDraws += try times.measure(\.drawing) { try draw(layout, viewport: area, on: canvas, faces: try FreeTypeFaces(), images: images) }
            return try times.measure(\.encoding) { try canvas.encoded() }
        }
        if format == .webp { return try renderWebP(layout, area: area, scale: scale, compression: webp, times: times, images: images) }
        let sink = PNGDataSink()
        try renderPNG(layout, area: area, scale: scale, times: times, images: images, into: sink)
        return sink.data
    }

    /// Renders as `render` does and writes the file at `path` atomically (`OutputFile`);
    /// returns the bytes written. A PNG goes to its temporary file band by band while the
    /// bands below are still being drawn, so its writing overlaps the drawing; other formats,
    /// and any output into a device or named pipe (whose reader must never see half a file),
    /// are written once complete.
    @discardableResult
    public func write(_ layout: ConversationLayout, viewport: Viewport? = nil, format: OutputFormat, scale: Int,
                      pageHeight: Double = 667, webp: WebPCompression = .lossless, times: StageTimes? = nil,
                      images: ImageCache? = nil, to path: String) throws -> Int {
        let file = try OutputFile.Stream(path: path)
        guard format == .png, file.isAtomic else {
            let data = try render(layout, viewport: viewport, format: format, scale: scale, pageHeight: pageHeight, webp: webp,
                                  times: times, images: images)
            try data.withUnsafeBytes { try file.write($0) }
            try file.commit()
            return data.count
        }
        try renderPNG(layout, area: viewport ?? Viewport(y: 0, height: max(layout.height, 1)), scale: scale,
                      times: times ?? StageTimes(), images: images ?? ImageCache(), into: file)
        try file.commit()
        return Int(file.written)
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
        pdfPages(rows: layout.rows.map { RowExtent(y: $0.y, height: $0.height) }, height: layout.height, pageHeight: pageHeight)
    }

    /// Where a row starts and how tall it is: all that cutting pages needs.
    public struct RowExtent: Sendable, Equatable {
        public let y: Double
        public let height: Double
        public init(y: Double, height: Double) {
            self.y = y
            self.height = height
        }
    }

    /// `pdfPages` from the rows' extents alone (a first pass over a long conversation keeps
    /// these, 16 bytes a row, instead of its layout).
    public static func pdfPages(rows: [RowExtent], height: Double, pageHeight: Double) -> [Viewport] {
        var pages: [Viewport] = []
        var top = 0.0
        let slack = 1e-9
        for row in rows {
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
        if height > top + slack || pages.isEmpty {
            pages.append(Viewport(y: top, height: max(height - top, 1)))
        }
        return pages
    }

    /// The rows `draw` shows in `area`: those whose bottom is below its top and whose top is
    /// above its bottom.
    public static func rows(of extents: [RowExtent], showing area: Viewport) -> Range<Int> {
        var low = 0, high = extents.count
        while low < high {
            let middle = (low + high) / 2
            if extents[middle].y + extents[middle].height > area.y { high = middle } else { low = middle + 1 }
        }
        var end = low
        while end < extents.count && extents[end].y < area.y + area.height { end += 1 }
        return low..<end
    }

    /// Draws `viewport` (the whole conversation when nil) onto `canvas` at the context's current
    /// origin, without encoding: for timing drawing apart from encoding, and for sheets that put
    /// several conversations side by side (translate first). On a canvas of exactly this size it
    /// draws what `render` encodes; on a larger one it keeps to the conversation's rectangle.
    public func draw(_ layout: ConversationLayout, viewport: Viewport? = nil, on canvas: Canvas) throws {
        try draw(layout, viewport: viewport, on: canvas, faces: try FreeTypeFaces(), images: ImageCache())
    }

    /// Returns the number of rows drawn (bands cut between rows draw each row once).
    @discardableResult
    func draw(_ layout: ConversationLayout, viewport: Viewport?, on canvas: Canvas, faces: FreeTypeFaces,
              images: ImageCache) throws -> Int {
        let area = viewport ?? Viewport(y: 0, height: max(layout.height, 1))
        let context = canvas.context
        var drawn = 0
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
                drawn += 1
            }
        }
        try context.check("drawing the conversation")
        return drawn
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

