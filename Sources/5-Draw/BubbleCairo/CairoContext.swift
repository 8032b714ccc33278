import BubbleTheme
import CCairo
import Foundation

/// One `cairo_t` drawing into a `CairoSurface`. It holds its surface (and every pattern holds
/// its own surface), so no C object is freed while Cairo can still reach it.
///
/// Units are user-space points; `scale(_:)` once at the start maps them to pixels.
/// Cairo errors are sticky on a context: `check(_:)` turns them into a `CairoError`.
public final class CairoContext {
    package let pointer: OpaquePointer
    package let surface: CairoSurface

    package init(surface: CairoSurface) throws {
        guard let pointer = cairo_create(surface.pointer) else {
            throw CairoError("create a drawing context", status: CAIRO_STATUS_NO_MEMORY)
        }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            throw CairoError("create a drawing context", status: status)
        }
        self.pointer = pointer
        self.surface = surface
        // Fixed rasterisation options: defaults may differ between setups and move pixels.
        cairo_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
        cairo_set_tolerance(pointer, 0.1)
    }

    deinit { cairo_destroy(pointer) }

    /// Throws the context's sticky error, naming what was being drawn.
    public func check(_ operation: @autoclosure () -> String) throws {
        try CairoError.check(cairo_status(pointer), operation())
    }

    /// Whether the context draws into pixels (PNG) rather than into a PDF or SVG document.
    package var isRaster: Bool { surface.kind == .image }

    /// Whether what the context draws into keeps text with its glyphs (a PDF, or a group on
    /// one), so drawing text with its cluster map (`cairo_show_text_glyphs`) is worth building
    /// the map. Image surfaces ignore the text.
    package var keepsText: Bool {
        guard let target = cairo_get_group_target(pointer) else { return false }
        return cairo_surface_has_show_text_glyphs(target) != 0
    }

    /// The clip's bounding box in user space (the whole surface when nothing is clipped).
    package var clipExtents: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(pointer, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    // MARK: State

    /// Runs `body` between `cairo_save` and `cairo_restore`, so clips and transforms never leak.
    public func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        return try body()
    }

    public func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    public func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
    public func scale(_ factor: Double) { cairo_scale(pointer, factor, factor) }
    public func rotate(by radians: Double) { cairo_rotate(pointer, radians) }

    /// The user-to-device transform as (xx, yx, xy, yy, x0, y0).
    package var matrix: cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        return matrix
    }

    package func setMatrix(_ matrix: cairo_matrix_t) {
        var matrix = matrix
        cairo_set_matrix(pointer, &matrix)
    }

    package func userToDevice(_ point: CGPoint) -> CGPoint {
        var x = Double(point.x), y = Double(point.y)
        cairo_user_to_device(pointer, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// How many device pixels one point covers horizontally (the output scale for raster output).
    package var deviceScale: Double {
        let m = matrix
        return (m.xx * m.xx + m.yx * m.yx).squareRoot()
    }

    public func setColor(_ color: RGBAColor) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    package func setSource(_ pattern: CairoPattern) { cairo_set_source(pointer, pattern.pointer) }

    public func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }

    public func setRoundCaps() {
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
    }

    // MARK: Paths

    public func newPath() { cairo_new_path(pointer) }
    public func move(to point: CGPoint) { cairo_move_to(pointer, point.x, point.y) }
    public func line(to point: CGPoint) { cairo_line_to(pointer, point.x, point.y) }
    public func curve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        cairo_curve_to(pointer, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }
    public func closePath() { cairo_close_path(pointer) }

    /// A clockwise arc (y down) from `start` to `end` radians.
    public func arc(center: CGPoint, radius: Double, start: Double, end: Double) {
        cairo_arc(pointer, center.x, center.y, radius, start, end)
    }

    public func arcCounterClockwise(center: CGPoint, radius: Double, start: Double, end: Double) {
        cairo_arc_negative(pointer, center.x, center.y, radius, start, end)
    }

    public func addRectangle(_ rect: CGRect) {
        cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height)
    }

    /// A rectangle with quarter-circle corners; the radius is limited to half the shorter side.
    public func addRoundedRectangle(_ rect: CGRect, radius: Double) {
        let r = max(0, min(radius, Double(min(rect.width, rect.height)) / 2))
        guard r > 0 else { return addRectangle(rect) }
        let (minX, minY, maxX, maxY) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, maxX - r, minY + r, r, -.pi / 2, 0)
        cairo_arc(pointer, maxX - r, maxY - r, r, 0, .pi / 2)
        cairo_arc(pointer, minX + r, maxY - r, r, .pi / 2, .pi)
        cairo_arc(pointer, minX + r, minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(pointer)
    }

    public func addCircle(center: CGPoint, radius: Double) {
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, center.x, center.y, radius, 0, 2 * .pi)
        cairo_close_path(pointer)
    }

    public func fill() { cairo_fill(pointer) }
    public func fillPreserve() { cairo_fill_preserve(pointer) }
    public func stroke() { cairo_stroke(pointer) }
    public func clip() { cairo_clip(pointer) }
    public func paint() { cairo_paint(pointer) }

    /// Fills the whole drawing area with a colour (the conversation background).
    public func fillAll(with color: RGBAColor) {
        withSavedState {
            setColor(color)
            cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
            paint()
        }
        // Cairo takes an alpha under 256/65535 for clear, and painting clear makes the surface
        // clear again; a little margin keeps the flag on the safe side.
        surface.isKnownPainted = color.alpha >= 0.01
    }

    // MARK: Groups and masks

    /// Draws `body` into a temporary group and returns it as a pattern (used as a mask).
    package func group(_ body: () throws -> Void) rethrows -> CairoPattern {
        cairo_push_group(pointer)
        do {
            try body()
        } catch {
            cairo_pattern_destroy(cairo_pop_group(pointer))
            throw error
        }
        return CairoPattern(adopting: cairo_pop_group(pointer), keeping: nil)
    }

    /// Paints the current source through the alpha of `mask`.
    package func mask(with pattern: CairoPattern) { cairo_mask(pointer, pattern.pointer) }
}

