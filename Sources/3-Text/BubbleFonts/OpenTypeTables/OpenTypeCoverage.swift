/// Coverage and class definition tables of GSUB and GPOS, read in place: a glyph's coverage
/// index or class by binary search (both formats keep glyphs sorted), for the few glyphs the
/// proofs of `KernedCharacters` ask about rather than for every glyph a table lists.
package struct OpenTypeCoverage {
    package let reader: BigEndianReader

    /// The coverage index of `glyph` in the table at `offset` (−1: not covered); nil when the
    /// table is cut short or of an unknown format.
    package func index(of glyph: UInt32, at offset: Int) -> Int? {
        guard let format = reader.u16(offset), let count = reader.u16(offset + 2).map(Int.init) else { return nil }
        switch format {
        case 1:
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                guard let value = reader.u16(offset + 4 + 2 * middle).map(UInt32.init) else { return nil }
                if value == glyph { return middle }
                if value < glyph { low = middle + 1 } else { high = middle }
            }
            return -1
        case 2:
            guard let record = range(containing: glyph, records: offset + 4, count: count) else { return nil }
            guard record >= 0, let start = reader.u16(record), let startIndex = reader.u16(record + 4) else { return -1 }
            return Int(startIndex) + Int(glyph) - Int(start)
        default:
            return nil
        }
    }

    /// The class of `glyph` in the class definition at `offset` (0 when it is not listed); nil
    /// when the table is cut short or of an unknown format.
    package func glyphClass(of glyph: UInt32, at offset: Int) -> Int? {
        guard let format = reader.u16(offset) else { return nil }
        switch format {
        case 1:
            guard let start = reader.u16(offset + 2).map(UInt32.init), let count = reader.u16(offset + 4) else { return nil }
            guard glyph >= start, glyph < start + UInt32(count) else { return 0 }
            return reader.u16(offset + 6 + 2 * Int(glyph - start)).map(Int.init)
        case 2:
            guard let count = reader.u16(offset + 2).map(Int.init),
                  let record = range(containing: glyph, records: offset + 4, count: count) else { return nil }
            guard record >= 0 else { return 0 }
            return reader.u16(record + 4).map(Int.init)
        default:
            return nil
        }
    }

    /// The offset of the range record (start, end, value: 6 bytes each, sorted by start) that
    /// holds `glyph`, −1 when none does; nil when a record is cut short.
    private func range(containing glyph: UInt32, records: Int, count: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let record = records + 6 * middle
            guard let start = reader.u16(record).map(UInt32.init), let end = reader.u16(record + 2).map(UInt32.init) else { return nil }
            if glyph < start { high = middle } else if glyph > end { low = middle + 1 } else { return record }
        }
        return -1
    }
}
