import Foundation

/// The origin app's sizes for media bubbles: images at most 220pt wide, voice bubbles that grow
/// with the recording.
public enum MediaGeometry {
    /// The widest an image is shown, in points.
    public static let maximumImageWidth = 220.0

    /// At most `maximumWidth` wide, scaled in proportion; smaller images at natural size
    /// (1 px = 1 pt, as the origin app drew them).
    public static func imageDisplaySize(pixelWidth: Int, pixelHeight: Int,
                                        maximumWidth: Double = maximumImageWidth) -> (width: Double, height: Double) {
        let width = Double(pixelWidth), height = Double(pixelHeight)
        guard width > maximumWidth else { return (width, height) }
        return (maximumWidth, height * maximumWidth / width)
    }

    /// 100 + 100 × duration / 30, clamped to [100, 200]: recordings stop at 30 s.
    public static func audioBubbleWidth(duration: Double) -> Double {
        min(200, max(100, 100 + 100 * duration / 30))
    }

    /// The duration in an audio body: `audio：3.2″` as the origin app wrote it (U+FF1A, U+2033),
    /// or with an ASCII `:` and `"`. Nil for any other body.
    public static func audioDuration(body: String) -> Double? {
        var rest = Substring(body.trimmingCharacters(in: .whitespacesAndNewlines))
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
