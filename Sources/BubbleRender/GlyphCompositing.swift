import BubbleText
import BubbleTheme
import CCairo
import CPixman
import Foundation

/// One thread's compositing of glyph strings onto image surfaces, pixel for pixel as
/// `cairo_show_glyphs` composites them with Cairo 1.16's image compositor, but with a pixman
/// glyph cache of the thread's own.
///
/// Cairo composites every string, of every thread, under one global mutex around its pixman
/// glyph cache: on two cores the threads drawing bands waited for each other's text (6–13 ms
/// of a 200-message render's CPU). Here each thread keeps its own cache, filled from the
/// image's shared `GlyphMasks`, and does what Cairo's `composite_glyphs` does: each glyph at
/// its device position rounded (`cairoRound`), OVER in the solid source colour, through
/// one A8 mask of the string's extents when Cairo finds that the glyphs' boxes overlap
/// (`_cairo_scaled_font_glyph_device_extents`), else glyph by glyph.
final class GlyphCompositing {
    private let cache: OpaquePointer
    private var target: (image: OpaquePointer, data: UnsafeMutableRawPointer, width: Int32, height: Int32, stride: Int32)?
    private var source: (color: Color, image: OpaquePointer)?
    /// The fonts this thread has drawn with, by font and scale, looked up without a lock. Each
    /// entry keeps its `OpenTypeFont`, so that no other font can come to have its identifier.
    private var fonts: [FontKey: (owner: OpenTypeFont, font: Font?)] = [:]
    private var placed: [pixman_glyph_t] = []
    /// Strings composited so far (the tests check that they compared this path with Cairo's).
    private(set) var stringsDrawn = 0

    private struct FontKey: Hashable {
        let font: ObjectIdentifier
        let scale: GlyphMasks.Scale
    }

    /// A shared font and the boxes of the glyphs this thread has drawn with it (every glyph's
    /// box is needed to find overlaps; its mask only when the thread's cache lacks it).
    final class Font {
        fileprivate let shared: GlyphMasks.Font
        /// Ten times the scale's largest row sum (`_cairo_scaled_font_get_max_scale`): Cairo
        /// leaves out glyphs whose origin is farther than this outside the surface.
        fileprivate let reach: Double
        fileprivate var boxes: [UInt32: (x1: Int32, y1: Int32, x2: Int32, y2: Int32, isEmpty: Bool)] = [:]

        init(_ shared: GlyphMasks.Font, scale: cairo_matrix_t) {
            self.shared = shared
            reach = 10 * max(abs(scale.xx) + abs(scale.xy), abs(scale.yx) + abs(scale.yy))
        }
    }

    /// A colour as Cairo keeps a solid source: premultiplied 16-bit channels.
    struct Color: Equatable {
        let red, green, blue, alpha: UInt16

        /// `cairo_set_source_rgba`: channels clamped to 0…1, then `_cairo_color_compute_shorts`.
        init(_ color: RGBAColor) {
            func clamped(_ value: Double) -> Double { min(max(value, 0), 1) }
            func short(_ value: Double) -> UInt16 { UInt16(value * 65535.0 + 0.5) }
            let alpha = clamped(color.alpha)
            red = short(clamped(color.red) * alpha)
            green = short(clamped(color.green) * alpha)
            blue = short(clamped(color.blue) * alpha)
            self.alpha = short(alpha)
        }
    }

    init?() {
        guard let cache = pixman_glyph_cache_create() else { return nil }
        self.cache = cache
    }

    deinit {
        pixman_glyph_cache_destroy(cache)
        if let target { pixman_image_unref(target.image) }
        if let source { pixman_image_unref(source.image) }
    }

    /// The masks of `font` at `scale` (font matrix × CTM without its translation).
    func font(_ font: OpenTypeFont, scale: cairo_matrix_t, masks: GlyphMasks) -> Font? {
        let key = FontKey(font: ObjectIdentifier(font), scale: GlyphMasks.Scale(scale))
        if let known = fonts[key] { return known.font }
        let found = masks.font(path: font.path, faceIndex: font.faceIndex, scale: scale).map { Font($0, scale: scale) }
        fonts[key] = (font, found)
        return found
    }

