@testable import BubbleFonts
import Testing

/// `PairAdjustments` on GPOS pair positioning lookups built byte by byte: HarfBuzz's order
/// (the first subtable that matches a pair decides it, even with a zero value) and its class
/// bounds.
@Suite struct PairAdjustmentsTests {
    static let (a, b, c): (UInt16, UInt16, UInt16) = (10, 20, 30)
    static let glyphs: [UInt32] = [10, 20, 30]

    /// Format 1: a covered, its pair set holds (b, −50) and (c, 0).
    static let glyphPairs: [UInt16] = [1, 12, 4, 0, 1, 18, 1, 1, a, 2, b, UInt16(bitPattern: -50), c, 0]

    /// Format 2: a and b covered and of first class 1, c of second class 1: (1, 0) → −7,
    /// (1, 1) → −9.
    static func classPairs(class1Count: UInt16 = 2) -> [UInt16] {
        [2, 24, 4, 0, 32, 42, class1Count, 2, 0, 0, UInt16(bitPattern: -7), UInt16(bitPattern: -9),
         1, 2, a, b, 2, 1, a, b, 1, 2, 1, c, c, 1]
    }

    static func adjustments(_ subtables: [[UInt16]]) -> PairAdjustments? {
        let bytes = OpenTypeLookupShapeTests.table(type: 2, subtables: subtables)
        return bytes.withUnsafeBytes { table in
            var adjustments = PairAdjustments(table: table, glyphs: glyphs)
            return adjustments.apply(lookup: 0) ? adjustments : nil
        }
    }

    /// The adjustment of the pair (first, second), by index in `glyphs`.
    static func pair(_ adjustments: PairAdjustments, _ first: Int, _ second: Int) -> PairAdjustments.Adjustment {
        adjustments.pairs[first * glyphs.count + second]
    }

    @Test func theFirstSubtableThatMatchesDecides() throws {
        let both = try #require(Self.adjustments([Self.glyphPairs, Self.classPairs()]))
        typealias Adjustment = PairAdjustments.Adjustment
        #expect(Self.pair(both, 0, 1) == Adjustment(advance: -50, unsafe: true))
        // (a, c) is in the first subtable with a zero value: the second is not asked.
        #expect(Self.pair(both, 0, 2) == Adjustment())
        // (a, a) is not in the first one's pair set: the class pairs give it.
        #expect(Self.pair(both, 0, 0) == Adjustment(advance: -7, unsafe: true))
        #expect(Self.pair(both, 1, 2) == Adjustment(advance: -9, unsafe: true))
        // c starts no pair.
        #expect((0..<3).allSatisfy { Self.pair(both, 2, $0) == Adjustment() })
    }

    @Test func aClassOutsideTheCountsMatchesNothing() throws {
        // First class 1 with one first class: HarfBuzz's subtable does not match.
        let bounded = try #require(Self.adjustments([Self.classPairs(class1Count: 1)]))
        #expect(bounded.pairs.allSatisfy { $0 == PairAdjustments.Adjustment() })
    }

    @Test func placementsAreMarked() throws {
        // Format 1 with x placement and x advance: (b, 3 placement, −20 advance).
        let placed = try #require(Self.adjustments([[1, 12, 5, 0, 1, 18, 1, 1, Self.a, 1, Self.b, 3, UInt16(bitPattern: -20)]]))
        #expect(Self.pair(placed, 0, 1) == PairAdjustments.Adjustment(advance: -20, unsafe: true, placed: true))
    }

    @Test func aCutTableGivesNothing() {
        var cut = Self.glyphPairs
        cut.removeLast(4)
        #expect(Self.adjustments([cut]) == nil)
    }

    /// A lookup of 100 extension subtables that all point at one pair table of 2,000 records per
    /// glyph: every read in bounds, 600,000 steps (a hostile font multiplies both by 600). The
    /// proof gives up at its budget.
    @Test func aTableThatWouldTakeTooLongIsGivenUp() throws {
        let subtables = 100, records = 2_000
        var words: [UInt16] = [1, 0, 0, 0, 10, 1, 4] // header; lookup list at 10: one lookup at 4
        let lookup = words.count * 2
        words += [9, 0, UInt16(subtables)]
        let firstExtension = (words.count + subtables) * 2
        let pairPos = firstExtension + subtables * 8
        words += (0..<subtables).map { UInt16(firstExtension + $0 * 8 - lookup) }
        for index in 0..<subtables {
            let far = pairPos - (firstExtension + index * 8)
            words += [1, 2, UInt16(far >> 16), UInt16(far & 0xFFFF)]
        }
        // Format 1: coverage of a, b, c at 16; three pair sets, all the one at 26.
        words += [1, 16, 4, 0, 3, 26, 26, 26, 1, 3, Self.a, Self.b, Self.c]
        words += [UInt16(records)] + (0..<records).flatMap { [UInt16(100 + $0), 0] }
        let bytes = words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (budget, completes) in [(300_000, false), (1_000_000, true)] {
            let applied = bytes.withUnsafeBytes { table in
                var adjustments = PairAdjustments(table: table, glyphs: Self.glyphs, budget: WorkBudget(budget))
                return adjustments.apply(lookup: 0)
            }
            #expect(applied == completes, "budget \(budget)")
        }
    }
}
