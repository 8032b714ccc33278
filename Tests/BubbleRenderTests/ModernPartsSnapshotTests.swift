import BubbleLayout
import BubbleModel
import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleSnapshotTesting
import BubbleText
import ChatBubbles
import Foundation
import RenderTesting
import Testing

/// Every part a modern theme adds, drawn once and compared pixel for pixel with
/// Snapshots/modern-parts.png: a future change that stops drawing one of them (ticks, chips,
/// quote bar, pill, styled spans, the time in the bubble) fails here. The theme is the
/// fixture in Fixtures/modern: the classic images with the time in the bubble, grouping and
/// day separators.
@Suite struct ModernPartsSnapshotTests {
    static let reference = "modern-parts"
    static let themePath = TestSupport.repositoryRoot + "/Tests/BubbleRenderTests/Fixtures/modern"
    static let me = Participant(jid: "me@example.com", nickname: "Me")
    static let ann = Participant(jid: "ann@example.com", nickname: "Ann")
    /// 2024-05-01 18:30:00 UTC, a Wednesday.
    static let start = Date(timeIntervalSince1970: 1_714_588_200)

    static let invitation = "Hey! Are you coming tonight? We are meeting at the usual place near the station, "
        + "bring the board game if you still have it."

    static func message(_ source: String, _ content: BubbleContent, at minutes: Double, outgoing: Bool = false) -> BubbleModel {
        let sender = outgoing ? me : ann
        return BubbleModel(source: source, direction: outgoing ? .outgoing : .incoming, sender: sender,
                           senderName: sender.nickname ?? "", time: start + minutes * 60, delayed: false, content: content)
    }

    /// One span of each style over its own word.
    static var styled: StyledText {
        let string = "Styles: bold, italic, mono, struck, underlined and example.com."
        func span(_ word: String, _ attributes: TextAttributes) -> StyledText.Span {
            let range = (string as NSString).range(of: word)
            return .init(range.location..<(range.location + range.length), attributes)
        }
        return StyledText(string, spans: [
            span("bold", .bold), span("italic", .italic), span("mono", .monospace),
            span("struck", TextAttributes(strikethrough: true)), span("underlined", TextAttributes(underline: true)),
            span("example.com", TextAttributes(color: .link)),
        ])
    }

    /// A day, a group of three from Ann (styled spans, reactions), two grouped replies of the
    /// account (a quote, read and delivered ticks, edited), a tombstone and a notice.
    static var items: [ConversationItem] {
        var reacted = message("m3", .text("Let me know 🙂"), at: 2)
        reacted.reactions = [Reaction(emoji: "👍", count: 2, includesOwn: true), Reaction(emoji: "❤️", count: 1, includesOwn: false)]
        var reply = message("m4", .text("Yes, see you at eight!"), at: 3, outgoing: true)
        reply.quote = QuotedMessage(source: "m1", senderName: "Ann",
                                    text: StyledText(invitation))
        reply.status = .read
        var edited = message("m5", .text("Eight thirty, actually"), at: 4, outgoing: true)
        edited.edited = true
        edited.status = .delivered
        return [
            .daySeparator(DaySeparator(source: "day 2024-05-01", date: start)),
            .message(message("m1", .text(StyledText(invitation)), at: 0)),
            .message(message("m2", .text(styled), at: 1)),
            .message(reacted),
            .message(reply),
            .message(edited),
            .message(message("m6", .tombstone("This message was deleted"), at: 20)),
            .notice(SystemNotice(source: "n1", time: start + 21 * 60, text: "Ann changed the group photo")),
        ]
    }

    static func layout() throws -> (layout: ConversationLayout, screen: ChatScreen) {
        let screen = try ChatScreen(theme: themePath)
        return (try screen.layout(items, screenWidth: 375), screen)
    }

    static func compare(_ layout: ConversationLayout, _ screen: ChatScreen) throws -> SnapshotFailure? {
        try compareSnapshot(of: try screen.render(layout, format: .png, scale: 2), as: .image, named: reference)
    }

