import BubbleLayout
import BubbleModel
import BubbleText
import Foundation
import Testing

/// Quote blocks, reaction chips, day separators, notices and tombstones on a 375 pt screen
/// with the classic metrics: expected frames from `LayoutMetrics.parts` over sizes the engine
/// measures, never from a run's output.
@Suite struct ConversationItemPartsTests {
    typealias F = ItemFixture
    static let m = LayoutMetrics.classic

    // MARK: quote block

    static let longQuote = "This quoted message goes on and on about the plans for the weekend, the weather, "
        + "the train times and who brings what, far longer than two lines of a quote block can show."

    func quoted(_ text: String, reply: String = "Sounds good") -> BubbleModel {
        var model = F.message(.text(StyledText(reply)), from: F.me, .outgoing)
        model.quote = QuotedMessage(source: "q", senderName: "Ann", text: StyledText(text))
        return model
    }

    @Test func aLongQuoteIsCutToTwoLinesWithAnEllipsis() throws {
        let p = Self.m.parts
        let width = Self.m.maxTextWidth(screenWidth: F.width) - p.quoteBarWidth - p.quoteBarGap
        let whole = try F.engine.get().layout(Self.longQuote, style: TextStyle(fontSize: p.quoteFontSize, maxWidth: width))
        try #require(whole.lines.count > p.quoteLines, "the quote is long enough to cut")
        let quote = try #require(try F.bubbleRow(quoted(Self.longQuote)).1.quote)
        #expect(quote.text.layout.lines.count == p.quoteLines)
        #expect(quote.text.layout.text.last == "…")
        #expect(Self.longQuote.hasPrefix(String(quote.text.layout.text.dropLast())), "a start of the text")
    }

    @Test func aShortQuoteIsKeptWhole() throws {
        let quote = try #require(try F.bubbleRow(quoted("See you at 8")).1.quote)
        #expect(quote.text.layout.text == "See you at 8")
        #expect(quote.text.layout.lines.count == 1)
    }

