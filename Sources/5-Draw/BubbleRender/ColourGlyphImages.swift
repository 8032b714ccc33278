import BubbleOutput
import BubbleCodec
import BubbleCairo
import CCairo
import CFreeType
import Foundation

/// Colour glyphs (emoji) as Cairo's FreeType backend would draw them into pixels, made once per
/// glyph and size for one image and shared by the threads that draw it.
///
/// Cairo 1.16 loads a colour bitmap glyph three times the first time it draws it (each load a
/// PNG decode in FreeType), for every image it draws it into (docs/performance.md). This
/// makes the same image with one load, by the steps of Cairo's own code, so the pixels are the
/// same bytes: the nearest strike to the size (`_compute_transform`), the strike's BGRA bitmap
/// as a premultiplied ARGB surface with its bearing as device offset (`_get_bitmap_surface`,
/// `_render_glyph_bitmap`), scaled by the font's shape into a new surface with the "good" filter
/// (`_transform_glyph_bitmap`), and painted OVER at the glyph's device position rounded as
/// `composite_one_color_glyph` rounds it. Every matrix goes through Cairo's own matrix functions,
/// so the arithmetic is the same too.
final class ColourGlyphImages: @unchecked Sendable {
    /// A glyph's finished image and the device offset Cairo gives it.
    final class Image: @unchecked Sendable {
        /// Owned ARGB32 surface; read-only once made (each draw wraps its pixels anew).
        let surface: OpaquePointer
        let offsetX: Double
        let offsetY: Double

        init(surface: OpaquePointer, offsetX: Double, offsetY: Double) {
            self.surface = surface
            self.offsetX = offsetX
            self.offsetY = offsetY
        }

        deinit { cairo_surface_destroy(surface) }
    }

    struct Key: Hashable {
        var path: String
        var faceIndex: Int
        var glyph: UInt32
        /// The scaled font's matrix (font size × CTM, no translation), which fixes the shape.
        var xx: Double, yx: Double, xy: Double, yy: Double
    }

    private let lock = NSLock()
    private var images: [Key: Image?] = [:]
    private var faces: [String: FreeTypeFace] = [:]
    /// Pixel bytes held by `images`; past `byteLimit` the table starts again (draws in flight
    /// keep their images), so a long-lived renderer's memory stays bounded whatever it draws.
    private var cachedBytes = 0
    private let byteLimit: Int

    /// 64 MB: about 14,000 emoji at 17 pt @2x, or 800 of the largest single-emoji messages @3x.
    init(byteLimit: Int = 64 << 20) {
        self.byteLimit = byteLimit
    }

