import CCairo
import CFreeType
import Foundation

/// Grey glyph masks and boxes made as Cairo 1.16's FreeType backend makes them, once per
/// image and size, for `GlyphCompositing` on every thread that draws the image's bands.
///
/// Each font file gets a FreeType face of its own, apart from the one Cairo draws with, and a
/// lock around it (a face is not thread-safe): only a glyph a thread has not yet composited
/// takes the lock.
final class GlyphMasks: @unchecked Sendable {
    /// One glyph: its 8-bit coverage rows `stride` bytes apart, placed with its top-left
    /// corner `left` pixels right of and `top` pixels above the glyph's origin, and Cairo's
    /// box of its metrics in device space (24.8 fixed point, from the origin), which decides
    /// whether glyphs overlap.
    struct Mask {
        let bytes: [UInt8]
        let width: Int32, height: Int32, stride: Int32
        let left: Int32, top: Int32
        let box: (x1: Int32, y1: Int32, x2: Int32, y2: Int32)

        var isEmpty: Bool { width == 0 || height == 0 }
    }

    /// A font's linear scale (font matrix × CTM), bit for bit.
    struct Scale: Hashable {
        let xx: UInt64, yx: UInt64, xy: UInt64, yy: UInt64
        init(_ matrix: cairo_matrix_t) {
            (xx, yx, xy, yy) = (matrix.xx.bitPattern, matrix.yx.bitPattern, matrix.xy.bitPattern, matrix.yy.bitPattern)
        }
    }

    /// One font file at one device scale.
    final class Font: @unchecked Sendable {
        private let face: Face
        private let size: CairoFreeTypeScale
        private let scale: cairo_matrix_t
        private var masks: [UInt32: Mask] = [:]
        private var maskBytes = 0

        fileprivate init(face: Face, size: CairoFreeTypeScale, scale: cairo_matrix_t) {
            (self.face, self.size, self.scale) = (face, size, scale)
        }

        /// Glyph `id`, made on first use; nil when it is not an outline (Cairo would draw a bitmap).
        func mask(_ id: UInt32) -> Mask? {
            face.lock.lock()
            defer { face.lock.unlock() }
            if let mask = masks[id] { return mask }
            guard let mask = face.rasterise(id, size: size, scale: scale) else { return nil }
            // Each thread's pixman cache keeps its own copy: past a bound, start again.
            if maskBytes > 8 << 20 { masks.removeAll(); maskBytes = 0 }
            masks[id] = mask
            maskBytes += mask.bytes.count + 64
            return mask
        }
    }

