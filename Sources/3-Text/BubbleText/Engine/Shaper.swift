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
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: cutting the text before this glyph's cluster
    /// and shaping the two sides alone would change the glyphs or their positions (a kerning
    /// pair or a ligature spans the cut), so a line edge there needs the sides reshaped.
    public var unsafeToBreak: Bool = false

    init(glyph: UInt32, cluster: UInt32, advance: Int32, xOffset: Int32, yOffset: Int32, unsafeToBreak: Bool = false) {
        (self.glyph, self.cluster, self.advance, self.xOffset, self.yOffset) = (glyph, cluster, advance, xOffset, yOffset)
        self.unsafeToBreak = unsafeToBreak
    }
}

/// A shaped segment: glyphs in visual order (right-to-left segments come reversed) and their
/// total advance in font units.
public struct ShapedSegment: Sendable, Equatable {
    public var glyphs: [ShapedGlyph]
    public var advance: Int32

    init(glyphs: [ShapedGlyph], advance: Int32) { (self.glyphs, self.advance) = (glyphs, advance) }
}

/// What shapes text: one segment of a paragraph in one font, direction and script, with the
/// rest of the paragraph given to HarfBuzz as context (Arabic joins across segment edges).
struct Shaper {
    /// Every font of the engine, by the numbers segments carry.
    let fonts: [OpenTypeFont]
    let cache: ShapeCache?
    /// Counts shaping runs for tests (nil in ordinary layouts).
    let tally: WorkTally?
    /// The engine's text language (HarfBuzz's `locl` and language-system lookups), or nil.
    var language: hb_language_t? = nil

    /// Shapes a segment. `clusterEnds` are the grapheme cluster ends from the segment's first
    /// cluster on (ascending, absolute offsets).
    ///
    /// HarfBuzz's lookups may scan the rest of a run for every glyph (20,000 soft hyphens, one
    /// break unit, took 1.75 s; 40,000 took 23 s in `bubbles measure`), so a segment longer than
    /// `LayoutWork.shapingRunBound` is shaped in pieces cut at grapheme cluster boundaries, each
    /// with the paragraph as context, and joined. Such a segment is wider than any line in every
    /// language, so it is broken anyway; at most a kerning pair or ligature at a cut is lost.
    ///
    /// `kerned` is the font's and script's `KernedCharacters`, when there is one: a left-to-right
    /// run made only of its characters is built from its table, without HarfBuzz or the cache.
    func shape(_ text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, segment: Range<Int>,
               clusterEnds: ArraySlice<Int>, font: UInt8, level: UInt8, script: UInt32,
               kerned: KernedCharacters? = nil) -> ShapedSegment {
        let bound = LayoutWork.shapingRunBound
        if segment.count <= bound {
            return shapeRun(text, paragraph: paragraph, segment: segment, font: font, level: level, script: script,
                            kerned: kerned)
        }
        var pieces: [ShapedSegment] = []
        pieces.reserveCapacity(segment.count / bound + 1)
        var start = segment.lowerBound
        var next = clusterEnds.startIndex
        while start < segment.upperBound {
            let limit = start + bound
            var end = segment.upperBound
            if limit < segment.upperBound {
                // The last cluster end within the bound; in a cluster longer than the bound (a
                // letter with thousands of marks), the bound itself, never inside a surrogate pair.
                while next < clusterEnds.endIndex && clusterEnds[next] <= start { next += 1 }
                var last = start
                while next < clusterEnds.endIndex && clusterEnds[next] <= limit { last = clusterEnds[next]; next += 1 }
                end = last > start ? last : limit
                if last == start && UTF16.isLeadSurrogate(text[end - 1]) && UTF16.isTrailSurrogate(text[end]) { end += 1 }
            }
            var piece = shapeRun(text, paragraph: paragraph, segment: start..<end, font: font, level: level, script: script,
                                 kerned: kerned)
            let shift = UInt32(start - segment.lowerBound)
            if shift > 0 { for index in piece.glyphs.indices { piece.glyphs[index].cluster += shift } }
            pieces.append(piece)
            start = end
        }
        // Glyphs are in visual order: a right-to-left segment's pieces come last piece first.
        if level & 1 == 1 { pieces.reverse() }
        return ShapedSegment(glyphs: pieces.flatMap(\.glyphs), advance: pieces.reduce(0) { $0 + $1.advance })
    }

    /// Shapes one run of at most `LayoutWork.shapingRunBound` units, through the cache.
    private func shapeRun(_ text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, segment: Range<Int>,
                          font: UInt8, level: UInt8, script: UInt32, kerned: KernedCharacters?) -> ShapedSegment {
        if let kerned, level & 1 == 0, let shaped = kerned.shape(text, segment) { return shaped }
        if let tally {
            tally.work.shapingRuns += 1
            tally.work.shapingCost += segment.count * segment.count
            tally.work.longestShapingRun = max(tally.work.longestShapingRun, segment.count)
        }
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
        // A language only when the engine was given one: unset, HarfBuzz would take the
        // process locale's, and results would depend on the machine.
        if let language { hb_buffer_set_language(buffer, language) }
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
                                      yOffset: position.y_offset,
                                      unsafeToBreak: hb_glyph_info_get_glyph_flags(infos + index).rawValue
                                          & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
            advance += position.x_advance
        }
        return ShapedSegment(glyphs: glyphs, advance: advance)
    }
}

/// HarfBuzz script value for an ISO 15924 tag (`Latn` → HB_SCRIPT_LATIN; `Zyyy` → common).
func harfBuzzScript(_ tag: UInt32) -> UInt32 {
    hb_script_from_iso15924_tag(tag).rawValue
}