    /// Composites `glyphs` (user space, mapped to the surface by `transform`) onto `surface`,
    /// an ARGB32 image surface with no device offset. Returns false, having drawn nothing, when
    /// a glyph is not an outline (Cairo would draw it from a bitmap).
    func draw(_ glyphs: [cairo_glyph_t], font: Font, color: RGBAColor, transform: cairo_matrix_t,
              on surface: CairoSurface) -> Bool {
        guard let target = retarget(surface) else { return false }
        let fontKey = Unmanaged.passUnretained(font).toOpaque()
        var matrix = transform
        var box = (x1: Int32.max, y1: Int32.max, x2: Int32.min, y2: Int32.min)
        var overlap = false, kept = 0
        // `_cairo_gstate_transform_glyphs_to_backend` leaves out glyphs far outside the surface.
        let low = (x: -font.reach, y: -font.reach)
        let high = (x: Double(target.width) + font.reach, y: Double(target.height) + font.reach)
        placed.removeAll(keepingCapacity: true)
        pixman_glyph_cache_freeze(cache)
        defer { pixman_glyph_cache_thaw(cache) }
        for glyph in glyphs {
            var x = glyph.x, y = glyph.y
            cairo_matrix_transform_point(&matrix, &x, &y)
            guard low.x <= x && x <= high.x && low.y <= y && y <= high.y else { continue }
            // Positions past Int32's reach are Cairo's to handle.
            guard abs(x) < 1e9, abs(y) < 1e9 else { return false }
            kept += 1
            let glyphKey = UnsafeMutableRawPointer(bitPattern: UInt(glyph.index) &+ 1)
            let id = UInt32(truncatingIfNeeded: glyph.index)
            var mask: GlyphMasks.Mask?
            let glyphBox: (x1: Int32, y1: Int32, x2: Int32, y2: Int32, isEmpty: Bool)
            if let known = font.boxes[id] {
                glyphBox = known
            } else {
                guard let made = font.shared.mask(id) else { return false }
                glyphBox = (made.box.x1, made.box.y1, made.box.x2, made.box.y2, made.isEmpty)
                font.boxes[id] = glyphBox
                mask = made
            }
            let position = (x: Int32(cairoRound(x)), y: Int32(cairoRound(y)))
            // `_range_contains_glyph` and `_range_add_glyph`, on the box of every glyph before.
            let x1 = position.x &<< 8 &+ glyphBox.x1, x2 = position.x &<< 8 &+ glyphBox.x2
            let y1 = position.y &<< 8 &+ glyphBox.y1, y2 = position.y &<< 8 &+ glyphBox.y2
            if x1 != x2 && y1 != y2 {
                if !overlap { overlap = x2 > box.x1 && x1 < box.x2 && y2 > box.y1 && y1 < box.y2 }
                box = (min(box.x1, x1), min(box.y1, y1), max(box.x2, x2), max(box.y2, y2))
            }
            if glyphBox.isEmpty { continue }
            var cached = pixman_glyph_cache_lookup(cache, fontKey, glyphKey)
            if cached == nil {
                // pixman may have let it go (it keeps a bounded number of glyphs).
                if mask == nil { mask = font.shared.mask(id) }
                guard let mask else { return false }
                cached = mask.bytes.withUnsafeBufferPointer { bytes -> UnsafeRawPointer? in
                    let bits = UnsafeMutableRawPointer(mutating: bytes.baseAddress!).assumingMemoryBound(to: UInt32.self)
                    guard let image = pixman_image_create_bits(PIXMAN_a8, mask.width, mask.height, bits, mask.stride) else { return nil }
                    defer { pixman_image_unref(image) }
                    // pixman copies the image; the origin is Cairo's device offset of the glyph surface.
                    return pixman_glyph_cache_insert(cache, fontKey, glyphKey, -mask.left, mask.top, image)
                }
                guard cached != nil else { return false }
            }
            placed.append(pixman_glyph_t(x: position.x, y: position.y, glyph: cached))
        }
        // `_cairo_box_round_to_rectangle` of the glyphs' boxes at their rounded positions, then
        // the surface's bounds: Cairo draws nothing when they do not meet.
        guard box.x1 < box.x2 else { return true }
        let left = max(box.x1 >> 8, 0), top = max(box.y1 >> 8, 0)
        let right = min((box.x2 &+ 255) >> 8, target.width), bottom = min((box.y2 &+ 255) >> 8, target.height)
        guard left < right, top < bottom, !placed.isEmpty else { return true }
        cairo_surface_flush(surface.pointer)
        let source = solid(Color(color))
        if overlap && kept > 1 {
            let format = pixman_glyph_get_mask_format(cache, Int32(placed.count), placed)
            pixman_composite_glyphs(PIXMAN_OP_OVER, source, target.image, format, left, top, left, top, left, top,
                                    right - left, bottom - top, cache, Int32(placed.count), placed)
        } else {
            pixman_composite_glyphs_no_mask(PIXMAN_OP_OVER, source, target.image, 0, 0, 0, 0, cache,
                                            Int32(placed.count), placed)
        }
        cairo_surface_mark_dirty(surface.pointer)
        stringsDrawn += 1
        return true
    }

    /// A pixman image of `surface`'s pixels (a worker draws each band through a new surface
    /// over the same buffer: the image is remade only when the pixels move).
    private func retarget(_ surface: CairoSurface) -> (image: OpaquePointer, width: Int32, height: Int32)? {
        let pointer = surface.pointer
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(pointer) else { return nil }
        var offsetX = 0.0, offsetY = 0.0, scaleX = 0.0, scaleY = 0.0
        cairo_surface_get_device_offset(pointer, &offsetX, &offsetY)
        cairo_surface_get_device_scale(pointer, &scaleX, &scaleY)
        guard offsetX == 0, offsetY == 0, scaleX == 1, scaleY == 1 else { return nil }
        let width = cairo_image_surface_get_width(pointer), height = cairo_image_surface_get_height(pointer)
        let stride = cairo_image_surface_get_stride(pointer)
        if let target, target.data == UnsafeMutableRawPointer(data), target.width == width, target.height == height,
           target.stride == stride {
            return (target.image, width, height)
        }
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height,
                                                   UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), stride) else {
            return nil
        }
        if let target { pixman_image_unref(target.image) }
        target = (image, UnsafeMutableRawPointer(data), width, height, stride)
        return (image, width, height)
    }

    /// The solid source Cairo's `_pixman_image_for_color` makes of `color`.
    private func solid(_ color: Color) -> OpaquePointer {
        if let source, source.color == color { return source.image }
        var pixmanColor = pixman_color_t(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        let image = pixman_image_create_solid_fill(&pixmanColor)!
        if let source { pixman_image_unref(source.image) }
        source = (color, image)
        return image
    }
}
