@testable import BubbleUnicode
import Testing

/// A paragraph whose levels are all the same keeps no array of them, and answers as if it did.
@Suite struct BidiParagraphTests {
    @Test func uniformParagraphsAnswerWithTheirLevel() throws {
        for (text, level) in [("plain Latin text", UInt8(0)), ("مرحبا بالعالم", 1), ("שלום עולם", 1), ("", 0)] {
            let units = Array(text.utf16)
            let bidi = try BidiParagraph(units)
            #expect(bidi.isUniform, "\(text)")
            #expect(bidi.paragraphLevel == level, "\(text)")
            #expect(bidi.count == units.count)
            #expect(bidi.levels == [UInt8](repeating: level, count: units.count), "\(text)")
            for offset in units.indices { #expect(bidi.level(at: offset) == level) }
            #expect(bidi.runs == [BidiRun(range: 0..<units.count, level: level)])
        }
    }

    @Test func mixedParagraphsKeepEveryLevel() throws {
        let units = Array("abc مرحبا 123 def".utf16)
        let bidi = try BidiParagraph(units)
        #expect(!bidi.isUniform)
        #expect(bidi.paragraphLevel == 0)
        #expect(bidi.levels.count == units.count)
        #expect(units.indices.map { bidi.level(at: $0) } == bidi.levels)
        #expect(bidi.levels.first == 0 && bidi.levels[4] == 1)
        #expect(bidi.runs.count >= 3)
    }
}
