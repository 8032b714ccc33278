@testable import BubbleUnicode
import Testing

/// `isWhitespace` answers ASCII without its table: the answer must be ICU's White_Space.
@Suite struct WhitespaceTests {
    @Test func asciiAnswersAreICUs() {
        var spaces = 0
        for scalar in UInt32(0)..<0x80 {
            #expect(UnicodeScalars.isWhitespace(scalar) == UnicodeScalars.hasProperty(scalar, .whitespace), "\(scalar)")
            if UnicodeScalars.isWhitespace(scalar) { spaces += 1 }
        }
        #expect(spaces == 6)
        #expect(UnicodeScalars.isWhitespace(0xA0) && UnicodeScalars.isWhitespace(0x3000) && !UnicodeScalars.isWhitespace(0x200B))
    }
}
