@testable import BubbleText
import Testing

/// The engine's own UTF-8 to UTF-16 transcoding gives what the standard library's UTF-16 view does.
@Suite struct UTF16Tests {
    @Test func unitsAreTheStringsUTF16() {
        for text in ["", "a", "Hello, world", "café", "你好，世界", "👍🏽 ok", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
                     String(repeating: "é👍", count: 500)] {
            #expect(TextEngine.utf16(text) == Array(text.utf16), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
