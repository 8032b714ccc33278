import BubbleTheme
import BubbleText
import CCairo
import Foundation

/// Draws a `TextLayout` exactly where it was measured.
///
/// Every glyph goes where the layout put it: nothing is re-shaped and Cairo's own advances
/// are never used, so the drawn text fills exactly the box the layout measured (the measuring
/// layout is the drawing layout).
public enum TextDrawing {
    /// Draws `layout` with its top-left corner at `origin` (user-space points) in `color`.
    /// Colour glyphs (emoji) keep their own colours.
    ///
    /// Each run is drawn with its font's cairo face at `pointsPerUnit × unitsPerEm` (the
    /// layout's font size) in user space, so the context's scale (1×, 2×, 3×) only changes
    /// how many pixels the same glyphs cover.
    public static func draw(_ layout: TextLayout, at origin: CGPoint, color: RGBAColor,
                            in context: CairoContext, faces: FreeTypeFaces) throws {
        try draw(layout, at: origin, palette: TextPalette(color), in: context, faces: faces)
    }

    /// Draws `layout` with each run in its colour role's colour from `palette`, and its
    /// underline or strikethrough from its font's own metrics.
    public static func draw(_ layout: TextLayout, at origin: CGPoint, palette: TextPalette,
                            in context: CairoContext, faces: FreeTypeFaces) throws {
        let cr = context.pointer
        try context.withSavedState {
            cairo_set_font_options(cr, faces.options.pointer)
            var glyphs: [cairo_glyph_t] = []
            for line in layout.lines {
                let lineX = Double(origin.x) + line.x
                let baseline = Double(origin.y) + line.baseline
                for run in line.runs {
                    let positioned = run.glyphs
                    guard !positioned.isEmpty else { continue }
                    let face = try faces.face(for: run.font)
                    context.setColor(palette[run.attributes.color])
                    glyphs.removeAll(keepingCapacity: true)
                    for glyph in positioned {
                        glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: lineX + glyph.x, y: baseline + glyph.y))
                    }
                    withExtendedLifetime(face) {
                        cairo_set_font_face(cr, face.pointer)
                        cairo_set_font_size(cr, fontSize(of: run))
                        cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
                    }
                    try context.check("draw \(glyphs.count) glyphs of \(run.font.path)")
                    drawDecorations(of: run, lineX: lineX, baseline: baseline, in: context)
                }
            }
        }
    }

    /// The run's font size in points: the layout scaled font units by `pointsPerUnit`, so one
    /// em is `pointsPerUnit × unitsPerEm` (the style's font size).
    static func fontSize(of run: GlyphRun) -> Double {
        run.pointsPerUnit * Double(run.font.unitsPerEm)
    }

    /// Lines under or through a run, as thick as its font says, across the run's width.
    private static func drawDecorations(of run: GlyphRun, lineX: Double, baseline: Double, in context: CairoContext) {
        let scale = run.pointsPerUnit
        var lines: [(offset: Int32, thickness: Int32)] = []
        if run.attributes.underline { lines.append(run.font.underline) }
        if run.attributes.strikethrough { lines.append(run.font.strikeout) }
        for line in lines {
            let thickness = max(Double(line.thickness) * scale, 0.5)
            let centre = baseline - Double(line.offset) * scale
            context.addRectangle(CGRect(x: lineX + run.x, y: centre - thickness / 2, width: run.width, height: thickness))
            context.fill()
        }
    }
}

/// The colours of a text's colour roles.
public struct TextPalette: Sendable {
    public var body: RGBAColor
    public var link: RGBAColor
    public var mention: RGBAColor
    public var quote: RGBAColor
    public var secondary: RGBAColor

    /// Every role in one colour.
    public init(_ color: RGBAColor) {
        (body, link, mention, quote, secondary) = (color, color, color, color, color)
    }

    public init(body: RGBAColor, link: RGBAColor, mention: RGBAColor, quote: RGBAColor, secondary: RGBAColor) {
        (self.body, self.link, self.mention, self.quote, self.secondary) = (body, link, mention, quote, secondary)
    }

    public subscript(role: ColorRole) -> RGBAColor {
        switch role {
        case .body: body
        case .link: link
        case .mention: mention
        case .quote: quote
        case .secondary: secondary
        }
    }
}