    /// How many glyph images (or known absences) are kept.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return images.count
    }

    /// The image of `glyph` of the colour font at `path`, for a scaled font whose matrix is
    /// `scale`; nil when the glyph has no colour bitmap (Cairo's own path then draws it).
    func image(path: String, faceIndex: Int, glyph: UInt32, scale: cairo_matrix_t) throws -> Image? {
        let key = Key(path: path, faceIndex: faceIndex, glyph: glyph, xx: scale.xx, yx: scale.yx, xy: scale.xy, yy: scale.yy)
        lock.lock()
        defer { lock.unlock() }
        if let image = images[key] { return image }
        let faceKey = "\(faceIndex):\(path)"
        let face: FreeTypeFace
        if let opened = faces[faceKey] {
            face = opened
        } else {
            face = try FreeTypeFace(path: path, faceIndex: faceIndex)
            faces[faceKey] = face
        }
        let image = try Self.make(glyph: glyph, face: face, scale: scale)
        let bytes = image.map { Int(cairo_image_surface_get_stride($0.surface) * cairo_image_surface_get_height($0.surface)) } ?? 0
        if cachedBytes + bytes > byteLimit {
            images.removeAll()
            cachedBytes = 0
        }
        images[key] = image
        cachedBytes += bytes
        return image
    }

    static func make(glyph: UInt32, face: FreeTypeFace, scale: cairo_matrix_t) throws -> Image? {
        let ftFace = face.face
        // Only fonts of fixed sizes (CBDT strikes): scalable colour fonts keep Cairo's path.
        guard ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, ftFace.pointee.num_fixed_sizes > 0 else { return nil }
        // `_compute_transform`: the strike nearest the size, the smallest at least as large first.
        // `_cairo_matrix_compute_basis_scale_factors` with x as the major axis.
        var xScale = hypot(scale.xx, scale.yx)
        var yScale = xScale == 0 ? 0 : abs(scale.xx * scale.yy - scale.yx * scale.xy) / xScale
        if xScale < 1 { xScale = 1 }
        if yScale < 1 { yScale = 1 }
        var minDistance = Double.greatestFiniteMagnitude, magnify = true
        var bestX = 0.0, bestY = 0.0
        for index in 0..<Int(ftFace.pointee.num_fixed_sizes) {
            let size = ftFace.pointee.available_sizes[index]
            let xSize = Double(size.x_ppem) / 64, ySize = Double(size.y_ppem) / 64
            let distance = ySize - yScale
            if (magnify && distance >= 0) || abs(distance) <= minDistance {
                magnify = distance < 0
                minDistance = abs(distance)
                bestX = xSize
                bestY = ySize
            }
        }
        var shape = scale
        cairo_matrix_scale(&shape, 1 / bestX, 1 / bestY)
        shape.x0 = 0
        shape.y0 = 0
        let hasShape = fixed16(shape.xx) != 0x10000 || fixed16(shape.yx) != 0 || fixed16(shape.xy) != 0 || fixed16(shape.yy) != 0x10000
        // A FreeType failure leaves the glyph to Cairo, which then meets it as before.
        guard FT_Set_Char_Size(ftFace, FT_F26Dot6(bestX * 64 + 0.5), FT_F26Dot6(bestY * 64 + 0.5), 0, 0) == 0 else { return nil }
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard slot.pointee.format == FT_GLYPH_FORMAT_BITMAP, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
        let width = Int32(bitmap.width), height = Int32(bitmap.rows)
        guard width > 0, height > 0, bitmap.pitch == width * 4 else { return nil }
        // `_get_bitmap_surface`: premultiplied BGRA is Cairo's ARGB32 on a little-endian machine.
        let strike = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(strike) }
        try CairoError.check(cairo_surface_status(strike), "make a \(width) × \(height) colour glyph surface")
        cairo_surface_flush(strike)
        let stride = Int(cairo_image_surface_get_stride(strike))
        let pixels = cairo_image_surface_get_data(strike)!
        for row in 0..<Int(height) {
            (pixels + row * stride).update(from: bitmap.buffer + row * Int(bitmap.pitch), count: Int(width) * 4)
        }
        cairo_surface_mark_dirty(strike)
        // The bearing is Cairo's device offset of the glyph surface. Cairo's internal paints
        // (below, and the glyph's composite) never apply a source's device offset; only
        // `cairo_set_source` on a context would, so the offset is kept beside the surface.
        let originX = -Double(slot.pointee.bitmap_left), originY = Double(slot.pointee.bitmap_top)
        guard hasShape else { return Image(surface: cairo_surface_reference(strike), offsetX: originX, offsetY: originY) }
        return try transformed(strike, width: width, height: height, originX: originX, originY: originY, shape: shape)
    }

    /// `_transform_glyph_bitmap`: the strike drawn through `shape` into a surface just large
    /// enough, with the new origin rounded as Cairo rounds it. The drawing is Cairo's "good"
    /// filter, painted by Cairo.
    private static func transformed(_ strike: OpaquePointer, width: Int32, height: Int32, originX: Double, originY: Double,
                                    shape: cairo_matrix_t) throws -> Image {
        var originX = originX, originY = originY
        var toTransformed = shape
        cairo_matrix_translate(&toTransformed, -originX, -originY)
        var xs = [0, Double(width), Double(width), 0], ys = [0, 0, Double(height), Double(height)]
        for index in 0..<4 { cairo_matrix_transform_point(&toTransformed, &xs[index], &ys[index]) }
        var xMin = Int(floor(xs[0])), yMin = Int(floor(ys[0]))
        var xMax = Int(ceil(xs[0])), yMax = Int(ceil(ys[0]))
        // Cairo's own comparisons, `else` included.
        for index in 1..<4 {
            if xs[index] < Double(xMin) { xMin = Int(floor(xs[index])) } else if xs[index] > Double(xMax) { xMax = Int(ceil(xs[index])) }
            if ys[index] < Double(yMin) { yMin = Int(floor(ys[index])) } else if ys[index] > Double(yMax) { yMax = Int(ceil(ys[index])) }
        }
        toTransformed.x0 -= Double(xMin)
        toTransformed.y0 -= Double(yMin)
        var toOriginal = toTransformed
        try CairoError.check(cairo_matrix_invert(&toOriginal), "invert a colour glyph's shape")
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(xMax - xMin), Int32(yMax - yMin))!
        let created = cairo_surface_status(image)
        guard created == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            throw CairoError("make a scaled colour glyph surface", status: created)
        }
        do {
            let cr = cairo_create(image)!
            defer { cairo_destroy(cr) }
            let pattern = cairo_pattern_create_for_surface(strike)!
            defer { cairo_pattern_destroy(pattern) }
            cairo_pattern_set_matrix(pattern, &toOriginal)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            let status = cairo_status(cr)
            guard status == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(image)
                throw CairoError("scale a colour glyph", status: status)
            }
        }
        cairo_surface_flush(image)
        cairo_matrix_transform_point(&toTransformed, &originX, &originY)
        let offsetX = Double(cairoRound(originX)), offsetY = Double(cairoRound(originY))
        return Image(surface: image, offsetX: offsetX, offsetY: offsetY)
    }

    /// `DOUBLE_TO_16_16`: how Cairo decides whether a shape is the identity.
    private static func fixed16(_ value: Double) -> Int { Int(value * 65536) }
}

/// `_cairo_lround`: the nearest integer, halves rounded up, exactly (`value + 0.5` would round
/// 0.5 − 2⁻⁵⁴ up in double arithmetic; Cairo's bit arithmetic does not).
func cairoRound(_ value: Double) -> Int {
    let floor = value.rounded(.down)
    return Int(floor) + (value - floor >= 0.5 ? 1 : 0)
}
