/// What GPOS pair positioning (lookup type 2) does to each ordered pair of a few glyphs, read
/// from the table as HarfBuzz applies it, for `KernedCharacters`: shaping every pair with
/// HarfBuzz instead took longer per font than measuring hundreds of messages.
///
/// HarfBuzz, per lookup and per glyph, tries the subtables in order and stops at the first that
/// matches: format 1 when the first glyph is covered and the second is in its pair set, format
/// 2 when the first glyph is covered and both classes are within the class counts, whatever
/// the values. The first glyph's value record moves it; with no second value record (which
/// `KernedCharacters` requires) the second glyph starts the next pair, so pairs are independent
/// and lookups add up. A pair moved by a non-zero value is unsafe to break between.
package struct PairAdjustments {
    /// One ordered pair: the first glyph's advance adjustment in font units, whether HarfBuzz
    /// flags the second glyph unsafe to break, and whether the pair also moves a glyph off its
    /// baseline or pen position (placement): then the pair is not this simple.
    package struct Adjustment: Equatable {
        package var advance: Int32 = 0
        package var unsafe = false
        package var placed = false
    }

    private let reader: BigEndianReader
    private let coverage: OpenTypeCoverage
    private let glyphs: [UInt32]
    /// Per pair (first index × count + second index, in `glyphs`).
    package private(set) var pairs: [Adjustment]

    /// `glyphs` sorted.
    package init(table: UnsafeRawBufferPointer, glyphs: [UInt32], budget: WorkBudget? = nil) {
        reader = BigEndianReader(bytes: table, budget: budget)
        coverage = OpenTypeCoverage(reader: reader)
        self.glyphs = glyphs
        pairs = [Adjustment](repeating: Adjustment(), count: glyphs.count * glyphs.count)
    }

    /// Adds what pair positioning lookup `index` does; false when the table cannot be read.
    package mutating func apply(lookup index: UInt32) -> Bool {
        guard let list = reader.u16(8).map(Int.init), let count = reader.u16(list), index < count,
              let lookupOffset = reader.u16(list + 2 + 2 * Int(index)) else { return false }
        let lookup = list + Int(lookupOffset)
        guard let type = reader.u16(lookup), let subtableCount = reader.u16(lookup + 4) else { return false }
        var matched = [Bool](repeating: false, count: pairs.count)
        for number in 0..<Int(subtableCount) {
            guard let offset = reader.u16(lookup + 6 + 2 * number) else { return false }
            var subtable = lookup + Int(offset)
            if type == 9 {
                guard let far = reader.u32(subtable + 4) else { return false }
                subtable += Int(far)
            }
            guard let format = reader.u16(subtable), let coverageOffset = reader.u16(subtable + 2),
                  let format1 = reader.u16(subtable + 4) else { return false }
            let read: Bool
            switch format {
            case 1: read = applyGlyphPairs(subtable, coverage: subtable + Int(coverageOffset), valueFormat: format1, matched: &matched)
            case 2: read = applyClassPairs(subtable, coverage: subtable + Int(coverageOffset), valueFormat: format1, matched: &matched)
            default: read = false
            }
            guard read else { return false }
        }
        return true
    }

    /// Format 1: per covered first glyph, a set of (second glyph, value records) sorted by
    /// second glyph.
    private mutating func applyGlyphPairs(_ subtable: Int, coverage offset: Int, valueFormat: UInt16,
                                          matched: inout [Bool]) -> Bool {
        guard let valueFormat2 = reader.u16(subtable + 6), let setCount = reader.u16(subtable + 8) else { return false }
        let recordSize = 2 + Self.size(valueFormat) + Self.size(valueFormat2)
        for (first, glyph) in glyphs.enumerated() {
            guard let index = coverage.index(of: glyph, at: offset) else { return false }
            guard index >= 0 else { continue }
            guard index < Int(setCount), let setOffset = reader.u16(subtable + 10 + 2 * index) else { return false }
            let set = subtable + Int(setOffset)
            guard let recordCount = reader.u16(set).map(Int.init) else { return false }
            for record in 0..<recordCount {
                let at = set + 2 + record * recordSize
                guard let secondGlyph = reader.u16(at) else { return false }
                guard let second = glyphs.sortedIndex(of: UInt32(secondGlyph)) else { continue }
                let slot = first * glyphs.count + second
                if matched[slot] { continue }
                matched[slot] = true
                guard add(valueFormat, at: at + 2, to: slot) else { return false }
            }
        }
        return true
    }

    /// Format 2: a value record per (class of the first glyph, class of the second).
    private mutating func applyClassPairs(_ subtable: Int, coverage offset: Int, valueFormat: UInt16,
                                          matched: inout [Bool]) -> Bool {
        guard let valueFormat2 = reader.u16(subtable + 6), let classDef1 = reader.u16(subtable + 8),
              let classDef2 = reader.u16(subtable + 10), let class1Count = reader.u16(subtable + 12).map(Int.init),
              let class2Count = reader.u16(subtable + 14).map(Int.init) else { return false }
        let recordSize = Self.size(valueFormat) + Self.size(valueFormat2)
        var secondClasses: [Int] = []
        for glyph in glyphs {
            guard let value = coverage.glyphClass(of: glyph, at: subtable + Int(classDef2)) else { return false }
            secondClasses.append(value)
        }
        for (first, glyph) in glyphs.enumerated() {
            guard let index = coverage.index(of: glyph, at: offset) else { return false }
            guard index >= 0 else { continue }
            guard let firstClass = coverage.glyphClass(of: glyph, at: subtable + Int(classDef1)) else { return false }
            guard firstClass < class1Count else { continue }
            guard reader.budget?.spend(secondClasses.count) ?? true else { return false }
            for (second, secondClass) in secondClasses.enumerated() where secondClass < class2Count {
                let slot = first * glyphs.count + second
                if matched[slot] { continue }
                matched[slot] = true
                let at = subtable + 16 + (firstClass * class2Count + secondClass) * recordSize
                guard add(valueFormat, at: at, to: slot) else { return false }
            }
        }
        return true
    }

    /// Adds the value record of `format` at `at` to pair `slot`. In horizontal text HarfBuzz
    /// uses the placements and the x advance; device tables only at a set size (never here).
    private mutating func add(_ format: UInt16, at: Int, to slot: Int) -> Bool {
        var field = at
        func next(_ flag: UInt16) -> Int16? {
            guard format & flag != 0 else { return 0 }
            defer { field += 2 }
            return reader.u16(field).map { Int16(bitPattern: $0) }
        }
        guard let xPlacement = next(0x1), let yPlacement = next(0x2), let xAdvance = next(0x4) else { return false }
        if xPlacement != 0 || yPlacement != 0 { pairs[slot].placed = true }
        pairs[slot].advance += Int32(xAdvance)
        if xAdvance != 0 || xPlacement != 0 || yPlacement != 0 { pairs[slot].unsafe = true }
        return true
    }

    /// Bytes of a value record of `format`: two per field (placements, advances, devices).
    private static func size(_ format: UInt16) -> Int { 2 * (format & 0xFF).nonzeroBitCount }
}
