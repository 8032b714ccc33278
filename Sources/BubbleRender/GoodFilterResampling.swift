import CCairo
import CPixman
import Foundation

/// Cairo's "good" filter computed as Cairo 1.16 and pixman compute it, for the one paint
/// `ColourGlyphImages` makes: an ARGB32 image painted with `CAIRO_OPERATOR_SOURCE` through a
/// scaling pattern matrix over the whole of a fresh ARGB32 surface, each pixel of which is then
/// exactly what pixman's separable convolution fetches.
///
/// Pixman runs that convolution through a generic loop, bounds-checking and unpacking every tap
/// of every pixel: about 1,100 instructions a pixel for an emoji strike scaled down four times,
/// 5.5% of a 200-message render's instructions for its 68 emoji. The same integer arithmetic
/// runs here with a tap's four channels in one vector and the bounds checks hoisted out of the
/// image's inside. Every value comes from the same steps as in Cairo (`_pixman_image_set_properties`,
/// `create_separable_convolution` with the box kernel, `_cairo_matrix_to_pixman_matrix_offset`)
/// and pixman (`bits_image_fetch_separable_convolution_affine`), and pixman's own
/// `pixman_transform_point_3d` places each row; a test compares the bytes with Cairo's paint for
/// hundreds of glyphs at every size a theme draws.
enum GoodFilterResampling {
    /// Paints `source` into `target` (both ARGB32 image surfaces, `target` fresh) as
    /// `cairo_paint` would with `CAIRO_OPERATOR_SOURCE`, a surface pattern of `source` whose
    /// matrix is `matrix` and Cairo's default filter. Returns false, having written nothing,
    /// where Cairo would take another path: a matrix under which Cairo narrows the filter to
    /// nearest or bilinear (a translation, a scale by more than 0.75 or by a half), or one
    /// pixman's 16.16 numbers cannot hold.
    static func paint(_ source: OpaquePointer, matrix: cairo_matrix_t, into target: OpaquePointer) -> Bool {
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        guard cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              width > 0, height > 0, !cairoNarrowsTheFilter(matrix),
              let placement = Placement(matrix, centreX: Double(width) / 2, centreY: Double(height) / 2),
              let sourceData = cairo_image_surface_get_data(source),
              let targetData = cairo_image_surface_get_data(target) else { return false }
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        let image = SourceImage(pixels: UnsafeRawPointer(sourceData), width: Int(cairo_image_surface_get_width(source)),
                                height: Int(cairo_image_surface_get_height(source)),
                                stride: Int(cairo_image_surface_get_stride(source)))
        // `_pixman_image_set_properties`, CAIRO_FILTER_GOOD: the scale factors from the
        // pattern's own matrix, clipped as Cairo clips them, each a box kernel.
        var scaleX = hypot(matrix.xx, matrix.xy), scaleY = hypot(matrix.yx, matrix.yy)
        if !(scaleX < 0x7FFF) { scaleX = 0x7FFF }
        if !(scaleY < 0x7FFF) { scaleY = 0x7FFF }
        scaleX = min(scaleX, 16) < 1.0 / 0.75 ? 1.0 : min(scaleX, 16)
        scaleY = min(scaleY, 16) < 1.0 / 0.75 ? 1.0 : min(scaleY, 16)
        let columns = BoxKernel(scale: scaleX), rows = BoxKernel(scale: scaleY)
        // Pixman leaves a row it cannot place unfetched; say so before writing any.
        var starts: [(x: Int32, y: Int32)] = []
        starts.reserveCapacity(height)
        for row in 0..<height {
            guard let start = placement.start(row: row) else { return false }
            starts.append(start)
        }
        let targetStride = Int(cairo_image_surface_get_stride(target))
        let stepX = placement.transform.matrix.0.0, stepY = placement.transform.matrix.1.0
        columns.weights.withUnsafeBufferPointer { columnWeights in
            rows.weights.withUnsafeBufferPointer { rowWeights in
                let taps = Taps(columns: columns, columnWeights: columnWeights.baseAddress!, rows: rows,
                                rowWeights: rowWeights.baseAddress!)
                for row in 0..<height {
                    let out = UnsafeMutableRawPointer(targetData + row * targetStride).assumingMemoryBound(to: UInt32.self)
                    var (x, y) = starts[row]
                    for column in 0..<width {
                        out[column] = convolve(image, x: x, y: y, taps: taps)
                        x &+= stepX
                        y &+= stepY
                    }
                }
            }
        }
        cairo_surface_mark_dirty(target)
        return true
    }

