@testable import BubbleFonts
import Testing

/// `SubstitutionReach` on GSUB tables built byte by byte (one lookup each): which glyphs of a
/// set, or which adjacent pairs, a text of the set must avoid for the lookup not to fire.
@Suite struct SubstitutionReachTests {
    static let (a, b, c, digit1, digit2, x): (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (10, 20, 30, 40, 41, 50)

    static func reach(type: UInt16, _ subtables: [[UInt16]], set: [UInt16], weights: [UInt16: Int] = [:],
                      budget: WorkBudget? = nil) -> SubstitutionReach.Reach? {
        let bytes = OpenTypeLookupShapeTests.table(type: type, subtables: subtables)
        return bytes.withUnsafeBytes { table in
            SubstitutionReach(table: table, set: Set(set.map(UInt32.init)),
                              weights: Dictionary(uniqueKeysWithValues: weights.map { (UInt32($0.key), $0.value) }),
                              budget: budget)
                .reach(lookup: 0)
        }
    }

    static func pair(_ first: UInt16, _ second: UInt16) -> UInt64 { UInt64(first) << 32 | UInt64(second) }

    @Test func aSingleSubstitutionTakesTheSetsGlyphsOfItsCoverage() throws {
        // Format 1: coverage at 6 (format 1, two glyphs), delta.
        let reach = try #require(Self.reach(type: 1, [[1, 6, 5, 1, 2, Self.a, Self.c]], set: [Self.a, Self.b]))
        #expect(reach.glyphs == [UInt32(Self.a)])
        #expect(reach.pairs.isEmpty)
    }

    @Test func aLigatureFiresOnlyWhenAllItsComponentsAreInTheSet() throws {
        // Format 1: coverage at 8, one ligature set at 14 holding one ligature (at 4 from it):
        // glyph 99 from a, b.
        let subtable: [UInt16] = [1, 8, 1, 14, 1, 1, Self.a, 1, 4, 99, 2, Self.b]
        let both = try #require(Self.reach(type: 4, [subtable], set: [Self.a, Self.b]))
        #expect(both.glyphs.isEmpty)
        #expect(both.pairs == [Self.pair(Self.a, Self.b)])
        // Without b in the set (a combining mark, say) it cannot fire.
        let alone = try #require(Self.reach(type: 4, [subtable], set: [Self.a, Self.c]))
        #expect(alone == SubstitutionReach.Reach())
    }

    /// "x" between a digit and a letter: of the two adjacent pairs of places, the one of least
    /// weight is forbidden.
    @Test func aChainedContextForbidsThePairsOfLeastWeight() throws {
        // Format 3: backtrack coverage at 20 (two digits), input at 28 (x), lookahead at 34 (a),
        // one lookup record.
        let subtable: [UInt16] = [3, 1, 20, 1, 28, 1, 34, 1, 0, 1,
                                  1, 2, Self.digit1, Self.digit2, 1, 1, Self.x, 1, 1, Self.a]
        let set = [Self.digit1, Self.digit2, Self.x, Self.a]
        let plain = try #require(Self.reach(type: 6, [subtable], set: set))
        #expect(plain.glyphs.isEmpty)
        #expect(plain.pairs == [Self.pair(Self.x, Self.a)]) // 1 × 1 against 2 × 1
        let letters = try #require(Self.reach(type: 6, [subtable], set: set, weights: [Self.a: 20]))
        #expect(letters.pairs == [Self.pair(Self.digit1, Self.x), Self.pair(Self.digit2, Self.x)])
        // No digit in the set: the context cannot match.
        #expect(try #require(Self.reach(type: 6, [subtable], set: [Self.x, Self.a])) == SubstitutionReach.Reach())
    }

    /// Format 2: classes. A rule needing a class no glyph of the set has cannot fire (Inter's
    /// dotless i before combining marks); one whose classes all have glyphs can.
    @Test func aClassContextFiresWhenEachClassHasAGlyphOfTheSet() throws {
        // Format 2: coverage at 16 (a), backtrack classes at 22 (none), input classes at 26
        // (a: 1), lookahead classes at 36 (b: 1, c: 2), two rule sets (class 0: none; class 1 at
        // 52, one rule at 4 from it: no backtrack, a, lookahead class 1, one lookup record).
        let subtable: [UInt16] = [2, 16, 22, 26, 36, 2, 0, 52,
                                  1, 1, Self.a,
                                  2, 0,
                                  2, 1, Self.a, Self.a, 1,
                                  2, 2, Self.b, Self.b, 1, Self.c, Self.c, 2,
                                  1, 4,
                                  0, 1, 1, 1, 1, 0, 1]
        let withB = try #require(Self.reach(type: 6, [subtable], set: [Self.a, Self.b]))
        #expect(withB.pairs == [Self.pair(Self.a, Self.b)])
        let withC = try #require(Self.reach(type: 6, [subtable], set: [Self.a, Self.c]))
        #expect(withC == SubstitutionReach.Reach())
    }

    /// A proof that runs out of its budget (a hostile font's thousands of rules) gives nothing.
    @Test func aSpentBudgetGivesNothing() {
        let subtable: [UInt16] = [3, 1, 20, 1, 28, 1, 34, 1, 0, 1,
                                  1, 2, Self.digit1, Self.digit2, 1, 1, Self.x, 1, 1, Self.a]
        let set = [Self.digit1, Self.digit2, Self.x, Self.a]
        #expect(Self.reach(type: 6, [subtable], set: set, budget: WorkBudget(10)) == nil)
        #expect(Self.reach(type: 6, [subtable], set: set, budget: WorkBudget(1_000)) != nil)
    }

    /// Found by the `opentype-lookups` fuzz target (`Fuzz/crashes-found/opentype-lookups-*`): a
    /// context of coverages with no input glyph (HarfBuzz never matches one) was indexed as if
    /// it had one place, and trapped.
    @Test func aContextWithoutInputCannotFire() throws {
        // Format 3, not chained: no input coverage, one lookup record.
        let empty = try #require(Self.reach(type: 5, [[3, 0, 1, 0, 1]], set: [Self.a]))
        #expect(empty == SubstitutionReach.Reach())
        // Chained, with neither backtrack nor lookahead either.
        #expect(try #require(Self.reach(type: 6, [[3, 0, 0, 0, 1, 0, 1]], set: [Self.a])) == SubstitutionReach.Reach())
    }

    @Test func offsetsOutsideTheTableGiveNothing() {
        #expect(Self.reach(type: 1, [[1, 60]], set: [Self.a]) == nil)
        #expect(Self.reach(type: 4, [[1, 8, 3, 14, 1, 1, Self.a]], set: [Self.a]) == nil)
    }
}
