@testable import BubbleText
import BubbleUnicode
import Testing

/// `prepare(utf16:style:)` takes plain text as code units (how `measure` reads its lines): it
/// must give what preparing the string gives, and the full layout it keeps must lay out the
/// same text.
@Suite struct PrepareUTF16Tests {
    let style = TextStyle(fontSize: 16, maxWidth: Fixture.width)

    @Test func everyCorpusTextPreparesAsItsString() throws {
        var texts = 0
        for text in try PreparedTextTests.texts() {
            let fromString = try Fixture.engine.prepare(text, style: style)
            let fromUnits = try Fixture.engine.prepare(utf16: Array(text.utf16), style: style)
            #expect(fromUnits.units == fromString.units && fromUnits.paragraphs.map(\.units) == fromString.paragraphs.map(\.units),
                    "\(text.prefix(60))")
            for width in [40.0, Fixture.width] {
                #expect(try fromUnits.measure(maxWidth: width) == fromString.measure(maxWidth: width), "\(width): \(text.prefix(60))")
            }
            #expect(try fromUnits.layout(maxWidth: 40) == fromString.layout(maxWidth: 40), "\(text.prefix(60))")
            texts += 1
        }
        #expect(texts > 100)
    }

    /// A string holds U+FFFD where a surrogate is unpaired; code units with one are prepared as
    /// that string.
    @Test func unpairedSurrogatesAreReadAsAStringReadsThem() throws {
        for units: [UInt16] in [[0x61, 0xD83D, 0x62], [0xDC4D, 0x20, 0x61], [0x61, 0xD83D]] {
            #expect(!UnicodeScalars.isWellFormed(units))
            let fromUnits = try Fixture.engine.prepare(utf16: units, style: style)
            let fromString = try Fixture.engine.prepare(String(decoding: units, as: UTF16.self), style: style)
            #expect(fromUnits.units == fromString.units)
            #expect(try fromUnits.measure(maxWidth: 100) == fromString.measure(maxWidth: 100))
        }
        #expect(UnicodeScalars.isWellFormed(Array("a👍b".utf16)))
    }

    /// A line narrower than a word is filled by the full layout, which the units' preparation
    /// keeps without having made a string: it makes the same string when asked.
    @Test func theFullLayoutOfCodeUnitsIsTheTexts() throws {
        let text = "Short words, then a few longer ones and the end."
        let prepared = try Fixture.engine.prepare(utf16: Array(text.utf16), style: style)
        #expect(prepared.hasUnanalysedParagraphs && prepared.fullLayout?.text == StyledText(text))
        for width in stride(from: 4.0, through: 120, by: 4.5) {
            let layout = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
            #expect(try prepared.measure(maxWidth: width) == TextMeasure(layout), "\(width) pt")
        }
    }
}

/// `UnicodeScalars.isWellFormed` steps four units at a time: a lone surrogate at every offset
/// and in every lane is found, and pairs anywhere are not taken for one.
@Suite struct WellFormedUTF16Tests {
    @Test func loneSurrogatesAreFoundAtEveryOffset() {
        for length in 1...12 {
            for offset in 0..<length {
                for lone: UInt16 in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
                    var units = [UInt16](repeating: 0x61, count: length)
                    units[offset] = lone
                    #expect(!UnicodeScalars.isWellFormed(units), "\(length) \(offset) \(lone)")
                }
                if offset + 1 < length {
                    var units = [UInt16](repeating: 0x4E2D, count: length)
                    units[offset] = 0xD83D
                    units[offset + 1] = 0xDC4D
                    #expect(UnicodeScalars.isWellFormed(units), "\(length) \(offset)")
                    units[offset + 1] = 0xD83D
                    #expect(!UnicodeScalars.isWellFormed(units), "\(length) \(offset)")
                }
            }
        }
        #expect(UnicodeScalars.isWellFormed([]))
        #expect(UnicodeScalars.isWellFormed(Array("plain text, 中文, 👍🏽 and more".utf16)))
    }
}
