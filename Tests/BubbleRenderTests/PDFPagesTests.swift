import BubbleLayout
import BubbleModel
import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import ChatBubbles
import Foundation
import Testing

/// A whole conversation as PDF is one document of screen-sized pages, cut between rows and
/// written page by page (memory stays one page's, not the conversation's).
@Suite struct PDFPagesTests {
    static let sample = LibraryExampleTestsPath.repository.appendingPathComponent("Samples/conversation.json").path

    /// The sample repeated to `count` messages, laid out in classic at 375 pt.
    static func longLayout(_ count: Int) throws -> (ConversationLayout, ChatScreen) {
        var conversation = try Conversation.load(path: sample)
        let base = conversation.messages.filter { $0.declaredKind != "typing" }
        conversation.messages = (0..<count).map { index in
            var message = base[index % base.count]
            message.source = "m\(index)"
            message.time = message.time.addingTimeInterval(Double(index))
            return message
        }
        let screen = try ChatScreen(theme: "classic")
        return (try screen.layout(conversation, screenWidth: 375), screen)
    }

    @Test func pagesAreCutBetweenRowsAndCoverTheConversation() throws {
        let (layout, _) = try Self.longLayout(120)
        let pageHeight = 667.0
        let pages = ConversationRenderer.pdfPages(layout, pageHeight: pageHeight)
        #expect(pages.count > 5)
        #expect(pages.first?.y == 0)
        for (page, next) in zip(pages, pages.dropFirst()) { #expect(page.y + page.height == next.y, "pages follow each other") }
        #expect(abs(pages.last!.y + pages.last!.height - layout.height) < 1e-9, "the last page ends with the conversation")
        let starts = Set(layout.rows.map(\.y))
        for page in pages {
            #expect(page.height <= pageHeight)
            #expect(starts.contains(page.y), "page at \(page.y) starts at a row")
            // No row crosses the page's bottom.
            for row in layout.rows where row.y < page.y + page.height && row.y >= page.y {
                #expect(row.y + row.height <= page.y + page.height + 1e-9)
            }
        }
        // Each page holds as many rows as fit: the next row would not.
        for (page, next) in zip(pages, pages.dropFirst()) {
            let nextRow = try #require(layout.rows.first { $0.y == next.y })
            #expect(nextRow.y + nextRow.height - page.y > pageHeight)
        }
    }

    @Test func aRowTallerThanAPageIsCutIntoPageSlices() throws {
        let (layout, _) = try Self.longLayout(3)
        let tallest = try #require(layout.rows.map(\.height).max())
        let pageHeight = tallest / 2.5
        let pages = ConversationRenderer.pdfPages(layout, pageHeight: pageHeight)
        #expect(pages.allSatisfy { $0.height <= pageHeight + 1e-9 })
        #expect(abs(pages.reduce(0) { $0 + $1.height } - layout.height) < 1e-6)
        #expect(pages.count >= 3)
    }

    @Test func thePDFHasOnePageObjectPerPage() throws {
        let (layout, screen) = try Self.longLayout(60)
        let pdf = try screen.render(layout, format: .pdf, scale: 1, pageHeight: 667)
        let text = String(decoding: pdf, as: UTF8.self)
        let pageObjects = text.components(separatedBy: "/Type /Page\n").count - 1
            + text.components(separatedBy: "/Type /Page ").count - 1
        #expect(pageObjects > 1)
        #expect(pageObjects == ConversationRenderer.pdfPages(layout, pageHeight: 667).count)
        #expect(text.contains("/MediaBox [ 0 0 375 667 ]"))
        // The same input gives the same bytes.
        #expect(try screen.render(layout, format: .pdf, scale: 1, pageHeight: 667) == pdf)
    }
}

extension PDFMemoryTests {
    /// Runs `/usr/bin/time -f %M COMMAND…` and returns the exit status and the peak resident
    /// memory (kB) it printed last on standard error (the command's own messages come before).
    static func peakMemory(of arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        return (process.terminationStatus, Int(last.trimmingCharacters(in: .whitespaces)) ?? -1)
    }
}

/// The repository folder, for tests in this target.
enum LibraryExampleTestsPath {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

/// The whole `bubbles render` process on a long conversation, as a user runs it.
@Suite struct PDFMemoryTests {
    /// 600 messages as one PDF: drawn as one tall page, this took some 600 MB (3,000 took
    /// 2.8 GB); page by page it stays near the process's fixed cost.
    @Test func aLongConversationAsPDFStaysSmallInMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-memory-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = LibraryExampleTestsPath.repository.appendingPathComponent("Samples")
        try FileManager.default.copyItem(at: samples.appendingPathComponent("conversation-media"),
                                         to: folder.appendingPathComponent("conversation-media"))
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: samples.appendingPathComponent("conversation.json"))) as? [String: Any])
        let base = (document["messages"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String != "typing" }
        document["messages"] = (0..<600).map { index -> [String: Any] in
            var message = base[index % base.count]
            message["id"] = "m\(index)"
            return message
        }
        let input = folder.appendingPathComponent("long.json")
        try JSONSerialization.data(withJSONObject: document).write(to: input)

        let binary = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("bubbles")
        // GNU time forks the render from its own small process and reports that child's peak
        // (kilobytes). Reading our own child's ru_maxrss instead would count this test
        // process's memory: posix_spawn's child shares its address space until exec.
        let command = ["/usr/bin/time", "-f", "%M", binary.path, "render", input.path,
                       "-o", folder.appendingPathComponent("long.pdf").path]
        #expect(FileManager.default.isExecutableFile(atPath: command[0]), "install Debian's time package (.ci/install-packages does)")
        let run = try Self.peakMemory(of: command)
        #expect(run.status == 0)
        // Under AddressSanitizer (its runtime is in this test binary and in `bubbles` when CI
        // builds with --sanitize=address) every allocation has a redzone and freed memory waits
        // in quarantine, so a peak says nothing about ours.
        let sanitized = dlsym(nil, "__asan_init") != nil
        #expect(run.kilobytes > 0 && (sanitized || run.kilobytes < 250_000), "peak \(run.kilobytes) kB")
        let pdf = try Data(contentsOf: folder.appendingPathComponent("long.pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }
}
