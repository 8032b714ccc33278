import ChatBubbles
import Foundation

/// `bubbles demo`: the bundled sample archive, classic theme, iPhone 8 @2x, to demo.png.
package struct DemoCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let output = parsed[Options.output] ?? Self.output
        let options = try RenderOptions(parsed)
        guard parsed.positionals.isEmpty else { throw CommandError.usage("demo takes no input file") }
        let samples = try CommandGlue.samplesDirectory()
        let conversation = try CommandGlue.loadConversation(path: samples.appendingPathComponent("chat.sqlite").path,
                                                account: options.input.account ?? Self.account,
                                                peer: options.input.peer ?? Self.peer,
                                                vcards: options.input.vcards ?? samples.appendingPathComponent("vcards.sqlite").path,
                                                io: io)
        let warnings = try options.render(conversation, to: output, io: io)
        return ModelsCommand.reportWarnings(warnings, io: io)
    }
}
