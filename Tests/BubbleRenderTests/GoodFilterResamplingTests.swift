import BubbleText
import CCairo
import CFreeType
import Foundation
import Testing
@testable import BubbleRender

/// `GoodFilterResampling` scales colour glyph strikes into the very bytes Cairo's own paint
/// gives (the same offsets, sizes and pixels), for glyphs across the whole emoji font at the
/// sizes themes draw, sizes above the strike's, and shapes stretched more on one axis.
@Suite struct GoodFilterResamplingTests {
    /// Glyphs spread over the colour font (every `step`-th with a colour bitmap).
    static func glyphs(of face: FreeTypeFace, step: Int) -> [UInt32] {
        Array(stride(from: 1, to: Int(face.face.pointee.num_glyphs), by: step).map(UInt32.init))
    }

    static func image(_ glyph: UInt32, _ face: FreeTypeFace, _ scale: cairo_matrix_t, throughCairo: Bool) throws
        -> (width: Int32, height: Int32, offset: [Double], bytes: [UInt8], resampled: Bool)? {
        guard let image = try ColourGlyphImages.make(glyph: glyph, face: face, scale: scale, throughCairo: throughCairo) else {
            return nil
        }
        let surface = image.surface
        let height = cairo_image_surface_get_height(surface), stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * Int(height)))
        return (cairo_image_surface_get_width(surface), height, [image.offsetX, image.offsetY], bytes, image.resampled)
    }

    @Test func scaledStrikesAreCairosBytes() throws {
        let run = try ColourGlyphImagesTests.emojiRun(size: 17)
        let face = try FreeTypeFace(path: run.font.path, faceIndex: run.font.faceIndex)
        // Font size × device scale in pixels: bubble text at @1x/@2x/@3x, names, jumbomoji,
        // half the 109-pixel strike and sizes near or past it (where Cairo narrows the filter
        // to bilinear and the resampling leaves the paint to Cairo).
        let sizes: [(x: Double, y: Double)] = [(9, 9), (11, 11), (16, 16), (17, 17), (22, 22), (32, 32), (34, 34),
                                               (48, 48), (51, 51), (54.5, 54.5), (68, 68), (96, 96), (130, 130),
                                               (144, 144), (240, 240),
                                               (34, 20), (20, 51), (96, 34)]
        var compared = 0, painted = 0, resampled = 0
        for glyph in Self.glyphs(of: face, step: 149) {
            for size in sizes {
                var scale = cairo_matrix_t()
                cairo_matrix_init_scale(&scale, size.x, size.y)
                let ours = try Self.image(glyph, face, scale, throughCairo: false)
                let cairos = try Self.image(glyph, face, scale, throughCairo: true)
                #expect((ours == nil) == (cairos == nil), "glyph \(glyph) at \(size)")
                guard let ours, let cairos else { continue }
                compared += 1
                if ours.bytes.contains(where: { $0 != 0 }) { painted += 1 }
                if ours.resampled { resampled += 1 }
                #expect(!cairos.resampled)
                #expect(ours.width == cairos.width && ours.height == cairos.height && ours.offset == cairos.offset,
                        "glyph \(glyph) at \(size)")
                let differing = zip(ours.bytes, cairos.bytes).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
                #expect(ours.bytes.count == cairos.bytes.count && differing == 0, "glyph \(glyph) at \(size): \(differing) bytes differ")
            }
        }
        // The font's glyphs with colour bitmaps, at every size: the comparison is not vacuous.
        #expect(compared >= 300)
        #expect(painted == compared)
        // Resampled: the ten sizes under 82 pixels but half the strike's (Cairo narrows the
        // filter to bilinear from 82 up, and at exactly a half), and the three stretched shapes
        // (one axis under 82 is not enough to narrow): 13 of the 18.
        #expect(resampled >= compared * 12 / 18)
    }

    /// Cairo's box kernel: each phase's weights sum to one (65,536 in 16.16), a narrow kernel
    /// when scaling up, five taps at a quarter of the size.
    @Test func boxKernelsAreCairos() {
        let quarter = GoodFilterResampling.BoxKernel(scale: 4)
        #expect(quarter.width == 5 && quarter.phaseBits == 6)
        let up = GoodFilterResampling.BoxKernel(scale: 1)
        #expect(up.width == 2 && up.phaseBits == 8)
        for kernel in [quarter, up, GoodFilterResampling.BoxKernel(scale: 3.2), GoodFilterResampling.BoxKernel(scale: 16)] {
            for phase in 0..<(1 << kernel.phaseBits) {
                let weights = Array(kernel.weights[phase * kernel.width..<(phase + 1) * kernel.width])
                #expect(weights.reduce(0, +) == 65_536)
                #expect(weights.allSatisfy { $0 >= 0 })
                // The taps the inside of an image sums: from the first non-zero weight to the last.
                let taps = kernel.nonZero[phase]
                #expect(weights[taps.lowerBound] != 0 && weights[taps.upperBound - 1] != 0)
                #expect(weights.indices.allSatisfy { taps.contains($0) || weights[$0] == 0 })
            }
        }
    }

    /// Where Cairo narrows the filter (a translation is copied; a scale by more than 0.75, or
    /// by a half from a whole pixel, is bilinear) the paint is left to Cairo.
    @Test func narrowedFiltersAreLeftToCairo() throws {
        let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)!, target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)!
        defer {
            cairo_surface_destroy(source)
            cairo_surface_destroy(target)
        }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, 2, 3)
        #expect(!GoodFilterResampling.paint(source, matrix: matrix, into: target))
        for (scale, narrowed) in [(1.2, true), (2.0, true), (1.5, false), (3.0, false)] {
            cairo_matrix_init_scale(&matrix, scale, scale)
            #expect(GoodFilterResampling.paint(source, matrix: matrix, into: target) != narrowed, "\(scale)")
        }
        cairo_matrix_init_scale(&matrix, 2, 2)
        matrix.x0 = 0.5
        #expect(GoodFilterResampling.paint(source, matrix: matrix, into: target))
    }
}
