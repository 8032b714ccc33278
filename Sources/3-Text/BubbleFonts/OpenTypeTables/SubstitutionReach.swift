/// Where one GSUB lookup can fire in a text made only of glyphs of a set: what
/// `KernedCharacters` must leave to HarfBuzz.
///
/// A lookup fires at a glyph of its coverage, and only when the whole of one of its matches is
/// in the buffer, every place of it (backtrack, input, lookahead; a ligature's components)
/// holding a glyph of the set. A context rule that matches counts even when it substitutes
/// nothing: HarfBuzz still flags its glyphs unsafe to break. A match of one place (a single,
/// multiple or alternate substitution) means its glyphs cannot be used at all. A longer match
/// holds two adjacent places, so forbidding the pairs of glyphs those two places can hold is
/// enough: a text without such a pair cannot hold the match. Inter's `calt` turns `->` into an
/// arrow, `x` between digits into `×` and `-` or `=` before capitals into their case forms, and
/// its `ccmp` composes letters with combining marks: then words holding `->`, `3 x`, `-A` and
/// the like go to HarfBuzz (the marks are not in the set), not every word with `-`, `x` or a
/// letter. Reverse chaining counts its whole coverage.
package struct SubstitutionReach {
    private let reader: BigEndianReader
    private let coverage: OpenTypeCoverage
    /// The set, sorted: places of matches hold indexes into it.
    private let glyphs: [UInt32]
    /// Per glyph of the set: how much its words are worth keeping from HarfBuzz (1 when not
    /// given); of the adjacent places of a match, the pairs of least weight are forbidden.
    private let weights: [Int]
    /// Coverages and class definitions already read: contexts share them (Inter's `calt` points
    /// many times at a few). Reading each once, and pairs kept as bits rather than in a set,
    /// halves a font's proof.
    private let memo = Memo()

    private final class Memo {
        package var covered: [Int: [(member: Int, index: Int)]?] = [:]
        package var classes: [Int: ClassDefinition?] = [:]
    }

    /// The set's glyphs by class in one class definition.
    private struct ClassDefinition {
        /// Per glyph of the set: its class.
        package let classOf: [Int]
        /// Per class: the set's glyphs of it.
        package let members: [Int: [Int]]
    }

    package init(table: UnsafeRawBufferPointer, set: Set<UInt32>, weights: [UInt32: Int] = [:], budget: WorkBudget? = nil) {
        reader = BigEndianReader(bytes: table, budget: budget)
        coverage = OpenTypeCoverage(reader: reader)
        glyphs = set.sorted()
        self.weights = glyphs.map { weights[$0] ?? 1 }
    }

    /// Adds a match; false once the budget is spent (a match forbids up to a set's square of pairs).
    private func add(_ places: [[Int]], to reach: inout Reach) -> Bool {
        guard reader.budget?.spend(places.reduce(1) { $0 + $1.count }) ?? true else { return false }
        let added = reach.add(match: places) { weights[$0] }
        return reader.budget?.spend(added) ?? true
    }

    /// What a text of the set must avoid for a lookup not to fire: glyphs, and adjacent pairs.
    package struct Reach: Equatable {
        /// The set, sorted: what the bits below count by.
        package let members: [UInt32]
        /// One bit per glyph of the set that a lookup can take alone.
        private var glyphBits: [UInt64]
        /// One bit per ordered pair of the set's glyphs (first × count + second).
        private var pairBits: [UInt64]

        /// Nothing, for no set.
        package init() { self.init(members: []) }

        package init(members: [UInt32]) {
            self.members = members
            glyphBits = [UInt64](repeating: 0, count: (members.count + 63) / 64)
            pairBits = [UInt64](repeating: 0, count: (members.count * members.count + 63) / 64)
        }

        /// The glyphs a lookup can take alone.
        package var glyphs: Set<UInt32> { Set(members.indices.filter { Self.has(glyphBits, $0) }.map { members[$0] }) }

        /// The pairs (first glyph << 32 | second) a match can start at.
        package var pairs: Set<UInt64> {
            var pairs = Set<UInt64>()
            forEachPair { pairs.insert(UInt64($0) << 32 | UInt64($1)) }
            return pairs
        }

        package func forEachPair(_ body: (UInt32, UInt32) -> Void) {
            for (word, bits) in pairBits.enumerated() where bits != 0 {
                var rest = bits
                while rest != 0 {
                    let bit = word * 64 + rest.trailingZeroBitCount
                    body(members[bit / members.count], members[bit % members.count])
                    rest &= rest - 1
                }
            }
        }

        package static func == (left: Reach, right: Reach) -> Bool {
            left.glyphs == right.glyphs && left.pairs == right.pairs
        }

        package mutating func formUnion(_ other: Reach) {
            guard !other.members.isEmpty else { return }
            guard !members.isEmpty else { return self = other }
            precondition(members == other.members, "reaches of different sets")
            for index in glyphBits.indices { glyphBits[index] |= other.glyphBits[index] }
            for index in pairBits.indices { pairBits[index] |= other.pairBits[index] }
        }

        /// A match whose places (in text order) can hold these glyphs of the set (indexes into
        /// `members`). `weight` says how much a glyph's words are worth keeping from HarfBuzz
        /// (letters and spaces most). Returns how many pairs were new.
        @discardableResult
        package mutating func add(match places: [[Int]], weight: (Int) -> Int) -> Int {
            // A place no glyph of the set fills, or no place at all (a context of no input, which
            // HarfBuzz never matches): it cannot fire.
            guard !places.isEmpty, !places.contains(where: \.isEmpty) else { return 0 }
            guard places.count > 1 else {
                for member in places[0] { glyphBits[member / 64] |= 1 << UInt64(member % 64) }
                return 0
            }
            // The two adjacent places whose pairs weigh least.
            let weights = places.map { $0.reduce(0) { $0 + weight($1) } }
            let costs = (0..<places.count - 1).map { weights[$0] * weights[$0 + 1] }
            let place = costs.indices.min { costs[$0] < costs[$1] }!
            var added = 0
            for first in places[place] {
                for second in places[place + 1] {
                    let bit = first * members.count + second
                    let mask: UInt64 = 1 << UInt64(bit % 64)
                    if pairBits[bit / 64] & mask == 0 {
                        pairBits[bit / 64] |= mask
                        added += 1
                    }
                }
            }
            return added
        }

        private static func has(_ bits: [UInt64], _ index: Int) -> Bool {
            bits[index / 64] & 1 << UInt64(index % 64) != 0
        }
    }

    /// What lookup `index` can do in a text of the set; nil when an offset points outside the
    /// table or a format is unknown.
    package func reach(lookup index: UInt32) -> Reach? {
        guard let list = reader.u16(8).map(Int.init), let count = reader.u16(list), index < count,
              let lookupOffset = reader.u16(list + 2 + 2 * Int(index)) else { return nil }
        let lookup = list + Int(lookupOffset)
        guard let type = reader.u16(lookup), let subtableCount = reader.u16(lookup + 4) else { return nil }
        var result = Reach(members: glyphs)
        for number in 0..<Int(subtableCount) {
            guard let offset = reader.u16(lookup + 6 + 2 * number) else { return nil }
            var subtable = lookup + Int(offset)
            var subtype = type
            if type == 7 {
                guard let extended = reader.u16(subtable + 2), let far = reader.u32(subtable + 4) else { return nil }
                subtype = extended
                subtable += Int(far)
            }
            guard let reach = reach(subtable, type: subtype) else { return nil }
            result.formUnion(reach)
        }
        return result
    }

    private func reach(_ subtable: Int, type: UInt16) -> Reach? {
        guard let format = reader.u16(subtable), let first = reader.u16(subtable + 2).map({ subtable + Int($0) }) else { return nil }
        switch (type, format) {
        case (4, 1): return ligatureFirsts(subtable, coverage: first)
        case (5, 1): return glyphContext(subtable, coverage: first, chained: false)
        case (6, 1): return glyphContext(subtable, coverage: first, chained: true)
        case (5, 2): return classContext(subtable, coverage: first, chained: false)
        case (6, 2): return classContext(subtable, coverage: first, chained: true)
        case (5, 3):
            guard let inputCount = reader.u16(subtable + 2) else { return nil }
            return coverageContext(subtable, places: [[], (0..<Int(inputCount)).map { subtable + 6 + 2 * $0 }, []])
        case (6, 3):
            guard let backtrackCount = reader.u16(subtable + 2).map(Int.init) else { return nil }
            let inputAt = subtable + 4 + 2 * backtrackCount
            guard let inputCount = reader.u16(inputAt).map(Int.init) else { return nil }
            let lookaheadAt = inputAt + 2 + 2 * inputCount
            guard let lookaheadCount = reader.u16(lookaheadAt).map(Int.init) else { return nil }
            return coverageContext(subtable, places: [(0..<backtrackCount).map { subtable + 4 + 2 * $0 },
                                                      (0..<inputCount).map { inputAt + 2 + 2 * $0 },
                                                      (0..<lookaheadCount).map { lookaheadAt + 2 + 2 * $0 }])
        default:
            // Single, multiple, alternate, reverse chaining: the coverage, a place of its own.
            guard let members = covered(first) else { return nil }
            var reach = Reach(members: glyphs)
            return add([members], to: &reach) ? reach : nil
        }
    }

    /// The set's glyphs (indexes) in the coverage at `offset`.
    private func covered(_ offset: Int) -> [Int]? {
        coveredWithIndex(offset)?.map(\.member)
    }

    /// Each of the set's glyphs (an index) in the coverage at `offset`, with its coverage
    /// index: which rule set of the subtable starts with it.
    private func coveredWithIndex(_ offset: Int) -> [(member: Int, index: Int)]? {
        if let known = memo.covered[offset] { return known }
        var result: [(member: Int, index: Int)]? = []
        for (member, glyph) in glyphs.enumerated() {
            guard let index = coverage.index(of: glyph, at: offset) else { result = nil; break }
            if index >= 0 { result?.append((member, index)) }
        }
        memo.covered[offset] = .some(result)
        return result
    }

    /// The set's glyphs by class in the class definition at `offset`.
    private func classDefinition(_ offset: Int) -> ClassDefinition? {
        if let known = memo.classes[offset] { return known }
        var classOf: [Int] = []
        var members: [Int: [Int]] = [:]
        var result: ClassDefinition?
        for (member, glyph) in glyphs.enumerated() {
            guard let glyphClass = coverage.glyphClass(of: glyph, at: offset) else { break }
            classOf.append(glyphClass)
            members[glyphClass, default: []].append(member)
        }
        if classOf.count == glyphs.count { result = ClassDefinition(classOf: classOf, members: members) }
        memo.classes[offset] = .some(result)
        return result
    }

    /// Ligatures starting with a glyph of the set: the first glyph and its components.
    private func ligatureFirsts(_ subtable: Int, coverage offset: Int) -> Reach? {
        guard let firsts = coveredWithIndex(offset), let setCount = reader.u16(subtable + 4) else { return nil }
        var reach = Reach(members: glyphs)
        for (member, index) in firsts {
            guard index < Int(setCount), let setOffset = reader.u16(subtable + 6 + 2 * index),
                  let rules = rules(at: subtable + Int(setOffset)) else { return nil }
            for ligature in rules {
                guard let count = reader.u16(ligature + 2).map(Int.init),
                      let components = words(at: ligature + 4, count: max(count - 1, 0)) else { return nil }
                guard add([[member]] + components.map(inSet), to: &reach) else { return nil }
            }
        }
        return reach
    }

    /// A glyph of a rule as a place: its index when it is in the set, else nothing.
    private func inSet(_ glyph: UInt16) -> [Int] {
        glyphs.sortedIndex(of: UInt32(glyph)).map { [$0] } ?? []
    }

    /// Contexts of glyph sequences (format 1).
    private func glyphContext(_ subtable: Int, coverage offset: Int, chained: Bool) -> Reach? {
        guard let firsts = coveredWithIndex(offset), let setCount = reader.u16(subtable + 4) else { return nil }
        var reach = Reach(members: glyphs)
        for (member, index) in firsts {
            guard index < Int(setCount), let setOffset = reader.u16(subtable + 6 + 2 * index) else { return nil }
            guard setOffset != 0 else { continue }
            guard let rules = rules(at: subtable + Int(setOffset)) else { return nil }
            for rule in rules {
                guard let places = classSequences(of: rule, chained: chained) else { return nil }
                guard add(places[0].reversed().map(inSet) + [[member]] + places[1].map(inSet) + places[2].map(inSet),
                          to: &reach) else { return nil }
            }
        }
        return reach
    }

    /// Contexts of class sequences (format 2); class 0 is the set's glyphs the class
    /// definition does not list.
    private func classContext(_ subtable: Int, coverage offset: Int, chained: Bool) -> Reach? {
        // Class definitions: backtrack, input, lookahead (one for all three when not chained).
        let definitionCount = chained ? 3 : 1
        guard let firsts = coveredWithIndex(offset),
              let definitions = words(at: subtable + 4, count: definitionCount)?.map({ subtable + Int($0) }),
              let setCount = reader.u16(subtable + 4 + 2 * definitionCount) else { return nil }
        var classes: [ClassDefinition] = []
        for definition in definitions {
            guard let classDefinition = classDefinition(definition) else { return nil }
            classes.append(classDefinition)
        }
        let (backtrack, input, lookahead) = chained ? (classes[0], classes[1], classes[2]) : (classes[0], classes[0], classes[0])
        var reach = Reach(members: glyphs)
        for (member, _) in firsts {
            let firstClass = input.classOf[member]
            guard firstClass < Int(setCount),
                  let setOffset = reader.u16(subtable + 6 + 2 * definitionCount + 2 * firstClass) else { return nil }
            guard setOffset != 0 else { continue }
            guard let rules = rules(at: subtable + Int(setOffset)) else { return nil }
            for rule in rules {
                guard let places = classSequences(of: rule, chained: chained) else { return nil }
                guard add(places[0].reversed().map { backtrack.members[Int($0)] ?? [] } + [[member]]
                          + places[1].map { input.members[Int($0)] ?? [] } + places[2].map { lookahead.members[Int($0)] ?? [] },
                          to: &reach) else { return nil }
            }
        }
        return reach
    }

    /// Contexts of coverages (format 3), offsets to them at the given places (backtrack,
    /// input, lookahead) from the subtable.
    private func coverageContext(_ subtable: Int, places: [[Int]]) -> Reach? {
        var match: [[Int]] = []
        for (kind, list) in places.enumerated() {
            var memberSets: [[Int]] = []
            for place in list {
                guard let offset = reader.u16(place), let members = covered(subtable + Int(offset)) else { return nil }
                memberSets.append(members)
            }
            // The backtrack is stored nearest first.
            match += kind == 0 ? memberSets.reversed() : memberSets
        }
        var reach = Reach(members: glyphs)
        return add(match, to: &reach) ? reach : nil
    }

    /// A rule's backtrack, input (after the first) and lookahead values: glyphs in format 1,
    /// classes in format 2, laid out the same way.
    private func classSequences(of rule: Int, chained: Bool) -> [[UInt16]]? {
        guard chained else {
            guard let count = reader.u16(rule).map(Int.init),
                  let input = words(at: rule + 4, count: max(count - 1, 0)) else { return nil }
            return [[], input, []]
        }
        guard let backtrackCount = reader.u16(rule).map(Int.init),
              let backtrack = words(at: rule + 2, count: backtrackCount) else { return nil }
        let inputAt = rule + 2 + 2 * backtrackCount
        guard let inputCount = reader.u16(inputAt).map(Int.init),
              let input = words(at: inputAt + 2, count: max(inputCount - 1, 0)) else { return nil }
        let lookaheadAt = inputAt + 2 + 2 * max(inputCount - 1, 0)
        guard let lookaheadCount = reader.u16(lookaheadAt).map(Int.init),
              let lookahead = words(at: lookaheadAt + 2, count: lookaheadCount) else { return nil }
        return [backtrack, input, lookahead]
    }

    /// The absolute offsets of the rules (or ligatures) of the rule set at `offset`.
    private func rules(at offset: Int) -> [Int]? {
        guard let count = reader.u16(offset).map(Int.init),
              let offsets = words(at: offset + 2, count: count) else { return nil }
        return offsets.map { offset + Int($0) }
    }

    private func words(at offset: Int, count: Int) -> [UInt16]? {
        var result: [UInt16] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            guard let word = reader.u16(offset + 2 * index) else { return nil }
            result.append(word)
        }
        return result
    }
}
