import CHarfBuzz

/// What GSUB and GPOS lookups HarfBuzz applies for a script and language, for the proofs of
/// `InertCharacters` and `KernedCharacters`.
package enum OpenTypeLookups {
    /// Tables HarfBuzz may shape with besides GSUB and GPOS (AAT's, the legacy `kern`), and
    /// variations (which can swap lookups): what neither proof reads.
    package static func hasOtherShapingTables(_ face: OpaquePointer) -> Bool {
        ["morx", "mort", "kerx", "trak", "kern", "fvar"].contains { hasTable(face, $0) }
    }

    package static func hasTable(_ face: OpaquePointer, _ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, hb_tag_from_string(tag, 4))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// The lookups HarfBuzz's plan takes from the table for the script and language: those of
    /// the required feature and of every feature of the chosen language system but the ones
    /// only asked for by name (an unknown feature counts as applied: more glyphs touched,
    /// fewer cuts, never a wrong one). `off` lists more features to leave out.
    package static func applied(_ face: OpaquePointer, _ table: LookupTable, script: UInt32,
                        language: hb_language_t?, off: Set<hb_tag_t> = []) -> [UInt32] {
        var scriptTags = [hb_tag_t](repeating: 0, count: 4), languageTags = [hb_tag_t](repeating: 0, count: 4)
        var scriptCount: UInt32 = 4, languageCount: UInt32 = 4
        hb_ot_tags_from_script_and_language(hb_script_t(rawValue: script), language,
                                            &scriptCount, &scriptTags, &languageCount, &languageTags)
        var scriptIndex: UInt32 = 0, chosen: hb_tag_t = 0
        hb_ot_layout_table_select_script(face, table.tag, scriptCount, &scriptTags, &scriptIndex, &chosen)
        guard scriptIndex != 0xFFFF else { return [] } // HB_OT_LAYOUT_NO_SCRIPT_INDEX
        var languageIndex: UInt32 = 0
        hb_ot_layout_script_select_language(face, table.tag, scriptIndex, languageCount, &languageTags, &languageIndex)
        var features: [UInt32] = []
        var required: UInt32 = 0, requiredTag: hb_tag_t = 0
        if hb_ot_layout_language_get_required_feature(face, table.tag, scriptIndex, languageIndex,
                                                      &required, &requiredTag) != 0 {
            features.append(required)
        }
        let featureCount = hb_ot_layout_language_get_feature_indexes(face, table.tag, scriptIndex, languageIndex, 0, nil, nil)
        var indexes = [UInt32](repeating: 0, count: Int(featureCount))
        var count = featureCount
        hb_ot_layout_language_get_feature_indexes(face, table.tag, scriptIndex, languageIndex, 0, &count, &indexes)
        let tagCount = hb_ot_layout_table_get_feature_tags(face, table.tag, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(tagCount))
        var fetched = tagCount
        hb_ot_layout_table_get_feature_tags(face, table.tag, 0, &fetched, &tags)
        for index in indexes.prefix(Int(count)) where Int(index) < tags.count && !onlyByName.contains(tags[Int(index)])
            && !off.contains(tags[Int(index)]) {
            features.append(index)
        }
        var lookups = Set<UInt32>()
        for feature in features {
            let lookupCount = hb_ot_layout_feature_get_lookups(face, table.tag, feature, 0, nil, nil)
            var list = [UInt32](repeating: 0, count: Int(lookupCount))
            var got = lookupCount
            hb_ot_layout_feature_get_lookups(face, table.tag, feature, 0, &got, &list)
            lookups.formUnion(list.prefix(Int(got)))
        }
        return lookups.sorted()
    }

    /// Features HarfBuzz applies only when they are asked for, or only in vertical text.
    private static let onlyByName: Set<hb_tag_t> = Set(
        ("aalt afrc c2pc c2sc case chws cpct cpsp cswh dlig expt falt fwid halt hist hkna hlig hngl hojo hwid "
         + "ital jalt jp04 jp78 jp83 jp90 lfbd lnum mgrk nalt nlck onum opbd ordn ornm palt pcap pkna pnum "
         + "pwid qwid rtbd ruby salt sinf size smcp smpl subs sups swsh titl tnum trad twid unic valt vchw "
         + "vert vhal vkna vkrn vpal vrt2 vrtr zero")
            .split(separator: " ").map { hb_tag_from_string(String($0), 4) }
        + (1...20).map { hb_tag_from_string(String(format2("ss", $0)), 4) }
        + (1...99).map { hb_tag_from_string(String(format2("cv", $0)), 4) })

    private static func format2(_ prefix: String, _ number: Int) -> String {
        prefix + (number < 10 ? "0" : "") + String(number)
    }
}

/// The GSUB and GPOS lookups HarfBuzz applies for one script and language: all a proof reads
/// of them, so two scripts with the same lookups share a proof (`ProvenTables`).
package struct AppliedLookups: Hashable, Sendable {
    package let substitutions: [UInt32]
    package let positions: [UInt32]

    package init(_ face: OpaquePointer, script: UInt32, language: hb_language_t?, substitutionsOff: Set<hb_tag_t> = []) {
        substitutions = OpenTypeLookups.applied(face, .gsub, script: script, language: language, off: substitutionsOff)
        positions = OpenTypeLookups.applied(face, .gpos, script: script, language: language)
    }

    package func callAsFunction(_ table: LookupTable) -> [UInt32] { table == .gsub ? substitutions : positions }
}

/// GSUB or GPOS, with the lookup types whose subtables read context.
package enum LookupTable {
    case gsub, gpos

    package var tag: hb_tag_t { self == .gsub ? hb_tag_from_string("GSUB", 4) : hb_tag_from_string("GPOS", 4) }
    var extensionType: UInt16 { self == .gsub ? 7 : 9 }
    package var contextType: UInt16 { self == .gsub ? 5 : 7 }
    package var chainedContextType: UInt16 { self == .gsub ? 6 : 8 }
    /// GSUB's reverse chaining single substitution (coverage-based backtrack and lookahead).
    package var reverseChainType: UInt16 { self == .gsub ? 8 : 0 }
}
