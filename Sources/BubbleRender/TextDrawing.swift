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
        let cr = context.pointer
        try context.withSavedState {
            context.setColor(color)
            cairo_set_font_options(cr, faces.options.pointer)
            var glyphs: [cairo_glyph_t] = []
            for line in layout.lines {
                let lineX = Double(origin.x) + line.x
                let baseline = Double(origin.y) + line.baseline
                for run in line.runs {
                    let positioned = run.glyphs
                    guard !positioned.isEmpty else { continue }
                    let face = try faces.face(for: run.font)
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
                }
            }
        }
    }

    /// The run's font size in points: the layout scaled font units by `pointsPerUnit`, so one
    /// em is `pointsPerUnit × unitsPerEm` (the style's font size).
    static func fontSize(of run: GlyphRun) -> Double {
        run.pointsPerUnit * Double(run.font.unitsPerEm)
    }
}
