import BubbleTheme
import BubbleText
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// Real pixels of real layouts: the bundled fonts, shaped and broken by `TextEngine`, drawn by
/// `TextDrawing` into PNG canvases at 1×, 2× and 3×.
@Suite struct TextDrawingTests {
    static let sample = "Hello 你好 👍 مرحبا"
    /// Transparent space around the layout box, so ink outside the box would be seen.
    static let margin = 10.0

    @Test(arguments: [1, 2, 3])
    func inkIsDarkAndInsideTheLayoutBox(scale: Int) throws {
        let layout = try TextDrawingFixture.layout(Self.sample)
        let pixels = try TextDrawingFixture.draw(layout, scale: scale, margin: Self.margin)
        let dark = pixels.pixels.filter { $0.alpha > 200 && max($0.red, $0.green, $0.blue) < 60 }
        #expect(dark.count > 60 * scale * scale, "only \(dark.count) dark pixels at \(scale)×")

        let ink = try #require(TextDrawingFixture.inkBox(pixels, scale: scale) { $0.alpha > 0 })
        let tolerance = 1.0
        #expect(ink.minX >= Self.margin - tolerance, "ink starts at \(ink.minX)pt, box at \(Self.margin)pt")
        #expect(ink.minY >= Self.margin - tolerance, "ink starts at \(ink.minY)pt, box at \(Self.margin)pt")
        #expect(ink.maxX <= Self.margin + layout.width + tolerance, "ink ends at \(ink.maxX)pt, box at \(Self.margin + layout.width)pt")
        #expect(ink.maxY <= Self.margin + layout.height + tolerance, "ink ends at \(ink.maxY)pt, box at \(Self.margin + layout.height)pt")
        // The text fills its box: ink reaches within a few points of both ends of the line.
        #expect(ink.minX < Self.margin + 3)
        #expect(ink.maxX > Self.margin + layout.width - 4)
    }

    @Test(arguments: [1, 2, 3])
    func emojiIsDrawnInColourAtTheLaidOutSize(scale: Int) throws {
        let layout = try TextDrawingFixture.layout(Self.sample)
        let line = try #require(layout.lines.first)
        let emojiRun = try #require(line.runs.first { $0.font.isColor })
        // The layout gives the emoji 2550 of 2048 units at 16pt: 19.92pt.
        #expect(abs(emojiRun.width - 19.921875) < 0.001)
        let pixels = try TextDrawingFixture.draw(layout, scale: scale, margin: Self.margin)

        let left = Self.margin + line.x + emojiRun.x
        let emojiArea = (minX: left, maxX: left + emojiRun.width, minY: Self.margin + line.top,
                         maxY: Self.margin + line.top + line.height)
        let colourful = TextDrawingFixture.count(pixels, scale: scale, in: emojiArea) { TextDrawingFixture.isSaturated($0) }
        // The yellow hand covers about a quarter of its advance × the line's height (the line
        // is as tall as the CJK font's ascent and descent); black text has no saturated pixel.
        let area = emojiRun.width * line.height * Double(scale * scale)
        #expect(Double(colourful) > area * 0.15, "\(colourful) saturated pixels in \(Int(area)) of the emoji's area")
        // Everything else was drawn in black: no colour outside the emoji's advance.
        let elsewhere = TextDrawingFixture.count(pixels, scale: scale, in: (0, left - 0.5, 0, 1_000)) { TextDrawingFixture.isSaturated($0) }
            + TextDrawingFixture.count(pixels, scale: scale, in: (left + emojiRun.width + 0.5, 10_000, 0, 1_000)) { TextDrawingFixture.isSaturated($0) }
        #expect(elsewhere == 0)
    }

    @Test(arguments: [1, 2, 3])
    func emojiInkMatchesItsAdvanceAtEveryScale(scale: Int) throws {
        let layout = try TextDrawingFixture.layout("👍")
        let advance = try #require(layout.lines.first?.runs.first).width
        let pixels = try TextDrawingFixture.draw(layout, scale: scale, margin: Self.margin)
        let ink = try #require(TextDrawingFixture.inkBox(pixels, scale: scale) { $0.alpha > 0 })
        // Cairo scales the 109 ppem bitmap strike to the font size: at 16pt the 136-pixel-wide
        // bitmap is 19.96pt, the hand inside it a little narrower. A wrong size (the raw strike
        // at 109px, or 2× twice) would be 2–7 times wider or half as wide.
        #expect((16...20.5).contains(ink.width), "emoji ink \(ink.width)pt wide at \(scale)×, advance \(advance)pt")
        #expect((14...21).contains(ink.height), "emoji ink \(ink.height)pt high at \(scale)×")
        #expect(ink.minX >= Self.margin - 1 && ink.maxX <= Self.margin + advance + 1)
    }

