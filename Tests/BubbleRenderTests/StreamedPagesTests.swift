@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleLayout
import ChatBubbles
import Foundation
import RenderTesting
import Testing

/// `render --pages` holds no whole layout: a first pass keeps each row's extent, a second lays
/// out only the rows of the page being drawn. Its rows and its files must be those of the
/// whole layout.
@Suite struct StreamedPagesTests {
    static func items(_ sample: String, theme: String) throws -> (ChatScreen, [ConversationItem]) {
        let screen = try ChatScreen(theme: theme)
        let conversation = try Conversation.load(path: Snapshot.repository.appendingPathComponent("Samples/" + sample).path)
        return (screen, screen.items(of: conversation).items)
    }

    @Test(arguments: [("modern.json", "imessage-style"), ("conversation.json", "classic"), ("modern.json", "telegram-style")])
    func aRowLaidOutAloneIsTheStreamedRow(sample: String, theme: String) throws {
        // Grouping themes decide tails and names from the neighbours: a row alone must see them.
        let (screen, items) = try Self.items(sample, theme: theme)
        var rows: [RowLayout] = []
        _ = try screen.layouter.forEachRow(items, screenWidth: 375) { rows.append($0) }
        #expect(rows.count == items.count && rows.count > 10)
        for (index, row) in rows.enumerated() {
            #expect(try screen.layouter.row(at: index, of: items, top: row.y, screenWidth: 375) == row, "\(sample) row \(index)")
        }
    }

    @Test func theRowsAPageShowsAreTheRowsDrawn() throws {
        let (layout, _) = try PDFPagesTests.longLayout(60)
        let extents = layout.rows.map { ConversationRenderer.RowExtent(y: $0.y, height: $0.height) }
        var areas = ConversationRenderer.pdfPages(rows: extents, height: layout.height, pageHeight: 667)
        #expect(areas == ConversationRenderer.pdfPages(layout, pageHeight: 667))
        // And areas that cut rows anywhere, as bands and viewports do.
        areas += [.init(y: 0, height: 1), .init(y: 100.5, height: 300), .init(y: layout.height - 10, height: 500),
                  .init(y: layout.height + 5, height: 100)]
        for area in areas {
            let drawn = layout.rows.indices.filter { layout.rows[$0].y + layout.rows[$0].height > area.y
                && layout.rows[$0].y < area.y + area.height }
            #expect(Array(ConversationRenderer.rows(of: extents, showing: area)) == drawn, "\(area)")
        }
    }

    @Test(arguments: [("modern.json", "imessage-style"), ("conversation.json", "classic")])
    func commandPagesAreThePagesOfTheWholeLayout(sample: String, theme: String) throws {
        let output = try Snapshot.temporaryFile("streamed-\(theme).png")
        let run = Snapshot.run(["render", "Samples/" + sample, "--theme", theme, "--pages", "-o", output])
        #expect(run.code == 0, "\(run.err)")
        let (screen, items) = try Self.items(sample, theme: theme)
        let layout = try screen.layout(items, screenWidth: 375)
        let pages = ConversationRenderer.pdfPages(layout, pageHeight: 667)
        #expect(pages.count >= 2)
        final class Delivered: @unchecked Sendable { var files: [Int: Data] = [:] }
        let whole = Delivered()
        try screen.renderer.renderPages(layout, pages: pages, pageHeight: 667, format: .png, scale: 2) { whole.files[$0] = $1 }
        let base = (output as NSString).deletingPathExtension
        for index in pages.indices {
            let path = "\(base)-\(index + 1).png"
            #expect(FileManager.default.contents(atPath: path) == whole.files[index], "\(sample) page \(index + 1)")
            try? FileManager.default.removeItem(atPath: path)
        }
        #expect(!FileManager.default.fileExists(atPath: "\(base)-\(pages.count + 1).png"))
    }
}
