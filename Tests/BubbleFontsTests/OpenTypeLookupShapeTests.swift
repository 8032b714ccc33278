@testable import BubbleFonts
import Testing

/// `OpenTypeLookupShape` reads what the inert- and kerned-character proofs need from a GSUB or GPOS table:
/// tables built here byte by byte, one lookup each.
@Suite struct OpenTypeLookupShapeTests {
    /// A table whose lookup list (at offset 10) holds one lookup of `type` and `flag` with the
    /// given subtables (each a list of big-endian 16-bit words).
    static func table(type: UInt16, flag: UInt16 = 0, subtables: [[UInt16]]) -> [UInt8] {
        var words: [UInt16] = [1, 0, 0, 0, 10] // version 1.0, script and feature lists unused, lookup list
        words += [1, 4] // one lookup, at 4 from the list
        let lookupStart = 6 + 2 * subtables.count
        var offset = lookupStart
        var offsets: [UInt16] = []
        for subtable in subtables {
            offsets.append(UInt16(offset))
            offset += 2 * subtable.count
        }
        words += [type, flag, UInt16(subtables.count)] + offsets
        for subtable in subtables { words += subtable }
        return words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static func shape(_ bytes: [UInt8], _ table: LookupTable = .gsub) -> OpenTypeLookupShape? {
        bytes.withUnsafeBytes { OpenTypeLookupShape(0, of: table, in: $0) }
    }

    @Test func chainedContextsGiveTheirLongestBacktrackOrLookahead() throws {
        // Format 3: two backtrack coverages, one input, one lookahead (offsets are not read).
        let two = try #require(Self.shape(Self.table(type: 6, subtables: [[3, 2, 0, 0, 1, 0, 1, 0, 0]])))
        #expect(two == OpenTypeLookupShape(skipsBaseGlyphs: false, hasClassBasedContext: false, longestContext: 2, type: 6))
        let one = try #require(Self.shape(Self.table(type: 6, subtables: [[3, 1, 0, 1, 0, 1, 0, 0]])))
        #expect(one.longestContext == 1)
        // Format 1 holds rules of any length; format 2 matches by class.
        #expect(Self.shape(Self.table(type: 6, subtables: [[1]]))?.longestContext == 2)
        #expect(Self.shape(Self.table(type: 6, subtables: [[2]]))?.hasClassBasedContext == true)
        #expect(Self.shape(Self.table(type: 5, subtables: [[2]]))?.hasClassBasedContext == true)
        // The same types in GPOS are 7 and 8.
        #expect(Self.shape(Self.table(type: 8, subtables: [[3, 0, 1, 0, 3, 0, 0, 0]]), .gpos)?.longestContext == 3)
        #expect(Self.shape(Self.table(type: 7, subtables: [[2]]), .gpos)?.hasClassBasedContext == true)
        // A reverse chaining substitution: format, coverage, 1 backtrack, 2 lookahead.
        #expect(Self.shape(Self.table(type: 8, subtables: [[1, 0, 1, 0, 2, 0, 0]]))?.longestContext == 2)
    }

    @Test func extensionsAreFollowedAndFlagsRead() throws {
        // An extension subtable (type 7) pointing 8 bytes on to a chained context of format 2.
        let extended = try #require(Self.shape(Self.table(type: 7, subtables: [[1, 6, 0, 8, 2]])))
        #expect(extended.hasClassBasedContext)
        #expect(extended.type == 6)
        // A single substitution skipping base glyphs (lookup flag 2).
        let skipping = try #require(Self.shape(Self.table(type: 1, flag: 2, subtables: [[1]])))
        #expect(skipping == OpenTypeLookupShape(skipsBaseGlyphs: true, hasClassBasedContext: false, longestContext: 0, type: 1))
        // Pair positioning of format 2 is not a context.
        #expect(Self.shape(Self.table(type: 2, subtables: [[2, 0, 4, 0]]), .gpos) == OpenTypeLookupShape(type: 2))
    }

    /// A pair adjustment whose second value record is not empty (valueFormat2 ≠ 0, even with
    /// zero values) makes HarfBuzz step over the second glyph: `KernedCharacters` must know.
    @Test func pairAdjustmentsSayWhetherTheyMoveTheSecondGlyph() throws {
        let first = try #require(Self.shape(Self.table(type: 2, subtables: [[1, 0, 4, 0]]), .gpos))
        #expect(first == OpenTypeLookupShape(type: 2, adjustsSecondGlyph: false))
        let both = try #require(Self.shape(Self.table(type: 2, subtables: [[1, 0, 4, 0], [2, 0, 4, 4]]), .gpos))
        #expect(both == OpenTypeLookupShape(type: 2, adjustsSecondGlyph: true))
        // Through an extension (GPOS type 9) pointing 8 bytes on.
        let extended = try #require(Self.shape(Self.table(type: 9, subtables: [[1, 2, 0, 8, 2, 0, 4, 1]]), .gpos))
        #expect(extended == OpenTypeLookupShape(type: 2, adjustsSecondGlyph: true))
        // In GSUB, type 2 is a multiple substitution: no value formats are read.
        #expect(Self.shape(Self.table(type: 2, subtables: [[1, 0, 0, 4]])) == OpenTypeLookupShape(type: 2))
        // Subtables of different types (only an extension lookup can have them) give no type.
        let mixed = try #require(Self.shape(Self.table(type: 9, subtables: [[1, 2, 0, 8, 1, 0, 4, 0], [1, 1, 0, 8, 1, 0, 4, 0]]), .gpos))
        #expect(mixed.type == 0)
        // A pair subtable cut before its second value format.
        #expect(Self.shape(Self.table(type: 2, subtables: [[1, 0]]), .gpos) == nil)
    }

    @Test func offsetsOutsideTheTableGiveNothing() {
        var truncated = Self.table(type: 6, subtables: [[3, 2, 0, 0, 1, 0, 1, 0, 0]])
        truncated.removeLast(6)
        #expect(Self.shape(truncated) == nil)
        #expect(Self.shape([0, 1, 0, 0]) == nil)
        // Lookup 0 of an empty lookup list.
        #expect(Self.shape([0, 1, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0]) == nil)
    }
}