    /// `_cairo_pattern_analyze_filter`, which Cairo applies before compositing: "good" becomes
    /// nearest for a pixel-exact matrix and bilinear where each axis scales by more than 0.75,
    /// or by exactly a half along the axis from a whole-pixel offset.
    static func cairoNarrowsTheFilter(_ m: cairo_matrix_t) -> Bool {
        if Placement.hasUnityScale(m) && fixed24(m.x0) & 0xFF == 0 && fixed24(m.y0) & 0xFF == 0 { return true }
        func bilinear(_ x: Double, _ y: Double, _ t: Double) -> Bool {
            let h = x * x + y * y
            if h < 1.0 / (0.75 * 0.75) { return true }
            return h > 3.99 && h < 4.01 && fixed24(x * y) == 0 && fixed24(t) & 0xFF == 0
        }
        return bilinear(m.xx, m.xy, m.x0) && bilinear(m.yx, m.yy, m.y0)
    }

    /// `_cairo_fixed_from_double`: Cairo's 24.8 fixed point by the same magic-number rounding.
    static func fixed24(_ value: Double) -> Int32 {
        Int32(truncatingIfNeeded: (value + 26_388_279_066_624.0).bitPattern)
    }

    struct SourceImage {
        let pixels: UnsafeRawPointer
        let width: Int
        let height: Int
        let stride: Int