    @Test func everyModernPartIsDrawnAsTheReferenceShows() throws {
        let (layout, screen) = try Self.layout()
        // The picture is only worth keeping if the layout has each part to draw.
        let bubbles = layout.rows.compactMap(\.bubble)
        #expect(layout.rows.contains { if case .daySeparator = $0.kind { true } else { false } })
        #expect(layout.rows.contains { if case .notice = $0.kind { true } else { false } })
        #expect(bubbles.map(\.hasTail) == [false, false, true, false, true, true], "two groups and a lone tombstone")
        #expect(bubbles.contains { $0.quote != nil } && bubbles.contains { !$0.reactions.isEmpty })
        #expect(bubbles.compactMap(\.status?.status) == [.read, .delivered])
        #expect(bubbles.contains { $0.edited != nil })
        #expect(bubbles.allSatisfy { row in row.time.map { row.bubble.contains($0.frame) } ?? false }, "times in the bubbles")
        let png = try screen.render(layout, format: .png, scale: 2)
        try assertSnapshot(of: png, as: .image, named: Self.reference)
    }

    /// The fixture's `day_separators.format` names the day the way the theme asks.
    @Test func theDaySeparatorUsesTheThemesFormat() throws {
        let (layout, _) = try Self.layout()
        guard case .daySeparator(let label) = layout.rows[0].kind else { Issue.record("no separator row"); return }
        #expect(label.label.layout.text == "Wednesday, 1 May 2024")
    }

    /// Takes `change` out of the layout and expects the comparison to fail inside `box` only
    /// (2 px per point, 1 px of antialiasing around it).
    func expectOnlyDifference(in box: Rect, after change: (inout ConversationLayout) throws -> Void) throws {
        var (layout, screen) = try Self.layout()
        #expect(try Self.compare(layout, screen) == nil, "the untouched layout matches")
        try change(&layout)
        let failure = try #require(try Self.compare(layout, screen), "the removal must be seen")
        #expect(failure.difference.message.contains("pixels differ"), "\(failure)")
        let found = try #require(VisibleElementTests.boundingBox(failure.difference.message))
        #expect(found.minX >= Int(box.x * 2) - 1 && found.maxX <= Int((box.maxX * 2).rounded(.up)) + 1, "\(found) vs \(box)")
        #expect(found.minY >= Int(box.y * 2) - 1 && found.maxY <= Int((box.maxY * 2).rounded(.up)) + 1, "\(found) vs \(box)")
    }

    @Test func missingReactionChipsFailTheComparison() throws {
        let (layout, _) = try Self.layout()
        let index = try #require(layout.rows.firstIndex { $0.bubble?.reactions.isEmpty == false })
        let chips = try #require(layout.rows[index].bubble).reactions.map(\.frame)
        let box = chips.dropFirst().reduce(chips[0]) { union($0, $1) }
        try expectOnlyDifference(in: box) { layout in
            var row = try #require(layout.rows[index].bubble)
            row.reactions = []
            layout.rows[index].kind = .bubble(row)
        }
    }

    @Test func missingReadTicksFailTheComparison() throws {
        let (layout, _) = try Self.layout()
        let index = try #require(layout.rows.firstIndex { $0.bubble?.status?.status == .read })
        let mark = try #require(layout.rows[index].bubble?.status).frame
        try expectOnlyDifference(in: mark) { layout in
            var row = try #require(layout.rows[index].bubble)
            row.status = nil
            layout.rows[index].kind = .bubble(row)
        }
    }

    @Test func aMissingQuoteBarFailsTheComparison() throws {
        let (layout, _) = try Self.layout()
        let index = try #require(layout.rows.firstIndex { $0.bubble?.quote != nil })
        let bar = try #require(layout.rows[index].bubble?.quote).bar
        try expectOnlyDifference(in: bar) { layout in
            var row = try #require(layout.rows[index].bubble)
            row.quote?.bar.width = 0
            layout.rows[index].kind = .bubble(row)
        }
    }

    func union(_ a: Rect, _ b: Rect) -> Rect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }
}

extension Rect {
    /// Whether `other` lies inside this rectangle (edges included).
    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}
