import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleLayout
import BubbleTheme
import Foundation

/// A long conversation as screen-sized PNG or WebP files, written as they are drawn.
extension ConversationRenderer {
    /// Draws each page of `pages` (from `pdfPages`, cut between rows) into a `pageHeight`-tall
    /// image and hands its file bytes with its index to `deliver`, pages spread over every core
    /// (`deliver` runs on the core that drew the page, under a lock, in no particular order).
    /// Each worker keeps one surface, its fonts and its encoder for all its pages, and decoded
    /// images are shared, so a page costs its own rows: memory is a page per core however
    /// long the conversation. Rows below a page's cut are left to the next page; the rest of
    /// the image is background.
    public func renderPages(_ layout: ConversationLayout, pages: [Viewport], pageHeight: Double, format: OutputFormat,
                            scale: Int, webp: WebPCompression = .lossless, times: StageTimes? = nil,
                            images: ImageCache? = nil, deliver: @escaping @Sendable (Int, Data) throws -> Void) throws {
        try renderPages(screenWidth: layout.screenWidth, pages: pages, pageHeight: pageHeight, format: format, scale: scale,
                        webp: webp, times: times, images: images, layoutOfPage: { _ in layout }, deliver: deliver)
    }

    /// `renderPages` for a conversation whose layout is not held whole: `layoutOfPage(index)`
    /// gives a layout holding at least the rows page `index` shows (called on the core that
    /// draws the page), so memory is the pages in flight however long the conversation.
    public func renderPages(screenWidth: Double, pages: [Viewport], pageHeight: Double, format: OutputFormat,
                            scale: Int, webp: WebPCompression = .lossless, times: StageTimes? = nil,
                            images: ImageCache? = nil, layoutOfPage: @escaping @Sendable (Int) throws -> ConversationLayout,
                            deliver: @escaping @Sendable (Int, Data) throws -> Void) throws {
        guard format.isRaster else { throw CanvasError(problem: "pages as separate files are PNG or WebP") }
        guard Canvas.scales.contains(scale) else { throw CanvasError(problem: "scale \(scale) is not one of 1, 2, 3") }
        guard !pages.isEmpty else { return }
        let times = times ?? StageTimes()
        let images = images ?? ImageCache()
        let workers = max(1, min(pages.count, Self.workerCount))
        let results = WorkerResults()
        let renderer = UncheckedSendable(self)
        let opaque = theme.colors.background.alpha >= 1
        let background = theme.colors.background
        let faces = try FreeTypeFaces() // shared: each glyph is loaded once for all pages
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let local = StageTimes()
            do {
                let canvas = try Canvas(format: format, width: screenWidth, height: pageHeight, scale: scale)
                let encoder = format == .png ? PNGBandEncoder() : nil
                while let index = results.claim(below: pages.count) {
                    let layout = try layoutOfPage(index)
                    local.rowDraws += try local.measure(\.drawing) {
                        // The whole surface first: the page's rows are clipped to its cut.
                        canvas.context.fillAll(with: background)
                        return try renderer.value.draw(layout, viewport: pages[index], on: canvas, faces: faces, images: images)
                    }
                    let data = try local.measure(\.encoding) {
                        if let encoder {
                            let surface = canvas.context.surface
                            let band = try encoder.band(surface, opaque: opaque, isLast: true)
                            return try PNGWriter.file(width: surface.pixelWidth, height: surface.pixelHeight, opaque: opaque, bands: [band])
                        }
                        return try canvas.encoded(webp: webp)
                    }
                    results.lock.lock()
                    defer { results.lock.unlock() }
                    try deliver(index, data)
                }
            } catch {
                results.fail(error)
            }
            results.add(local)
        }
        try results.report(into: times)
        times.bands += pages.count
    }

    /// How many threads draw bands and pages: every core, unless a test asks for fewer or more
    /// (the bytes must not depend on it).
    static var workerCount: Int { workerLimit ?? ProcessInfo.processInfo.activeProcessorCount }
    @TaskLocal static var workerLimit: Int?
}