    @Test func theQuoteSitsAboveTheContentWithItsBarOnTheLeadingEdge() throws {
        let m = Self.m, p = Self.m.parts, insets = Self.m.textInsets
        let (row, bubble) = try F.bubbleRow(quoted(Self.longQuote, reply: "Yes"))
        let quote = try #require(bubble.quote)
        let height = quote.name.frame.height + quote.text.frame.height
        let reply = try F.body("Yes")
        #expect(quote.bar == Rect(x: bubble.bubble.x + insets.left, y: bubble.bubble.y + insets.top,
                                  width: p.quoteBarWidth, height: height))
        #expect(quote.name.layout.text == "Ann")
        #expect(quote.name.frame.x == quote.bar.maxX + p.quoteBarGap && quote.name.frame.y == quote.bar.y)
        #expect(quote.text.frame.x == quote.name.frame.x && quote.text.frame.y == quote.name.frame.maxY, "name, then text")
        #expect(bubble.content.y == quote.bar.y + height + p.quoteSpacing, "the content pushed down")
        let quoteWidth = p.quoteBarWidth + p.quoteBarGap + max(quote.name.frame.width, quote.text.frame.width)
        #expect(quoteWidth > reply.width, "the wider of the two is the quote")
        #expect(bubble.bubble.width == quoteWidth + insets.left + insets.right)
        #expect(bubble.bubble.height == m.textBubbleHeight(contentHeight: height + p.quoteSpacing + reply.height))
        #expect(row.height == m.rowChrome + bubble.bubble.height)
    }

    @Test func aReplyWiderThanItsQuoteSetsTheBubbleWidth() throws {
        let reply = "A reply that is a good deal wider than the quote"
        let (_, bubble) = try F.bubbleRow(quoted("Ok", reply: reply))
        let text = try F.body(StyledText(reply))
        let quote = try #require(bubble.quote)
        #expect(Self.m.parts.quoteBarWidth + Self.m.parts.quoteBarGap + quote.name.frame.width < text.width)
        #expect(bubble.bubble.width == text.width + Self.m.textInsets.left + Self.m.textInsets.right)
    }

    // MARK: reactions

    func reacted(_ reactions: [Reaction], _ direction: BubbleDirection = .incoming) -> BubbleModel {
        var model = F.message(at: 0, from: direction == .incoming ? F.ann : F.me, direction)
        model.reactions = reactions
        return model
    }

    func chipWidth(_ label: String) throws -> Double {
        try F.engine.get().layout(label, style: TextStyle(fontSize: Self.m.parts.reactionFontSize, maxWidth: .infinity)).width
            + 2 * Self.m.parts.reactionPadding
    }

    @Test func chipsHangUnderAnIncomingBubbleFromItsLeftEdge() throws {
        let p = Self.m.parts
        let plain = try F.bubbleRow(reacted([]))
        let (row, bubble) = try F.bubbleRow(reacted([Reaction(emoji: "👍", count: 3, includesOwn: false),
                                                     Reaction(emoji: "❤️", count: 1, includesOwn: true)]))
        let chips = bubble.reactions
        try #require(chips.count == 2)
        #expect(chips.map(\.label.layout.text) == ["👍 3", "❤️"], "a count only for more than one")
        #expect(chips.map(\.includesOwn) == [false, true])
        #expect(chips[0].frame == Rect(x: bubble.bubble.x, y: bubble.bubble.maxY + p.reactionGap,
                                       width: try chipWidth("👍 3"), height: p.reactionHeight))
        #expect(chips[1].frame == Rect(x: chips[0].frame.maxX + p.reactionGap, y: chips[0].frame.y,
                                       width: try chipWidth("❤️"), height: p.reactionHeight))
        #expect(chips[0].frame.contains(chips[0].label.frame))
        #expect(row.height == plain.0.height + p.reactionGap + p.reactionHeight, "the row grows by the chips")
    }

    @Test func chipsHangUnderAnOutgoingBubbleFromItsRightEdge() throws {
        let p = Self.m.parts
        let (_, bubble) = try F.bubbleRow(reacted([Reaction(emoji: "👍", count: 2, includesOwn: true),
                                                   Reaction(emoji: "😂", count: 1, includesOwn: false)], .outgoing))
        let chips = bubble.reactions
        try #require(chips.count == 2)
        #expect(chips[0].frame.maxX == bubble.bubble.maxX)
        #expect(chips[0].frame.y == bubble.bubble.maxY + p.reactionGap)
        #expect(chips[1].frame.maxX == chips[0].frame.x - p.reactionGap)
    }

    @Test func chipsWiderThanTheScreenWrapToANewLine() throws {
        let p = Self.m.parts
        let emoji = ["👍", "❤️", "😂", "😮", "😢", "🙏", "🎉", "🔥", "👀", "💯", "✅", "🤔"]
        let reactions = emoji.map { Reaction(emoji: $0, count: 12, includesOwn: false) }
        // Where the first line is full: chips side by side within W − 2 × bubble inset.
        let limit = F.width - 2 * Self.m.bubbleInset
        var used = 0.0, firstLine = 0
        for reaction in reactions {
            let width = try chipWidth("\(reaction.emoji) 12")
            if used > 0 && used + p.reactionGap + width > limit { break }
            used += (used > 0 ? p.reactionGap : 0) + width
            firstLine += 1
        }
        try #require(firstLine < reactions.count, "twelve chips do not fit one line")
        let plain = try F.bubbleRow(reacted([]))
        let (row, bubble) = try F.bubbleRow(reacted(reactions))
        let chips = bubble.reactions
        let firstY = bubble.bubble.maxY + p.reactionGap
        #expect(chips[..<firstLine].allSatisfy { $0.frame.y == firstY })
        #expect(chips[firstLine].frame.y == firstY + p.reactionHeight + p.reactionGap)
        #expect(chips[firstLine].frame.x == bubble.bubble.x, "a new line starts at the bubble's edge again")
        #expect(chips.allSatisfy { $0.frame.maxX <= bubble.bubble.x + limit })
        let lines = Set(chips.map(\.frame.y)).count
        #expect(row.height == plain.0.height + Double(lines) * (p.reactionGap + p.reactionHeight))
    }

    // MARK: day separators and notices

    /// A pill in the middle of the screen, the row's margin above and below it.
    func expectCentredPill(_ row: RowLayout, _ label: LabelRowLayout, text: String) throws {
        let p = Self.m.parts
        let layout = try F.engine.get().layout(text, style: TextStyle(fontSize: p.labelFontSize, maxWidth: .infinity, role: .time))
        #expect(label.label.layout.text == text)
        #expect(label.background.midX == F.width / 2)
        #expect(label.background.width == layout.width + p.labelPadding.left + p.labelPadding.right)
        #expect(label.background.height == layout.height + p.labelPadding.top + p.labelPadding.bottom)
        #expect(label.background.y == row.y + p.labelRowMargin)
        #expect(row.height == label.background.height + 2 * p.labelRowMargin)
        #expect(label.label.frame.x == label.background.x + p.labelPadding.left)
        #expect(label.label.frame.y == label.background.y + p.labelPadding.top)
    }

    @Test func aDaySeparatorIsACentredPillWithTheThemesDate() throws {
        let metrics = F.metrics { $0.daySeparatorFormat = "EEEE, d MMMM yyyy" }
        let day = DaySeparator(source: "day 2024-05-01", date: F.start)
        let rows = try F.rows([.daySeparator(day), .message(F.message())], metrics)
        guard case .daySeparator(let label) = rows[0].kind else { Issue.record("no separator row"); return }
        try expectCentredPill(rows[0], label, text: "Wednesday, 1 May 2024")
        #expect(rows[1].y == rows[0].height, "the next row follows it")
    }

    @Test func aNoticeIsACentredLabelInTheSecondaryColour() throws {
        let notice = SystemNotice(source: "n", time: nil, text: "Ann changed the subject")
        let row = try #require(try F.rows([.notice(notice)]).first)
        guard case .notice(let label) = row.kind else { Issue.record("no notice row"); return }
        try expectCentredPill(row, label, text: "Ann changed the subject")
        let runs = label.label.layout.lines.flatMap(\.runs)
        #expect(!runs.isEmpty && runs.allSatisfy { $0.attributes.color == .secondary })
    }

    // MARK: tombstone

    @Test func aTombstoneIsItalicSecondaryTextInATextBubble() throws {
        let words = "This message was deleted"
        let (row, bubble) = try F.bubbleRow(F.message(.tombstone(words)))
        guard case .text(let layout) = bubble.rowContent else { Issue.record("not laid out as text"); return }
        #expect(layout.text == words)
        let runs = layout.lines.flatMap(\.runs)
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { $0.attributes.italic && $0.attributes.color == .secondary }, "\(runs.map(\.attributes))")
        let expected = try F.body(StyledText(words, spans: [.init(0..<words.utf16.count, TextAttributes(italic: true, color: .secondary))]))
        #expect(layout.width == expected.width)
        let m = Self.m
        #expect(bubble.bubble.width == expected.width + m.textInsets.left + m.textInsets.right)
        #expect(bubble.bubble.height == m.textBubbleHeight(contentHeight: expected.height))
        #expect(row.height == m.textRowHeight(textHeight: expected.height))
    }
}
