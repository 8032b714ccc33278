@testable import BubbleLayout
import BubbleModel
import BubbleText
import Foundation
import Testing

/// The layout's side of the theme keys added for modern themes: where a group's tail goes,
/// day separators per locale, the image height limit and jumbomoji. Expected sizes come from
/// the metrics and the engine, measured the way the layout measures.
@Suite struct ThemeChoiceLayoutTests {
    typealias F = ItemFixture

    // MARK: grouping.tail

    @Test func tailFirstPutsTailAndAvatarOnTheGroupsFirstBubble() throws {
        let m = F.metrics {
            $0.grouping = .init(window: 300, tail: .first)
            $0.timePlacement = .bubble
        }
        let rows = try F.rows([0.0, 60, 120].map { .message(F.message(at: $0)) }, m)
        let bubbles = try rows.map { try #require($0.bubble) }
        #expect(bubbles.map(\.hasTail) == [true, false, false])
        #expect(bubbles.map { $0.avatar != nil } == [true, false, false])
        #expect(bubbles.map { $0.name != nil } == [true, false, false], "the name stays on the first")
        let avatar = try #require(bubbles[0].avatar)
        #expect(avatar.y == bubbles[0].bubble.y, "the avatar's top at the first bubble's top")
        #expect(rows[0].y + rows[0].height >= avatar.maxY, "the row holds the avatar")
        #expect(rows[1].y == rows[0].y + rows[0].height)
    }

    @Test func tailLastIsTheDefault() {
        #expect(LayoutMetrics.Grouping(window: 60).tail == .last)
    }

    // MARK: day separators

    func separator(_ metrics: LayoutMetrics = .classic, locale: Locale? = nil) throws -> String {
        let engine = try F.engine.get()
        let layouter = locale.map { ConversationLayouter(metrics: metrics, engine: engine, locale: $0) }
            ?? ConversationLayouter(metrics: metrics, engine: engine)
        let layout = try layouter.layout([.daySeparator(DaySeparator(source: "d", date: F.start))], screenWidth: F.width)
        guard case .daySeparator(let label) = try #require(layout.rows.first).kind else { throw CancellationError() }
        return label.label.layout.text
    }

    /// 2024-05-01 was a Wednesday.
    @Test func daySeparatorsAreShortAndEnglishByDefault() throws {
        #expect(try separator() == "Wed, May 1")
        #expect(try separator(locale: Locale(identifier: "en_GB")) == "Wed 1 May", "the locale orders the day first")
    }

    @Test func aLocaleWordsAndOrdersTheTemplate() throws {
        let short = try separator(locale: Locale(identifier: "zh_CN"))
        #expect(short == "5月1日 周三")
        let long = F.metrics { $0.daySeparatorTemplate = "MMMMdEEEE" }
        let longChinese = try separator(long, locale: Locale(identifier: "zh_CN"))
        #expect(longChinese == "5月1日 星期三", "the task's 3月8日 星期五 form")
        #expect(try separator(long, locale: Locale(identifier: "de_DE")) == "Mittwoch, 1. Mai")
    }

    @Test func aFixedFormatIgnoresTheLocale() throws {
        let fixed = F.metrics { $0.daySeparatorFormat = "yyyy-MM-dd EEE" }
        #expect(try separator(fixed, locale: Locale(identifier: "zh_CN")) == "2024-05-01 Wed")
    }

    // MARK: images

    @Test func maxImageHeightCapsTallImagesAndNeverUpscales() {
        let m = F.metrics { $0.maxImageHeight = 2 * $0.maxImageWidth }
        let tall = m.imageDisplaySize(pixelWidth: 1000, pixelHeight: 5000)
        #expect(tall.width == m.maxImageWidth && tall.height == 2 * m.maxImageWidth)
        let small = m.imageDisplaySize(pixelWidth: 30, pixelHeight: 50)
        #expect(small.width == 30 && small.height == 50)
    }

    // MARK: jumbomoji

    static let jumbo = F.metrics {
        $0.jumbomojiSizes = [48, 40, 32]
        $0.timePlacement = .bubble
        $0.timeFormat = "HH:mm"
    }

    @Test(arguments: [("😀", 48.0), ("😀👍🏽", 40.0), ("🇫🇷 😀 ❤\u{FE0F}", 32.0)])
    func jumbomojiTakeTheSizeOfTheirCount(_ text: String, _ size: Double) throws {
        let m = Self.jumbo
        let (_, row) = try F.bubbleRow(F.message(.text(StyledText(text)), .outgoing), m)
        guard case .jumbomoji(let emoji) = row.rowContent else { Issue.record("not jumbomoji: \(row.rowContent)"); return }
        let expected = try F.engine.get().layout(StyledText(text), style: TextStyle(fontSize: size, maxWidth: m.maxTextWidth(screenWidth: F.width)))
        #expect(emoji == expected)
        #expect(!row.rowContent.hasBubbleImage)
        #expect(row.content.width == expected.width && row.content.height == expected.height)
        // The time sits below the emoji, inside the row's frame, at the sender's side.
        let time = try #require(row.time)
        #expect(time.frame.y >= row.content.maxY)
        #expect(row.bubble.contains(time.frame) && row.bubble.contains(row.content))
        #expect(row.content.maxX == row.bubble.maxX, "outgoing emoji keep to the right")
        #expect(row.bubble.height == expected.height + ConversationLayouter.jumboMetaGap + time.frame.height
                + ConversationLayouter.jumboMetaPadding.top + ConversationLayouter.jumboMetaPadding.bottom)
    }

