internal import CICUBridge

/// Extended grapheme cluster boundaries (UAX #29, Unicode 15.0, as ICU 72 applies them) by the
/// rules themselves, with each character's class read from ICU's data.
///
/// ICU's character iterator was the last ICU pass every text with an emoji, a combining mark
/// or a Hangul syllable went through:
/// opening it on a text and stepping its state machine cost far more than these thirteen
/// rules. `GraphemeClusters` uses this for every text its all-alone shortcut does not take,
/// but for Indic text: ICU 72 keeps a consonant, virama and consonant together in six Indic
/// scripts (CLDR 42's aksara rule, which Unicode 15.1 made GB9c) by Indic_Syllabic_Category,
/// which is not in ICU's public data, so text with a character of U+0900–U+0DFF (Devanagari
/// to Sinhala) goes to ICU. Tests compare it with ICU's iterator on every string of up to four characters over one
/// character per class, on random longer ones, on GraphemeBreakTest.txt and on every corpus.
enum GraphemeRules {
    /// Grapheme_Cluster_Break classes, in `cb_grapheme_class`'s order.
    enum Class: UInt8 {
        case other = 0, carriageReturn, lineFeed, control, extend, joiner, regionalIndicator, prepend,
             spacingMark, leadingJamo, vowelJamo, trailingJamo, syllableLV, syllableLVT
    }

    /// A code point's class and whether it is Extended_Pictographic; ICU is asked only for
    /// characters that may join something (marks, joiners, jamo, controls, pictographs, lone
    /// surrogates) or may be pictographs (U+2000–U+32FF, © and ®, beyond the BMP), the emoji
    /// blocks' answers kept in a table.
    @inline(__always)
    static func property(of scalar: UInt32, alone: UnsafePointer<UInt64>, emoji emojiTable: UnsafePointer<UInt8>) -> (class: Class, pictographic: Bool) {
        if scalar < 0x80 {
            // ASCII has no Extended_Pictographic character and no mark.
            switch scalar {
            case 0x0D: return (.carriageReturn, false)
            case 0x0A: return (.lineFeed, false)
            case 0..<0x20, 0x7F: return (.control, false)
            default: return (.other, false)
            }
        }
        if emoji.contains(scalar) {
            let value = emojiTable[Int(scalar - emoji.lowerBound)]
            return (Class(rawValue: value & 0x7F) ?? .other, value & 0x80 != 0)
        }
        if scalar < 0x10000 {
            // Hangul syllables: LV every 28th from U+AC00, LVT between.
            if (0xAC00...0xD7A3).contains(scalar) { return ((scalar - 0xAC00) % 28 == 0 ? .syllableLV : .syllableLVT, false) }
            let mayBePictograph = scalar < 0x2000 ? scalar == 0xA9 || scalar == 0xAE : scalar < 0x3300
            if !mayBePictograph && alone[Int(scalar) >> 6] & (1 << UInt64(scalar & 63)) != 0 { return (.other, false) }
        }
        return property(of: scalar)
    }

    /// The emoji blocks (U+1F000–U+1FBFF), whose properties are read from ICU once: pictographs,
    /// skin tones and regional indicators are most of the characters that reach the rules.
    static let emoji: Range<UInt32> = 0x1F000..<0x1FC00
    static let emojiProperties: [UInt8] = emoji.map { UInt8(truncatingIfNeeded: cb_grapheme_property(Int32($0))) }

    /// ICU's answer for one code point.
    static func property(of scalar: UInt32) -> (class: Class, pictographic: Bool) {
        let value = cb_grapheme_property(Int32(bitPattern: scalar))
        return (Class(rawValue: UInt8(value & 0x7F)) ?? .other, value & CB_GRAPHEME_PICTOGRAPHIC != 0)
    }

