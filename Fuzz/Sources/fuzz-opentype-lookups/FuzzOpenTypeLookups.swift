@testable import BubbleFonts

/// The GSUB and GPOS readers of `KernedCharacters`' proof (`SubstitutionReach`,
/// `PairAdjustments`, `OpenTypeLookupShape`) on any bytes as a table: a font given with
/// `--fonts` is untrusted input. Whatever the bytes, they answer or give up (nil, false) within
/// their budget, and what they answer stays within the glyphs they were asked about.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenTypeLookups(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let glyphs: [UInt32] = Array(1...40)
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    for lookup in UInt32(0)..<4 {
        let reader = SubstitutionReach(table: bytes, set: Set(glyphs), budget: WorkBudget(200_000))
        if let reach = reader.reach(lookup: lookup) {
            precondition(reach.glyphs.allSatisfy { glyphs.contains($0) })
            precondition(reach.pairs.allSatisfy { glyphs.contains(UInt32($0 >> 32)) && glyphs.contains(UInt32($0 & 0xFFFF_FFFF)) })
        }
        var adjustments = PairAdjustments(table: bytes, glyphs: glyphs, budget: WorkBudget(200_000))
        if adjustments.apply(lookup: lookup) {
            precondition(adjustments.pairs.count == glyphs.count * glyphs.count)
        }
        for table in [LookupTable.gsub, .gpos] { _ = OpenTypeLookupShape(lookup, of: table, in: bytes) }
    }
    return 0
}
