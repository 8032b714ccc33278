@testable import BubbleLayout
import BubbleModel
import BubbleText
import Foundation
import Testing

/// Grouping, the time inside the bubble, delivery ticks and "edited": the parts of a modern
/// chat screen, on a 375 pt screen. Every expected number comes from `LayoutMetrics` (and the
/// layouter's one spacing constant) over sizes the engine measures, never from a run's output.
@Suite struct ConversationItemLayoutTests {
    typealias F = ItemFixture
    static let grouped = F.metrics { $0.grouping = .init(window: 300) }

    // MARK: grouping

    /// Ann three times within five minutes, then after a gap: one group of three, one of one.
    @Test func aGroupHasOneNameOneAvatarAndOneTail() throws {
        let m = Self.grouped
        let spacing = try #require(m.grouping).spacing
        let times: [Double] = [0, 60, 120, 120 + 301]
        let rows = try F.rows(times.map { .message(F.message(at: $0)) }, m)
        let bubbles = try rows.map { try #require($0.bubble) }

        #expect(bubbles.map { $0.name != nil } == [true, false, false, true], "only a group's first row has the name")
        #expect(bubbles.map { $0.avatar != nil } == [false, false, true, true], "only a group's last row has the avatar")
        #expect(bubbles.map(\.hasTail) == [false, false, true, true])
        // The first row: margin and header band above the bubble; the rest of the group: spacing.
        #expect(bubbles[0].bubble.y == rows[0].y + m.margin + m.headerHeight)
        #expect(bubbles[1].bubble.y - bubbles[0].bubble.maxY == spacing)
        #expect(bubbles[2].bubble.y - bubbles[1].bubble.maxY == spacing)
        #expect(rows[1].height == spacing + bubbles[1].bubble.height, "no margin inside a group")
        #expect(rows[2].height == spacing + bubbles[2].bubble.height + m.margin, "the margin closes the group")
        // The avatar stands beside the group's last bubble, bottoms aligned.
        let avatar = try #require(bubbles[2].avatar)
        #expect(avatar.maxY == bubbles[2].bubble.maxY)
        #expect(avatar.x == m.margin && avatar.width == m.avatarSize && avatar.height == m.avatarSize)
        // After the gap a new group starts with a header band.
        #expect(bubbles[3].bubble.y == rows[3].y + m.margin + m.headerHeight)
        #expect(try #require(bubbles[3].avatar).maxY == bubbles[3].bubble.maxY)
    }

    @Test func anotherSenderStartsANewGroup() throws {
        let rows = try F.rows([.message(F.message(at: 0)), .message(F.message(at: 10, from: F.bob))], Self.grouped)
        let bubbles = try rows.map { try #require($0.bubble) }
        #expect(bubbles.map { $0.name != nil } == [true, true])
        #expect(bubbles.map { $0.avatar != nil } == [true, true])
        #expect(bubbles.map(\.hasTail) == [true, true])
    }

    /// The same account on the other side (a note to self) is another group.
    @Test func anotherDirectionStartsANewGroup() throws {
        let rows = try F.rows([.message(F.message(at: 0)), .message(F.message(at: 10, .outgoing))], Self.grouped)
        let bubbles = try rows.map { try #require($0.bubble) }
        #expect(bubbles.map { $0.name != nil } == [true, true])
        #expect(bubbles.map(\.hasTail) == [true, true])
        let m = Self.grouped
        #expect(bubbles[1].bubble.y == rows[1].y + m.margin + m.headerHeight)
    }

    /// Without grouping every row is the origin app's: name band, avatar at the top, tail.
    @Test func withoutGroupingEveryRowHasAllItsParts() throws {
        let m = LayoutMetrics.classic
        #expect(m.grouping == nil)
        let rows = try F.rows([0.0, 60, 120].map { .message(F.message(at: $0)) }, m)
        for row in rows {
            let bubble = try #require(row.bubble)
            #expect(bubble.name != nil && bubble.hasTail)
            #expect(bubble.avatar == Rect(x: m.margin, y: row.y + m.margin, width: m.avatarSize, height: m.avatarSize))
            #expect(bubble.bubble.y == row.y + m.margin + m.headerHeight)
            #expect(row.height == m.textRowHeight(textHeight: try F.body("Hello").height))
        }
    }

    // MARK: time in the bubble

    static let inBubble = F.metrics { $0.timePlacement = .bubble }

    @Test func aTimeThatFitsAfterTheLastLineWidensTheBubble() throws {
        let m = Self.inBubble
        let text = try F.body("Hi", m)
        let time = try F.timeLabel(F.timeText(), m)
        let (_, row) = try F.bubbleRow(F.message(.text("Hi")), m)
        let frame = try #require(row.time).frame
        let inside = Rect(x: row.bubble.x + m.textInsets.left, y: row.bubble.y + m.textInsets.top,
                          width: row.bubble.width - m.textInsets.left - m.textInsets.right,
                          height: row.bubble.height - m.textInsets.top - m.textInsets.bottom)
        #expect(inside.contains(frame), "\(frame) inside \(inside)")
        #expect(frame.maxX == inside.maxX && frame.maxY == inside.maxY, "in the bottom corner")
        #expect(row.bubble.width == text.width + m.parts.metaGap + time.width + m.textInsets.left + m.textInsets.right)
        #expect(row.bubble.height == m.textBubbleHeight(contentHeight: text.height), "on the last line: no taller")
        // After the text (the sum is the same up to rounding in the last bit).
        #expect(frame.x >= row.content.x + text.lines[0].width + m.parts.metaGap - 1e-9, "after the text")
    }

    @Test func aTimeThatDoesNotFitGoesBelowAndTheBubbleGrowsByItsHeight() throws {
        let m = Self.inBubble
        let time = try F.timeLabel(F.timeText(), m)
        let maxText = m.maxTextWidth(screenWidth: F.width)
        // A last line too wide for the time beside it.
        let (string, text) = try F.oneLine(atMost: maxText, m)
        try #require(text.width + m.parts.metaGap + time.width > maxText, "the line leaves no room: \(text.width)")
        let (row, bubble) = try F.bubbleRow(F.message(.text(StyledText(string))), m)
        let frame = try #require(bubble.time).frame
        #expect(bubble.bubble.height == m.textBubbleHeight(contentHeight: text.height + time.height))
        #expect(bubble.bubble.width == text.width + m.textInsets.left + m.textInsets.right)
        #expect(frame.maxX == bubble.bubble.maxX - m.textInsets.right)
        #expect(frame.maxY == bubble.bubble.maxY - m.textInsets.bottom)
        #expect(frame.y >= bubble.content.maxY, "below the text's box: \(frame) vs \(bubble.content)")
        let name = try #require(bubble.name)
        // Margin, the name's line and its gap (no time in the band), the bubble, margin.
        #expect(row.height == m.margin + name.layout.lines[0].height + ConversationLayouter.nameGap + bubble.bubble.height + m.margin)
    }

    @Test func withTheTimeInTheBubbleTheHeaderHasOnlyTheName() throws {
        let m = Self.inBubble
        let (row, bubble) = try F.bubbleRow(F.message(), m)
        let time = try #require(bubble.time).frame
        let name = try #require(bubble.name).frame
        #expect(name.y == row.y + m.margin)
        #expect(time.y > bubble.bubble.y, "not in the header band")
        // The band is the name's line and a small gap, not the origin app's 40 pt.
        #expect(bubble.bubble.y == name.y + bubble.name!.layout.lines[0].height + ConversationLayouter.nameGap)
        #expect(bubble.bubble.y < row.y + m.margin + m.headerHeight)
    }

    // MARK: status and edited

    /// The header's time line ends at the bubble's edge: ticks last, the time before them.
    @Test(arguments: DeliveryStatus.allCases)
    func anOutgoingMessageHasTicksRightOfItsTime(status: DeliveryStatus) throws {
        let m = LayoutMetrics.classic
        var model = F.message(at: 0, from: F.me, .outgoing)
        model.status = status
        let (row, bubble) = try F.bubbleRow(model, m)
        let time = try F.timeLabel(F.timeText(), m)
        let mark = try #require(bubble.status)
        let side = m.parts.statusSize
        let timeTop = row.y + m.margin + m.headerHeight - 2 - time.height
        #expect(mark.status == status)
        #expect(mark.frame == Rect(x: F.width - m.bubbleInset - side, y: timeTop + (time.height - side) / 2, width: side, height: side))
        let timeFrame = try #require(bubble.time).frame
        #expect(timeFrame.maxX == mark.frame.x - ConversationLayouter.metaSpacing, "the time moved left for the ticks")
        #expect(timeFrame.y == timeTop)
    }

    @Test func anOutgoingMessageWithoutAStatusEndsWithItsTime() throws {
        let (_, bubble) = try F.bubbleRow(F.message(at: 0, from: F.me, .outgoing))
        #expect(bubble.status == nil)
        #expect(try #require(bubble.time).frame.maxX == F.width - LayoutMetrics.classic.bubbleInset)
    }

    /// Ticks say how far the account's own message got: an incoming one never has them.
    @Test func anIncomingMessageNeverHasTicks() throws {
        var model = F.message()
        model.status = .read
        for metrics in [LayoutMetrics.classic, Self.inBubble] {
            #expect(try F.bubbleRow(model, metrics).1.status == nil)
        }
    }

    @Test func ticksInTheBubbleSitInItsCornerAfterTheTime() throws {
        let m = Self.inBubble
        var model = F.message(.text("Hi"), from: F.me, .outgoing)
        model.status = .delivered
        let (_, row) = try F.bubbleRow(model, m)
        let mark = try #require(row.status).frame
        let time = try #require(row.time).frame
        #expect(mark.maxX == row.bubble.maxX - m.textInsets.right)
        #expect(time.maxX == mark.x - ConversationLayouter.metaSpacing)
        let text = try F.body("Hi", m)
        let meta = time.width + ConversationLayouter.metaSpacing + m.parts.statusSize
        #expect(row.bubble.width == text.width + m.parts.metaGap + meta + m.textInsets.left + m.textInsets.right)
    }

    @Test func editedStandsLeftOfTheTimeOnTheOutgoingSide() throws {
        let m = LayoutMetrics.classic
        var model = F.message(at: 0, from: F.me, .outgoing)
        model.edited = true
        let (_, row) = try F.bubbleRow(model, m)
        let edited = try #require(row.edited)
        let time = try #require(row.time).frame
        #expect(edited.layout.text == "edited")
        #expect(edited.frame.width == (try F.timeLabel("edited", m)).width)
        #expect(edited.frame.maxX == time.x - ConversationLayouter.metaSpacing)
        #expect(edited.frame.maxY == time.maxY, "on the time's line")
    }

    @Test func editedStandsLeftOfTheTimeInTheBubble() throws {
        let m = Self.inBubble
        for direction in [BubbleDirection.incoming, .outgoing] {
            var model = F.message(.text("Hi"), from: direction == .incoming ? F.ann : F.me, direction)
            model.edited = true
            let (_, row) = try F.bubbleRow(model, m)
            let edited = try #require(row.edited).frame
            let time = try #require(row.time).frame
            #expect(edited.maxX == time.x - ConversationLayouter.metaSpacing)
            #expect(row.bubble.contains(edited))
        }
    }

    /// Incoming header lines read from the bubble's left edge: time, then "edited".
    @Test func editedFollowsTheTimeInAnIncomingHeader() throws {
        var model = F.message()
        model.edited = true
        let (_, row) = try F.bubbleRow(model)
        let time = try #require(row.time).frame
        #expect(time.x == LayoutMetrics.classic.bubbleInset)
        #expect(try #require(row.edited).frame.x == time.maxX + ConversationLayouter.metaSpacing)
    }

    @Test func anUneditedMessageHasNoEditedLabel() throws {
        #expect(try F.bubbleRow(F.message()).1.edited == nil)
    }
}
