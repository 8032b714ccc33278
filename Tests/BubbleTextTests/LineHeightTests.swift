import BubbleText
import Testing

/// Line heights and hard breaks of the engine (the row formula over them is BubbleLayout's).
@Suite struct LineHeightTests {
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