    @Test func otherTextsStayInBubbles() throws {
        for text in ["😀😀😀😀", "ok 😀", "1"] {
            let (_, row) = try F.bubbleRow(F.message(.text(StyledText(text))), Self.jumbo)
            #expect(row.rowContent.hasBubbleImage, "\(text)")
        }
        let (_, classic) = try F.bubbleRow(F.message(.text("😀")))
        #expect(classic.rowContent.hasBubbleImage, "no jumbomoji without the theme's sizes")
        var reply = F.message(.text("😀"))
        reply.quote = QuotedMessage(source: nil, senderName: "Bob", text: "hi")
        #expect(try F.bubbleRow(reply, Self.jumbo).1.rowContent.hasBubbleImage, "a reply keeps its bubble for the quote")
    }

    @Test func jumbomojiWithTheTimeInTheHeaderHaveNoTimeBelow() throws {
        let m = F.metrics { $0.jumbomojiSizes = [48] }
        let (row, bubble) = try F.bubbleRow(F.message(.text("😀")), m)
        guard case .jumbomoji(let emoji) = bubble.rowContent else { Issue.record("not jumbomoji"); return }
        #expect(bubble.bubble.height == emoji.height)
        #expect(try #require(bubble.time).frame.maxY <= bubble.bubble.y, "the time stays in the header band")
        #expect(row.height == m.margin + m.headerHeight + emoji.height + m.margin)
        let (_, two) = try F.bubbleRow(F.message(.text("😀😀")), m)
        #expect(two.rowContent.hasBubbleImage, "a theme with one size draws only single emoji large")
    }
}

/// Rows of a theme that shows no avatar or name for the account's own messages, and text
/// insets that mirror for incoming bubbles.
@Suite struct OwnSideLayoutTests {
    typealias F = ItemFixture

    @Test func ownMessagesWithoutAvatarOrNameReachTheMargin() throws {
        let m = F.metrics {
            $0.showsOwnAvatarAndName = false
            $0.timePlacement = .bubble
        }
        let (row, own) = try F.bubbleRow(F.message(.text("Hello"), from: F.me, .outgoing), m)
        #expect(own.avatar == nil && own.name == nil)
        #expect(own.bubble.maxX == F.width - m.margin)
        #expect(own.bubble.y == row.y + m.margin, "no name band above")
        let (_, peer) = try F.bubbleRow(F.message(.text("Hello")), m)
        #expect(peer.avatar != nil && peer.name != nil, "the other side keeps both")
        #expect(peer.bubble.x == m.bubbleInset)
    }

    @Test func incomingInsetsAreTheOutgoingOnesMirrored() throws {
        let m = F.metrics { $0.textInsets = EdgeInsets(top: 7, left: 12, bottom: 7, right: 18) }
        let (_, outgoing) = try F.bubbleRow(F.message(.text("Hello"), from: F.me, .outgoing), m)
        let (_, incoming) = try F.bubbleRow(F.message(.text("Hello")), m)
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        #expect(near(outgoing.content.x - outgoing.bubble.x, 12) && near(outgoing.bubble.maxX - outgoing.content.maxX, 18))
        #expect(near(incoming.content.x - incoming.bubble.x, 18) && near(incoming.bubble.maxX - incoming.content.maxX, 12))
        #expect(outgoing.bubble.width == incoming.bubble.width)
    }
}
