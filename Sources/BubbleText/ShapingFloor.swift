import CHarfBuzz

/// The benchmark's floor: HarfBuzz shaping each whole text once with one font, nothing else
/// (no breaking, no fallback, no bidi, no cache). The engine is compared with it in one run.
public struct ShapingFloor: Sendable {
    let font: OpenTypeFont

    public init(font: OpenTypeFont) { self.font = font }

    /// Shapes every text once; returns the sum of advances so the work cannot be optimised away.
    public func shapeEach(_ texts: [String]) -> Int64 {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var total: Int64 = 0
        for text in texts {
            hb_buffer_clear_contents(buffer)
            var copy = text
            copy.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
                }
            }
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, HB_SCRIPT_LATIN)
            hb_shape(font.font, buffer, nil, 0)
            var count: UInt32 = 0
            let positions = hb_buffer_get_glyph_positions(buffer, &count)!
            for index in 0..<Int(count) { total += Int64(positions[index].x_advance) }
        }
        return total
    }
}
