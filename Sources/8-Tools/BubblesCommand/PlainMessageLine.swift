/// The common input line, `{"id": "…", "text": "…"}` (either order, any spaces and tabs between
/// tokens) whose two strings hold no control character and no escape other than the one-letter
/// ones (`\n`, `\"`, …): read straight from the bytes, so no JSON parser is needed. Every other
/// line (numbers as ids, spans, `\u` escapes, other keys) is left to JSONSerialization, which
/// gives the same values and the errors.
package struct PlainMessageLine {
    /// Byte ranges of the two strings' contents, without quotes.
    package let id: Range<Int>
    package let text: Range<Int>
    /// Whether the id holds a backslash escape to decode (`utf16` decodes the text's as it goes).
    package let idEscaped: Bool

    package init?(_ line: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = line.count
        func skipBlanks() {
            while index < count && (line[index] == 0x20 || line[index] == 0x09) { index += 1 }
        }
        func take(_ byte: UInt8) -> Bool {
            skipBlanks()
            guard index < count, line[index] == byte else { return false }
            index += 1
            return true
        }
        /// A string without control characters or `\u` escapes: its contents' range, and
        /// whether it has other escapes.
        func plainString() -> (Range<Int>, Bool)? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            var escaped = false
            while index < count {
                // Eight bytes at a time past what is neither a quote, a backslash nor a control.
                if index + 8 <= count && !Self.mayEndPlainRun(Self.word(line, at: index)) {
                    index += 8
                    continue
                }
                let byte = line[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return (start..<(index - 1), escaped)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < count, Self.unescaped(line[index + 1]) != nil else { return nil }
                    escaped = true
                    index += 1
                }
                index += 1
            }
            return nil
        }
        guard take(UInt8(ascii: "{")) else { return nil }
        var id: (Range<Int>, Bool)?
        var text: (Range<Int>, Bool)?
        for pair in 0..<2 {
            guard let (key, keyEscaped) = plainString(), !keyEscaped, take(UInt8(ascii: ":")),
                  let value = plainString() else { return nil }
            guard take(pair == 0 ? UInt8(ascii: ",") : UInt8(ascii: "}")) else { return nil }
            if Self.equals(line, key, "id"), id == nil {
                id = value
            } else if Self.equals(line, key, "text"), text == nil {
                text = value
            } else {
                return nil
            }
        }
        skipBlanks()
        guard index == count, let id, let text else { return nil }
        (self.id, idEscaped) = id
        self.text = text.0
    }

    /// The byte a one-letter escape stands for; nil for `\u` and anything unknown.
    private static func unescaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        default: return nil
        }
    }

    /// One of the two strings, escapes decoded; nil when it is not valid UTF-8.
    package static func string(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool) -> String? {
        let bytes = UnsafeBufferPointer(rebasing: line[range])
        guard escaped else { return validString(bytes) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                decoded.append(unescaped(bytes[index + 1])!)
                index += 2
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded.withUnsafeBufferPointer { validString($0) }
    }

    /// One of the two strings as UTF-16 code units, escapes decoded, in one pass over its bytes
    /// (what the text engine takes: a `String` would be validated, stored and transcoded again);
    /// nil when it is not well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates,
    /// code points past U+10FFFF or cut sequences).
    package static func utf16(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt16]? {
        let bytes = UnsafeBufferPointer(rebasing: line[range])
        var valid = true
        // UTF-16 never takes more code units than UTF-8 takes bytes, nor an escape more than its two.
        let units = [UInt16](capacity: bytes.count, blank: 0) { out in
            var read = 0, written = 0
            let end = bytes.count
            while read < end {
                let lead = bytes[read]
                if lead < 0x80 {
                    // Eight ASCII bytes without a backslash at a time.
                    if read + 8 <= end {
                        let word = Self.word(bytes, at: read)
                        if word & 0x8080_8080_8080_8080 == 0 && !Self.holds(word, UInt8(ascii: "\\")) {
                            for offset in 0..<8 { out[written + offset] = UInt16(truncatingIfNeeded: word >> UInt64(offset * 8)) & 0xFF }
                            read += 8
                            written += 8
                            continue
                        }
                    }
                    if lead == UInt8(ascii: "\\") {
                        // `init` let only one-letter escapes through, each with its letter.
                        out[written] = UInt16(unescaped(bytes[read + 1]) ?? 0)
                        read += 2
                    } else {
                        out[written] = UInt16(lead)
                        read += 1
                    }
                    written += 1
                    continue
                }
                // Two- and three-byte forms with no range of their own (Latin to Cyrillic, Arabic,
                // kana and ideographs, most of the BMP) first.
                if read + 2 < end && (0xE1...0xEF).contains(lead) && lead != 0xED
                    && bytes[read + 1] & 0xC0 == 0x80 && bytes[read + 2] & 0xC0 == 0x80 {
                    out[written] = UInt16(lead & 0x0F) << 12 | UInt16(bytes[read + 1] & 0x3F) << 6 | UInt16(bytes[read + 2] & 0x3F)
                    read += 3
                    written += 1
                    continue
                }
                if read + 1 < end && (0xC2...0xDF).contains(lead) && bytes[read + 1] & 0xC0 == 0x80 {
                    out[written] = UInt16(lead & 0x1F) << 6 | UInt16(bytes[read + 1] & 0x3F)
                    read += 2
                    written += 1
                    continue
                }
                var scalar: UInt32
                var lowest: UInt8 = 0x80, highest: UInt8 = 0xBF
                let following: Int
                switch lead {
                case 0xC2...0xDF: following = 1; scalar = UInt32(lead & 0x1F)
                case 0xE0: following = 2; scalar = 0; lowest = 0xA0
                case 0xE1...0xEC, 0xEE, 0xEF: following = 2; scalar = UInt32(lead & 0x0F)
                case 0xED: following = 2; scalar = 0x0D; highest = 0x9F
                case 0xF0: following = 3; scalar = 0; lowest = 0x90
                case 0xF1...0xF3: following = 3; scalar = UInt32(lead & 0x07)
                case 0xF4: following = 3; scalar = 4; highest = 0x8F
                default: valid = false; return 0
                }
                guard read + following < end, (lowest...highest).contains(bytes[read + 1]) else { valid = false; return 0 }
                scalar = scalar << 6 | UInt32(bytes[read + 1] & 0x3F)
                for offset in stride(from: 2, through: following, by: 1) {
                    let byte = bytes[read + offset]
                    guard byte & 0xC0 == 0x80 else { valid = false; return 0 }
                    scalar = scalar << 6 | UInt32(byte & 0x3F)
                }
                read += following + 1
                if scalar < 0x10000 {
                    out[written] = UInt16(scalar)
                    written += 1
                } else {
                    out[written] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
                    out[written + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                    written += 2
                }
            }
            return written
        }
        return valid ? units : nil
    }

    /// Eight bytes from `offset`, the first in the lowest bits.
    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether a byte of `word` is `byte` (the lowest such byte's flag is exact; others may not be).
    @inline(__always)
    private static func holds(_ word: UInt64, _ byte: UInt8) -> Bool {
        let spread = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080 != 0
    }

    /// Whether a byte of `word` may be a quote, a backslash or a control character (below 0x20):
    /// false only when none is.
    @inline(__always)
    private static func mayEndPlainRun(_ word: UInt64) -> Bool {
        (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0
            || holds(word, UInt8(ascii: "\"")) || holds(word, UInt8(ascii: "\\"))
    }

    /// The bytes as a string; nil when they are not valid UTF-8. ASCII (most ids and texts) goes
    /// through `String(decoding:)`, which has nothing to repair in it and is specialised here,
    /// where `String(validating:as:)` is a generic call into the runtime for every string.
    private static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func equals(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let bytes = word.utf8Start
        for offset in 0..<range.count where line[range.lowerBound + offset] != bytes[offset] { return false }
        return true
    }
}
