import BubbleArchive
import BubbleLayout
import BubbleModel
import BubbleText
import Foundation
import Testing

/// The origin app's geometry with the classic metrics on a 375 pt screen: every expected
/// number comes from the formulas (10 margin, 40 avatar and header, 10 gap and insets, text
/// at most W − 90 wide, a 20 pt one-line minimum), never from a run's output.
@Suite struct ConversationLayouterTests {
    static let width = 375.0
    static let engine = Result { try TextEngine(fonts: FontRoles.bundled()) }
    static let ann = Participant(jid: "ann@example.com", nickname: "Ann")
    static let me = Participant(jid: "me@example.com", nickname: "Me")

    func layouter() throws -> ConversationLayouter {
        ConversationLayouter(metrics: .classic, engine: try Self.engine.get())
    }

    func model(_ content: BubbleContent, _ direction: BubbleDirection = .incoming, delayed: Bool = false) -> BubbleModel {
        let sender = direction == .incoming ? Self.ann : Self.me
        return BubbleModel(source: "test", direction: direction, sender: sender, senderName: sender.nickname ?? "",
                           time: Date(timeIntervalSince1970: 1_714_555_800), delayed: delayed, content: content)
    }

    /// A bubble row with its row's band, read as the tests read it.
    struct Row {
        let layout: RowLayout
        let row: BubbleRowLayout
        var y: Double { layout.y }
        var height: Double { layout.height }
        var bubble: Rect { row.bubble }
        var avatar: Rect? { row.avatar }
        var content: Rect { row.content }
        var delayedMark: Rect? { row.delayedMark }
        var time: Rect { row.time?.frame ?? Rect(x: .nan, y: .nan, width: 0, height: 0) }
        var rowContent: RowContent { row.rowContent }
    }

    func row(_ item: ConversationItem) throws -> Row {
        let layout = try #require(try layouter().layout([item], screenWidth: Self.width).rows.first)
        return Row(layout: layout, row: try #require(layout.bubble))
    }

    func row(_ content: BubbleContent, _ direction: BubbleDirection = .incoming, delayed: Bool = false) throws -> Row {
        try row(.message(model(content, direction, delayed: delayed)))
    }

    /// The text's own height at the classic text width, W − 90.
    func textHeight(_ text: String) throws -> (height: Double, lines: Int) {
        let layout = try Self.engine.get().layout(text, style: TextStyle(fontSize: 16, maxWidth: Self.width - 90))
        return (layout.height, layout.lines.count)
    }

    @Test func aOneLineTextRowIs100PointsHigh() throws {
        let measured = try textHeight("Hi")
        #expect(measured.lines == 1 && measured.height <= 20, "one line fits the 20 pt minimum")
        let row = try row(.text("Hi"))
        // 10 margin + 40 header + (20 + 2 × 10 insets) bubble + 10 margin.
        #expect(row.height == 100)
        #expect(row.bubble.height == 40)
    }

    @Test func aTallerTextRowIsItsTextHeightPlus80() throws {
        let text = "A message long enough to wrap over several lines on a small phone screen, "
            + "which makes its text taller than the one-line minimum of twenty points."
        let measured = try textHeight(text)
        #expect(measured.lines >= 3 && measured.height > 20)
        let row = try row(.text(StyledText(text)))
        #expect(row.height == measured.height + 80)
        #expect(row.bubble.height == measured.height + 20)
    }

    @Test func rowsFollowEachOther() throws {
        let layout = try layouter().layout([model(.text("one")), model(.text("two"), .outgoing)], screenWidth: Self.width)
        #expect(layout.rows.map(\.y) == [0, 100])
        #expect(layout.height == 200)
    }

    @Test func incomingAvatarAndBubbleAreOnTheLeft() throws {
        let row = try row(.text("Hello"))
        #expect(row.avatar == Rect(x: 10, y: row.y + 10, width: 40, height: 40))
        #expect(row.bubble.x == 60)
        #expect(row.bubble.y == row.y + 50, "below the 40 pt name and time band")
    }

    @Test func outgoingAvatarAndBubbleAreOnTheRight() throws {
        let row = try row(.text("Hello"), .outgoing)
        #expect(row.avatar == Rect(x: Self.width - 50, y: row.y + 10, width: 40, height: 40))
        #expect(row.bubble.maxX == Self.width - 60)
    }

    @Test func aTextBubbleIsItsTextPlusTheInsets() throws {
        let text = "Hello there"
        let measured = try Self.engine.get().layout(text, style: TextStyle(fontSize: 16, maxWidth: Self.width - 90))
        let row = try row(.text(StyledText(text)))
        #expect(row.bubble.width == measured.width + 20)
        #expect(row.content == Rect(x: 70, y: row.bubble.y + 10, width: measured.width, height: 20))
    }

    @Test func anImageWiderThan220IsShown220WideInProportion() throws {
        let image = ImageContent(format: "png", pixelWidth: 880, pixelHeight: 600, bytes: Data())
        let row = try row(.image(image))
        #expect(row.bubble.width == 220)
        #expect(row.bubble.height == 600 * 220 / 880)
        #expect(row.content == row.bubble, "an image fills its bubble")
        #expect(row.height == 10 + 40 + 150 + 10)
    }

    /// A 1 × 30,000 px image was a 30,000 pt row, past what PDF, SVG and Cairo's surfaces
    /// take: its bubble stops at `maxImageHeight`.
    @Test func aVeryTallImageIsCappedAt440() throws {
        let image = ImageContent(format: "png", pixelWidth: 1, pixelHeight: 30_000, bytes: Data())
        let row = try row(.image(image))
        #expect(LayoutMetrics.classic.maxImageHeight == 440)
        #expect(row.bubble.width == 40 && row.bubble.height == 440, "a bubble is at least 40 pt wide")
        #expect(row.height == 10 + 40 + 440 + 10)
    }

    @Test func aSmallImageIsShownAtItsNaturalSize() throws {
        let image = ImageContent(format: "png", pixelWidth: 120, pixelHeight: 90, bytes: Data())
        let row = try row(.image(image), .outgoing)
        #expect(row.bubble == Rect(x: Self.width - 60 - 120, y: row.y + 50, width: 120, height: 90))
    }

    @Test(arguments: [(3.0, 110.0), (60.0, 200.0), (0.0, 100.0)])
    func anAudioBubbleGrowsWithTheRecording(seconds: Double, width: Double) throws {
        let audio = AudioContent(duration: seconds, bytes: Data())
        let row = try row(.audio(audio))
        #expect(row.bubble.width == width)
        #expect(row.height == 100, "one line of duration label")
    }

    @Test func aDelayedMessageHasADelayedMarkBesideItsTime() throws {
        let delayed = try row(.text("late"), delayed: true)
        let mark = try #require(delayed.delayedMark)
        #expect(mark.width == 11 && mark.height == 11)
        #expect(mark.x == delayed.time.maxX + 4, "after the time label of an incoming row")
        #expect(try row(.text("on time")).delayedMark == nil)
        let outgoing = try #require(try row(.text("late"), .outgoing, delayed: true).delayedMark)
        #expect(outgoing.maxX == (try row(.text("late"), .outgoing, delayed: true)).time.x - 4)
    }

    @Test func aTypingRowIsAOneLineBubble() throws {
        let row = try row(.typing(TypingIndicator(source: "typing", direction: .incoming, sender: Self.ann, senderName: "Ann",
                                                  time: Date(timeIntervalSince1970: 1_714_555_800))))
        #expect(row.rowContent == .typing)
        #expect(row.height == 100)
    }
}
