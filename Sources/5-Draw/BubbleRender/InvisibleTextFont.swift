import BubbleOutput
import BubbleCodec
import BubbleCairo
import CCairo

/// A Cairo user font whose glyphs draw nothing: it carries the text of colour glyphs (emoji)
/// into a PDF.
///
/// Cairo 1.16 cannot put a colour font into a PDF; it paints those glyphs as a fallback image,
/// and their characters are lost. Drawing a glyph of this font over each emoji cluster, with the
/// cluster's characters, gives the PDF a glyph that shows nothing but reads as the emoji, so
/// `pdftotext` and copying return it. It needs no font file (the output depends on the bundled
/// fonts only) and, being a user font, becomes a small Type 3 font with a ToUnicode map.
final class InvisibleTextFont {
    let pointer: OpaquePointer

    /// Every glyph's advance, in ems. Half an em because text extractors guess a Type 3 font's
    /// size from its glyph widths taking half an em as usual (Poppler does): with that width
    /// the carried text counts as the size it is drawn at, and joins its line. The font matrix
    /// stretches the advance to the width of the cluster it covers.
    static let advance = 0.5

    init() throws {
        guard let pointer = cairo_user_font_face_create() else {
            throw CairoError("create the invisible text font", status: CAIRO_STATUS_NO_MEMORY)
        }
        let status = cairo_font_face_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(pointer)
            throw CairoError("create the invisible text font", status: status)
        }
        cairo_user_font_face_set_init_func(pointer, initInvisibleFont)
        cairo_user_font_face_set_render_glyph_func(pointer, renderInvisibleGlyph)
        self.pointer = pointer
    }

    deinit { cairo_font_face_destroy(pointer) }
}

/// Font-wide extents in ems: the usual proportions, so a viewer's text selection has a height.
private let initInvisibleFont: cairo_user_scaled_font_init_func_t = { _, _, extents in
    extents?.pointee = cairo_font_extents_t(ascent: 0.8, descent: 0.2, height: 1, max_x_advance: InvisibleTextFont.advance,
                                            max_y_advance: 0)
    return CAIRO_STATUS_SUCCESS
}

/// Draws nothing, but states the box of an ordinary glyph (Cairo takes stated extents instead
/// of measuring the empty drawing): the PDF's font box then has a height, which text
/// extractors use to tell which line the glyph is on.
private let renderInvisibleGlyph: cairo_user_scaled_font_render_glyph_func_t = { _, _, _, extents in
    extents?.pointee = cairo_text_extents_t(x_bearing: 0, y_bearing: -0.8, width: InvisibleTextFont.advance, height: 1,
                                           x_advance: InvisibleTextFont.advance, y_advance: 0)
    return CAIRO_STATUS_SUCCESS
}
