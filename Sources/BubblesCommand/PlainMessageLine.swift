/// The common input line, `{"id": "…", "text": "…"}` (either order, any spaces and tabs between
/// tokens) whose two strings hold no control character and no escape other than the one-letter
/// ones (`\n`, `\"`, …): read straight from the bytes, so no JSON parser is needed. Every other
/// line (numbers as ids, spans, `\u` escapes, other keys) is left to JSONSerialization, which
/// gives the same values and the errors.
struct PlainMessageLine {
    /// Byte ranges of the two strings' contents, without quotes.
    let id: Range<Int>
    let text: Range<Int>
    /// Whether each holds a backslash escape to decode.
    let idEscaped: Bool
    let textEscaped: Bool

    init?(_ line: UnsafeBufferPointer<UInt8>) {
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
        (self.text, textEscaped) = text
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
    static func string(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool) -> String? {
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
