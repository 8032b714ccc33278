import BubbleUnicode

extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without Foundation: the same code
    /// points (Unicode's White_Space, which is the space, line and paragraph separators with
    /// U+0009–U+000D and U+0085, and U+200B, which Foundation's set holds too; a test compares
    /// every code point), trimmed as Foundation trims them, code point by code point, and no
    /// copy when nothing is trimmed. Foundation bridges every string to an `NSString` first,
    /// for every message, before the first row is laid out.
    func trimmingWhitespacesAndNewlines() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !Self.isTrimmed($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Whether Foundation's `CharacterSet.whitespacesAndNewlines` holds `scalar`.
    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeScalars.isWhitespace(scalar.value) || scalar.value == 0x200B
    }
}
