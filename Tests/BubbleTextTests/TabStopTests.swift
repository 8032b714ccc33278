import BubbleText
import Testing

/// A tab advances to the next stop, every 28 pt from the line's start (NSParagraphStyle's
/// default), in measuring and drawing alike.
@Suite struct TabStopTests {
    static func width(_ text: String) throws -> Double { try Fixture.layout(text, width: 10_000).width }

    @Test func aTabGoesToTheFirstStop() throws {
        let layout = try Fixture.layout("a\tb", width: 10_000)
        #expect(abs(layout.width - (28 + (try Self.width("b")))) < 1e-9)
        // Drawn alike: "b" starts at the stop.
        let b = layout.lines[0].runs.flatMap(\.glyphs).first { $0.cluster == 2 }!
        #expect(abs(b.x - 28) < 1e-9)
    }

    @Test func textWiderThanAStopGoesToTheNext() throws {
        let head = "abcde"
        let headWidth = try Self.width(head)
        #expect(headWidth > 28 && headWidth < 56)
        #expect(abs(try Self.width(head + "\tb") - (56 + (try Self.width("b")))) < 1e-9)
        // Exactly on a stop, a tab goes to the next one.
        let style = TextStyle(fontSize: 16, maxWidth: 10_000, tabInterval: headWidth)
        let onStop = try Fixture.engine.layout(head + "\tb", style: style)
        #expect(abs(onStop.width - (2 * headWidth + (try Self.width("b")))) < 1e-9)
    }

    @Test func theIntervalIsAStyleSetting() throws {
        let style = TextStyle(fontSize: 16, maxWidth: 10_000, tabInterval: 50)
        let layout = try Fixture.engine.layout("a\tb", style: style)
        #expect(abs(layout.width - (50 + (try Self.width("b")))) < 1e-9)
    }

    @Test func aTabAfterAWrapOrAHardBreakCountsFromItsOwnLine() throws {
        // "bbbb\t" does not fit after "aaaaaaa " and wraps: its tab stops count from line 2's start.
        let text = "aaaaaaa bbbb\tc"
        let wrapped = try Fixture.layout(text, width: 80)
        #expect(wrapped.lines.count == 2)
        let utf16 = Array(text.utf16)
        #expect(String(decoding: utf16[wrapped.lines[1].range], as: UTF16.self) == "bbbb\tc")
        let bbbb = try Self.width("bbbb")
        let stop = ((bbbb / 28).rounded(.down) + 1) * 28
        #expect(abs(wrapped.lines[1].width - (stop + (try Self.width("c")))) < 1e-9)
        // A tab at a line's start after a hard break is a whole interval wide.
        let hard = try Fixture.layout("aaaaaaaaaa\n\tb", width: 10_000)
        #expect(abs(hard.lines[1].width - (28 + (try Self.width("b")))) < 1e-9)
    }

    /// In a right-to-left paragraph the stops count from the line's start, its right edge.
    @Test func rightToLeftTabsCountFromTheRightEdge() throws {
        let first = "שלום", second = "עולם"
        let layout = try Fixture.layout(first + "\t" + second, width: 10_000)
        let firstWidth = try Self.width(first), secondWidth = try Self.width(second)
        let stop = ((firstWidth / 28).rounded(.down) + 1) * 28
        #expect(abs(layout.width - (stop + secondWidth)) < 1e-9)
        let line = layout.lines[0]
        #expect(line.direction == .rightToLeft)
        let firstRun = line.runs.first { $0.range == 0..<4 }!
        let secondRun = line.runs.first { $0.range == 5..<9 }!
        #expect(abs(firstRun.x + firstRun.width - line.width) < 1e-9)
        #expect(abs(secondRun.x) < 1e-9)
    }

    @Test func aTabDrawsNoGlyph() throws {
        let layout = try Fixture.layout("x\t\ty", width: 10_000)
        let clusters = layout.lines[0].runs.flatMap(\.glyphs).map(\.cluster)
        #expect(clusters == [0, 3])
        #expect(abs(layout.width - (56 + (try Self.width("y")))) < 1e-9)
    }
}
