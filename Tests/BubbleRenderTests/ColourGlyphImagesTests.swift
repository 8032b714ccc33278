import BubbleText
import BubbleTheme
import CCairo
import Foundation
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// `ColourGlyphImages` draws emoji into pixels with the very bytes `cairo_show_glyphs` gives,
/// at every size, scale and sub-pixel position, and loads each glyph once per size.
@Suite struct ColourGlyphImagesTests {
    /// Emoji in the bundled colour font, laid out at `size` points.
    static func emojiRun(size: Double) throws -> GlyphRun {
        let layout = try TextDrawingFixture.engine.layout("👍😀🎉🇫🇷👩‍💻", style: TextStyle(fontSize: size, maxWidth: 10_000))
        return try #require(layout.lines.first?.runs.first { $0.font.isColor })
    }

    /// The run's glyphs drawn on a fresh surface (painted first when `background` is given),
    /// through the images where they can be or through Cairo only, with the glyphs shifted by
    /// `offset` points and the context scaled.
    static func pixels(_ run: GlyphRun, size: Double, scale: Double, offset: (x: Double, y: Double),
                       background: RGBAColor? = nil, throughImages: Bool,
                       faces: FreeTypeFaces) throws -> (bytes: [UInt8], drewImages: Bool) {
        let surface = try CairoSurface.image(pixelWidth: Int(size * 8 * scale), pixelHeight: Int(size * 3 * scale))
        let context = try CairoContext(surface: surface)
        if let background { context.fillAll(with: background) }
        context.scale(scale)
        let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: $0.x + offset.x + size, y: $0.y + offset.y + size * 1.5) }
        // As `TextDrawing` does: Cairo draws what the images do not.
        let drewImages = try throughImages && faces.colourGlyphs.draw(glyphs, font: run.font, size: size, in: context)
        if !drewImages {
            let face = try faces.face(for: run.font)
            withExtendedLifetime(face) {
                cairo_set_font_options(context.pointer, faces.options.pointer)
                cairo_set_font_face(context.pointer, face.pointer)
                cairo_set_font_size(context.pointer, size)
                cairo_show_glyphs(context.pointer, glyphs, Int32(glyphs.count))
            }
        }
        try context.check("draw the test emoji")
        let bytes = try surface.withPixels { data, stride in
            Array(UnsafeRawBufferPointer(start: data, count: stride * Int(cairo_image_surface_get_height(surface.pointer))))
        }
        return (bytes, drewImages)
    }

    /// How many bytes differ (a count, so that a failure does not print two whole images).
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) }
        let same = a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        return same ? 0 : zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    /// On a painted surface (every rendered band, page and screen: the theme's background
    /// first) every run takes the images; on a clear one, runs whose images overlap are left to
    /// Cairo, which copies rather than composites colour glyphs there.
    @Test(arguments: [1.0, 2.0, 3.0])
    func imagesGiveCairosBytesAtEverySizeAndPosition(scale: Double) throws {
        let faces = try FreeTypeFaces()
        let bubble = RGBAColor(red: 0.58, green: 0.92, blue: 0.41)
        var clearRunsDrawnAsImages = 0
        // 54.5 pt at 2× is the strike's own 109 px: no scaling at all.
        for size in [9.0, 11.0, 16.0, 17.0, 34.0, 54.5, 80.0] {
            let run = try Self.emojiRun(size: size)
            #expect(run.glyphs.count >= 5)
            for offset in [(0.0, 0.0), (0.25, 0.1), (0.5, 0.5), (1.0 / 3, 0.75), (0.1666, 0.4999)] {
                for background in [bubble, nil] {
                    let ours = try Self.pixels(run, size: size, scale: scale, offset: offset, background: background,
                                               throughImages: true, faces: faces)
                    let cairos = try Self.pixels(run, size: size, scale: scale, offset: offset, background: background,
                                                 throughImages: false, faces: faces)
                    let label = "\(size) pt at \(scale)×, offset \(offset), \(background == nil ? "clear" : "painted")"
                    if background != nil { #expect(ours.drewImages, "\(label)") } else if ours.drewImages { clearRunsDrawnAsImages += 1 }
                    #expect(ours.bytes.withUnsafeBytes { bytes in bytes.contains { $0 != 0 } }, "nothing drawn: \(label)")
                    #expect(Self.differing(ours.bytes, cairos.bytes) == 0, "\(label)")
                }
            }
        }
        // Small emoji do not touch: those runs take the images on clear surfaces too.
        #expect(clearRunsDrawnAsImages > 0)
    }

    @Test func turnedOrMirroredTextIsLeftToCairo() throws {
        let faces = try FreeTypeFaces()
        let run = try Self.emojiRun(size: 20)
        let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: $0.x + 10, y: $0.y + 30) }
        let context = try CairoContext(surface: try CairoSurface.image(pixelWidth: 300, pixelHeight: 100))
        context.fillAll(with: RGBAColor(red: 1, green: 1, blue: 1))
        context.rotate(by: 0.2)
        #expect(try !faces.colourGlyphs.draw(glyphs, font: run.font, size: 20, in: context))
        context.rotate(by: -0.2)
        context.scale(x: -1, y: 1)
        #expect(try !faces.colourGlyphs.draw(glyphs, font: run.font, size: 20, in: context))
        #expect(faces.colourGlyphs.count == 0)
    }

    @Test func eachGlyphIsMadeOncePerSize() throws {
        let faces = try FreeTypeFaces()
        let white = RGBAColor(red: 1, green: 1, blue: 1)
        let run = try Self.emojiRun(size: 17)
        let distinct = Set(run.glyphs.map(\.id)).count
        for _ in 0..<3 {
            let drawn = try Self.pixels(run, size: 17, scale: 2, offset: (0, 0), background: white, throughImages: true, faces: faces)
            #expect(drawn.drewImages)
        }
        #expect(faces.colourGlyphs.count == distinct)
        _ = try Self.pixels(run, size: 34, scale: 2, offset: (0, 0), background: white, throughImages: true, faces: faces)
        #expect(faces.colourGlyphs.count == 2 * distinct)
    }

    @Test func theImagesStayWithinTheirByteLimit() throws {
        // About two 17 pt @2x emoji: the table starts again rather than growing.
        let images = ColourGlyphImages(byteLimit: 12_000)
        let run = try Self.emojiRun(size: 17)
        var scale = cairo_matrix_t()
        cairo_matrix_init_scale(&scale, 34, 34)
        var most = 0
        for glyph in run.glyphs {
            #expect(try images.image(path: run.font.path, faceIndex: run.font.faceIndex, glyph: glyph.id, scale: scale) != nil)
            most = max(most, images.count)
        }
        #expect(most >= 1 && most <= 2)
    }

    @Test func documentsAndGroupsKeepCairosPath() throws {
        let faces = try FreeTypeFaces()
        let run = try Self.emojiRun(size: 17)
        let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: $0.x + 10, y: $0.y + 30) }
        let pdf = try CairoContext(surface: try CairoSurface.pdf(width: 200, height: 60))
        #expect(try !faces.colourGlyphs.draw(glyphs, font: run.font, size: 17, in: pdf))
        let image = try CairoContext(surface: try CairoSurface.image(pixelWidth: 200, pixelHeight: 60))
        cairo_push_group(image.pointer)
        #expect(try !faces.colourGlyphs.draw(glyphs, font: run.font, size: 17, in: image))
        cairo_pattern_destroy(cairo_pop_group(image.pointer))
        #expect(faces.colourGlyphs.count == 0)
    }
}
