import BubbleModel
import Foundation

/// `bubbles demo`: the bundled sample archive, classic theme, iPhone 8 @2x, to demo.png.
struct DemoCommand: Subcommand {
    static let words = ["demo"]
    static let summary = "render the bundled sample archive to demo.png"
    static let usage = """
    usage: bubbles demo [-o FILE] [render options]

    Renders the conversation of me@chat.example with li.lei@chat.example from the bundled sample
    archive (Samples/chat.sqlite, nicknames and avatars from Samples/vcards.sqlite) with the
    classic theme at iPhone 8 size @2x, to demo.png in the current directory (or FILE), and says
    where it wrote it. Takes the options of `bubbles render` (--theme, --device, --viewport, …).

    """

    static func run(_ arguments: inout Arguments, io: CommandIO) throws -> Int32 {
        let output = try arguments.option("--output") ?? arguments.option("-o") ?? "demo.png"
        var options = try RenderOptions(&arguments, io: io)
        guard try arguments.positionals().isEmpty else { throw CommandError.usage("demo takes no input file") }
        let samples = URL(fileURLWithPath: try RenderJob.themesDirectory()).deletingLastPathComponent()
            .appendingPathComponent("Samples")
        options.account = options.account ?? "me@chat.example"
        options.peer = options.peer ?? "li.lei@chat.example"
        options.vcards = options.vcards ?? samples.appendingPathComponent("vcards.sqlite").path
        let conversation = try loadConversation(path: samples.appendingPathComponent("chat.sqlite").path,
                                                account: options.account, peer: options.peer,
                                                vcards: options.vcards, io: io)
        let warnings = try options.render(ConversationViewModel(conversation: conversation), to: output, io: io)
        return ModelsCommand.reportWarnings(warnings, io: io)
    }
}
