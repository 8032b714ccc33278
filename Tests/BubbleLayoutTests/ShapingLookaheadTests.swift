import BubbleArchive
import BubbleLayout
import BubbleModel
import BubbleText
import Foundation
import Testing

/// `forEachRow` measures rows ahead on another core (`ShapingLookahead`); that only fills
/// the shaping cache, so the rows are exactly those laid out one by one without it.
@Suite struct ShapingLookaheadTests {
    static let texts = ["Hello there", "مرحبا بالعالم، كيف حالك؟", "今天晚上一起吃饭吗？我们可以去那家新开的餐厅", "👍🎉",
                        "https://example.com/a/very/long/path/that/has/to/break/somewhere?query=1&other=2",
                        "שלום עולם", "Ok", "A longer message that wraps over a few lines because it keeps going and going."]

    static func items(_ count: Int) -> [ConversationItem] {
        (0..<count).map { index in
            let outgoing = index % 3 == 0
            let text = texts[index % texts.count] + (index % 5 == 0 ? " \(index)" : "")
            return .message(ItemFixture.message(.text(StyledText(text)), at: Double(index * 40), from: outgoing ? ItemFixture.me : ItemFixture.ann,
                                                outgoing ? .outgoing : .incoming, source: "m\(index)"))
        }
    }

    @Test func rowsAreTheSameAsRowsLaidOutOneByOne() throws {
        let items = Self.items(300)
        let streamed = try ConversationLayouter(metrics: .classic, engine: TextEngine(fonts: FontRoles.bundled()))
            .layout(items, screenWidth: ItemFixture.width)
        let single = ConversationLayouter(metrics: .classic, engine: try TextEngine(fonts: FontRoles.bundled()))
        var top = 0.0
        var rows: [RowLayout] = []
        for index in items.indices {
            let row = try single.row(at: index, of: items, top: top, screenWidth: ItemFixture.width)
            rows.append(row)
            top += row.height
        }
        #expect(streamed.rows.count == rows.count)
        // Two engines have two sets of font objects (compared by identity), so rows are
        // compared by everything they print, every glyph and coordinate included.
        let mismatch = rows.indices.first { String(describing: streamed.rows[$0]) != String(describing: rows[$0]) }
        #expect(mismatch == nil, "row \(mismatch ?? -1) differs")
        #expect(streamed.height == top)
    }

    @Test func aLayoutThatStopsEarlyStopsTheLookahead() throws {
        struct Enough: Error {}
        let layouter = ConversationLayouter(metrics: .classic, engine: try TextEngine(fonts: FontRoles.bundled()))
        var seen = 0
        #expect(throws: Enough.self) {
            _ = try layouter.forEachRow(Self.items(2_000), screenWidth: ItemFixture.width) { _ in
                seen += 1
                if seen == 20 { throw Enough() }
            }
        }
        #expect(seen == 20)
    }
}
