import CCairo
import CPixman
import Foundation

extension GoodFilterResampling {
    /// The pixman transform and whole-pixel source offset Cairo 1.16 makes of a pattern matrix
    /// (`_cairo_matrix_to_pixman_matrix_offset`, fixing the destination's centre), step by
    /// step: the offset that keeps the transform's translation small, the 16.16 conversion, and
    /// up to five corrections that make pixman's rounded transform agree with Cairo's matrix at
    /// the centre. Cairo's own matrix functions do the floating-point steps.
    struct Placement {
        let transform: pixman_transform
        let offsetX: Int32
        let offsetY: Int32

        /// Nil where Cairo fails (a matrix beyond 16.16). A translation never comes here:
        /// Cairo narrows its filter (`cairoNarrowsTheFilter`), so it is copied, not filtered.
        init?(_ matrix: cairo_matrix_t, centreX: Double, centreY: Double) {
            var m = matrix
            cairo_matrix_translate(&m, 0, 0)
            var offsetX = 0.0, offsetY = 0.0
            if m.x0 != 0.0 || m.y0 != 0.0 {
                // Of the translations that fix a point of each axis, the smallest.
                var tx = m.x0, ty = m.y0
                var norm = Self.most(abs(tx), abs(ty))
                for i in [-1.0, 1.0] {
                    for j in [-1.0, 1.0] {
                        var den = (m.xx + i) * (m.yy + j) - m.xy * m.yx
                        if abs(den) < Double.ulpOfOne { continue }
                        var x = m.y0 * m.xy - m.x0 * (m.yy + j)
                        var y = m.x0 * m.yx - m.y0 * (m.xx + i)
                        den = 1 / den
                        x *= den
                        y *= den
                        let newNorm = Self.most(abs(x), abs(y))
                        if norm > newNorm {
                            norm = newNorm
                            tx = x
                            ty = y
                        }
                    }
                }
                tx = floor(tx)
                ty = floor(ty)
                offsetX = -tx
                offsetY = -ty
                cairo_matrix_translate(&m, tx, ty)
            }
            // Cairo keeps these in C ints; far beyond any image pixman can hold.
            guard abs(offsetX) < 16_777_216.0, abs(offsetY) < 16_777_216.0 else { return nil }
            self.offsetX = Int32(offsetX)
            self.offsetY = Int32(offsetY)

            // `_cairo_matrix_to_pixman_matrix`
            var transform = pixman_transform()
            transform.matrix.0 = (Self.fixed16(m.xx), Self.fixed16(m.xy), Self.fixed16(m.x0))
            transform.matrix.1 = (Self.fixed16(m.yx), Self.fixed16(m.yy), Self.fixed16(m.y0))
            transform.matrix.2 = (0, 0, 1 << 16)
            if !Self.hasUnityScale(m) {
                let pixmanMaximum = 32_767.0 // `PIXMAN_MAX_INT`
                guard ![m.xx, m.xy, m.x0, m.yx, m.yy, m.y0].contains(where: { abs($0) > pixmanMaximum }) else { return nil }
                var inverse = m
                if cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS {
                    for _ in 0..<5 {
                        var vector = pixman_vector(vector: (Self.fixed16(centreX), Self.fixed16(centreY), 1 << 16))
                        guard pixman_transform_point_3d(&transform, &vector) != 0 else { break }
                        var x = Double(vector.vector.0) / 65_536.0, y = Double(vector.vector.1) / 65_536.0
                        cairo_matrix_transform_point(&inverse, &x, &y)
                        x -= centreX
                        y -= centreY
                        cairo_matrix_transform_distance(&m, &x, &y)
                        let dx = Self.fixed16(x), dy = Self.fixed16(y)
                        transform.matrix.0.2 &-= dx
                        transform.matrix.1.2 &-= dy
                        if dx == 0 && dy == 0 { break }
                    }
                }
            }
            self.transform = transform
        }

        /// The 16.16 source position of the centre of the first pixel of destination row `row`
        /// (what pixman's fetcher starts each row from); nil where pixman cannot place it.
        func start(row: Int) -> (x: Int32, y: Int32)? {
            var transform = self.transform
            let x = Int32(truncatingIfNeeded: UInt32(bitPattern: offsetX) &<< 16) &+ 0x8000
            let y = Int32(truncatingIfNeeded: UInt32(bitPattern: Int32(truncatingIfNeeded: row) &+ offsetY) &<< 16) &+ 0x8000
            var vector = pixman_vector(vector: (x, y, 1 << 16))
            guard pixman_transform_point_3d(&transform, &vector) != 0 else { return nil }
            return (vector.vector.0, vector.vector.1)
        }

        /// `_cairo_fixed_16_16_from_double`: the low 32 bits of the value plus 1.5 × 2^36, the
        /// value in 16.16 rounded to nearest, ties to even.
        static func fixed16(_ value: Double) -> Int32 {
            Int32(truncatingIfNeeded: (value + 103_079_215_104.0).bitPattern)
        }

        /// `_cairo_matrix_has_unity_scale`: a determinant of ±1 within 1/256 and no shear.
        static func hasUnityScale(_ m: cairo_matrix_t) -> Bool {
            let epsilon = 1.0 / 256
            let determinant = m.xx * m.yy - m.yx * m.xy
            guard abs(determinant * determinant - 1.0) < epsilon else { return false }
            return (abs(m.xy) < epsilon && abs(m.yx) < epsilon) || (abs(m.xx) < epsilon && abs(m.yy) < epsilon)
        }

        /// C's `MAX`.
        static func most(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
    }
}
