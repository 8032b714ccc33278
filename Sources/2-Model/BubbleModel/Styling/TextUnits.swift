/// Character classes of the styling parser and the link scanner, read straight from UTF-16
/// code units: every offset they produce is a `StyledText` offset, so working on the units
/// avoids converting between `String.Index` and NSRange-style counts. ICU is not available
/// here (BubbleModel imports Foundation), and the few Unicode properties needed come from
/// the standard library's `Unicode.Scalar.Properties`.
enum TextUnits {
    static let newline: UInt16 = 0x0A
    static let carriageReturn: UInt16 = 0x0D
    static let greaterThan: UInt16 = 0x3E
    static let graveAccent: UInt16 = 0x60
    static let at: UInt16 = 0x40

    /// XEP-0393's whitespace: White_Space or general category Z. All of them are in the BMP,
    /// so a surrogate code unit is never whitespace.
    static func isWhitespace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
    }

    static func isASCIILetter(_ unit: UInt16) -> Bool { (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) }
    static func isASCIIDigit(_ unit: UInt16) -> Bool { (0x30...0x39).contains(unit) }
    static func isASCIIAlphanumeric(_ unit: UInt16) -> Bool { isASCIILetter(unit) || isASCIIDigit(unit) }

    /// The scalar that starts at `offset` and how many units it takes; a lone surrogate
    /// reads as U+FFFD of one unit (a Swift `String` never holds one, but the scanner must not
    /// trust that).
    static func scalar(at offset: Int, in units: [UInt16]) -> (scalar: Unicode.Scalar, width: Int) {
        let unit = units[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
            let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[offset + 1] - 0xDC00)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        return (Unicode.Scalar(unit) ?? "\u{FFFD}", 1)
    }

    /// The scalar that ends just before `offset`, and where it starts.
    static func scalar(before offset: Int, in units: [UInt16]) -> (scalar: Unicode.Scalar, start: Int) {
        if offset >= 2, UTF16.isTrailSurrogate(units[offset - 1]), UTF16.isLeadSurrogate(units[offset - 2]) {
            return (scalar(at: offset - 2, in: units).scalar, offset - 2)
        }
        return (Unicode.Scalar(units[offset - 1]) ?? "\u{FFFD}", offset - 1)
    }

    /// A letter or a digit of any script: what names and words are made of.
    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }

    /// Punctuation outside ASCII (`，`, `。`, `」`, `…`): it ends a URL the way a space does,
    /// which is how text in scripts without spaces between words writes links.
    static func isNonASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x80 else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
