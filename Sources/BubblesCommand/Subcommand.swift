/// One verb of the `bubbles` tool. Each lives in its own file and is listed in `Bubbles.all`.
public protocol Subcommand {
    /// The words that select it, e.g. `["measure"]` or `["bench", "measure"]`.
    static var words: [String] { get }
    /// One line for `bubbles help`.
    static var summary: String { get }
    /// The full usage text, printed for `--help` and after a usage error.
    static var usage: String { get }
    static func run(_ arguments: inout Arguments, io: CommandIO) throws -> Int32
}

/// The `bubbles` tool: picks the subcommand and turns errors into messages and exit codes.
public enum Bubbles {
    /// In the order of the data flow, as `bubbles help` lists them. Computed, not stored: a
    /// stored array of metatypes is shared mutable state to Swift 6's concurrency checking.
    public static var all: [any Subcommand.Type] {
        [
            ListCommand.self,
            ModelsCommand.self,
            MeasureCommand.self,
            LayoutCommand.self,
            RenderCommand.self,
            DemoCommand.self,
            ThemePreviewCommand.self,
            ThemeMakeImagesCommand.self,
            BenchMeasureCommand.self,
            BenchRenderCommand.self,
        ]
    }

    public static func main(_ tokens: [String], io: CommandIO) -> Int32 {
        guard let first = tokens.first, first != "help", first != "--help", first != "-h" else {
            io.write(helpText)
            return tokens.isEmpty ? ExitCode.usage : ExitCode.success
        }
        let candidates = all.filter { Array(tokens.prefix($0.words.count)) == $0.words }
        guard let command = candidates.max(by: { $0.words.count < $1.words.count }) else {
            io.writeError("bubbles: unknown command '\(tokens.prefix(2).joined(separator: " "))'\n\n" + helpText)
            return ExitCode.usage
        }
        var arguments = Arguments(Array(tokens.dropFirst(command.words.count)))
        if arguments.flag("--help") || arguments.flag("-h") {
            io.write(command.usage)
            return ExitCode.success
        }
        do {
            return try command.run(&arguments, io: io)
        } catch let error as CommandError {
            io.writeError("bubbles \(command.words.joined(separator: " ")): \(error.message)\n")
            if error.exitCode == ExitCode.usage { io.writeError("\n" + command.usage) }
            return error.exitCode
        } catch {
            io.writeError("bubbles \(command.words.joined(separator: " ")): \(error)\n")
            return ExitCode.failure
        }
    }

    static var helpText: String {
        let rows = all.map { "  " + $0.words.joined(separator: " ").padding(toLength: 20, withPad: " ", startingAt: 0) + $0.summary }
        return """
        bubbles: lays out and renders chat conversations as an iOS chat app draws them.

        usage: bubbles COMMAND [options]   (bubbles COMMAND --help for its options)

        \(rows.joined(separator: "\n"))

        exit codes: 0 done, 1 an input could not be used, 2 bad command line,
                    3 done but some inputs were skipped, 4 measured heights differ from --expect

        """
    }
}
