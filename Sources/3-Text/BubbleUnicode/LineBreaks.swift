internal import CICUBridge
public import BubbleFastPaths

/// A place where a line may (or must) start, as UAX #14 says.
public struct LineBreakOpportunity: Sendable, Equatable {
    /// UTF-16 offset at which the next line would start.
    public var offset: Int
    /// A hard break (after LF, CR LF, NEL, VT, FF, U+2028, U+2029): the line must end here.
    public var isMandatory: Bool

    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// UAX #14 line-break opportunities from ICU's line break iterator.
public enum LineBreaks {
    private static let pool = BreakIteratorPool(CB_BREAK_LINE)

    /// Every opportunity after the start of `text` (UTF-16), the end of text included: from
    /// `CommonLineBreaks` where that fast path is on and the text is of its classes, else ICU.
    public static func opportunities(in text: UnsafeBufferPointer<UInt16>,
                                     fastPaths: FastPaths = .current) throws -> [LineBreakOpportunity] {
        if fastPaths.isOn(.lineBreakRules), let plain = CommonLineBreaks.opportunities(in: text) { return plain }
        return try icuOpportunities(in: text)
    }

    /// ICU's answer, whatever the text (`opportunities` answers text of the common classes itself).
    static func icuOpportunities(in text: UnsafeBufferPointer<UInt16>) throws -> [LineBreakOpportunity] {
        if text.isEmpty { return [] }
        return try pool.withIterator(over: text) { iterator in
            var result: [LineBreakOpportunity] = []
            result.reserveCapacity(text.count / 4 + 2)
            _ = cb_break_first(iterator)
            while true {
                let offset = cb_break_next(iterator)
                if offset < 0 { break }
                let hard = cb_break_is_hard_line_break(iterator) != 0
                result.append(LineBreakOpportunity(offset: Int(offset), isMandatory: hard))
            }
            return result
        }
    }

    public static func opportunities(in text: [UInt16], fastPaths: FastPaths = .current) throws -> [LineBreakOpportunity] {
        try text.withUnsafeBufferPointer { try opportunities(in: $0, fastPaths: fastPaths) }
    }
}

/// Extended grapheme cluster boundaries (UAX #29).
public enum GraphemeClusters {
    private static let pool = BreakIteratorPool(CB_BREAK_CHARACTER)

    /// Boundaries after the start of `text` (UTF-16), the end of text included.
    public static func boundaries(in text: UnsafeBufferPointer<UInt16>, fastPaths: FastPaths = .current) throws -> [Int] {
        if text.isEmpty { return [] }
        guard fastPaths.isOn(.graphemeRules) else { return try icuBoundaries(in: text) }
        // Every code unit a BMP character that never joins a cluster (Grapheme_Cluster_Break =
        // Other): each is a cluster of its own (rule GB999). Most chat text, in every script
        // without combining marks, is answered this way; the rest by the rules, Indic text by ICU.
        // The table is read once here, not per unit (each read of a lazy global is a swift_once).
        let alone = GraphemeRules.aloneBits.withUnsafeBufferPointer { bits in
            text.allSatisfy { bits[Int($0) >> 6] & (1 << UInt64($0 & 63)) != 0 }
        }
        if alone { return Array(1...text.count) }
        if let rules = GraphemeRules.boundaries(in: text) { return rules }
        return try icuBoundaries(in: text)
    }

    /// ICU's character iterator's answer (`boundaries` applies the rules itself; tests compare).
    static func icuBoundaries(in text: UnsafeBufferPointer<UInt16>) throws -> [Int] {
        if text.isEmpty { return [] }
        return try pool.withIterator(over: text) { iterator in
            var result: [Int] = []
            result.reserveCapacity(text.count)
            _ = cb_break_first(iterator)
            while true {
                let offset = cb_break_next(iterator)
                if offset < 0 { break }
                result.append(Int(offset))
            }
            return result
        }
    }

    public static func boundaries(in text: [UInt16], fastPaths: FastPaths = .current) throws -> [Int] {
        try text.withUnsafeBufferPointer { try boundaries(in: $0, fastPaths: fastPaths) }
    }
}