/// One `cairo_pattern_t`; holds the surface it reads so the pixels outlive every use.
package final class CairoPattern {
    package let pointer: OpaquePointer
    private let source: CairoSurface?

    package init(adopting pointer: OpaquePointer?, keeping source: CairoSurface?) {
        // cairo_pattern_create_for_surface and cairo_pop_group never return NULL: on failure
        // they return an error pattern, which draws nothing and leaves the context in error.
        self.pointer = pointer!
        self.source = source
    }

    /// A pattern that reads `surface`, with `matrix` mapping pattern space to user space's inverse
    /// (Cairo's convention: the matrix maps user space to pattern space).
    package convenience init(surface: CairoSurface) {
        self.init(adopting: cairo_pattern_create_for_surface(surface.pointer), keeping: surface)
    }

    deinit { CairoKnownLeaks.expectingLeaks { cairo_pattern_destroy(pointer) } }

    package enum Extend { case none, pad, repeating }
    package enum Filter { case nearest, bilinear, good }

    package func setExtend(_ extend: Extend) {
        switch extend {
        case .none: cairo_pattern_set_extend(pointer, CAIRO_EXTEND_NONE)
        case .pad: cairo_pattern_set_extend(pointer, CAIRO_EXTEND_PAD)
        case .repeating: cairo_pattern_set_extend(pointer, CAIRO_EXTEND_REPEAT)
        }
    }

    package func setFilter(_ filter: Filter) {
        switch filter {
        case .nearest: cairo_pattern_set_filter(pointer, CAIRO_FILTER_NEAREST)
        case .bilinear: cairo_pattern_set_filter(pointer, CAIRO_FILTER_BILINEAR)
        case .good: cairo_pattern_set_filter(pointer, CAIRO_FILTER_GOOD)
        }
    }

    /// Sets the pattern so that pattern pixel (px, py) lands on user point
    /// (x + px / scaleX, y + py / scaleY); a negative scaleX mirrors.
    package func place(x: Double, y: Double, pixelsPerUnitX scaleX: Double, pixelsPerUnitY scaleY: Double) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, scaleX, 0, 0, scaleY, -x * scaleX, -y * scaleY)
        cairo_pattern_set_matrix(pointer, &matrix)
    }
}

extension CairoContext {
    /// Paints the source over the whole clip, replacing what was there (no blending).
    package func paintReplacing() {
        withSavedState {
            cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
            paint()
        }
    }
}
