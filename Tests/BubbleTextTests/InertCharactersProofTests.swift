@testable import BubbleText
import CHarfBuzz
import Foundation
import Testing

/// `InertCharacters` finds its characters a range at a time (HarfBuzz's batch cmap and advance
/// calls, the glyph classes lookups skip as one set, no decomposition asked of unified
/// ideographs): the table is exactly the one a character-by-character proof makes, for every
/// bundled font, each script the fonts are asked for and a language with lookups of its own.
@Suite struct InertCharactersProofTests {
    /// The proof one candidate at a time, as it was first written: its nominal glyph, untouched
    /// by the lookups, with no canonical decomposition, of no class lookups skip; its advance.
    static func unitByUnit(_ font: OpenTypeFont, lookups: AppliedLookups) -> [UInt16: (glyph: UInt32, advance: Int32)]? {
        guard let touched = InertCharacters.touchedGlyphs(font, lookups: lookups) else { return nil }
        defer { hb_set_destroy(touched) }
        var table: [UInt16: (glyph: UInt32, advance: Int32)] = [:]
        let unicode = hb_unicode_funcs_get_default()
        for range in InertCharacters.candidateRanges {
            for unit in range {
                var glyph: hb_codepoint_t = 0, first: hb_codepoint_t = 0, second: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(font.font, hb_codepoint_t(unit), &glyph) != 0,
                      hb_set_has(touched, glyph) == 0,
                      hb_unicode_decompose(unicode, hb_codepoint_t(unit), &first, &second) == 0 else { continue }
                let glyphClass = hb_ot_layout_get_glyph_class(font.face, glyph)
                guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED
                   || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { continue }
                table[unit] = (glyph, hb_font_get_glyph_h_advance(font.font, glyph))
            }
        }
        return table
    }

    @Test func theTableIsTheUnitByUnitProofs() throws {
        let scripts: [UInt32] = [0x4861_6E69, 0x4869_7261, 0x4B61_6E61, 0x4C61_746E] // Hani, Hira, Kana, Latn
        var inert = 0
        for language in [nil, "ja"] as [String?] {
            for font in Fixture.engine.table.fonts {
                for script in scripts {
                    let lookups = InertCharacters.lookups(font, script, ShapingLanguage(language).value)
                    let table = InertCharacters(font: font, lookups: lookups)
                    let reference = Self.unitByUnit(font, lookups: lookups)
                    #expect((table == nil) == (reference == nil), "\(font.familyName) \(script)")
                    guard let table, let reference else { continue }
                    // Counted, then expected: an expectation per character would take most of the time.
                    var differing: [UInt16] = []
                    for range in InertCharacters.candidateRanges {
                        for unit in range {
                            guard let expected = reference[unit] else {
                                if table.contains(unit) { differing.append(unit) }
                                continue
                            }
                            let shape = table.shape(unit)
                            if !table.contains(unit) || shape.glyph != expected.glyph || shape.advance != expected.advance {
                                differing.append(unit)
                            }
                        }
                    }
                    #expect(differing.isEmpty, "\(font.familyName), script \(script): \(differing.prefix(5).map { String($0, radix: 16) })")
                    inert += reference.count
                }
            }
        }
        // The CJK face's ideographs among them: the comparison is not of empty tables.
        #expect(inert > 40_000)
    }
}
