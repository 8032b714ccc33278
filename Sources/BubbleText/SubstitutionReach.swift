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
struct SubstitutionReach {
    private let reader: BigEndianReader
    private let coverage: OpenTypeCoverage
    /// The set, sorted.
    private let glyphs: [UInt32]
    /// How much each glyph's words are worth keeping from HarfBuzz (1 when not given): of the
    /// adjacent places of a match, the pairs of least weight are forbidden.
    private let weights: [UInt32: Int]

    init(table: UnsafeRawBufferPointer, set: Set<UInt32>, weights: [UInt32: Int] = [:], budget: WorkBudget? = nil) {
        reader = BigEndianReader(bytes: table, budget: budget)
        coverage = OpenTypeCoverage(reader: reader)
        glyphs = set.sorted()
        self.weights = weights
    }

    /// Adds a match; false once the budget is spent (a match forbids up to a set's square of pairs).
    private func add(_ places: [[UInt32]], to reach: inout Reach) -> Bool {
        guard reader.budget?.spend(places.reduce(1) { $0 + $1.count }) ?? true else { return false }
        let before = reach.pairs.count
        reach.add(match: places) { weights[$0] ?? 1 }
        return reader.budget?.spend(reach.pairs.count - before) ?? true
    }

    /// What a text of the set must avoid for a lookup not to fire: glyphs, and adjacent pairs
    /// (first glyph << 32 | second).
    struct Reach: Equatable {
        var glyphs = Set<UInt32>()
        var pairs = Set<UInt64>()

        mutating func formUnion(_ other: Reach) {
            glyphs.formUnion(other.glyphs)
            pairs.formUnion(other.pairs)
        }

        /// A match whose places (in text order) can hold these glyphs of the set. `weight` says
        /// how much a glyph's words are worth keeping from HarfBuzz (letters and spaces most).
        mutating func add(match places: [[UInt32]], weight: (UInt32) -> Int) {
            // A place no glyph of the set fills, or no place at all (a context of no input, which
            // HarfBuzz never matches): it cannot fire.
            guard !places.isEmpty, !places.contains(where: \.isEmpty) else { return }
            guard places.count > 1 else { return glyphs.formUnion(places[0]) }
            // The two adjacent places whose pairs weigh least.
            let weights = places.map { $0.reduce(0) { $0 + weight($1) } }
            let costs = (0..<places.count - 1).map { weights[$0] * weights[$0 + 1] }
            let place = costs.indices.min { costs[$0] < costs[$1] }!
            for first in places[place] {
                for second in places[place + 1] { pairs.insert(UInt64(first) << 32 | UInt64(second)) }
            }
        }
    }

