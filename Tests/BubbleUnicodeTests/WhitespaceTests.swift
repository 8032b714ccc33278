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

/// The other two table properties also answer ASCII without the table: ICU's answers.
@Suite struct ASCIIPropertyTests {
    @Test func asciiAnswersAreTheTablesSources() {
        for scalar in UInt32(0)..<0x80 {
            #expect(UnicodeScalars.isInvisibleControl(scalar) == UnicodeScalars.hasProperty(scalar, .invisible), "\(scalar)")
            #expect(UnicodeScalars.isEmojiPresentation(scalar) == UnicodeScalars.hasProperty(scalar, .emojiPresentation), "\(scalar)")
            #expect(UnicodeScalars.isInvisibleControl(scalar) == (UnicodeScalars.bmpFlags[Int(scalar)] & 2 != 0))
            #expect(UnicodeScalars.isEmojiPresentation(scalar) == (UnicodeScalars.bmpFlags[Int(scalar)] & 4 != 0))
        }
        #expect(UnicodeScalars.isInvisibleControl(0x7F) && UnicodeScalars.isInvisibleControl(0x0A) && !UnicodeScalars.isInvisibleControl(0x41))
        #expect(UnicodeScalars.isEmojiPresentation(0x1F600) && !UnicodeScalars.isEmojiPresentation(0x23))
    }
}

/// The BMP table asks ICU for White_Space and Emoji_Presentation only up to U+3000: the whole
/// table must be ICU's answers, and the limit must still hold.
@Suite struct BMPTableTests {
    @Test func everyBMPAnswerIsICUs() {
        var whitespace = 0, emoji = 0, invisible = 0
        for scalar in UInt32(0)..<0x10000 {
            let flags = UnicodeScalars.bmpFlags[Int(scalar)]
            let isWhitespace = UnicodeScalars.hasProperty(scalar, .whitespace)
            let isEmoji = UnicodeScalars.hasProperty(scalar, .emojiPresentation)
            let isInvisible = UnicodeScalars.hasProperty(scalar, .invisible)
            #expect((flags & 1 != 0) == isWhitespace && (flags & 4 != 0) == isEmoji && (flags & 2 != 0) == isInvisible,
                    "U+\(String(scalar, radix: 16))")
            #expect(scalar <= UnicodeScalars.propertyLimit || !(isWhitespace || isEmoji), "U+\(String(scalar, radix: 16))")
            if isWhitespace { whitespace += 1 }
            if isEmoji { emoji += 1 }
            if isInvisible { invisible += 1 }
        }
        let marked = UnicodeScalars.bmpUnits(whitespaceInvisibleOrEmoji: true)
        #expect(marked == (UInt32(0)..<0x10000).filter { UnicodeScalars.isWhitespaceInvisibleOrEmoji($0) }.map { UInt16($0) })
        #expect(marked.count + UnicodeScalars.bmpUnits(whitespaceInvisibleOrEmoji: false).count == 0x10000)
        // ICU 72: 25 White_Space characters, 60 Emoji_Presentation ones and 110 invisible ones.
        #expect(whitespace > 20 && emoji > 50 && invisible > 100, "\(whitespace) \(emoji) \(invisible)")
    }
}
