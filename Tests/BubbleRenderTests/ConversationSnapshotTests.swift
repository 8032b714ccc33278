import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleSnapshotTesting
import Foundation
import RenderTesting
import Testing

/// The sample conversations rendered through `bubbles render`, in each theme, against
/// Snapshots/, pixel for pixel; the layouts as text (`bubbles layout --json`) too.
@Suite(.serialized) struct ConversationSnapshotTests {
    static let cases: [(name: String, arguments: [String])] = [
        ("json-classic", ["Samples/conversation.json", "--theme", "classic"]),
        ("json-classic-dark", ["Samples/conversation.json", "--theme", "classic-dark"]),
        ("json-iphone-se", ["Samples/conversation.json", "--device", "iphone-se", "--scale", "1"]),
        ("archive-classic", ["Samples/chat.sqlite", "--account", "me@chat.example", "--peer", "li.lei@chat.example",
                             "--vcards", "Samples/vcards.sqlite", "--theme", "classic"]),
        ("archive-classic-dark", ["Samples/chat.sqlite", "--account", "me@chat.example", "--peer", "li.lei@chat.example",
                                  "--vcards", "Samples/vcards.sqlite", "--theme", "classic-dark"]),
        ("archive-viewport", ["Samples/chat.sqlite", "--account", "me@chat.example", "--peer", "li.lei@chat.example",
                              "--vcards", "Samples/vcards.sqlite", "--viewport", "--device", "iphone-13"]),
    ]

    @Test(arguments: cases.map(\.name))
    func renderMatchesTheReference(name: String) throws {
        let arguments = try #require(Self.cases.first { $0.name == name }).arguments
        try Snapshot.assertRender(arguments, matches: name)
    }

    @Test(arguments: cases.map(\.name).filter { !$0.hasSuffix("viewport") })
    func layoutMatchesTheTextReference(name: String) throws {
        let arguments = try #require(Self.cases.first { $0.name == name }).arguments
        // Pixels per point are render's alone: layout rejects --scale, and its frames are in points.
        let pointsOnly = arguments.enumerated().filter { index, argument in
            argument != "--scale" && (index == 0 || arguments[index - 1] != "--scale")
        }.map(\.element)
        let result = Snapshot.run(["layout"] + pointsOnly + ["--json"])
        #expect(result.code == 0, "\(result.err)")
        // Positions and sizes stored on a 1/64 pt grid and alike within 1/64 pt (CoordinateTolerance).
        try assertSnapshot(of: result.out, as: .coordinates(pathExtension: "json"), named: "\(name).layout")
    }

    /// Every message kind in classic and classic-dark at 320 and 430 pt: the designers' sheet.
    @Test func themePreviewMatchesTheReference() throws {
        let output = try Snapshot.temporaryFile("theme-preview-classic.png")
        let result = Snapshot.run(["theme", "preview", "classic", "--scale", "1", "-o", output])
        #expect(result.code == 0, "\(result.err)")
        try assertSnapshot(of: try Data(contentsOf: URL(fileURLWithPath: output)), as: .image, named: "theme-preview-classic")
    }

    /// One code path: every text row the layout gives is exactly the origin formula over the
    /// height `bubbles measure` reports for the same text at the same width.
    @Test func textRowsHaveTheHeightMeasureGives() throws {
        let pick = ["--account", "me@chat.example", "--peer", "li.lei@chat.example"]
        for (input, choice) in [("Samples/conversation.json", [String]()), ("Samples/chat.sqlite", pick)] {
            let layout = Snapshot.run(["layout", input, "--json"] + choice)
            let rows = try #require((try JSONSerialization.jsonObject(with: Data(layout.out.utf8)) as? [String: Any])?["rows"] as? [[String: Any]])
            let models = Snapshot.run(["models", input, "--json"] + choice)
            let bubbles = try #require((try JSONSerialization.jsonObject(with: Data(models.out.utf8)) as? [String: Any])?["bubbles"] as? [[String: Any]])
            #expect(rows.count == bubbles.count)
            var texts = 0
            for (row, bubble) in zip(rows, bubbles) where row["kind"] as? String == "text" {
                let text = try #require(bubble["text"] as? String)
                let line = try JSONSerialization.data(withJSONObject: ["id": texts, "text": text])
                let measured = Snapshot.run(["measure", "-"], input: line + Data("\n".utf8)).out
                let rowHeight = try #require((try JSONSerialization.jsonObject(with: Data(measured.utf8)) as? [String: Any])?["row_height"] as? NSNumber)
                #expect(abs((row["height"] as? NSNumber)!.doubleValue - rowHeight.doubleValue) < 1e-9, "\(text)")
                texts += 1
            }
            #expect(texts >= 5, "\(input)")
        }
    }

    @Test func renderingTwiceGivesIdenticalBytes() throws {
        for format in ["png", "pdf", "svg"] {
            let first = try Snapshot.temporaryFile("twice-1.\(format)"), second = try Snapshot.temporaryFile("twice-2.\(format)")
            #expect(Snapshot.run(["render", "Samples/conversation.json", "-o", first]).code == 0)
            #expect(Snapshot.run(["render", "Samples/conversation.json", "-o", second]).code == 0)
            let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
            #expect(a == b, "\(format) differs between two runs")
            #expect(a.count > 1000)
        }
    }

    @Test func viewportIsOneScreenAndPagesCoverTheConversation() throws {
        let viewport = try Snapshot.temporaryFile("viewport.png")
        #expect(Snapshot.run(["render", "Samples/conversation.json", "--viewport", "-o", viewport]).code == 0)
        let image = try RasterImage(contentsOfFile: viewport)
        #expect(image.pixelWidth == 750 && image.pixelHeight == 1334)
        let pages = try Snapshot.temporaryFile("page.png")
        let result = Snapshot.run(["render", "Samples/conversation.json", "--pages", "-o", pages])
        #expect(result.code == 0)
        let layout = Snapshot.run(["layout", "Samples/conversation.json", "--json"]).out
        let rows = try #require((try JSONSerialization.jsonObject(with: Data(layout.utf8)) as? [String: Any])?["rows"] as? [[String: Any]])
        // Pages are cut between rows: a row that would cross a page's bottom starts the next page.
        var expectedPages = 1, top = 0.0
        for row in rows {
            let y = (row["y"] as? Double) ?? 0, height = (row["height"] as? Double) ?? 0
            if y + height > top + 667 + 1e-6 && y > top { expectedPages += 1; top = y }
        }
        #expect(expectedPages >= 2)
        for page in 1...expectedPages {
            #expect(FileManager.default.fileExists(atPath: pages.replacingOccurrences(of: ".png", with: "-\(page).png")))
        }
        #expect(!FileManager.default.fileExists(atPath: pages.replacingOccurrences(of: ".png", with: "-\(expectedPages + 1).png")))
    }

    @Test func aFailedRenderLeavesNoFile() throws {
        let output = try Snapshot.temporaryFile("never.png")
        let result = Snapshot.run(["render", "Samples/conversation.json", "--theme", "no-such-theme", "-o", output])
        #expect(result.code == 1)
        #expect(result.err.contains("no-such-theme"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
