import CHarfBuzz

/// A font file opened for measuring and shaping with HarfBuzz's own OpenType functions.
///
/// HarfBuzz's `hb_ot` font functions read advances and metrics straight from the font's tables
/// and never touch FreeType, so the drawing side can give Cairo FreeType faces of its own
/// (Cairo resizes the FT_Face it draws with; a shared one corrupts later measurements).
/// Immutable after init; HarfBuzz objects made immutable are safe to shape with from any thread.
public final class OpenTypeFont: @unchecked Sendable {
    public let path: String
    public let faceIndex: Int
    /// The font's family name from its name table (`Inter`, `Noto Sans CJK SC`, …).
    public let familyName: String
    public let unitsPerEm: Int32
    /// Ascender and descender in font units, positive both: hhea, or OS/2 sTypo* where the
    /// font sets USE_TYPO_METRICS (HarfBuzz's `hasc`/`hdsc` metrics apply exactly that rule).
    /// Pango uses the same numbers, which our figures are compared with.
    public let ascender: Int32
    public let descender: Int32
    /// The face's full name (`Inter Bold`, `DejaVu Sans Mono`): what receipts show per run.
    public let fullName: String
    /// Underline and strikethrough lines in font units: offset of the line's centre above the
    /// baseline (negative is below) and thickness, from `post` and `OS/2`.
    public let underline: (offset: Int32, thickness: Int32)
    public let strikeout: (offset: Int32, thickness: Int32)
    /// Has colour bitmaps or layers (CBDT, sbix, COLR): it draws emoji, and never .notdef boxes.
    public let isColor: Bool

    package let blob: OpaquePointer
    package let face: OpaquePointer
    package let font: OpaquePointer

    public init(path: String, faceIndex: Int = 0) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw TextEngineError.fontFile(path, "cannot be read")
        }
        let faceCount = hb_face_count(blob)
        guard faceCount > 0, faceIndex < faceCount else {
            hb_blob_destroy(blob)
            throw TextEngineError.fontFile(path, faceCount == 0 ? "is not an OpenType or TrueType font"
                                                               : "has no face \(faceIndex)")
        }
        let face = hb_face_create(blob, UInt32(faceIndex))!
        let upem = Int32(hb_face_get_upem(face))
        guard upem > 0, hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw TextEngineError.fontFile(path, "has no glyphs or no units per em")
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        self.blob = blob
        self.face = face
        self.font = font
        self.path = path
        self.faceIndex = faceIndex
        self.unitsPerEm = upem
        var position: hb_position_t = 0
        ascender = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &position) != 0
            ? position : upem * 4 / 5
        descender = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &position) != 0
            ? -position : upem / 5
        func metric(_ tag: hb_ot_metrics_tag_t, _ fallback: Int32) -> Int32 {
            hb_ot_metrics_get_position(font, tag, &position) != 0 ? position : fallback
        }
        underline = (metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, -upem / 10), metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, upem / 20))
        strikeout = (metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, upem / 4), metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, upem / 20))
        isColor = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
        familyName = Self.name(of: face, id: hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY))
            ?? Self.name(of: face, id: hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)) ?? path
        fullName = Self.name(of: face, id: hb_ot_name_id_t(HB_OT_NAME_ID_FULL_NAME)) ?? familyName
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The nominal glyph for a scalar, nil when the font's cmap lacks it.
    @inline(__always)
    public func glyph(for scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    public func covers(_ scalar: UInt32) -> Bool { glyph(for: scalar) != nil }

    /// Every scalar the font's cmap maps, in ascending order.
    public func coveredScalars() -> [UInt32] {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        // Read in one call (`hb_set_next_many`, HarfBuzz 4.2): one `hb_set_next` per scalar was
        // 70,000 calls and about a millisecond of every process's start (Noto Sans CJK has 44,000).
        let population = Int(hb_set_get_population(set))
        return [UInt32](capacity: population, blank: 0) { buffer in
            population == 0 ? 0 : Int(hb_set_next_many(set, hb_codepoint_t.max, buffer.baseAddress, UInt32(population)))
        }
    }

    private static func name(of face: OpaquePointer, id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 128
        var buffer = [CChar](repeating: 0, count: 129)
        let total = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        guard total > 0 else { return nil }
        return cString(buffer)
    }
}
