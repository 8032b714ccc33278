import ChatBubbles
import Foundation
import Testing

/// Issue 8's acceptance: a current client's archive (Samples/modern.sqlite, and the same
/// conversation as Samples/modern.json and as the server's XEP-0313 dump
/// Samples/modern-mam.xml) draws what the user saw, by every route.
@Suite struct ModernConversationTests {
    static let repository = LibraryExampleTests.repository
    static let samples = repository.appendingPathComponent("Samples")
    /// A bundled theme with grouping, day separators, time and ticks in the bubble, styling.
    static let theme = "telegram-style"

    static func load(_ name: String) throws -> Conversation {
        try Conversation.load(path: samples.appendingPathComponent(name).path)
    }

    static func screen() throws -> ChatScreen {
        try ChatScreen(theme: theme, mediaDirectory: samples.appendingPathComponent("media").path)
    }

    /// What each bubble shows, in a form both routes must agree on.
    static func summary(_ model: ConversationViewModel) -> [String] {
        model.items.map { item in
            switch item {
            case .message(let bubble):
                let content: String = switch bubble.content {
                case .text(let text): "text \(text.string)"
                case .tombstone(let words): "tombstone \(words)"
                case .image(let image): "image \(image.pixelWidth)x\(image.pixelHeight)"
                default: "other"
                }
                let reactions = bubble.reactions.map { "\($0.emoji)\($0.count)\($0.includesOwn ? "*" : "")" }.joined()
                return [bubble.direction.rawValue, content, bubble.edited ? "edited" : "",
                        bubble.quote.map { "quote \($0.senderName): \($0.text.string)" } ?? "",
                        reactions, bubble.status?.rawValue ?? ""].joined(separator: " | ")
            case .daySeparator(let day): return "day \(day.source)"
            case .typing: return "typing"
            case .notice(let notice): return "notice \(notice.text.string)"
            }
        }
    }

    @Test func everyRouteDrawsTheSameScreenWithNoWarnings() throws {
        let screen = try Self.screen()
        let archive = screen.items(of: try Self.load("modern.sqlite"))
        let json = screen.items(of: try Self.load("modern.json"))
        let mam = screen.items(of: try Self.load("modern-mam.xml"))
        #expect(archive.warnings == [])
        #expect(json.warnings == [])
        #expect(mam.warnings == [])
        #expect(Self.summary(archive) == Self.summary(json))
        #expect(Self.summary(mam) == Self.summary(archive))
        let summary = Self.summary(archive)
        #expect(summary.filter { $0.hasPrefix("day ") } == ["day day 2024-03-08", "day day 2024-03-09"])
        #expect(summary.contains("outgoing | text Perfect, see you then |  | quote ann: See you at 7 at the pier | 👍1 | read"))
        #expect(summary.contains("incoming | text See you at 7 at the pier | edited |  |  | "))
        #expect(summary.filter { $0.contains("tombstone") }.count == 2)
        #expect(summary.contains { $0.contains("❤️2*") })
    }

    @Test func thePDFHoldsWhatWasSeenAndNothingThatWasTakenBack() throws {
        let screen = try Self.screen()
        let layout = try screen.layout(try Self.load("modern.sqlite"), screenWidth: 390)
        let text = try PDFText.extract(try screen.render(layout, format: .pdf, scale: 1))
        for seen in ["See you at 7 at the pier", "Perfect, see you then", "Friday", "Really", "swift build -c release",
                     "the best code is no code", screen.theme.document.strings.deleted, "edited"] {
            #expect(text.contains(seen), "missing \(seen)")
        }
        for gone in ["See you at 6", "4417", "meet at 5", "attempted to retract", "Ann wrote", "retracted a message",
                     "*Friday*", "_Really_", "```"] {
            #expect(!text.contains(gone), "shows \(gone)")
        }
        #expect(!text.contains("\u{FFFD}"))
    }

    @Test func thePeersNameOnceAGroupAndASeparatorEachDay() throws {
        let screen = try Self.screen()
        let layout = try screen.layout(try Self.load("modern.sqlite"), screenWidth: 390)
        let window = try #require(screen.layouter.metrics.grouping?.window)
        var previous: BubbleRowLayout?
        var named = 0
        for row in layout.rows {
            guard let bubble = row.bubble, let time = bubble.message?.time else {
                previous = nil
                continue
            }
            let continues = previous.map { $0.sender.jid == bubble.sender.jid && $0.direction == bubble.direction
                && time.timeIntervalSince($0.message?.time ?? .distantPast) <= window } ?? false
            // The theme may show no name on the account's own side at all (avatar.outgoing false).
            let namesThisSide = bubble.direction == .incoming || screen.layouter.metrics.showsOwnAvatarAndName
            #expect((bubble.name != nil) == (namesThisSide && !continues), "\(row.source)")
            if bubble.name != nil, bubble.direction == .incoming { named += 1 }
            previous = bubble
        }
        // Ann's 12 bubbles fall into fewer runs than bubbles.
        #expect(named > 0 && named < 12)
        let separators = layout.rows.filter { if case .daySeparator = $0.kind { true } else { false } }
        #expect(separators.count == 2)
    }
}

/// `pdftotext` (poppler-utils, installed by .ci/install-packages) on PDF bytes.
enum PDFText {
    static func extract(_ pdf: Data) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.pdf"), output = folder.appendingPathComponent("out.txt")
        try pdf.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = ["-enc", "UTF-8", input.path, output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PDFTextError(status: process.terminationStatus) }
        return try String(contentsOf: output, encoding: .utf8)
    }
}

struct PDFTextError: Error { let status: Int32 }
