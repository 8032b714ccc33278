import Foundation
import Testing
@testable import BubbleModel

/// The view model's trimming is Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`
/// without the bridge to `NSString`: the same set of code points, every one of them, and the
/// same results on texts that start or end with spaces, marks, separators and emoji.
@Suite struct WhitespaceTrimmingTests {
    @Test func everyCodePointIsTrimmedAsFoundationTrimsIt() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(Character(scalar))
            if alone.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty != String.isTrimmed(scalar) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func textsAreTrimmedAsFoundationTrimsThem() {
        let texts = ["", " ", "\n\t ", "hello", "  hello  ", "\u{3000}你好\u{3000}", " \u{301}e", "e\u{301} ", "\u{200B}a\u{200B}",
                     "\u{85}line\u{2028}", "\u{A0}\u{202F}x\u{2029}", "👩‍💻 ", " 🇫🇷", "\r\n\r\n", "a b c", "\u{FEFF}x\u{FEFF}",
                     " \u{1F3FB}", "x\u{0}", "\u{180E}x", "\u{E000} \u{10FFFF}"]
        for text in texts {
            #expect(text.trimmingWhitespacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
        }
    }
}
