import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleLayout
import BubbleTheme
import CCairo
import Foundation

/// Raster output drawn in bands on every core: PNG (each band encoded by the core that drew
/// it) and WebP (bands copied into one picture).
extension ConversationRenderer {
    /// Most pixel rows in one band: a band of a few megabytes, however tall the image.
    static let bandHeight = 1024

    /// One band of the image: its first pixel row and how many rows it has.
    struct PixelBand: Equatable {
        let top: Int
        let rows: Int
    }

    /// Where bands start and end: every `bandHeight` pixel rows, as before. Cutting bands at
    /// the boundaries between rows was tried (so a row would be drawn by one band): rows meet at
    /// fractional points, and Cairo's pixels near a band's origin depend on where the band
    /// starts (the translation's rounding moves antialiased edges and glyph positions by a level
    /// or two), so it changed 43–598 pixels of the snapshot references. Fixed cuts keep every
    /// reference's pixels; a row crossing a cut is drawn, clipped, by both bands.
    static func bands(pixelHeight: Int) -> [PixelBand] {
        stride(from: 0, to: pixelHeight, by: bandHeight).map { PixelBand(top: $0, rows: min(bandHeight, pixelHeight - $0)) }
    }

    /// Draws the image band by band on every core, each band filtered and deflated by the
    /// core that drew it, and joins the bands into one PNG in `sink` as they come, in order:
    /// a long conversation is one image even past Cairo's 32767-pixel surfaces, in little
    /// memory, and a file is mostly written when the last band is done. The bytes do not
    /// depend on scheduling.
    func renderPNG(_ layout: ConversationLayout, area: Viewport, scale: Int, times: StageTimes,
                   images: ImageCache, into sink: PNGSink) throws {
        guard (1...3).contains(scale) else { throw CanvasError(problem: "scale \(scale) is not one of 1, 2, 3") }
        // Compared as Doubles first: converting an infinite or huge size to Int traps.
        let width = (layout.screenWidth * Double(scale)).rounded(.up), height = (area.height * Double(scale)).rounded(.up)
        guard width.isFinite, height.isFinite, width <= Double(CairoSurface.maximumImageDimension), height <= Double(1 << 20) else {
            throw CanvasError(problem: "\(formatNumber(width))×\(formatNumber(height)) px is too large an image; use --pages or PDF")
        }
        let (pixelWidth, pixelHeight) = (Int(width), Int(height))
        let opaque = theme.colors.background.alpha >= 1
        let plan = Self.bands(pixelHeight: pixelHeight)
        let stream = try PNGStream(width: pixelWidth, height: pixelHeight, opaque: opaque, into: sink)
        try drawBands(layout, area: area, scale: scale, pixelWidth: pixelWidth, plan: plan, times: times, images: images,
                      makeWorker: { PNGBandEncoder() }) { index, surface, encoder in
            try stream.add(try encoder.band(surface, opaque: opaque, isLast: index == plan.count - 1), at: index)
        }
        try times.measure(\.encoding) { try stream.finish(bandCount: plan.count) }
    }

    /// Draws the same bands as `renderPNG` (so WebP holds exactly the PNG's pixels) into one
    /// libwebp picture, which is then encoded once; WebP cannot be written a band at a time.
    func renderWebP(_ layout: ConversationLayout, area: Viewport, scale: Int, compression: WebPCompression,
                    times: StageTimes, images: ImageCache) throws -> Data {
        guard (1...3).contains(scale) else { throw CanvasError(problem: "scale \(scale) is not one of 1, 2, 3") }
        let width = (layout.screenWidth * Double(scale)).rounded(.up), height = (area.height * Double(scale)).rounded(.up)
        if let problem = WebPWriter.sizeProblem(pixelWidth: width, pixelHeight: height) { throw problem }
        let picture = try WebPWriter.Picture(width: Int(width), height: Int(height))
        let plan = Self.bands(pixelHeight: Int(height))
        try drawBands(layout, area: area, scale: scale, pixelWidth: Int(width), plan: plan, times: times, images: images,
                      makeWorker: { () }) { index, surface, _ in
            try picture.copy(surface, toRow: plan[index].top)
        }
        return try times.measure(\.encoding) { try picture.encoded(compression) }
    }

    /// Draws the bands of `plan` on every core, each worker into one reused buffer (a band is
    /// painted whole, background first, so the buffer is never cleared) and taking the next
    /// band not yet taken (bands differ in cost: taking every n-th left one core drawing
    /// several bands alone at the end). Each band's surface goes, with its index, to `finish`
    /// on the core that drew it (timed as encoding), with that worker's `makeWorker()` state.
    func drawBands<Worker>(_ layout: ConversationLayout, area: Viewport, scale: Int, pixelWidth: Int, plan: [PixelBand],
                           times: StageTimes, images: ImageCache, makeWorker: @escaping @Sendable () throws -> Worker,
                           finish: @escaping @Sendable (Int, CairoSurface, Worker) throws -> Void) throws {
        let workers = max(1, min(plan.count, Self.workerCount))
        let results = WorkerResults()
        let renderer = UncheckedSendable(self)
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        let tallest = plan.map(\.rows).max() ?? 1
        let faces = try FreeTypeFaces() // shared: each glyph is loaded once for the whole image
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let local = StageTimes()
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: stride * tallest, alignment: 64)
            defer { buffer.deallocate() }
            do {
                let state = try makeWorker()
                while let index = results.claim(below: plan.count) {
                    let band = plan[index]
                    let surface = try CairoSurface.image(wrapping: buffer, pixelWidth: pixelWidth, pixelHeight: band.rows,
                                                         stride: stride)
                    let canvas = try Canvas(surface: surface, scale: scale)
                    let viewport = Viewport(y: area.y + Double(band.top) / Double(scale), height: canvas.height)
                    local.rowDraws += try local.measure(\.drawing) {
                        try renderer.value.draw(layout, viewport: viewport, on: canvas, faces: faces, images: images)
                    }
                    try local.measure(\.encoding) { try finish(index, surface, state) }
                }
            } catch {
                results.fail(error)
            }
            results.add(local)
        }
        try results.report(into: times)
        times.bands += plan.count
    }
}

/// What band and page workers share, under a lock: the next band or page to take, the first
/// error and their times.
final class WorkerResults: @unchecked Sendable {
    private var error: Error?
    private var drawing = 0.0, encoding = 0.0, rowDraws = 0
    private var claimed = 0
    let lock = NSLock()

    /// The next index below `count` that no worker has taken, in order; nil when all are
    /// taken or a worker has failed.
    func claim(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil, claimed < count else { return nil }
        claimed += 1
        return claimed - 1
    }

    func fail(_ error: Error) {
        lock.lock()
        self.error = self.error ?? error
        lock.unlock()
    }

    func add(_ local: ConversationRenderer.StageTimes) {
        lock.lock()
        drawing += local.drawing
        encoding += local.encoding
        rowDraws += local.rowDraws
        lock.unlock()
    }

    /// Throws the first worker's error, else adds every worker's times to `times`.
    func report(into times: ConversationRenderer.StageTimes) throws {
        if let error { throw error }
        times.drawing += drawing
        times.encoding += encoding
        times.rowDraws += rowDraws
    }
}
