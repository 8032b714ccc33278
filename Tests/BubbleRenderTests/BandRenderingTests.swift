@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleLayout
import BubbleTheme
import ChatBubbles
import Foundation
import SeededRandom
import Testing

/// Raster output drawn in bands: bands end between rows (each row drawn once), every worker
/// count gives the same bytes, and the PNG decodes to the pixels one tall surface
/// holds, through Cairo's PNG reader and through `PNGRowReader` (libpng's row API, a band at a time).
@Suite struct BandRenderingTests {
    @Test func rowsAreDrawnByTheBandsTheyCrossAndNoOthers() throws {
        // Local, not a static: LeakSanitizer cannot follow Swift's enum-tagged pointers from a
        // global that lives until exit, and reports what it holds as leaked.
        let (long, screen) = try PDFPagesTests.longLayout(200)
        let times = ConversationRenderer.StageTimes()
        _ = try screen.renderer.render(long, format: .png, scale: 2, times: times)
        let plan = ConversationRenderer.bands(pixelHeight: Int((long.height * 2).rounded(.up)))
        #expect(plan.count > 20)
        #expect(times.bands == plan.count)
        let crossings = plan.dropFirst().filter { band in
            let cut = Double(band.top) / 2
            return long.rows.contains { $0.y < cut && $0.y + $0.height > cut }
        }.count
        #expect(times.rowDraws == long.rows.count + crossings, "\(times.rowDraws) draws for \(long.rows.count) rows")
    }

    @Test func bandsTileTheImageAndCountEveryRowTheyDraw() throws {
        // One-point-per-pixel bands of a layout whose rows are far taller than half a band.
        let (layout, screen) = try PDFPagesTests.longLayout(3)
        #expect(layout.rows.contains { $0.height * 3 > Double(ConversationRenderer.bandHeight) / 2 })
        let plan = ConversationRenderer.bands(pixelHeight: Int((layout.height * 3).rounded(.up)))
        #expect(plan.reduce(0) { $0 + $1.rows } == Int((layout.height * 3).rounded(.up)))
        #expect(zip(plan, plan.dropFirst()).allSatisfy { $0.top + $0.rows == $1.top })
        let times = ConversationRenderer.StageTimes()
        _ = try screen.renderer.render(layout, format: .png, scale: 3, times: times)
        let expected = layout.rows.reduce(0) { count, row in
            count + plan.filter { band in
                let top = Double(band.top) / 3, bottom = Double(band.top + band.rows) / 3
                return row.y < bottom && row.y + row.height > top
            }.count
        }
        #expect(times.rowDraws == expected)
    }

    @Test(arguments: [1, 2, 3])
    func theJoinedPNGDecodesToThePixelsOfItsBands(scale: Int) throws {
        let (layout, screen) = try PDFPagesTests.longLayout(24)
        let pixelHeight = Int((layout.height * Double(scale)).rounded(.up))
        #expect(pixelHeight > ConversationRenderer.bandHeight * 2, "several bands")
        let png = try screen.renderer.render(layout, format: .png, scale: scale)
        // The bands drawn one by one, as the workers draw them, stitched together.
        var expected: [UInt8] = []
        let faces = try FreeTypeFaces(), images = ImageCache()
        for band in ConversationRenderer.bands(pixelHeight: pixelHeight) {
            let canvas = try Canvas(pixelWidth: Int((layout.screenWidth * Double(scale)).rounded(.up)), pixelHeight: band.rows, scale: scale)
            try screen.renderer.draw(layout, viewport: .init(y: Double(band.top) / Double(scale), height: canvas.height), on: canvas,
                                     faces: faces, images: images)
            expected += try canvas.pixels().pixels.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        }
        // Through Cairo's PNG reader (whole) and through PNGRowReader (a row at a time).
        let decoded = try RasterImage(data: png, name: "bands").pixels().pixels.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        #expect(decoded.count == expected.count && decoded == expected, "libpng decodes other pixels")
        let reader = try PNGRowReader(data: png, name: "bands")
        let rgba = try reader.rows(reader.height)
        #expect(rgba.count == expected.count && rgba == expected, "libpng's row API decodes other pixels")
    }