    @Test func drawingTwiceGivesIdenticalPixels() throws {
        let layout = try TextDrawingFixture.layout(Self.sample)
        let faces = try FreeTypeFaces()
        let first = try TextDrawingFixture.draw(layout, scale: 2, margin: Self.margin, faces: faces)
        let again = try TextDrawingFixture.draw(layout, scale: 2, margin: Self.margin, faces: faces)
        let freshFaces = try TextDrawingFixture.draw(layout, scale: 2, margin: Self.margin, faces: try FreeTypeFaces())
        #expect(first.pixels.contains { $0.alpha > 0 })
        #expect(first == again)
        #expect(first == freshFaces)
        // Grey glyphs go through Cairo, one cairo face for each of Inter, CJK and Arabic, opened
        // once and kept; the emoji come from `ColourGlyphImages`, which opens no cairo face.
        #expect(faces.count == 3)
    }

    @Test func arabicIsRightAlignedInARightToLeftParagraph() throws {
        let layout = try TextDrawingFixture.layout("Hello world, a longer first line\nمرحبا")
        try #require(layout.lines.count == 2)
        let arabic = layout.lines[1]
        #expect(arabic.direction == .rightToLeft)
        #expect(arabic.x > layout.width / 2, "the short RTL line starts at \(arabic.x) in a \(layout.width)pt box")

        let scale = 2
        let pixels = try TextDrawingFixture.draw(layout, scale: scale, margin: Self.margin)
        let band = (minY: Self.margin + arabic.top, maxY: Self.margin + arabic.top + arabic.height)
        let ink = try #require(TextDrawingFixture.inkBox(pixels, scale: scale, rows: band) { $0.alpha > 0 })
        let right = Self.margin + layout.width
        #expect(abs(ink.maxX - right) < 1.5, "Arabic ink ends at \(ink.maxX)pt, box at \(right)pt")
        #expect(ink.minX >= Self.margin + arabic.x - 1, "Arabic ink starts at \(ink.minX)pt, line at \(Self.margin + arabic.x)pt")
        #expect(ink.minX > Self.margin + layout.width / 2)
    }

    @Test func everyRunIsDrawnAtTheStyleFontSize() throws {
        for size in [12.0, 16, 17.5] {
            let layout = try TextDrawingFixture.engine.layout(Self.sample, style: TextStyle(fontSize: size, maxWidth: 285))
            let runs = layout.lines.flatMap(\.runs)
            #expect(runs.count >= 4)
            for run in runs { #expect(abs(TextDrawing.fontSize(of: run) - size) < 1e-9, "\(run.font.familyName)") }
        }
    }

    @Test func biggerTextMakesBiggerInk() throws {
        let small = try TextDrawingFixture.layout("Hello")
        let large = try TextDrawingFixture.engine.layout("Hello", style: TextStyle(fontSize: 32, maxWidth: 285))
        let smallInk = try #require(TextDrawingFixture.inkBox(try TextDrawingFixture.draw(small, scale: 1, margin: 4), scale: 1) { $0.alpha > 0 })
        let largeInk = try #require(TextDrawingFixture.inkBox(try TextDrawingFixture.draw(large, scale: 1, margin: 4), scale: 1) { $0.alpha > 0 })
        #expect(abs(largeInk.width / smallInk.width - 2) < 0.1, "\(smallInk.width)pt and \(largeInk.width)pt")
    }

    @Test func colourIsTheOneAskedFor() throws {
        let layout = try TextDrawingFixture.layout("Hello")
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        let pixels = try TextDrawingFixture.draw(layout, scale: 2, margin: 4, color: red)
        let solid = pixels.pixels.filter { $0.alpha == 255 }
        #expect(!solid.isEmpty)
        #expect(solid.allSatisfy { $0 == PixelBuffer.Pixel(red) })
    }

    @Test func missingAndBrokenFontFilesAreErrorsNamingTheFile() throws {
        let faces = try FreeTypeFaces()
        let missing = "/nonexistent/NoSuchFont.ttf"
        let error = try #require(throws: FreeTypeError.self) { try faces.face(path: missing, faceIndex: 0, isColor: false) }
        #expect(error.path == missing)
        #expect(error.description == "cannot open face 0 of font file \(missing): cannot open resource (missing or unreadable file)")

        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let broken = directory + "/broken.ttf"
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: broken))
        let brokenError = try #require(throws: FreeTypeError.self) { try faces.face(path: broken, faceIndex: 0, isColor: false) }
        #expect(brokenError.description == "cannot open face 0 of font file \(broken): unknown file format")

