import BubbleUnicode
import CHarfBuzz

/// The printable ASCII characters of one font, script and language that no OpenType lookup
/// HarfBuzz applies can touch except pair kerning: a word made only of them is its characters'
/// glyphs and advances plus one adjustment per adjacent pair, with neither HarfBuzz nor the
/// shaping cache.
///
/// Most chat text is words of such letters, and a word that is not in the cache was a HarfBuzz
/// call of a few microseconds: on text that does not repeat, the largest part of `measure`'s
/// time. The proof, for a word alone in HarfBuzz's buffer (the paragraph around it is context
/// no lookup fires on): no GSUB lookup can fire in a text made only of them that avoids a few
/// pairs (`SubstitutionReach`; a word holding such a pair goes to HarfBuzz), and the only GPOS
/// lookups whose input holds them are pair adjustments without a second value record and mark
/// attachments, which fire at marks (these glyphs are base glyphs). Such pair adjustments are
/// independent of each other, and what each does is read from the table (`PairAdjustments`).
/// Fonts with AAT tables, a legacy `kern` table or variations get no table. One thing is taken
/// on trust: a mark attachment's mark coverage holds no base glyph. Tests compare every pair of
/// every bundled font, random words and every corpus laid out both ways with HarfBuzz's.
/// A class: each message's unit builders take it from the proven tables, and as a struct of
/// three arrays every copy cost as many reference-count operations.
final class KernedCharacters: Sendable {
    /// Per unit below 0x80: its index among these characters, `absent` when it is not one.
    private let indexes: [UInt8]
    /// Per character, by index: its nominal glyph (high half) and advance in font units (low half).
    private let shapes: [UInt64]
    /// Per pair (first index × count + second index): the first glyph's adjustment in font
    /// units (low 16 bits, signed), `unsafeBit` when HarfBuzz flags the second glyph unsafe to
    /// break, `unknownBit` when the pair is not this simple (a placement, an adjustment out of
    /// range, or a pair a substitution may start from). Indexed densely: a table of every ASCII
    /// pair weighed 64 KB per font and script, and `measure` stays within 50 MB.
    private let pairs: [UInt32]

    private static let absent: UInt8 = 0xFF

    private static let unsafeBit: UInt32 = 1 << 16
    private static let unknownBit: UInt32 = 1 << 17

    /// What the proof reads for a script and language.
    static func lookups(_ font: OpenTypeFont, _ script: UInt32, _ language: hb_language_t?) -> AppliedLookups {
        AppliedLookups(font.face, script: script, language: language, substitutionsOff: maskedFeatures)
    }

