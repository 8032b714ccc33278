import BubbleUnicode
import CHarfBuzz

/// The characters of one font, script and language that no OpenType lookup HarfBuzz applies
/// can touch: where a word may be cut into pieces shaped alone without changing a glyph.
///
/// A Chinese or Japanese sentence has no spaces, so shaped as one word it is a cache key that
/// never comes back: every distinct message was shaped whole. Cut between inert characters, a
/// run of them is not shaped at all (each character's glyph and advance come from a table),
/// and what is left to shape is short pieces around punctuation and kana that come back: 20,000
/// distinct Chinese and Japanese bench messages take 22% less CPU. Chromium's and Minikin's
/// word caches cut at every ideograph and trust that no font kerns ideographs; here the cut is
/// proven from the font.
///
/// The proof: a lookup only fires at a glyph of its input coverage, and what it matches is one
/// contiguous run, backtrack then input then lookahead. If two adjacent glyphs are in no
/// lookup's input, a match holding both must hold them in its backtrack or in its lookahead, so
/// only lookups with two or more backtrack or lookahead glyphs can span the cut; their context
/// glyphs count as touched too. HarfBuzz collects every lookup's glyphs
/// (`hb_ot_layout_lookup_collect_glyphs`) except class 0 of class-based contexts, which can be
/// any glyph: a font using those (context format 2) or lookups that skip base glyphs gets no
/// table, nor one shaped by AAT tables, a legacy `kern` table or font variations.
/// A class: each message's unit builders take it from the proven tables, and as a struct of
/// two arrays every copy cost as many reference-count operations.
final class InertCharacters: Sendable {
    /// One bit per BMP code unit.
    private let bits: [UInt64]
    /// Nominal glyph (high half) and advance in font units (low half) of each candidate unit
    /// (at `shapeIndex`): what HarfBuzz gives an inert character, which no lookup changes.
    private let shapes: [UInt64]

    /// U+3000–U+9FFF, then U+FF00–U+FF5F: every candidate range, in 230 KB.
    @inline(__always)
    private static func shapeIndex(_ unit: UInt16) -> Int {
        unit < 0xA000 ? Int(unit) - 0x3000 : 0x7000 + Int(unit) - 0xFF00
    }

