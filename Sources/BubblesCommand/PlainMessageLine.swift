/// The common input line, `{"id": "…", "text": "…"}` (either order, any spaces and tabs between
/// tokens) whose two strings hold no escape and no control character: their bytes are the
/// strings themselves, so no JSON parser is needed. Every other line (numbers as ids, spans,
/// escapes, other keys) is left to JSONSerialization, which gives the same values and the errors.
struct PlainMessageLine {
    /// Byte ranges of the two strings' contents, without quotes.
    let id: Range<Int>
    let text: Range<Int>

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
        /// A string without escapes or control characters; its contents' range.
        func plainString() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < count {
                let byte = line[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return start..<(index - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }
        guard take(UInt8(ascii: "{")) else { return nil }
        var id: Range<Int>?
        var text: Range<Int>?
        for pair in 0..<2 {
            guard let key = plainString(), take(UInt8(ascii: ":")), let value = plainString() else { return nil }
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
        self.id = id
        self.text = text
    }

    private static func equals(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let bytes = word.utf8Start
        for offset in 0..<range.count where line[range.lowerBound + offset] != bytes[offset] { return false }
        return true
    }
}
