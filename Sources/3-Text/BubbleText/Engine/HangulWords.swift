/// The `hangul-word-priority` line-break strategy: no soft break between two characters of one
/// Korean word (Hangul next to Hangul, or Hangul next to an ASCII letter or digit, as in
/// "3개" or "카톡ID"), so Korean breaks at spaces and punctuation as Latin text does.
/// Breaks next to ideographs, kana and everything else are left as UAX #14 gives them.
enum HangulWords {
    /// Whether the soft opportunity at `offset` lies inside a Korean word.
    static func joins(_ text: UnsafeBufferPointer<UInt16>, at offset: Int) -> Bool {
        guard offset > 0, offset < text.count else { return false }
        var before = UInt32(text[offset - 1])
        if UTF16.isTrailSurrogate(text[offset - 1]), offset > 1, UTF16.isLeadSurrogate(text[offset - 2]) {
            before = 0x10000 + (UInt32(text[offset - 2]) - 0xD800) << 10 + (before - 0xDC00)
        }
        let after = UInt32(text[offset])
        let hangulBefore = isHangul(before), hangulAfter = isHangul(after)
        return (hangulBefore && (hangulAfter || isASCIIAlphanumeric(after)))
            || (hangulAfter && isASCIIAlphanumeric(before))
    }

    /// Hangul syllables, jamo (conjoining, compatibility, extended, halfwidth).
    static func isHangul(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x11FF, 0x3131...0x318E, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC:
            true
        default:
            false
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: UInt32) -> Bool {
        (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
    }
}
