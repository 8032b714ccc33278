import BubbleText
import Testing

@Suite struct RowHeightTests {
    @Test func oneLineEnglishIsTheOneLineMinimum() throws {
        let layout = try Fixture.layout("See you at the station at six")
        #expect(layout.lines.count == 1)
        #expect(layout.height < 20) // Inter at 16 pt: (2728 + 680) / 2816 × 16 = 19.36
        #expect(OriginApp.textRowHeight(textHeight: layout.height) == 100)
    }

    @Test func twoLinesAddTheirHeightToEighty() throws {
        let layout = try Fixture.layout("Could you bring the charger and the blue notebook when you come?")
        #expect(layout.lines.count == 2)
        let h = layout.lines[0].height + layout.lines[1].height
        #expect(layout.height == h)
        #expect(OriginApp.textRowHeight(textHeight: layout.height) == h + 80)
        #expect(abs(h - 2 * 3408.0 / 2816 * 16) < 1e-9)
    }

    @Test func formulaMatchesTheOriginApp() {
        #expect(OriginApp.textRowHeight(textHeight: 0) == 100)
        #expect(OriginApp.textRowHeight(textHeight: 20) == 100)
        #expect(OriginApp.textRowHeight(textHeight: 20.5) == 100.5)
        #expect(OriginApp.textRowHeight(textHeight: 38.7) == 118.7)
        #expect(OriginApp.maxTextWidth(screenWidth: 375) == 285)
    }

    @Test func emptyTextIsOneLineHigh() throws {
        let layout = try Fixture.layout("")
        #expect(layout.lines.count == 1)
        #expect(layout.width == 0)
        #expect(abs(layout.height - 3408.0 / 2816 * 16) < 1e-9)
    }

    @Test func hardBreaksEndLines() throws {
        #expect(try Fixture.layout("a\nb").lines.count == 2)
        #expect(try Fixture.layout("a\r\nb").lines.count == 2)
        #expect(try Fixture.layout("a\u{2028}b\u{2029}c").lines.count == 3)
        #expect(try Fixture.layout("a\n\nb").lines.count == 3)
        #expect(try Fixture.layout("ends\n").lines.count == 2)
        let lines = try Fixture.layout("one\r\ntwo").lines
        #expect(lines.map(\.range) == [0..<5, 5..<8])
    }

    @Test func trailingSpacesHangAtASoftWrap() throws {
        let text = String(repeating: "word    ", count: 30)
        let layout = try Fixture.layout(text)
        #expect(layout.lines.count > 2)
        for line in layout.lines.dropLast() {
            #expect(line.width <= Fixture.width)
            #expect(line.hangingWidth > 10) // four spaces hang
        }
    }
}
