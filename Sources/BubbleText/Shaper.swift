import CHarfBuzz

/// One glyph as HarfBuzz placed it, in font units (size-independent: HarfBuzz's OpenType
/// functions at the default scale give exact integers, so scaling happens once, in points).
public struct ShapedGlyph: Sendable, Equatable {
    public var glyph: UInt32
    /// UTF-16 offset of the glyph's cluster, relative to the shaped segment's start.
    public var cluster: UInt32
    public var advance: Int32
    public var xOffset: Int32
    public var yOffset: Int32
}

/// A shaped segment: glyphs in visual order (right-to-left segments come reversed) and their
/// total advance in font units.
public struct ShapedSegment: Sendable, Equatable {
    public var glyphs: [ShapedGlyph]
    public var advance: Int32
}

/// What shapes text: one segment of a paragraph in one font, direction and script, with the
/// rest of the paragraph given to HarfBuzz as context (Arabic joins across segment edges).
struct Shaper: Sendable {
    /// Every font of the engine, by the numbers segments carry.
    let fonts: [OpenTypeFont]
    let cache: ShapeCache?

    func shape(_ text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, segment: Range<Int>,
               font: UInt8, level: UInt8, script: UInt32) -> ShapedSegment {
        let key = cache.map { _ in ShapeKey(text: text, paragraph: paragraph, segment: segment,
                                            font: font, rightToLeft: level & 1 == 1, script: script) }
        if let key, let cached = cache?.value(for: key) { return cached }
        let shaped = shapeWithHarfBuzz(text, paragraph: paragraph, segment: segment, font: font,
                                       level: level, script: script)
        if let key { cache?.store(shaped, for: key) }
        return shaped
    }

    private func shapeWithHarfBuzz(_ text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, segment: Range<Int>,
                                   font: UInt8, level: UInt8, script: UInt32) -> ShapedSegment {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf16(buffer, text.baseAddress! + paragraph.lowerBound, Int32(paragraph.count),
                            UInt32(segment.lowerBound - paragraph.lowerBound), Int32(segment.count))
        hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        // No language: HarfBuzz would otherwise take the process locale's, and results would
        // depend on the machine.
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if segment.lowerBound == paragraph.lowerBound { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if segment.upperBound == paragraph.upperBound { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_shape(fonts[Int(font)].font, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let base = UInt32(segment.lowerBound - paragraph.lowerBound)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        var advance: Int32 = 0
        for index in 0..<Int(count) {
            let position = positions[index]
            glyphs.append(ShapedGlyph(glyph: infos[index].codepoint, cluster: infos[index].cluster - base,
                                      advance: position.x_advance, xOffset: position.x_offset,
                                      yOffset: position.y_offset))
            advance += position.x_advance
        }
        return ShapedSegment(glyphs: glyphs, advance: advance)
    }
}

/// HarfBuzz script value for an ISO 15924 tag (`Latn` → HB_SCRIPT_LATIN; `Zyyy` → common).
func harfBuzzScript(_ tag: UInt32) -> UInt32 {
    hb_script_from_iso15924_tag(tag).rawValue
}
