import ChatBubbles
import Foundation

/// `bubbles render`: a conversation drawn as the origin app's chat screen.
package struct RenderCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        // The Unicode tables, made while the conversation, theme and fonts are read, so that no
        // worker waits for them at its first text.
        let tables = TablesAhead()
        defer { tables.wait() }
        let options = try RenderOptions(parsed)
        let input = try parsed.onlyPositional("give one archive or JSON conversation")
        guard let output = parsed[Options.output] else { throw CommandError.usage("give the output file with -o") }
        let conversation = try CommandGlue.loadConversation(path: input, account: options.input.account, peer: options.input.peer,
                                                vcards: options.input.vcards, io: io)
        let warnings = try options.render(conversation, to: output, io: io)
        return ModelsCommand.reportWarnings(warnings, io: io)
    }
}

/// The options `render` and `demo` share, and the rendering itself.
package struct RenderOptions {
    package var input: ConversationInput
    package var screen: ScreenOptions
    package var image: ImageOptions

    package init(_ parsed: ParsedOptions) throws {
        input = ConversationInput(parsed)
        screen = try ScreenOptions(parsed)
        image = try ImageOptions(parsed, screen: screen)
    }

    /// Lays out and draws; returns the view-model's warnings. Every file is written atomically.
    package func render(_ conversation: Conversation, to output: String, io: CommandIO) throws -> [String] {
        let format = try image.format(for: output)
        if image.pages && format != .pdf { return try renderPages(conversation, to: output, format: format, io: io) }
        let (chat, model, layout) = try CommandGlue.layOut(conversation, input: input, screen: screen, io: io)
        let path = io.resolve(output)
        let screenHeight = screen.device.height
        // The app opens scrolled to the newest message: the last screenful, or the top when it fits.
        let area = image.viewport
            ? ConversationRenderer.Viewport(y: max(0, layout.height - screenHeight), height: screenHeight) : nil
        if !image.viewport && layout.height * Double(image.scale) > 20_000 && io.standardErrorIsTerminal {
            io.writeError("rendering \(layout.rows.count) rows, \(Int(layout.height)) pt tall…\n")
        }
        // A PDF of the whole conversation is one document of screen-sized pages, cut between rows.
        let written: Int
        do {
            written = try chat.write(layout, to: path, format: format, scale: image.scale, viewport: area,
                                     pageHeight: screenHeight, webp: image.webp)
        } catch let error as OutputFile.WriteError {
            throw CommandError("\(error)")
        }
        io.writeError("wrote \(path) (\(written) bytes)\n")
        io.keepUntilExit((conversation, chat, model, layout))
        return model.warnings
    }

    /// Screen-sized PNG or WebP files, cut between rows as PDF pages are, each written as it is
    /// drawn, in two passes so that no whole layout is held: the first lays out every row and
    /// keeps its extent (and tofu warnings), the second lays out again only the rows of the
    /// page being drawn. Memory is the conversation's items and the pages in flight.
    private func renderPages(_ conversation: Conversation, to output: String, format: OutputFormat,
                             io: CommandIO) throws -> [String] {
        let chat = try CommandGlue.screen(theme: screen.theme, timeZone: screen.timeZone, locale: screen.locale,
                                          mediaDirectory: input.mediaDirectory(io: io),
                                          lineBreakStrategy: screen.lineBreakStrategy, io: io)
        var model = chat.items(of: conversation)
        var extents: [ConversationRenderer.RowExtent] = []
        var missingGlyphWarnings: [String] = []
        let width = screen.width
        let (height, timeZone) = try chat.layouter.forEachRow(model.items, screenWidth: width) { row in
            extents.append(ConversationRenderer.RowExtent(y: row.y, height: row.height))
            // Tofu is a warning in every output, as `CommandGlue.layOut` gives it (exit 3).
            let missing = row.missingCodePoints
            if !missing.isEmpty { missingGlyphWarnings.append(ConversationLayout.missingGlyphWarning(source: row.source, missing)) }
        }
        model.warnings += missingGlyphWarnings
        let screenHeight = screen.device.height
        let pages = ConversationRenderer.pdfPages(rows: extents, height: height, pageHeight: screenHeight)
        let path = io.resolve(output)
        let base = (path as NSString).deletingPathExtension, ext = (path as NSString).pathExtension
        let progress = PageProgress(total: pages.count, io: io, enabled: io.standardErrorIsTerminal && !image.quiet)
        let names = UncheckedNames(base: base, ext: ext.isEmpty ? format.rawValue : ext)
        let pageRows = PageRows(layouter: chat.layouter, items: model.items, extents: extents, pages: pages,
                                screenWidth: width, height: height, timeZone: timeZone)
        // Pages are made durable and put in place on the committer's queue, in order, while
        // the workers draw the next ones.
        let committer = OutputFile.Committer()
        do {
            try chat.renderer.renderPages(screenWidth: width, pages: pages, pageHeight: screenHeight, format: format,
                                          scale: image.scale, webp: image.webp, layoutOfPage: pageRows.layout) { index, data in
                let stream = try OutputFile.Stream(path: names.path(index))
                try data.withUnsafeBytes { try stream.write($0) }
                try committer.commitLater(stream)
                progress.pageDone()
            }
        } catch {
            // The pages drawn before the failure are still put in place, as they were before.
            try? committer.finish()
            throw error
        }
        try committer.finish()
        progress.finish()
        io.writeError("wrote \(pages.count) pages \(names.path(0)) … \(names.path(pages.count - 1))\n")
        return model.warnings
    }
}