        let inter = TestSupport.fontsDirectory + "/Inter-Regular.otf"
        let noFace = try #require(throws: FreeTypeError.self) { try faces.face(path: inter, faceIndex: 3, isColor: false) }
        #expect(noFace.description.hasPrefix("cannot open face 3 of font file \(inter): "))
        #expect(faces.count == 0)
    }

    @Test func facesOutliveTheirCacheWhileCairoUsesThem() throws {
        // Cairo keeps font faces in its own caches; the FreeType faces must stay alive until
        // Cairo lets go, not until our cache does (a release-build crash otherwise).
        let layout = try TextDrawingFixture.layout(Self.sample)
        var expected: PixelBuffer?
        for _ in 0..<5 {
            let pixels = try TextDrawingFixture.draw(layout, scale: 1, margin: Self.margin, faces: try FreeTypeFaces())
            if let expected { #expect(pixels == expected) } else { expected = pixels }
        }
    }

    @Test(arguments: [OutputFormat.pdf, .svg])
    func vectorDocumentsHoldTheText(format: OutputFormat) throws {
        let layout = try TextDrawingFixture.layout(Self.sample)
        let canvas = try Canvas(format: format, width: layout.width + 20, height: layout.height + 20)
        try TextDrawing.draw(layout, at: CGPoint(x: 10, y: 10), color: .black, in: canvas.context, faces: try FreeTypeFaces())
        let bytes = try canvas.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        switch format {
        case .pdf: #expect(text.contains("/FontFile"), "embedded font programs")
        case .svg: #expect(text.contains("<symbol overflow=\"visible\" id=\"glyph"), "glyph outlines")
        case .png, .webp: break
        }
    }

    /// Writes the sample at 2× to /tmp/textdrawing-sample.png on a white background, for looking at.
    @Test func writesASamplePNG() throws {
        let layout = try TextDrawingFixture.engine.layout(Self.sample + "\nמה שלום? 🎉🇫🇷 مرحبا بالعالم",
                                                          style: TextStyle(fontSize: 16, maxWidth: 285))
        let canvas = try Canvas(format: .png, width: layout.width + 20, height: layout.height + 20, scale: 2)
        canvas.context.fillAll(with: .white)
        try TextDrawing.draw(layout, at: CGPoint(x: 10, y: 10), color: .black, in: canvas.context, faces: try FreeTypeFaces())
        let png = try canvas.encoded()
        try png.write(to: URL(fileURLWithPath: "/tmp/textdrawing-sample.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

/// Layouts, drawing and pixel measurements for the text drawing tests; all lengths in points.
enum TextDrawingFixture {
    static let engine = try! TextEngine(fonts: FontSet.bundled(directory: TestSupport.fontsDirectory))

    static func layout(_ text: String) throws -> TextLayout {
        try engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: 285))
    }

    /// Draws `layout` at (`margin`, `margin`) on a transparent canvas `margin` larger on every side.
    static func draw(_ layout: TextLayout, scale: Int, margin: Double, color: RGBAColor = .black,
                     faces: FreeTypeFaces? = nil) throws -> PixelBuffer {
        let canvas = try Canvas(format: .png, width: layout.width + 2 * margin, height: layout.height + 2 * margin,
                                scale: scale)
        try TextDrawing.draw(layout, at: CGPoint(x: margin, y: margin), color: color, in: canvas.context,
                             faces: try faces ?? FreeTypeFaces())
        return try canvas.pixels()
    }

    struct Box {
        var minX, minY, maxX, maxY: Double
        var width: Double { maxX - minX }
        var height: Double { maxY - minY }
    }

    /// The box of the pixels that pass `isInk` (optionally only in a band of rows), in points:
    /// pixel edges divided by the scale.
    static func inkBox(_ pixels: PixelBuffer, scale: Int, rows: (minY: Double, maxY: Double)? = nil,
                       where isInk: (PixelBuffer.Pixel) -> Bool) -> Box? {
        let s = Double(scale)
        let firstRow = rows.map { max(0, Int(($0.minY * s).rounded(.down))) } ?? 0
        let endRow = rows.map { min(pixels.height, Int(($0.maxY * s).rounded(.up))) } ?? pixels.height
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in firstRow..<max(firstRow, endRow) {
            for x in 0..<pixels.width where isInk(pixels[x, y]) {
                if let b = box {
                    box = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
                } else {
                    box = (x, y, x, y)
                }
            }
        }
        return box.map { Box(minX: Double($0.minX) / s, minY: Double($0.minY) / s,
                             maxX: Double($0.maxX + 1) / s, maxY: Double($0.maxY + 1) / s) }
    }

    /// How many pixels whose centres lie in the area pass `test`.
    static func count(_ pixels: PixelBuffer, scale: Int, in area: (minX: Double, maxX: Double, minY: Double, maxY: Double),
                      where test: (PixelBuffer.Pixel) -> Bool) -> Int {
        let s = Double(scale)
        var total = 0
        for y in 0..<pixels.height {
            let centreY = (Double(y) + 0.5) / s
            guard centreY >= area.minY, centreY <= area.maxY else { continue }
            for x in 0..<pixels.width {
                let centreX = (Double(x) + 0.5) / s
                if centreX >= area.minX, centreX <= area.maxX, test(pixels[x, y]) { total += 1 }
            }
        }
        return total
    }

    /// A clearly coloured, mostly opaque pixel: never produced by black text's grey antialiasing
    /// (premultiplied grey has equal channels).
    static func isSaturated(_ pixel: PixelBuffer.Pixel) -> Bool {
        let high = max(pixel.red, pixel.green, pixel.blue), low = min(pixel.red, pixel.green, pixel.blue)
        return pixel.alpha > 160 && Int(high) - Int(low) > 80
    }
}
