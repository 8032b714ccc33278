/// What `InertCharacters` and `KernedCharacters` need to know of one GSUB or GPOS lookup that
/// HarfBuzz's API does not say: whether it skips base glyphs, whether a subtable matches context
/// by glyph class (class 0 is every glyph no class names, which HarfBuzz's glyph collection
/// leaves out), its longest backtrack or lookahead, its type, and whether a pair adjustment
/// also moves the pair's second glyph.
package struct OpenTypeLookupShape: Equatable {
    package var skipsBaseGlyphs = false
    package var hasClassBasedContext = false
    package var longestContext = 0
    /// The lookup type of its subtables (the extended type, for extension subtables); 0 when
    /// they differ or there are none.
    package var type: UInt16 = 0
    /// A GPOS pair adjustment subtable has a second value record (`valueFormat2` ≠ 0): HarfBuzz
    /// then steps over the pair's second glyph, so that glyph does not start a pair of its own.
    package var adjustsSecondGlyph = false

    package init(skipsBaseGlyphs: Bool = false, hasClassBasedContext: Bool = false, longestContext: Int = 0,
         type: UInt16 = 0, adjustsSecondGlyph: Bool = false) {
        self.skipsBaseGlyphs = skipsBaseGlyphs
        self.hasClassBasedContext = hasClassBasedContext
        self.longestContext = longestContext
        self.type = type
        self.adjustsSecondGlyph = adjustsSecondGlyph
    }

    /// Reads lookup `index` of a GSUB or GPOS table; nil when an offset points outside it.
    package init?(_ index: UInt32, of table: LookupTable, in bytes: UnsafeRawBufferPointer) {
        let reader = BigEndianReader(bytes: bytes)
        guard let list = reader.u16(8).map(Int.init), let count = reader.u16(list), index < count,
              let lookupOffset = reader.u16(list + 2 + 2 * Int(index)) else { return nil }
        let lookup = list + Int(lookupOffset)
        guard let type = reader.u16(lookup), let flag = reader.u16(lookup + 2),
              let subtableCount = reader.u16(lookup + 4) else { return nil }
        skipsBaseGlyphs = flag & 0x0002 != 0 // lookupFlag IGNORE_BASE_GLYPHS
        for number in 0..<Int(subtableCount) {
            guard let offset = reader.u16(lookup + 6 + 2 * number) else { return nil }
            var subtable = lookup + Int(offset)
            var subtype = type
            if type == table.extensionType {
                guard let extended = reader.u16(subtable + 2), let far = reader.u32(subtable + 4) else { return nil }
                subtype = extended
                subtable += Int(far)
            }
            guard let format = reader.u16(subtable) else { return nil }
            self.type = number == 0 || self.type == subtype ? subtype : 0
            if table == .gpos && subtype == 2 {
                // Both formats: format, coverage, valueFormat1, valueFormat2.
                guard let valueFormat2 = reader.u16(subtable + 6) else { return nil }
                adjustsSecondGlyph = adjustsSecondGlyph || valueFormat2 != 0
            }
            if (subtype == table.contextType || subtype == table.chainedContextType) && format == 2 {
                hasClassBasedContext = true
            }
            if subtype == table.chainedContextType {
                if format == 3 {
                    guard let backtrack = reader.u16(subtable + 2) else { return nil }
                    let inputAt = subtable + 4 + 2 * Int(backtrack)
                    guard let input = reader.u16(inputAt),
                          let lookahead = reader.u16(inputAt + 2 + 2 * Int(input)) else { return nil }
                    longestContext = max(longestContext, Int(backtrack), Int(lookahead))
                } else {
                    // Format 1 holds rules of any length: count them as long.
                    longestContext = max(longestContext, 2)
                }
            }
            if subtype == table.reverseChainType {
                guard let backtrack = reader.u16(subtable + 4),
                      let lookahead = reader.u16(subtable + 6 + 2 * Int(backtrack)) else { return nil }
                longestContext = max(longestContext, Int(backtrack), Int(lookahead))
            }
        }
    }
}

/// Big-endian reads, nil past the end (or once a budget is spent).
package struct BigEndianReader {
    package let bytes: UnsafeRawBufferPointer
    package var budget: WorkBudget? = nil

    package func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count, budget?.spend() ?? true else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    package func u32(_ offset: Int) -> UInt32? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}

/// How many more reads and steps a proof may spend on one font's tables. A font's lookups can
/// point thousands of subtables at one table of thousands of rules (each read is in bounds),
/// which would take hours to walk; a proof that runs out says "not proven", and the font's
/// words go to HarfBuzz, which bounds its own work.
package final class WorkBudget {
    private(set) var left: Int

    package init(_ steps: Int) { left = steps }

    /// False once the budget is spent.
    package func spend(_ steps: Int = 1) -> Bool {
        left -= steps
        return left >= 0
    }
}