    /// What lookup `index` can do in a text of the set; nil when an offset points outside the
    /// table or a format is unknown.
    func reach(lookup index: UInt32) -> Reach? {
        guard let list = reader.u16(8).map(Int.init), let count = reader.u16(list), index < count,
              let lookupOffset = reader.u16(list + 2 + 2 * Int(index)) else { return nil }
        let lookup = list + Int(lookupOffset)
        guard let type = reader.u16(lookup), let subtableCount = reader.u16(lookup + 4) else { return nil }
        var result = Reach()
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
            guard let glyphs = covered(first) else { return nil }
            var reach = Reach()
            return add([glyphs], to: &reach) ? reach : nil
        }
    }

    /// The set's glyphs in the coverage at `offset`.
    private func covered(_ offset: Int) -> [UInt32]? {
        coveredWithIndex(offset)?.map(\.glyph)
    }

    /// Each of the set's glyphs in the coverage at `offset`, with its coverage index: which
    /// rule set of the subtable starts with it.
    private func coveredWithIndex(_ offset: Int) -> [(glyph: UInt32, index: Int)]? {
        var result: [(glyph: UInt32, index: Int)] = []
        for glyph in glyphs {
            guard let index = coverage.index(of: glyph, at: offset) else { return nil }
            if index >= 0 { result.append((glyph, index)) }
        }
        return result
    }

    /// Ligatures starting with a glyph of the set: the first glyph and its components.
    private func ligatureFirsts(_ subtable: Int, coverage offset: Int) -> Reach? {
        guard let firsts = coveredWithIndex(offset), let setCount = reader.u16(subtable + 4) else { return nil }
        var reach = Reach()
        for (glyph, index) in firsts {
            guard index < Int(setCount), let setOffset = reader.u16(subtable + 6 + 2 * index),
                  let rules = rules(at: subtable + Int(setOffset)) else { return nil }
            for ligature in rules {
                guard let count = reader.u16(ligature + 2).map(Int.init),
                      let components = words(at: ligature + 4, count: max(count - 1, 0)) else { return nil }
                guard add([[glyph]] + components.map(inSet), to: &reach) else { return nil }
            }
        }
        return reach
    }

    /// A glyph of a rule as a place: itself when it is in the set, else nothing.
    private func inSet(_ glyph: UInt16) -> [UInt32] {
        glyphs.sortedContains(UInt32(glyph)) ? [UInt32(glyph)] : []
    }

    /// Contexts of glyph sequences (format 1).
    private func glyphContext(_ subtable: Int, coverage offset: Int, chained: Bool) -> Reach? {
        guard let firsts = coveredWithIndex(offset), let setCount = reader.u16(subtable + 4) else { return nil }
        var reach = Reach()
        for (glyph, index) in firsts {
            guard index < Int(setCount), let setOffset = reader.u16(subtable + 6 + 2 * index) else { return nil }
            guard setOffset != 0 else { continue }
            guard let rules = rules(at: subtable + Int(setOffset)) else { return nil }
            for rule in rules {
                guard let places = classSequences(of: rule, chained: chained) else { return nil }
                guard add(places[0].reversed().map(inSet) + [[glyph]] + places[1].map(inSet) + places[2].map(inSet),
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
        var classes: [[Int: [UInt32]]] = [] // per definition: class → the set's glyphs of it
        for definition in definitions {
            var byClass: [Int: [UInt32]] = [:]
            for glyph in glyphs {
                guard let glyphClass = coverage.glyphClass(of: glyph, at: definition) else { return nil }
                byClass[glyphClass, default: []].append(glyph)
            }
            classes.append(byClass)
        }
        let (backtrack, input, lookahead) = chained ? (classes[0], classes[1], classes[2]) : (classes[0], classes[0], classes[0])
        var reach = Reach()
        for (glyph, _) in firsts {
            guard let firstClass = input.first(where: { $0.value.contains(glyph) })?.key else { continue }
            guard firstClass < Int(setCount),
                  let setOffset = reader.u16(subtable + 6 + 2 * definitionCount + 2 * firstClass) else { return nil }
            guard setOffset != 0 else { continue }
            guard let rules = rules(at: subtable + Int(setOffset)) else { return nil }
            for rule in rules {
                guard let places = classSequences(of: rule, chained: chained) else { return nil }
                guard add(places[0].reversed().map { backtrack[Int($0)] ?? [] } + [[glyph]]
                          + places[1].map { input[Int($0)] ?? [] } + places[2].map { lookahead[Int($0)] ?? [] },
                          to: &reach) else { return nil }
            }
        }
        return reach
    }

    /// Contexts of coverages (format 3), offsets to them at the given places (backtrack,
    /// input, lookahead) from the subtable.
    private func coverageContext(_ subtable: Int, places: [[Int]]) -> Reach? {
        var match: [[UInt32]] = []
        for (kind, list) in places.enumerated() {
            var glyphSets: [[UInt32]] = []
            for place in list {
                guard let offset = reader.u16(place), let glyphs = covered(subtable + Int(offset)) else { return nil }
                glyphSets.append(glyphs)
            }
            // The backtrack is stored nearest first.
            match += kind == 0 ? glyphSets.reversed() : glyphSets
        }
        var reach = Reach()
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