    /// One bit per BMP code point: Grapheme_Cluster_Break is Other and it is not a surrogate
    /// (8 KiB, built once from ICU's data).
    static let aloneBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 65536 / 64)
        for unit in 0..<65536 where unit & 0xF800 != 0xD800 {
            if cb_grapheme_break_is_other(Int32(unit)) != 0 {
                bits[unit >> 6] |= 1 << UInt64(unit & 63)
            }
        }
        return bits
    }()

    /// Whether a character of the first class and one of the second stay in one cluster by the
    /// rules that look at the pair alone (GB3 to GB9b, with GB4 and GB5 first); GB11 and GB12/13
    /// need more than the pair and are `boundaries`' own.
    static let pairJoins: [Bool] = {
        var table = [Bool](repeating: false, count: 14 * 14)
        for previousValue in 0..<14 {
            for currentValue in 0..<14 {
                let previous = Class(rawValue: UInt8(previousValue))!, current = Class(rawValue: UInt8(currentValue))!
                let joins: Bool
                switch (previous, current) {
                case (.carriageReturn, .lineFeed): joins = true // GB3
                case (.carriageReturn, _), (.lineFeed, _), (.control, _): joins = false // GB4
                case (_, .carriageReturn), (_, .lineFeed), (_, .control): joins = false // GB5
                case (.leadingJamo, .leadingJamo), (.leadingJamo, .vowelJamo), (.leadingJamo, .syllableLV),
                     (.leadingJamo, .syllableLVT): joins = true // GB6
                case (.syllableLV, .vowelJamo), (.syllableLV, .trailingJamo), (.vowelJamo, .vowelJamo),
                     (.vowelJamo, .trailingJamo): joins = true // GB7
                case (.syllableLVT, .trailingJamo), (.trailingJamo, .trailingJamo): joins = true // GB8
                case (_, .extend), (_, .joiner), (_, .spacingMark), (.prepend, _): joins = true // GB9, GB9a, GB9b
                default: joins = false
                }
                table[previousValue * 14 + currentValue] = joins
            }
        }
        return table
    }()

    /// The Indic blocks whose text goes to ICU (see above).
    static let indic: ClosedRange<UInt32> = 0x0900...0x0DFF

    /// Boundaries after the start of `text` (UTF-16 offsets), its end included; nil when the
    /// text has a character of the `indic` blocks.
    static func boundaries(in text: UnsafeBufferPointer<UInt16>) -> [Int]? {
        if text.isEmpty { return [] }
        if text.contains(where: { indic.contains(UInt32($0)) }) { return nil }
        return aloneBits.withUnsafeBufferPointer { alone in
            pairJoins.withUnsafeBufferPointer { pairJoins in
                emojiProperties.withUnsafeBufferPointer { emoji in
                    boundaries(in: text, alone: alone.baseAddress!, pairJoins: pairJoins, emoji: emoji.baseAddress!)
                }
            }
        }
    }

    /// `boundaries`' walk over a text that is not empty, with its tables.
    private static func boundaries(in text: UnsafeBufferPointer<UInt16>, alone: UnsafePointer<UInt64>,
                                   pairJoins: UnsafeBufferPointer<Bool>, emoji: UnsafePointer<UInt8>) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(text.count)
        var index = 0
        var (previous, pictographic) = property(of: UnicodeScalars.codePoint(text, at: &index), alone: alone, emoji: emoji)
        // GB11: the text so far ends with Extended_Pictographic Extend* (a ZWJ next joins the
        // pictograph after it), or with such a sequence and a ZWJ.
        var afterPictograph = pictographic
        var joinerAfterPictograph = false
        // GB12, GB13: how many regional indicators the text so far ends with.
        var indicators = previous == .regionalIndicator ? 1 : 0
        while index < text.count {
            let start = index
            let current: Class
            (current, pictographic) = property(of: UnicodeScalars.codePoint(text, at: &index), alone: alone, emoji: emoji)
            let joins = if pairJoins[Int(previous.rawValue) * 14 + Int(current.rawValue)] {
                true
            } else if previous == .joiner {
                pictographic && joinerAfterPictograph // GB11
            } else {
                previous == .regionalIndicator && current == .regionalIndicator && indicators % 2 == 1 // GB12, GB13
            }
            if !joins { result.append(start) }
            joinerAfterPictograph = current == .joiner && afterPictograph
            afterPictograph = pictographic || (current == .extend && afterPictograph)
            indicators = current == .regionalIndicator ? indicators + 1 : 0
            previous = current
        }
        result.append(text.count)
        return result
    }
}
