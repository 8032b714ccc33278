import Foundation

/// The origin app's voice message bodies.
public enum AudioBody {
    /// The duration in an audio body: `audio：3.2″` as the origin app wrote it (U+FF1A, U+2033),
    /// or with an ASCII `:` and `"`. Nil for any other body.
    public static func duration(body: String) -> Double? {
        var rest = Substring(body.trimmingWhitespacesAndNewlines())
        guard rest.hasPrefix("audio") else { return nil }
        rest = rest.dropFirst(5)
        guard let colon = rest.first, colon == "\u{FF1A}" || colon == ":" else { return nil }
        rest = rest.dropFirst()
        guard let mark = rest.last, mark == "\u{2033}" || mark == "\"" else { return nil }
        rest = rest.dropLast()
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2, parts.allSatisfy(isDigits), let value = Double(rest), value.isFinite else { return nil }
        return value
    }
}
