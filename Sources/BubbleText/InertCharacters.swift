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
struct InertCharacters: Sendable {
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

    /// What the proof reads for a script and language.
    static func lookups(_ font: OpenTypeFont, _ script: UInt32, _ language: hb_language_t?) -> AppliedLookups {
        AppliedLookups(font.face, script: script, language: language)
    }

    /// Nil when the font's tables cannot prove anything (see the type's comment).
    init?(font: OpenTypeFont, lookups: AppliedLookups) {
        let face = font.face
        guard !OpenTypeLookups.hasOtherShapingTables(face) else { return nil }
        let touched = hb_set_create()
        defer { hb_set_destroy(touched) }
        for table in [LookupTable.gsub, LookupTable.gpos] {
            guard Self.collectTouched(face, table, lookups: lookups(table), into: touched) else { return nil }
        }
        var bits = [UInt64](repeating: 0, count: 1024)
        var shapes = [UInt64](repeating: 0, count: 0x7060)
        let unicode = hb_unicode_funcs_get_default()
        for range in Self.candidateRanges {
            for unit in range {
                var glyph: hb_codepoint_t = 0, first: hb_codepoint_t = 0, second: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(font.font, hb_codepoint_t(unit), &glyph) != 0,
                      hb_set_has(touched, glyph) == 0,
                      // HarfBuzz's normaliser may decompose a character with a canonical
                      // decomposition (kana with a voicing mark): such characters are left out.
                      hb_unicode_decompose(unicode, hb_codepoint_t(unit), &first, &second) == 0 else { continue }
                // Lookups that skip marks or ligatures skip glyphs of those classes.
                let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
                guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED
                   || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { continue }
                bits[Int(unit >> 6)] |= 1 << UInt64(unit & 63)
                let advance = hb_font_get_glyph_h_advance(font.font, glyph)
                shapes[Self.shapeIndex(unit)] = UInt64(glyph) << 32 | UInt64(UInt32(bitPattern: advance))
            }
        }
        self.bits = bits
        self.shapes = shapes
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