    @inline(__always)
    func contains(_ unit: UInt16) -> Bool {
        bits[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
    }

    /// The glyph of an inert unit (one `contains`) and its advance.
    @inline(__always)
    func shape(_ unit: UInt16) -> (glyph: UInt32, advance: Int32) {
        let packed = shapes[Self.shapeIndex(unit)]
        return (UInt32(truncatingIfNeeded: packed >> 32), Int32(truncatingIfNeeded: packed))
    }

    /// Candidates: ideographs, kana and CJK and fullwidth punctuation, which are base
    /// characters of one code unit, never whitespace, never decomposed by HarfBuzz's
    /// normaliser (not the compatibility ideographs), never default-ignorable.
    static let candidateRanges: [ClosedRange<UInt16>] = [
        0x3001...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF5E,
    ]

    /// CJK Unified Ideographs and Extension A: no canonical decomposition (Unicode gives
    /// those only to the compatibility ideographs).
    @inline(__always)
    static func isUnifiedIdeograph(_ unit: UInt16) -> Bool {
        (0x3400...0x4DBF).contains(unit) || (0x4E00...0x9FFF).contains(unit)
    }

    /// What the proof reads for a script and language.
    static func lookups(_ font: OpenTypeFont, _ script: UInt32, _ language: hb_language_t?) -> AppliedLookups {
        AppliedLookups(font.face, script: script, language: language)
    }

    /// Nil when the font's tables cannot prove anything (see the type's comment).
    init?(font: OpenTypeFont, lookups: AppliedLookups) {
        guard let touched = Self.touchedGlyphs(font, lookups: lookups) else { return nil }
        defer { hb_set_destroy(touched) }
        // Lookups that skip marks or ligatures skip glyphs of those classes: touched too.
        let skipped = hb_set_create()
        defer { hb_set_destroy(skipped) }
        for glyphClass in [HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE, HB_OT_LAYOUT_GLYPH_CLASS_MARK, HB_OT_LAYOUT_GLYPH_CLASS_COMPONENT] {
            hb_ot_layout_get_glyphs_in_class(font.face, glyphClass, skipped)
        }
        hb_set_union(touched, skipped)
        var bits = [UInt64](repeating: 0, count: 1024)
        var shapes = [UInt64](repeating: 0, count: 0x7060)
        var inertUnits: [UInt16] = [], inertGlyphs: [hb_codepoint_t] = []
        let unicode = hb_unicode_funcs_get_default()
        for range in Self.candidateRanges {
            // The range's glyphs in one call per run of mapped characters (HarfBuzz stops at
            // the first it cannot map, which is left out).
            var codepoints = (UInt32(range.lowerBound)...UInt32(range.upperBound)).map { hb_codepoint_t($0) }
            var glyphs = [hb_codepoint_t](repeating: 0, count: codepoints.count)
            var mapped = [Bool](repeating: false, count: codepoints.count)
            var start = 0
            while start < codepoints.count {
                let stride = UInt32(MemoryLayout<hb_codepoint_t>.stride)
                let count = codepoints.withUnsafeMutableBufferPointer { units in
                    glyphs.withUnsafeMutableBufferPointer { glyphs in
                        Int(hb_font_get_nominal_glyphs(font.font, UInt32(units.count - start), units.baseAddress! + start, stride,
                                                       glyphs.baseAddress! + start, stride))
                    }
                }
                for index in start..<start + count { mapped[index] = true }
                start += count + 1
            }
            for (index, unit) in range.enumerated() where mapped[index] {
                let glyph = glyphs[index]
                var first: hb_codepoint_t = 0, second: hb_codepoint_t = 0
                guard glyph != 0, hb_set_has(touched, glyph) == 0,
                      // HarfBuzz's normaliser may decompose a character with a canonical
                      // decomposition (kana with a voicing mark): such characters are left out.
                      // Unified ideographs have none (only the compatibility ones do).
                      Self.isUnifiedIdeograph(unit) || hb_unicode_decompose(unicode, hb_codepoint_t(unit), &first, &second) == 0
                else { continue }
                inertUnits.append(unit)
                inertGlyphs.append(glyph)
            }
        }
        var advances = [hb_position_t](repeating: 0, count: inertGlyphs.count)
        if !inertGlyphs.isEmpty {
            hb_font_get_glyph_h_advances(font.font, UInt32(inertGlyphs.count), inertGlyphs,
                                         UInt32(MemoryLayout<hb_codepoint_t>.stride), &advances,
                                         UInt32(MemoryLayout<hb_position_t>.stride))
        }
        for (index, unit) in inertUnits.enumerated() {
            bits[Int(unit >> 6)] |= 1 << UInt64(unit & 63)
            shapes[Self.shapeIndex(unit)] = UInt64(inertGlyphs[index]) << 32 | UInt64(UInt32(bitPattern: advances[index]))
        }
        self.bits = bits
        self.shapes = shapes
    }

    /// The glyphs the font's GSUB and GPOS lookups can touch (a set the caller destroys), or
    /// nil when the font cannot be proven (see the type's comment).
    static func touchedGlyphs(_ font: OpenTypeFont, lookups: AppliedLookups) -> OpaquePointer? {
        guard !OpenTypeLookups.hasOtherShapingTables(font.face) else { return nil }
        let touched = hb_set_create()
        for table in [LookupTable.gsub, LookupTable.gpos] {
            guard Self.collectTouched(font.face, table, lookups: lookups(table), into: touched) else {
                hb_set_destroy(touched)
                return nil
            }
        }
        return touched
    }

    /// Adds the glyphs the table's lookups can touch; false when
    /// a lookup cannot be proven (class-based contexts, skipped base glyphs, a damaged table).
    private static func collectTouched(_ face: OpaquePointer, _ table: LookupTable, lookups: [UInt32],
                                       into touched: OpaquePointer?) -> Bool {
        let blob = hb_face_reference_table(face, table.tag)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return true } // no table: no lookups
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        for lookup in lookups {
            guard let shape = OpenTypeLookupShape(lookup, of: table, in: bytes) else { return false }
            if shape.skipsBaseGlyphs || shape.hasClassBasedContext { return false }
            let before = hb_set_create(), after = hb_set_create()
            defer {
                hb_set_destroy(before)
                hb_set_destroy(after)
            }
            hb_ot_layout_lookup_collect_glyphs(face, table.tag, lookup, before, touched, after, nil)
            if shape.longestContext >= 2 {
                hb_set_union(touched, before)
                hb_set_union(touched, after)
            }
        }
        return true
    }
}
