@testable import BubbleLayout
import BubbleModel
import BubbleText
import Dispatch
import Foundation
import Testing

/// Bubble contents measured ahead on a second core must be the contents the row would measure
/// itself, whoever gets to a row first.
@Suite struct ContentPrefetchTests {
    typealias F = ItemFixture

    /// 300 rows of every kind: texts short and long, jumbomoji, audio, links, placeholders,
    /// tombstones, day separators and notices between them, and a typing row last.
    static func mixedItems() -> [ConversationItem] {
        let words = "the quick brown fox jumps over a lazy dog while ünïcödé 漢字 and العربية pass by".split(separator: " ")
        var items: [ConversationItem] = []
        for index in 0..<300 {
            let time = Double(index * 50)
            let sender = index % 3 == 0 ? F.me : F.ann
            let direction: BubbleDirection = index % 3 == 0 ? .outgoing : .incoming
            let text = (0..<(1 + index * 7 % 45)).map { words[($0 + index) % words.count] }.joined(separator: " ")
            let content: BubbleContent
            switch index % 10 {
            case 3: content = .text(StyledText("😀👍"))
            case 5: content = .audio(AudioContent(duration: Double(index % 40), bytes: Data()))
            case 6: content = .link(url: "https://example.com/\(index)", fileName: "file-\(index).pdf")
            case 7: content = index % 20 == 7 ? .placeholder("[image unavailable]") : .tombstone("This message was deleted")
            default: content = .text(StyledText(text))
            }
            items.append(.message(F.message(content, at: time, from: sender, direction, source: "m\(index)")))
            if index % 40 == 39 { items.append(.daySeparator(DaySeparator(source: "d\(index)", date: F.start + time))) }
            if index % 55 == 54 {
                items.append(.notice(SystemNotice(source: "n\(index)", time: nil, text: StyledText("Ann joined"))))
            }
        }
        items.append(.typing(TypingIndicator(source: "t", direction: .incoming, sender: F.ann, senderName: "Ann",
                                             time: F.start + 20_000)))
        return items
    }

    @Test func rowsAreTheRowsLaidOutOneByOne() throws {
        let items = Self.mixedItems()
        for metrics in [LayoutMetrics.classic, F.metrics { $0.jumbomojiSizes = [48, 40, 32] }] {
            let layouter = try F.layouter(metrics)
            var rows: [RowLayout] = []
            _ = try layouter.forEachRow(items, screenWidth: F.width) { rows.append($0) }
            #expect(rows.count == items.count)
            var top = 0.0
            for (index, row) in rows.enumerated() {
                let alone = try layouter.row(at: index, of: items, top: top, screenWidth: F.width)
                #expect(alone == row, "row \(index)")
                top += alone.height
            }
        }
    }

    /// Conversations laid out on every thread of Dispatch's pool at once (each starting a
    /// helper that may not get a thread until the others finish) give the same rows.
    @Test func layoutsOnEveryThreadAtOnceAgree() throws {
        let items = Array(Self.mixedItems().prefix(120))
        let layouter = try F.layouter()
        let expected = try layouter.layout(items, screenWidth: F.width)
        let agreed = AgreementCount()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if (try? layouter.layout(items, screenWidth: F.width)) == expected { agreed.add() }
        }
        #expect(agreed.count == 16)
    }

    /// Windows of one and three rows, and a caller that stops after ten rows: every content
    /// taken is the one measured directly, and `stop` returns.
    @Test func contentsAreTheDirectOnesForAnyWindow() throws {
        let items = Self.mixedItems()
        let layouter = try F.layouter()
        let maxText = layouter.metrics.maxTextWidth(screenWidth: F.width)
        for (window, rowsTaken) in [(1, items.count), (3, items.count), (64, 10)] {
            let prefetch = ContentPrefetch(layouter: layouter, items: items, maxText: maxText, window: window)
            defer { prefetch.stop() }
            for index in 0..<rowsTaken where ContentPrefetch.isBubble(items[index]) {
                let taken = try prefetch.content(at: index)
                let direct = try layouter.measureContent(ConversationLayouter.Speech(items[index]), maxText: maxText)
                #expect(taken.row == direct.row && taken.isTextLike == direct.isTextLike, "window \(window) row \(index)")
                #expect(taken.size.width == direct.size.width && taken.size.height == direct.size.height)
            }
        }
    }

    /// However the two sides meet (the caller measuring spare rows while the helper is on its
    /// row, or rows the helper has not reached), a conversation taken to its end measures each
    /// bubble row exactly once.
    @Test func eachContentIsMeasuredOnce() throws {
        let items = Self.mixedItems()
        let bubbles = items.filter(ContentPrefetch.isBubble).count
        let layouter = try F.layouter()
        let maxText = layouter.metrics.maxTextWidth(screenWidth: F.width)
        for window in [1, 2, 8, 64] {
            for _ in 0..<5 {
                let prefetch = ContentPrefetch(layouter: layouter, items: items, maxText: maxText, window: window)
                for index in items.indices where ContentPrefetch.isBubble(items[index]) {
                    _ = try prefetch.content(at: index)
                }
                prefetch.stop()
                #expect(prefetch.measurements == bubbles, "window \(window)")
            }
        }
    }
}

/// Agreeing layouts counted from several threads.
private final class AgreementCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
