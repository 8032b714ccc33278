import BubbleCodec
import BubbleCairo
import Foundation

extension Snapshotting where Value == String {
    /// UTF-8 text compared line by line (layout JSON, text goldens); a failure names the first
    /// line that differs and both versions of it, which is where a review starts.
    public static func text(pathExtension: String) -> Snapshotting<String> {
        Snapshotting(pathExtension: pathExtension, diffing: .lines) { Data($0.utf8) }
    }
}

extension Diffing {
    public static var lines: Diffing {
        Diffing { reference, actual in
            let want = String(decoding: reference, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let got = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            guard want != got else { return nil }
            let first = (0..<min(want.count, got.count)).first { want[$0] != got[$0] } ?? min(want.count, got.count)
            func line(_ lines: [Substring]) -> String { first < lines.count ? String(lines[first]) : "(no line: the text ends)" }
            let message = "line \(first + 1) differs (reference has \(want.count) lines, actual \(got.count)):\n"
                + "  reference: \(line(want))\n  actual:    \(line(got))"
            return SnapshotDifference(message: message)
        }
    }
}
