import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleText
import CCairo

extension ColourGlyphImages {
    /// Draws a run of colour glyphs into pixels from their images, exactly as
    /// `cairo_show_glyphs` would. Returns false, having drawn nothing, when Cairo must draw the
    /// run itself: outside a plain image surface (PDF, SVG, a group), with an operator other
    /// than OVER, under a turned or mirrored transform, when a glyph has no colour bitmap, or
    /// when two glyphs' images overlap on a surface that may still be clear. (Cairo paints each
    /// colour glyph OVER the target; into a fresh surface, though, a later glyph was measured to
    /// replace an earlier one across its whole rectangle, as if Cairo copied glyphs while it
    /// still counts the surface as clear, a state it keeps to itself. `CairoContext.fillAll`
    /// notes when a surface is surely no longer clear; every band, page and screen is painted
    /// with the theme's background first.)
    func draw(_ glyphs: [cairo_glyph_t], font: OpenTypeFont, size: Double, in context: CairoContext) throws -> Bool {
        let cr = context.pointer
        guard context.isRaster, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
              cairo_get_group_target(cr) == context.surface.pointer else { return false }
        var targetX = 0.0, targetY = 0.0
        cairo_surface_get_device_offset(context.surface.pointer, &targetX, &targetY)
        guard targetX == 0, targetY == 0 else { return false }
        // The scaled font's matrix: font size × CTM without its translation.
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        ctm.x0 = 0
        ctm.y0 = 0
        var fontMatrix = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, size, size)
        var scale = cairo_matrix_t()
        cairo_matrix_multiply(&scale, &fontMatrix, &ctm)
        guard scale.xy == 0, scale.yx == 0, scale.xx > 0, scale.yy > 0 else { return false }
        var placed: [(image: Image, left: Int, top: Int, right: Int, bottom: Int)] = []
        placed.reserveCapacity(glyphs.count)
        for glyph in glyphs {
            guard let image = try image(path: font.path, faceIndex: font.faceIndex, glyph: UInt32(glyph.index), scale: scale) else {
                return false
            }
            var x = glyph.x, y = glyph.y
            cairo_user_to_device(cr, &x, &y)
            // `composite_one_color_glyph`: the device position less the image's offset, rounded.
            let left = cairoRound(x - image.offsetX), top = cairoRound(y - image.offsetY)
            let right = left + Int(cairo_image_surface_get_width(image.surface))
            let bottom = top + Int(cairo_image_surface_get_height(image.surface))
            if !context.surface.isKnownPainted {
                for other in placed where left < other.right && other.left < right && top < other.bottom && other.top < bottom {
                    return false
                }
            }
            placed.append((image, left, top, right, bottom))
        }
        try context.withSavedState {
            cairo_identity_matrix(cr)
            for glyph in placed { try paint(glyph.image, x: glyph.left, y: glyph.top, cr) }
        }
        return true
    }

    /// Paints an image with its top-left pixel at device (x, y). The shared image is read
    /// through a surface of this draw's own, so threads never share a Cairo source.
    private func paint(_ image: Image, x: Int, y: Int, _ cr: OpaquePointer) throws {
        let source = image.surface
        guard let wrapper = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(source), CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(source),
            cairo_image_surface_get_height(source), cairo_image_surface_get_stride(source)) else { return }
        defer { cairo_surface_destroy(wrapper) }
        try CairoError.check(cairo_surface_status(wrapper), "wrap a colour glyph image")
        guard let pattern = cairo_pattern_create_for_surface(wrapper) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, -Double(x), -Double(y))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_surface_finish(wrapper)
    }
}