    @Test func theBytesDoNotDependOnHowManyWorkersDrew() throws {
        let (layout, screen) = try PDFPagesTests.longLayout(40)
        var outputs: [Data] = []
        for workers in [1, 2, 3, 5] {
            try ConversationRenderer.$workerLimit.withValue(workers) {
                outputs.append(try screen.renderer.render(layout, format: .png, scale: 2))
            }
        }
        #expect(outputs.count == 4 && outputs.dropFirst().allSatisfy { $0 == outputs[0] })
        #expect(outputs[0].count > 10_000)
    }

    @Test(arguments: [true, false])
    func incompressibleBandsJoinIntoOneValidStream(opaque: Bool) throws {
        // Noise defeats deflate (stored blocks); one reused encoder, sync-flushed bands, one stream.
        var generator = SplitMix64(seed: opaque ? 1 : 2)
        let height = 300, width = 97
        var bands: [PNGWriter.Band] = []
        var expected: [UInt8] = []
        let encoder = PNGBandEncoder()
        for (index, rows) in [100, 7, 193].enumerated() {
            let canvas = try Canvas(pixelWidth: width, pixelHeight: rows, scale: 1)
            let surface = canvas.context.surface
            try surface.withPixels { pixels, stride in
                for y in 0..<rows {
                    let row = UnsafeMutableRawPointer(mutating: pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { row[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0xFF_FFFF }
                }
            }
            // Opaque pixels either way; `opaque: false` takes the RGBA path.
            bands.append(try encoder.band(surface, opaque: opaque, isLast: index == 2))
            let pixels = try canvas.pixels()
            expected += pixels.pixels.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        }
        let png = try PNGWriter.file(width: width, height: height, opaque: opaque, bands: bands)
        let reader = try PNGRowReader(data: png, name: "noise")
        #expect(try reader.rows(height) == expected)
        #expect(try RasterImage(data: png, name: "noise").pixelHeight == height)
    }
}


/// `render --pages` as files: pages cut between rows, each screen-sized, none blank.
@Suite struct PageFilesTests {
    @Test func pagesAreCutBetweenRowsAndNoneIsBlank() throws {
        let (layout, screen) = try PDFPagesTests.longLayout(60)
        let pageHeight = 667.0
        let pages = ConversationRenderer.pdfPages(layout, pageHeight: pageHeight)
        final class Delivered: @unchecked Sendable { var files: [Int: Data] = [:] }
        let delivered = Delivered()
        let times = ConversationRenderer.StageTimes()
        try ConversationRenderer.$workerLimit.withValue(2) {
            try screen.renderer.renderPages(layout, pages: pages, pageHeight: pageHeight, format: .png, scale: 2, times: times) {
                delivered.files[$0] = $1
            }
        }
        #expect(delivered.files.count == pages.count && pages.count > 5)
        // Every row is drawn by exactly the one page it starts on (no row here is taller than a page).
        #expect(times.rowDraws == layout.rows.count)
        let background = PixelBuffer.Pixel(screen.renderer.theme.colors.background)
        for (index, page) in pages.enumerated() {
            let image = try RasterImage(data: try #require(delivered.files[index]), name: "page \(index + 1)")
            #expect(image.pixelWidth == 750 && image.pixelHeight == 1334)
            let pixels = try image.pixels()
            #expect(pixels.pixels.contains { $0 != background }, "page \(index + 1) is blank")
            // Below the page's cut there is only background: the next row waits for the next page.
            let cutRow = Int((page.height * 2).rounded(.up))
            if cutRow < 1334 {
                #expect((cutRow..<1334).allSatisfy { y in (0..<750).allSatisfy { pixels[$0, y] == background } })
            }
        }
        // The same bytes with one worker.
        let single = Delivered()
        try ConversationRenderer.$workerLimit.withValue(1) {
            try screen.renderer.renderPages(layout, pages: pages, pageHeight: pageHeight, format: .png, scale: 2) { single.files[$0] = $1 }
        }
        #expect(single.files == delivered.files)
    }
}
