internal import CICUBridge

/// Text direction of a paragraph or a run.
public enum TextDirection: String, Sendable, Equatable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// A maximal range of one embedding level.
public struct BidiRun: Sendable, Equatable {
    public var range: Range<Int>
    public var level: UInt8
    public var direction: TextDirection { level & 1 == 0 ? .leftToRight : .rightToLeft }
}

/// UAX #9 embedding levels of one paragraph, from ICU. The paragraph direction comes from its
/// first strong character (rules P2–P3), as in Pango and CSS `unicode-bidi: plaintext`.
public struct BidiParagraph: Sendable, Equatable {
    public let paragraphLevel: UInt8
    /// Every level is the paragraph's (no right-to-left text in a left-to-right paragraph).
    public let isUniform: Bool
    /// The UTF-16 code units analysed.
    public let count: Int
    /// The levels of a paragraph that is not uniform; empty when it is, so that most messages
    /// make no array of levels at all.
    @usableFromInline let mixedLevels: [UInt8]

    /// One level per UTF-16 code unit.
    public var levels: [UInt8] { isUniform ? Array(filledWith: paragraphLevel, count: count) : mixedLevels }

    /// The level of the code unit at `offset`.
    @inlinable
    public func level(at offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "offset \(offset) outside a paragraph of \(count) code units")
        return isUniform ? paragraphLevel : mixedLevels[offset]
    }

    public var direction: TextDirection { paragraphLevel & 1 == 0 ? .leftToRight : .rightToLeft }

    /// Analyses one paragraph (no paragraph separators inside) of UTF-16 text.
    public init(_ text: UnsafeBufferPointer<UInt16>) throws {
        count = text.count
        guard Self.mayNeedBidi(text) else {
            paragraphLevel = 0
            mixedLevels = []
            isUniform = true
            return
        }
        guard let bidi = cb_bidi_open() else { throw ICUError(operation: "ubidi_open", code: 7) }
        defer { cb_bidi_close(bidi) }
        var status: Int32 = 0
        // UBIDI_DEFAULT_LTR: level from the first strong character, LTR when there is none.
        cb_bidi_set_paragraph(bidi, text.baseAddress, Int32(text.count), &status)
        try ICUError.check(status, "ubidi_setPara")
        paragraphLevel = cb_bidi_paragraph_level(bidi)
        guard let pointer = cb_bidi_levels(bidi, &status) else {
            try ICUError.check(status, "ubidi_getLevels")
            mixedLevels = []
            isUniform = true
            return
        }
        try ICUError.check(status, "ubidi_getLevels")
        let read = UnsafeBufferPointer(start: pointer, count: text.count)
        let level = paragraphLevel
        isUniform = read.allSatisfy { $0 == level }
        mixedLevels = isUniform ? [] : Array(read)
    }

    public init(_ text: [UInt16]) throws {
        self = try text.withUnsafeBufferPointer { try BidiParagraph($0) }
    }

    /// The level runs in logical order.
    public var runs: [BidiRun] {
        if isUniform { return [BidiRun(range: 0..<count, level: paragraphLevel)] }
        let levels = mixedLevels
        var result: [BidiRun] = []
        var start = 0
        for index in 1...max(levels.count, 1) where index == levels.count || levels[index] != levels[start] {
            if index > start { result.append(BidiRun(range: start..<index, level: levels[start])) }
            start = index
        }
        return result
    }

    /// Only text with a right-to-left letter or an explicit bidi control can have a level
    /// other than 0 in an LTR paragraph; everything else skips ICU (most chat messages).
    public static func mayNeedBidi(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text where unit >= 0x0590 {
            switch unit {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
                 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
                 0xD802, 0xD803, 0xD83A, 0xD83B: // surrogates of the RTL supplementary blocks
                return true
            default:
                continue
            }
        }
        return false
    }

    /// Visual order of runs with the given levels (rule L2): `result[visual] = logical index`.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        if levels.allSatisfy({ $0 == 0 }) { return Array(levels.indices) }
        var map = [Int32](filledWith: 0, count: levels.count)
        levels.withUnsafeBufferPointer { levelPointer in
            map.withUnsafeMutableBufferPointer { mapPointer in
                cb_bidi_reorder_visual(levelPointer.baseAddress, Int32(levels.count), mapPointer.baseAddress)
            }
        }
        return map.map(Int.init)
    }
}
