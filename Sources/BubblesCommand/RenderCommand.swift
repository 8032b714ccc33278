import ChatBubbles
import Foundation

/// `bubbles render`: a conversation drawn as the origin app's chat screen.
struct RenderCommand {
    static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
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
struct RenderOptions {
    var input: ConversationInput
    var screen: ScreenOptions
    var image: ImageOptions

    init(_ parsed: ParsedOptions) throws {
        input = ConversationInput(parsed)
        screen = try ScreenOptions(parsed)
        image = try ImageOptions(parsed, screen: screen)
    }

    /// Lays out and draws; returns the view-model's warnings. Every file is written atomically.
    func render(_ conversation: Conversation, to output: String, io: CommandIO) throws -> [String] {
        let format = try image.format(for: output)
        let (chat, model, layout) = try CommandGlue.layOut(conversation, input: input, screen: screen, io: io)
        let path = io.resolve(output)
        let screenHeight = screen.device.height
        if image.pages && format != .pdf {
            let count = max(1, Int((layout.height / screenHeight).rounded(.up)))
            let base = (path as NSString).deletingPathExtension, ext = (path as NSString).pathExtension
            for index in 0..<count {
                let page = ConversationRenderer.Viewport(y: Double(index) * screenHeight, height: screenHeight)
                let data = try chat.render(layout, format: format, scale: image.scale, viewport: page, webp: image.webp)
                try write(data, to: "\(base)-\(index + 1).\(ext.isEmpty ? format.rawValue : ext)", io: io)
            }
        } else {
            // The app opens scrolled to the newest message: the last screenful, or the top when it fits.
            let area = image.viewport
                ? ConversationRenderer.Viewport(y: max(0, layout.height - screenHeight), height: screenHeight) : nil
            if !image.viewport && layout.height * Double(image.scale) > 20_000 && io.standardErrorIsTerminal {
                io.writeError("rendering \(layout.rows.count) rows, \(Int(layout.height)) pt tall…\n")
            }
            // A PDF of the whole conversation is one document of screen-sized pages, cut between rows.
            try write(try chat.render(layout, format: format, scale: image.scale, viewport: area, pageHeight: screenHeight,
                                      webp: image.webp), to: path, io: io)
        }
        return model.warnings
    }

    private func write(_ data: Data, to path: String, io: CommandIO) throws {
        do {
            try OutputFile.write(data, to: path)
        } catch {
            throw CommandError("\(error)")
        }
        io.writeError("wrote \(path) (\(data.count) bytes)\n")
    }
}
