import BubbleText
import BubbleTheme
import CCairo
import CFreeType
import Foundation
import Testing
@testable import BubbleRender

/// `GlyphCompositing` draws glyph strings pixel for pixel as `cairo_show_glyphs` does: every
/// grey font file bundled, strings of glyphs from across each font packed tight enough to
/// overlap (Cairo then composites through a mask of the whole string) and spread apart, at
/// sizes whole and fractional in device pixels, positions on half pixels, in opaque and
/// translucent colours, over clear and painted backgrounds, partly off the surface.
@Suite struct GlyphCompositingTests {
    /// Every bundled font file but the colour emoji, each face of the CJK collection's first two.
    static let fonts: [OpenTypeFont] = {
        let directory = TestSupport.fontsDirectory
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.sorted().filter { ($0.hasSuffix(".ttf") || $0.hasSuffix(".otf") || $0.hasSuffix(".ttc")) && !$0.contains("Emoji") }
            .flatMap { name in (name.hasSuffix(".ttc") ? [0, 1] : [0]).compactMap { try? OpenTypeFont(path: directory + "/" + name, faceIndex: $0) } }
    }()

    static let colours = [RGBAColor(red: 0, green: 0, blue: 0), RGBAColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 0.55),
                          RGBAColor(red: 1, green: 0.98, blue: 0.5)]

    /// Forty glyphs spread over the font's glyph ids, each shifted by a fraction of a point,
    /// `spacing` ems apart (under one em, neighbours overlap).
    static func glyphs(of font: OpenTypeFont, size: Double, spacing: Double, origin: (x: Double, y: Double)) throws -> [cairo_glyph_t] {
        let face = try FreeTypeFace(path: font.path, faceIndex: font.faceIndex)
        let count = Int(face.face.pointee.num_glyphs)
        let step = max(1, count / 40)
        return stride(from: 1, to: count, by: step).prefix(40).enumerated().map { index, id in
            cairo_glyph_t(index: UInt(id), x: origin.x + Double(index) * spacing * size + Double(index % 4) * 0.125,
                          y: origin.y + Double(index % 3) * 0.25)
        }
    }

    /// Draws `glyphs` on a fresh canvas either through Cairo or through `GlyphCompositing`, as
    /// `TextDrawing` sets the context up; returns the surface's bytes and whether the
    /// compositing drew them.
    static func draw(_ glyphs: [cairo_glyph_t], font: OpenTypeFont, size: Double, scale: Int, color: RGBAColor,
                     background: RGBAColor?, width: Double, height: Double, throughCairo: Bool,
                     faces: FreeTypeFaces) throws -> (bytes: Data, composited: Bool) {
        let canvas = try Canvas(format: .png, width: width, height: height, scale: scale)
        let context = canvas.context
        if let background { context.fillAll(with: background) }
        cairo_set_font_options(context.pointer, faces.options.pointer)
        context.setColor(color)
        var composited = false
        if throughCairo {
            let face = try faces.face(for: font)
            withExtendedLifetime(face) {
                cairo_set_font_face(context.pointer, face.pointer)
                cairo_set_font_size(context.pointer, size)
                cairo_show_glyphs(context.pointer, glyphs, Int32(glyphs.count))
            }
        } else {
            composited = TextDrawing.composite(glyphs, font: font, size: size, color: color, in: context, faces: faces)
        }
        try context.check("draw glyphs")
        let surface = context.surface.pointer
        cairo_surface_flush(surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        return (Data(bytes: cairo_image_surface_get_data(surface), count: count), composited)
    }

    @Test(arguments: [1, 2, 3])
    func everyFontMatchesCairo(scale: Int) throws {
        #expect(Self.fonts.count >= 25, "\(Self.fonts.count) fonts")
        let faces = try FreeTypeFaces()
        var compared = 0, differing: [String] = []
        for (fontIndex, font) in Self.fonts.enumerated() {
            // Device sizes whole and fractional; at 12.25 pt @1x and @2x Cairo's shape matrix is
            // not exactly the identity (x × (1 / x) is 1 − 2⁻⁵³ there: 0xFFFF in 16.16).
            for size in [9.5, 12.25, 16.5, 34] {
                for spacing in [0.42, 1.1] {
                    let colour = Self.colours[(fontIndex + compared) % Self.colours.count]
                    let background: RGBAColor? = compared % 2 == 0 ? nil : RGBAColor(red: 0.93, green: 0.93, blue: 0.9)
                    let glyphs = try Self.glyphs(of: font, size: size, spacing: spacing,
                                                 origin: (x: 3 + 0.5 / Double(scale), y: size * 1.2 + 0.25 / Double(scale)))
                    let width = 40 * spacing * size + 3 * size, height = size * 1.8
                    let cairo = try Self.draw(glyphs, font: font, size: size, scale: scale, color: colour, background: background,
                                              width: width, height: height, throughCairo: true, faces: faces)
                    let direct = try Self.draw(glyphs, font: font, size: size, scale: scale, color: colour, background: background,
                                               width: width, height: height, throughCairo: false, faces: faces)
                    #expect(direct.composited, "\(font.path) at \(size) pt was not composited")
                    if cairo.bytes != direct.bytes { differing.append("\((font.path as NSString).lastPathComponent) \(size) pt, spacing \(spacing)") }
                    compared += 1
                }
            }
        }
        #expect(differing.isEmpty, "differ from Cairo at \(scale)×: \(differing.prefix(12))")
        #expect(faces.glyphCompositing()?.stringsDrawn == compared)
    }

    /// Strings that cross every edge of the surface: only what falls inside is drawn, as Cairo
    /// draws it.
    @Test func stringsPartlyOffTheSurfaceMatchCairo() throws {
        let faces = try FreeTypeFaces()
        let font = try OpenTypeFont(path: TestSupport.fontsDirectory + "/Inter-Regular.otf")
        for origin in [(-30.0, 12.0), (40.0, 3.0), (60.0, 30.0), (-5.0, 40.0)] {
            let glyphs = try Self.glyphs(of: font, size: 14, spacing: 0.5, origin: origin)
            let cairo = try Self.draw(glyphs, font: font, size: 14, scale: 2, color: Self.colours[1], background: nil,
                                      width: 120, height: 32, throughCairo: true, faces: faces)
            let direct = try Self.draw(glyphs, font: font, size: 14, scale: 2, color: Self.colours[1], background: nil,
                                       width: 120, height: 32, throughCairo: false, faces: faces)
            #expect(cairo.bytes == direct.bytes, "origin \(origin)")
        }
    }

    /// Where Cairo's pixels would not be these (a clip, a group, another operator, a PDF),
    /// the compositing declines and draws nothing.
    @Test func declinesWhatOnlyCairoCanDraw() throws {
        let faces = try FreeTypeFaces()
        let font = try OpenTypeFont(path: TestSupport.fontsDirectory + "/Inter-Regular.otf")
        let glyphs = try Self.glyphs(of: font, size: 14, spacing: 0.8, origin: (4, 20))
        func declines(_ setUp: (CairoContext) -> Void) throws -> Bool {
            let canvas = try Canvas(format: .png, width: 200, height: 30, scale: 2)
            return try canvas.context.withSavedState {
                setUp(canvas.context)
                let drew = TextDrawing.composite(glyphs, font: font, size: 14, color: .black, in: canvas.context, faces: faces)
                return !drew && canvas.pixelsAreClear()
            }
        }
        #expect(try !declines { _ in })
        #expect(try declines { context in
            context.addRectangle(CGRect(x: 0, y: 0, width: 50, height: 30))
            context.clip()
        })
        let grouped = try Canvas(format: .png, width: 200, height: 30, scale: 2)
        cairo_push_group(grouped.context.pointer)
        #expect(!TextDrawing.composite(glyphs, font: font, size: 14, color: .black, in: grouped.context, faces: faces))
        cairo_pattern_destroy(cairo_pop_group(grouped.context.pointer))
        #expect(try declines { cairo_set_operator($0.pointer, CAIRO_OPERATOR_ADD) })
        let pdf = try Canvas(format: .pdf, width: 200, height: 30)
        #expect(!TextDrawing.composite(glyphs, font: font, size: 14, color: .black, in: pdf.context, faces: faces))
        // A clip set and restored no longer counts.
        let canvas = try Canvas(format: .png, width: 200, height: 30, scale: 1)
        canvas.context.withSavedState {
            canvas.context.addRectangle(CGRect(x: 0, y: 0, width: 50, height: 30))
            canvas.context.clip()
        }
        #expect(TextDrawing.composite(glyphs, font: font, size: 14, color: .black, in: canvas.context, faces: faces))
    }

    /// The compositing knows fonts by identity: a font it has drawn with stays alive as long as
    /// the faces do, so no font made later can take its identifier (and its glyphs).
    @Test func aFontDrawnWithIsKeptWhileTheFacesLive() throws {
        let faces = try FreeTypeFaces()
        weak var drawnWith: OpenTypeFont?
        try {
            let font = try OpenTypeFont(path: TestSupport.fontsDirectory + "/Inter-Regular.otf")
            drawnWith = font
            let canvas = try Canvas(format: .png, width: 100, height: 30, scale: 1)
            let glyphs = try Self.glyphs(of: font, size: 14, spacing: 0.8, origin: (4, 20))
            #expect(TextDrawing.composite(glyphs, font: font, size: 14, color: .black, in: canvas.context, faces: faces))
        }()
        #expect(drawnWith != nil)
        withExtendedLifetime(faces) {}
    }

    /// Whole layouts through `TextDrawing`, every script the bundled fonts cover, drawn with the
    /// compositing and with Cairo alone.
    @Test(arguments: [1, 2, 3])
    func textDrawingMatchesCairo(scale: Int) throws {
        let text = "Hello, ﬁne office — Ünïcödé ő ǖ. Привет. Γειά. 你好，世界。こんにちは 안녕하세요 مرحبا بالعالم שלום "
            + "नमस्ते সালাম வணக்கம் สวัสดี ສະບາຍດີ ជំរាបសួរ မင်္ဂလာပါ ሰላም გამარჯობა Բարեւ ગુજરાતી ਪੰਜਾਬੀ ಕನ್ನಡ മലയാളം తెలుగు සිංහල 👍"
        let layout = try TextDrawingFixture.engine.layout(text, style: TextStyle(fontSize: 15.5, maxWidth: 260))
        let faces = try FreeTypeFaces()
        let direct = try TextDrawingFixture.draw(layout, scale: scale, margin: 3.25, color: Self.colours[1], faces: faces)
        let cairo = try TextDrawing.$alwaysThroughCairo.withValue(true) {
            try TextDrawingFixture.draw(layout, scale: scale, margin: 3.25, color: Self.colours[1], faces: faces)
        }
        #expect(direct == cairo)
        #expect((faces.glyphCompositing()?.stringsDrawn ?? 0) > 20)
    }
}

extension Canvas {
    /// Whether nothing has been drawn: every byte of the surface still zero.
    func pixelsAreClear() -> Bool {
        let surface = context.surface.pointer
        cairo_surface_flush(surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        return UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: count).allSatisfy { $0 == 0 }
    }
}