        @inline(__always)
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            pixels.load(fromByteOffset: y &* stride &+ x &* 4, as: UInt32.self)
        }
    }

    /// Both axes' kernels with their weights' addresses, for the pixel loop.
    struct Taps {
        let columns: BoxKernel
        let columnWeights: UnsafePointer<Int32>
        let rows: BoxKernel
        let rowWeights: UnsafePointer<Int32>
    }

    /// One pixel of `bits_image_fetch_separable_convolution_affine` (pixman 0.42) at the 16.16
    /// source position (x, y), pixels outside the image being transparent (EXTEND_NONE).
    @inline(__always)
    static func convolve(_ image: SourceImage, x: Int32, y: Int32, taps: Taps) -> UInt32 {
        let columns = taps.columns, rows = taps.rows
        // The position moved to the middle of its phase, then the filter's first pixel.
        let x = ((x &>> columns.phaseShift) &<< columns.phaseShift) &+ ((1 &<< columns.phaseShift) &>> 1)
        let y = ((y &>> rows.phaseShift) &<< rows.phaseShift) &+ ((1 &<< rows.phaseShift) &>> 1)
        let columnPhase = Int((x & 0xFFFF) &>> columns.phaseShift), rowPhase = Int((y & 0xFFFF) &>> rows.phaseShift)
        let left = Int((x &- 1 &- columns.offset) &>> 16), top = Int((y &- 1 &- rows.offset) &>> 16)
        let columnWeights = taps.columnWeights + columnPhase * columns.width
        let rowWeights = taps.rowWeights + rowPhase * rows.width
        var total = SIMD4<Int32>(repeating: 0)
        if left >= 0 && top >= 0 && left &+ columns.width <= image.width && top &+ rows.width <= image.height {
            // Inside the image (nearly every pixel): rows by address, no bounds to check.
            // Only the taps between each kernel's first and last non-zero weight: a zero weight
            // adds nothing, (0 × w + 0x8000) >> 16 being 0.
            let columnTaps = columns.nonZero[columnPhase], rowTaps = rows.nonZero[rowPhase]
            var rowStart = image.pixels + ((top &+ rowTaps.lowerBound) &* image.stride &+ (left &+ columnTaps.lowerBound) &* 4)
            for i in rowTaps {
                let rowWeight = Int64(rowWeights[i])
                let pixels = rowStart.assumingMemoryBound(to: UInt32.self) - columnTaps.lowerBound
                for j in columnTaps {
                    accumulate(pixels[j], columnWeights[j], rowWeight, into: &total)
                }
                rowStart += image.stride
            }
        } else {
            for i in 0..<rows.width {
                let rowWeight = Int64(rowWeights[i]), sourceY = top &+ i
                if rowWeight == 0 || sourceY < 0 || sourceY >= image.height { continue } // transparent rows add nothing
                for j in 0..<columns.width {
                    let sourceX = left &+ j
                    if sourceX < 0 || sourceX >= image.width { continue }
                    accumulate(image.pixel(sourceX, sourceY), columnWeights[j], rowWeight, into: &total)
                }
            }
        }
        let rounded = ((total &+ 0x8000) &>> 16).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: rounded), to: UInt32.self)
    }

    /// One tap: the weight `(columnWeight × rowWeight + 0x8000) >> 16` times each channel (B, G,
    /// R, A in memory order), as pixman sums each channel alone.
    @inline(__always)
    static func accumulate(_ pixel: UInt32, _ columnWeight: Int32, _ rowWeight: Int64, into total: inout SIMD4<Int32>) {
        let weight = Int32(truncatingIfNeeded: (Int64(columnWeight) &* rowWeight &+ 0x8000) &>> 16)
        total &+= SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self)) &* weight
    }

    /// Cairo's `create_separable_convolution` for one axis of the box kernel: `width` taps for
    /// each of 2^`phaseBits` phases, in 16.16.
    struct BoxKernel {
        let width: Int
        let phaseBits: Int
        /// Phase by phase.
        let weights: [Int32]
        /// Per phase, the taps from its first to its last non-zero weight.
        let nonZero: [Range<Int>]

        var phaseShift: Int32 { Int32(16 - phaseBits) }
        /// `((width << 16) - pixman_fixed_1) >> 1`
        var offset: Int32 { Int32(((width << 16) - 65_536) >> 1) }

        init(scale: Double) {
            // `box_width`, then as many phase bits as keep scale × phases ≤ 128.
            width = scale < 1.0 ? 2 : Int(ceil(scale + 1))
            var bits = 0
            if width > 1 { while scale * Double(1 << bits) <= 128.0 { bits += 1 } }
            phaseBits = bits
            let phases = 1 << bits
            var weights = [Int32](repeating: 0, count: phases * width)
            // `get_filter`: each phase's kernel sampled at its pixel centres, in 16.16,
            // normalised, the rounding error put on the middle tap.
            let step = 1.0 / Double(phases)
            for phase in 0..<phases {
                let base = phase * width
                guard width > 1 else { weights[base] = 65_536; continue }
                let fraction = (Double(phase) + 0.5) * step
                let first = ceil(fraction - Double(width) / 2.0 - 0.5) - fraction + 0.5
                var total = 0.0
                for j in 0..<width {
                    let value = Self.box(first + Double(j), scale)
                    total += value
                    weights[base + j] = Int32(value * 65_536.0)
                }
                total = 1 / total
                var newTotal: Int32 = 0
                for j in 0..<width {
                    weights[base + j] = Int32(Double(weights[base + j]) * total)
                    newTotal &+= weights[base + j]
                }
                weights[base + width / 2] &+= 65_536 &- newTotal
            }
            self.weights = weights
            let tapCount = width
            nonZero = (0..<phases).map { phase in
                let taps = weights[phase * tapCount..<(phase + 1) * tapCount]
                guard let first = taps.firstIndex(where: { $0 != 0 }), let last = taps.lastIndex(where: { $0 != 0 }) else { return 0..<0 }
                return first - phase * tapCount..<last + 1 - phase * tapCount
            }
        }

        /// `box_kernel`: a box of width `r` over square pixels, with C's MIN and MAX.
        static func box(_ x: Double, _ r: Double) -> Double {
            func least(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
            func most(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
            return most(0.0, least(least(r, 1.0), least((r + 1) / 2 - x, (r + 1) / 2 + x)))
        }
    }
}