    /// A font file's own FreeType face, set to one size at a time.
    fileprivate final class Face {
        let lock = NSLock()
        private let freeType: FreeTypeFace
        private var current: CairoFreeTypeScale?

        init?(path: String, faceIndex: Int) {
            guard let freeType = try? FreeTypeFace(path: path, faceIndex: faceIndex) else { return nil }
            let face = freeType.face.pointee
            // Bitmap strikes and unscalable faces take other paths through Cairo.
            guard face.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.num_fixed_sizes == 0 else { return nil }
            self.freeType = freeType
        }

        /// `_cairo_ft_scaled_glyph_init` for a glyph's metrics and surface (grey antialiasing,
        /// no hinting, unhinted metrics): FreeType's rendering into rows padded to 4 bytes,
        /// and the metrics' box through `_cairo_scaled_glyph_set_metrics`.
        func rasterise(_ id: UInt32, size: CairoFreeTypeScale, scale: cairo_matrix_t) -> Mask? {
            let face = freeType.face
            if current != size {
                var shape = size.shape
                FT_Set_Transform(face, &shape, nil)
                guard FT_Set_Char_Size(face, size.width, size.height, 0, 0) == 0 else { return nil }
                current = size
            }
            let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH)
            guard FT_Load_Glyph(face, id, flags) == 0, let slot = face.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            let box = Self.metricsBox(slot.pointee.metrics, size: size, scale: scale)
            var outlineBox = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &outlineBox)
            if ((outlineBox.xMax + 63) & -64) == (outlineBox.xMin & -64) || ((outlineBox.yMax + 63) & -64) == (outlineBox.yMin & -64) {
                return Mask(bytes: [], width: 0, height: 0, stride: 0, left: 0, top: 0, box: box)
            }
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
            let bitmap = slot.pointee.bitmap
            let rows = Int(bitmap.rows), columns = Int(bitmap.width), pitch = Int(bitmap.pitch)
            let stride = (columns + 3) & ~3
            var bytes = [UInt8](repeating: 0, count: stride * rows)
            if let buffer = bitmap.buffer, rows > 0, columns > 0 {
                bytes.withUnsafeMutableBufferPointer { out in
                    for row in 0..<rows {
                        let source = pitch >= 0 ? buffer + row * pitch : buffer + (rows - 1 - row) * -pitch
                        (out.baseAddress! + row * stride).update(from: source, count: columns)
                    }
                }
            }
            return Mask(bytes: bytes, width: Int32(columns), height: Int32(rows), stride: Int32(stride),
                        left: slot.pointee.bitmap_left, top: slot.pointee.bitmap_top, box: box)
        }

        /// The glyph's box in device space: its font-space extents corner by corner through the
        /// scale, in Cairo's 24.8 fixed point.
        private static func metricsBox(_ metrics: FT_Glyph_Metrics, size: CairoFreeTypeScale, scale: cairo_matrix_t)
            -> (x1: Int32, y1: Int32, x2: Int32, y2: Int32) {
            let xFactor = 1 / size.xScale, yFactor = 1 / size.yScale
            let width = Double(metrics.width) / 64.0 * xFactor, height = Double(metrics.height) / 64.0 * yFactor
            let xBearing = Double(metrics.horiBearingX) / 64.0 * xFactor
            let yBearing = Double(-metrics.horiBearingY) / 64.0 * yFactor
            var matrix = scale
            var low = (x: 0.0, y: 0.0), high = (x: 0.0, y: 0.0)
            for (index, corner) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].enumerated() {
                var x = xBearing + width * corner.0, y = yBearing + height * corner.1
                cairo_matrix_transform_distance(&matrix, &x, &y)
                if index == 0 { low = (x, y); high = (x, y); continue }
                low = (min(low.x, x), min(low.y, y))
                high = (max(high.x, x), max(high.y, y))
            }
            return (GoodFilterResampling.fixed24(low.x), GoodFilterResampling.fixed24(low.y),
                    GoodFilterResampling.fixed24(high.x), GoodFilterResampling.fixed24(high.y))
        }
    }

    private struct FaceKey: Hashable { let path: String; let faceIndex: Int }
    private struct FontKey: Hashable { let face: FaceKey; let scale: Scale }

    private let lock = NSLock()
    private var faces: [FaceKey: Face?] = [:]
    private var fonts: [FontKey: Font?] = [:]

    /// Number of font files opened so far.
    var faceCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return faces.count
    }

    /// The font at `scale` (font matrix × CTM, no translation), or nil when Cairo would draw
    /// it another way (bitmap strikes, a face that is not scalable, a degenerate scale).
    func font(path: String, faceIndex: Int, scale: cairo_matrix_t) -> Font? {
        let faceKey = FaceKey(path: path, faceIndex: faceIndex), key = FontKey(face: faceKey, scale: Scale(scale))
        lock.lock()
        defer { lock.unlock() }
        if let font = fonts[key] { return font }
        if faces[faceKey] == nil { faces[faceKey] = .some(Face(path: path, faceIndex: faceIndex)) }
        let font = faces[faceKey]!.flatMap { face in CairoFreeTypeScale(scale).map { Font(face: face, size: $0, scale: scale) } }
        fonts[key] = font
        return font
    }
}

/// The character size and shape matrix Cairo 1.16 gives FreeType for a scaled font
/// (`_compute_transform`, `_cairo_ft_unscaled_font_set_scale`), with the same double
/// arithmetic, so outlines are rasterised at exactly Cairo's size.
struct CairoFreeTypeScale: Equatable {
    let xScale: Double, yScale: Double
    let width: FT_F26Dot6, height: FT_F26Dot6
    let shape: FT_Matrix

    init?(_ scale: cairo_matrix_t) {
        var matrix = scale
        let determinant = matrix.xx * matrix.yy - matrix.yx * matrix.xy
        guard determinant.isFinite, determinant != 0 else { return nil }
        var x = 1.0, y = 0.0
        cairo_matrix_transform_distance(&matrix, &x, &y)
        let major = hypot(x, y)
        let minor = major != 0 ? abs(determinant) / major : 0
        xScale = max(major, 1)
        yScale = max(minor, 1)
        var normalized = scale
        cairo_matrix_scale(&normalized, 1 / xScale, 1 / yScale)
        func fixed(_ value: Double) -> FT_Fixed { FT_Fixed(value * 65536.0) }
        shape = FT_Matrix(xx: fixed(normalized.xx), xy: -fixed(normalized.xy), yx: -fixed(normalized.yx), yy: fixed(normalized.yy))
        width = FT_F26Dot6(xScale * 64.0 + 0.5)
        height = FT_F26Dot6(yScale * 64.0 + 0.5)
    }

    static func == (a: Self, b: Self) -> Bool {
        a.width == b.width && a.height == b.height && a.shape.xx == b.shape.xx && a.shape.xy == b.shape.xy
            && a.shape.yx == b.shape.yx && a.shape.yy == b.shape.yy
    }
}
