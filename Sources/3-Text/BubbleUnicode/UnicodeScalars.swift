internal import CICUBridge

/// Decoding and character properties of UTF-16 text, without Foundation.
public enum UnicodeScalars {
    /// Whether every surrogate in `units` is half of a pair (a string made from them keeps them all).
    public static func isWellFormed(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer { units in
            var index = 0
            while index < units.count {
                // Four units at a time past those that are no surrogate (nearly all text).
                if index + 4 <= units.count {
                    let lanes = UnsafeRawPointer(units.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    let masked = (lanes & 0xF800_F800_F800_F800) ^ 0xD800_D800_D800_D800
                    if (masked &- 0x0001_0001_0001_0001) & ~masked & 0x8000_8000_8000_8000 == 0 {
                        index += 4
                        continue
                    }
                }
                let unit = units[index]
                index += 1
                guard unit & 0xF800 == 0xD800 else { continue }
                guard unit & 0xFC00 == 0xD800, index < units.count, units[index] & 0xFC00 == 0xDC00 else { return false }
                index += 1
            }
            return true
        }
    }

    /// The scalar at `index`, advancing past it; a lone surrogate reads as U+FFFD.
    @inline(__always)
    public static func decode(_ text: UnsafeBufferPointer<UInt16>, at index: inout Int) -> UInt32 {
        let codePoint = codePoint(text, at: &index)
        return codePoint & 0xFFFF_F800 == 0xD800 ? 0xFFFD : codePoint
    }

    /// The code point at `index`, advancing past it; a lone surrogate reads as itself, as ICU's
    /// iterators and property lookups read it.
    @inline(__always)
    public static func codePoint(_ text: UnsafeBufferPointer<UInt16>, at index: inout Int) -> UInt32 {
        let unit = text[index]
        index += 1
        if unit & 0xFC00 == 0xD800, index < text.count, text[index] & 0xFC00 == 0xDC00 {
            let low = text[index]
            index += 1
            return 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        return UInt32(unit)
    }

    /// Emoji_Presentation=Yes: shown as colour emoji without a variation selector (😀, 👍).
    @inlinable
    public static func isEmojiPresentation(_ scalar: UInt32) -> Bool {
        // No ASCII character is (digits, # and * need U+FE0F): skips the table's lazy global.
        if scalar < 0x80 { return false }
        if scalar < 0x10000 { return bmpFlags[Int(scalar)] & 4 != 0 }
        return hasProperty(scalar, .emojiPresentation)
    }

    /// Extended_Pictographic: the characters ZWJ sequences join.
    public static func isExtendedPictographic(_ scalar: UInt32) -> Bool {
        scalar >= 0xA9 && cb_is_extended_pictographic(Int32(scalar)) != 0
    }

    /// Emoji_Modifier: the five skin tones.
    public static func isEmojiModifier(_ scalar: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(scalar) }

    public static func isRegionalIndicator(_ scalar: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar) }

    /// Default_Ignorable_Code_Point: ZWJ, variation selectors, bidi controls… need no glyph of their own.
    public static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        scalar >= 0xAD && cb_is_default_ignorable(Int32(scalar)) != 0
    }

    /// White_Space: what hangs past the line's edge and keeps the font before it.
    @inlinable
    public static func isWhitespace(_ scalar: UInt32) -> Bool {
        // ASCII's White_Space is TAB…CR and SPACE; answering it here skips the table's lazy
        // global (a swift_once per call) for most characters.
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        if scalar < 0x10000 { return bmpFlags[Int(scalar)] & 1 != 0 }
        return hasProperty(scalar, .whitespace)
    }

    /// A control or format character that draws nothing (Cc, Cf, line/paragraph separators).
    @inlinable
    public static func isInvisibleControl(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar < 0x20 || scalar == 0x7F }
        if scalar < 0x10000 { return bmpFlags[Int(scalar)] & 2 != 0 }
        return hasProperty(scalar, .invisible)
    }

    /// White_Space, an invisible control or Emoji_Presentation: the characters font fallback
    /// does not give the first font that covers them. One read of the table where the three
    /// questions apart read its lazy global three times.
    @inlinable
    public static func isWhitespaceInvisibleOrEmoji(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isWhitespace(scalar) || isInvisibleControl(scalar) }
        if scalar < 0x10000 { return bmpFlags[Int(scalar)] & 7 != 0 }
        return isWhitespace(scalar) || isInvisibleControl(scalar) || isEmojiPresentation(scalar)
    }

    /// The properties of the BMP table, for characters outside it.
    @usableFromInline
    enum TableProperty { case whitespace, invisible, emojiPresentation }

    @usableFromInline
    static func hasProperty(_ scalar: UInt32, _ property: TableProperty) -> Bool {
        switch property {
        case .whitespace: return cb_is_white_space(Int32(scalar)) != 0
        case .invisible: return computeInvisibleControl(scalar)
        case .emojiPresentation: return cb_is_emoji_presentation(Int32(scalar)) != 0
        }
    }

    private static func computeInvisibleControl(_ scalar: UInt32) -> Bool {
        if scalar < 0x20 || (0x7F...0x9F).contains(scalar) { return true }
        if scalar < 0xA0 { return false }
        return cb_is_format_or_separator(Int32(scalar)) != 0
    }

    /// The three properties layout asks of every character, for the whole BMP, from ICU once
    /// (64 KiB): one inlined load per character instead of three ICU calls in the per-cluster
    /// loop. Bits: 1 White_Space, 2 invisible control, 4 Emoji_Presentation.
    @usableFromInline
    static let bmpFlags: [UInt8] = {
        // No BMP character above U+3000 is White_Space or Emoji_Presentation (new emoji are
        // given supplementary code points), and the categories are read by ranges: about a
        // tenth of the 196,608 ICU calls asking per character took (a table every process with
        // text beyond ASCII builds; a test checks the whole BMP against ICU).
        var flags = [UInt8](filledWith: 0, count: 0x10000)
        flags.withUnsafeMutableBufferPointer { cb_fill_bmp_flags($0.baseAddress, Int32(propertyLimit)) }
        return flags
    }()

    /// The BMP code units for which `isWhitespaceInvisibleOrEmoji` is `wanted`, in order, read
    /// from the table in one pass (asked one by one, each question reads the table's lazy global).
    public static func bmpUnits(whitespaceInvisibleOrEmoji wanted: Bool) -> [UInt16] {
        bmpFlags.withUnsafeBufferPointer { flags in
            (0..<0x10000).compactMap { unit in (flags[unit] & 7 != 0) == wanted ? UInt16(unit) : nil }
        }
    }

    /// The last BMP character that may be White_Space or Emoji_Presentation (U+3000, the
    /// ideographic space).
    static let propertyLimit: UInt32 = 0x3000
}