    /// Nil when the font's tables cannot be proven or no character qualifies.
    init?(font: OpenTypeFont, lookups: AppliedLookups) {
        let face = font.face
        guard !OpenTypeLookups.hasOtherShapingTables(face) else { return nil }
        var candidates: [UInt32: UInt16] = [:] // glyph → unit
        for unit in UInt16(0x20)...0x7E {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font.font, hb_codepoint_t(unit), &glyph) != 0, glyph != 0,
                  candidates[glyph] == nil else { continue }
            let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED
               || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { continue }
            candidates[glyph] = unit
        }
        let gsubBlob = hb_face_reference_table(face, LookupTable.gsub.tag)
        let gposBlob = hb_face_reference_table(face, LookupTable.gpos.tag)
        defer {
            hb_blob_destroy(gsubBlob)
            hb_blob_destroy(gposBlob)
        }
        let gpos = Self.bytes(of: gposBlob)
        let budget = WorkBudget(Self.workBudget)
        var kept = Set(candidates.keys)
        var substituted = SubstitutionReach.Reach()
        if let bytes = Self.bytes(of: gsubBlob) {
            let reader = SubstitutionReach(table: bytes, set: kept, weights: candidates.mapValues(Self.weight), budget: budget)
            for lookup in lookups.substitutions {
                guard let reach = reader.reach(lookup: lookup) else { return nil }
                substituted.formUnion(reach)
            }
            kept.subtract(substituted.glyphs)
        }
        var pairLookups: [UInt32] = []
        if let bytes = gpos {
            let input = hb_set_create()
            defer { hb_set_destroy(input) }
            for lookup in lookups.positions {
                guard let shape = OpenTypeLookupShape(lookup, of: .gpos, in: bytes) else { return nil }
                if shape.type == 2 && !shape.adjustsSecondGlyph && !shape.skipsBaseGlyphs {
                    pairLookups.append(lookup)
                } else if !(4...6).contains(shape.type) {
                    hb_ot_layout_lookup_collect_glyphs(face, LookupTable.gpos.tag, lookup, nil, input, nil, nil)
                }
            }
            kept = kept.filter { hb_set_has(input, $0) == 0 }
        }
        guard !kept.isEmpty else { return nil }
        let glyphs = kept.sorted()
        var adjustments = PairAdjustments(table: gpos ?? UnsafeRawBufferPointer(start: nil, count: 0), glyphs: glyphs,
                                          budget: budget)
        for lookup in pairLookups {
            guard adjustments.apply(lookup: lookup) else { return nil }
        }
        var indexes = [UInt8](repeating: Self.absent, count: 128)
        let units = glyphs.map { Int(candidates[$0]!) }
        for (index, unit) in units.enumerated() { indexes[unit] = UInt8(index) }
        let shapes = glyphs.map { UInt64($0) << 32 | UInt64(UInt32(bitPattern: hb_font_get_glyph_h_advance(font.font, $0))) }
        var pairs = adjustments.pairs.map { adjustment -> UInt32 in
            guard !adjustment.placed, let advance = Int16(exactly: adjustment.advance) else { return Self.unknownBit }
            return UInt32(UInt16(bitPattern: advance)) | (adjustment.unsafe ? Self.unsafeBit : 0)
        }
        substituted.forEachPair { firstGlyph, secondGlyph in
            guard let first = candidates[firstGlyph], let second = candidates[secondGlyph],
                  indexes[Int(first)] != Self.absent, indexes[Int(second)] != Self.absent else { return }
            pairs[Int(indexes[Int(first)]) * units.count + Int(indexes[Int(second)])] = Self.unknownBit
        }
        self.indexes = indexes
        self.shapes = shapes
        self.pairs = pairs
    }

    /// The word `text[segment]` as HarfBuzz shapes it left to right, or nil when a character is
    /// not one of these (or a pair of them shaped otherwise).
    func shape(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>) -> ShapedSegment? {
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(segment.count)
        guard let advance = shape(text, segment, appendingTo: &glyphs) else { return nil }
        return ShapedSegment(glyphs: glyphs, advance: advance)
    }

    /// The same word's glyphs (one per code unit) appended to `glyphs`, and its advance; nil, with
    /// `glyphs` as it was, when a character is not one of these (or a pair is shaped otherwise).
    /// The segmenter keeps the words of a paragraph in one array this way, not one array each.
    func shape(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, appendingTo glyphs: inout [ShapedGlyph]) -> Int32? {
        let before = glyphs.count
        var total: Int32 = 0
        let shaped = walk(text, segment) { offset, glyph, advance, unsafe in
            glyphs.append(ShapedGlyph(glyph: glyph, cluster: UInt32(offset - segment.lowerBound),
                                      advance: advance, xOffset: 0, yOffset: 0, unsafeToBreak: unsafe))
            total += advance
        }
        guard shaped else {
            glyphs.removeLast(glyphs.count - before)
            return nil
        }
        return total
    }

    /// The same word's advances (one per code unit, as `shape` gives its glyphs) written to
    /// `advances`: the advance's bits in the low half, and bit 32 when the glyph is unsafe to
    /// break before (a kerned pair spans that cut); false when a character is not one of these
    /// (or a pair is shaped otherwise, or a glyph is .notdef). For `PlainASCIIUnits`, which
    /// needs the sums and not the glyphs.
    func advances(_ text: UnsafeBufferPointer<UInt16>, _ word: Range<Int>, into advances: UnsafeMutablePointer<UInt64>) -> Bool {
        var missing = false
        let shaped = walk(text, word) { offset, glyph, advance, unsafe in
            // A glyph 0 (.notdef) would be a missing glyph, which the layout reports.
            if glyph == 0 { missing = true }
            advances[offset - word.lowerBound] = UInt64(UInt32(bitPattern: advance)) | (unsafe ? 1 << 32 : 0)
        }
        return shaped && !missing
    }

    /// Each character of the word in order: its offset, glyph, advance (its pair's adjustment
    /// with the next character included) and whether it is unsafe to break before; false (after
    /// some calls) when a character is not one of these or a pair is shaped otherwise.
    @inline(__always)
    private func walk(_ text: UnsafeBufferPointer<UInt16>, _ word: Range<Int>,
                      _ body: (_ offset: Int, _ glyph: UInt32, _ advance: Int32, _ unsafe: Bool) -> Void) -> Bool {
        // Through the tables' buffers: three array loads per character each paid a bounds check
        // and a retain of its storage (every measured word of Latin text comes here).
        indexes.withUnsafeBufferPointer { indexes in
            shapes.withUnsafeBufferPointer { shapes in
                pairs.withUnsafeBufferPointer { pairs in
                    @inline(__always) func index(of unit: UInt16) -> Int? {
                        guard unit < 0x80 else { return nil }
                        let index = indexes[Int(unit)]
                        return index == Self.absent ? nil : Int(index)
                    }
                    guard let first = word.first, let firstIndex = index(of: text[first]) else { return false }
                    var current = firstIndex
                    var unsafe = false
                    for offset in word {
                        let shape = shapes[current]
                        var advance = Int32(truncatingIfNeeded: shape)
                        var next = 0
                        var pair: UInt32 = 0
                        if offset + 1 < word.upperBound {
                            guard let index = index(of: text[offset + 1]) else { return false }
                            next = index
                            pair = pairs[current * shapes.count + next]
                            guard pair & Self.unknownBit == 0 else { return false }
                            advance += Int32(Int16(truncatingIfNeeded: pair))
                        }
                        body(offset, UInt32(truncatingIfNeeded: shape >> 32), advance, unsafe)
                        unsafe = pair & Self.unsafeBit != 0
                        current = next
                    }
                    return true
                }
            }
        }
    }

    /// Whether `unit` is one of these characters.
    func contains(_ unit: UInt16) -> Bool { index(of: unit) != nil }

    @inline(__always)
    private func index(of unit: UInt16) -> Int? {
        guard unit < 0x80 else { return nil }
        let index = indexes[Int(unit)]
        return index == Self.absent ? nil : Int(index)
    }

    /// How much words with a character are worth keeping from HarfBuzz, roughly by how often it
    /// appears in chat text: spaces and letters before digits before other signs.
    private static func weight(_ unit: UInt16) -> Int {
        switch UInt8(unit) {
        case UInt8(ascii: " "): 30
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 20
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "'"): 8
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 4
        default: 1
        }
    }

    /// Reads and steps a font's proof may take (`WorkBudget`): Inter Regular's and Noto Sans
    /// CJK's, the largest of the bundled fonts', take about 250,000.
    static let workBudget = 4_000_000

    /// A table's bytes (while its blob lives), nil when the font has no such table.
    private static func bytes(of blob: OpaquePointer?) -> UnsafeRawBufferPointer? {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return UnsafeRawBufferPointer(start: data, count: Int(length))
    }

    /// Features HarfBuzz's plan holds but enables only around U+2044 FRACTION SLASH, which is
    /// not one of these characters: their lookups never fire in such a word.
    private static let maskedFeatures: Set<hb_tag_t> = Set(["frac", "numr", "dnom"].map { (tag: String) in hb_tag_from_string(tag, 4) })
}
