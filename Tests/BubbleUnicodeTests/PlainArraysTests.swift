@testable import BubbleUnicode
import Testing

/// The arrays made without the runtime's metadata lookup hold what the standard library's
/// initialisers would.
@Suite struct PlainArraysTests {
    @Test func filledArraysAreRepeatedValues() {
        for count in [0, 1, 7, 64, 1000] {
            #expect([UInt8](filledWith: 0xA5, count: count) == [UInt8](repeating: 0xA5, count: count))
            #expect([Int32](filledWith: -3, count: count) == [Int32](repeating: -3, count: count))
        }
    }

    @Test func writtenArraysAreCutToWhatWasWritten() {
        let squares = [UInt16](capacity: 10, blank: 0xFFFF) { out in
            for index in 0..<6 { out[index] = UInt16(index * index) }
            return 6
        }
        #expect(squares == [0, 1, 4, 9, 16, 25])
        #expect(squares.capacity >= 10)
        let full = [UInt16](capacity: 3, blank: 9) { _ in 3 }
        #expect(full == [9, 9, 9])
        #expect([UInt16](capacity: 5, blank: 1) { _ in 0 }.isEmpty)
        #expect([UInt16](capacity: 0, blank: 1) { $0.count }.isEmpty)
    }

    @Test func writingErrorsPassThrough() {
        struct Stop: Error {}
        #expect(throws: Stop.self) { try [UInt8](capacity: 4, blank: 0) { _ in throw Stop() } }
    }
}

/// Font fallback's one-read question is the three questions it replaces.
@Suite struct CombinedPropertyTests {
    @Test func answersAreTheThreePropertiesTogether() {
        var yes = 0
        for scalar in UInt32(0)..<0x10000 where !(0xD800...0xDFFF).contains(scalar) {
            let apart = UnicodeScalars.isWhitespace(scalar) || UnicodeScalars.isInvisibleControl(scalar)
                || UnicodeScalars.isEmojiPresentation(scalar)
            #expect(UnicodeScalars.isWhitespaceInvisibleOrEmoji(scalar) == apart, "\(scalar)")
            if apart { yes += 1 }
        }
        #expect(yes > 150) // 187 with ICU 72: the loop met every kind
        for scalar: UInt32 in [0x1F600, 0x1F44D, 0xE0001, 0x1D173, 0x10000, 0x20000] {
            let apart = UnicodeScalars.isWhitespace(scalar) || UnicodeScalars.isInvisibleControl(scalar)
                || UnicodeScalars.isEmojiPresentation(scalar)
            #expect(UnicodeScalars.isWhitespaceInvisibleOrEmoji(scalar) == apart, "\(scalar)")
        }
        #expect(UnicodeScalars.isWhitespaceInvisibleOrEmoji(0x1F600) && UnicodeScalars.isWhitespaceInvisibleOrEmoji(0x3000))
        #expect(UnicodeScalars.isWhitespaceInvisibleOrEmoji(0x200B) && !UnicodeScalars.isWhitespaceInvisibleOrEmoji(0x4E00))
    }
}