/// The second pass of `renderPages`: the rows one page shows, laid out at the tops the first
/// pass found. Under a lock: the layouter's date formatters are not shared across threads,
/// and laying out a page's rows is a small part of drawing it.
private final class PageRows: @unchecked Sendable {
    package let layouter: ConversationLayouter
    package let items: [ConversationItem]
    package let extents: [ConversationRenderer.RowExtent]
    package let pages: [ConversationRenderer.Viewport]
    package let screenWidth: Double
    package let height: Double
    package let timeZone: String
    private let lock = NSLock()

    package init(layouter: ConversationLayouter, items: [ConversationItem], extents: [ConversationRenderer.RowExtent],
         pages: [ConversationRenderer.Viewport], screenWidth: Double, height: Double, timeZone: String) {
        (self.layouter, self.items, self.extents, self.pages) = (layouter, items, extents, pages)
        (self.screenWidth, self.height, self.timeZone) = (screenWidth, height, timeZone)
    }

    package func layout(_ page: Int) throws -> ConversationLayout {
        let range = ConversationRenderer.rows(of: extents, showing: pages[page])
        lock.lock()
        defer { lock.unlock() }
        let rows = try range.map { try layouter.row(at: $0, of: items, top: extents[$0].y, screenWidth: screenWidth) }
        return ConversationLayout(screenWidth: screenWidth, height: height, timeZone: timeZone, rows: rows)
    }
}

/// Page file names: OUT-1.png, OUT-2.png, …
private struct UncheckedNames: Sendable {
    package let base: String
    package let ext: String
    package func path(_ index: Int) -> String { "\(base)-\(index + 1).\(ext)" }
}

/// "pages N / TOTAL" on standard error, rewritten in place, once the export has run for a
/// second (a short export prints nothing), only on a terminal and never with `--quiet`.
private final class PageProgress: @unchecked Sendable {
    package let total: Int
    package let io: CommandIO
    package let enabled: Bool
    private var done = 0
    private var shown = false
    private var lastShown = 0.0
    private let start = DispatchTime.now().uptimeNanoseconds

    package init(total: Int, io: CommandIO, enabled: Bool) {
        self.total = total
        self.io = io
        self.enabled = enabled
    }

    /// Called under the renderer's delivery lock.
    package func pageDone() {
        done += 1
        guard enabled else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard elapsed >= 1, elapsed - lastShown >= 0.1 || done == total else { return }
        lastShown = elapsed
        shown = true
        io.writeError("\rpages \(done) / \(total)")
    }

    package func finish() {
        if shown { io.writeError("\rpages \(done) / \(total)\n") }
    }
}
