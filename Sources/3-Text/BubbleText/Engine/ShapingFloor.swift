import CHarfBuzz

/// The benchmark's floor: HarfBuzz shaping each whole text once with one font, nothing else
/// (no breaking, no fallback, no bidi, no cache). The engine is compared with it in one run.
public struct ShapingFloor: Sendable {
    package let font: OpenTypeFont

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

    /// The whole text shaped once by HarfBuzz in this font, direction and script guessed from
    /// the text: the reference tests hold the engine's glyph positions to when a word is cut
    /// into break units ("A-V", "ニュース" keep their kerning).
    package func shapeWhole(_ text: String) -> ShapedSegment {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let units = Array(text.utf16)
        units.withUnsafeBufferPointer { pointer in
            hb_buffer_add_utf16(buffer, pointer.baseAddress, Int32(pointer.count), 0, Int32(pointer.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        // As the engine: no language (guessing takes the process locale's).
        hb_buffer_set_language(buffer, nil)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var glyphs: [ShapedGlyph] = []
        var advance: Int32 = 0
        for index in 0..<Int(count) {
            glyphs.append(ShapedGlyph(glyph: infos[index].codepoint, cluster: infos[index].cluster,
                                      advance: positions[index].x_advance, xOffset: positions[index].x_offset,
                                      yOffset: positions[index].y_offset))
            advance += positions[index].x_advance
        }
        return ShapedSegment(glyphs: glyphs, advance: advance)
    }
}
