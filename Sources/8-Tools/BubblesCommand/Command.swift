import BubbleFastPaths
/// One verb of the `bubbles` tool, as a value: its words, its help prose, its option table and
/// the job to run. Being a plain `Sendable` struct, the list of commands is a constant any
/// thread may read.
public struct Command: Sendable {
    /// The words that select it, e.g. `["measure"]` or `["bench", "measure"]`.
    public let words: [String]
    /// One line for `bubbles help`.
    public let summary: String
    /// The first line of help: `usage: bubbles render INPUT -o OUT.png [options]`.
    public let synopsis: String
    /// What the command does, printed between the synopsis and the options.
    public let description: String
    /// Printed after the options (exit codes, what happens to bad input), when there is more to say.
    public let notes: String?
    public let options: OptionTable
    package let run: @Sendable (ParsedOptions, CommandIO) throws -> Int32

    package init(words: [String], summary: String, synopsis: String, description: String, notes: String? = nil,
         options: [OptionGroup], run: @escaping @Sendable (ParsedOptions, CommandIO) throws -> Int32) {
        self.words = words
        self.summary = summary
        self.synopsis = synopsis
        self.description = description
        self.notes = notes
        self.options = OptionTable(options)
        self.run = run
    }

    /// `bubbles layout`'s `layout`.
    public var name: String { words.joined(separator: " ") }

    /// The full help, printed for `--help` and after a usage error.
    public var usage: String {
        var text = synopsis + "\n\n" + description + "\n\n" + options.helpText
        if let notes { text += "\n" + notes + "\n" }
        return text
    }
}

/// A command-line tool made of `Command`s: picks the command, parses its options by its table,
/// and turns errors into messages and exit codes. `bubbles` is one; the benchmarks'
/// `bubbles-bench` is another, so that benchmarks are not commands of the user's CLI.
public struct CommandLineTool: Sendable {
    public let name: String
    /// The first line of `help`.
    package let purpose: String
    /// In the order of the data flow, as `help` lists them.
    public let all: [Command]

    public init(name: String, purpose: String, commands: [Command]) {
        self.name = name
        self.purpose = purpose
        self.all = commands
    }

    /// The command `words` select, if any.
    public func command(_ words: [String]) -> Command? {
        all.first { $0.words == words }
    }

    public func main(_ tokens: [String], io: CommandIO) -> Int32 {
        if tokens == ["help", "--markdown"] {
            io.write(markdownReference)
            return ExitCode.success
        }
        guard let first = tokens.first, first != "help", first != "--help", first != "-h" else {
            io.write(helpText)
            return tokens.isEmpty ? ExitCode.usage : ExitCode.success
        }
        let candidates = all.filter { Array(tokens.prefix($0.words.count)) == $0.words }
        guard let command = candidates.max(by: { $0.words.count < $1.words.count }) else {
            io.writeError("\(name): unknown command '\(tokens.prefix(2).joined(separator: " "))'\n\n" + helpText)
            return ExitCode.usage
        }
        return run(command, Array(tokens.dropFirst(command.words.count)), io: io)
    }

    private func run(_ command: Command, _ arguments: [String], io: CommandIO) -> Int32 {
        // Help wins over any other mistake on the line, so a confused user always gets it.
        if arguments.prefix(while: { $0 != "--" }).contains(where: OptionTable.help.spec.spellings.contains) {
            io.write(command.usage)
            return ExitCode.success
        }
        do {
            let parsed: ParsedOptions
            do {
                parsed = try command.options.parse(arguments)
            } catch let error as UndeclaredOption {
                throw CommandError.usage(undeclaredMessage(error.name, command: command))
            }
            // Before any text is measured or drawn: the seam decides once.
            if command.options.declares(Options.exact.spec.spellings[0]), parsed[Options.exact] { FastPaths.chooseExact() }
            return try command.run(parsed, io)
        } catch let error as CommandError {
            io.writeError("\(name) \(command.name): \(error.message)\n")
            if error.exitCode == ExitCode.usage { io.writeError("\n" + command.usage) }
            return error.exitCode
        } catch {
            io.writeError("\(name) \(command.name): \(error)\n")
            return ExitCode.failure
        }
    }

    /// An option of another command points to this command's help; anything else is a typo.
    package func undeclaredMessage(_ option: String, command: Command) -> String {
        guard all.contains(where: { $0.options.declares(option) }) else { return "unknown option \(option)" }
        return "\(option) is not an option of \(command.name) (see \(name) \(command.name) --help)"
    }

    public var helpText: String {
        let rows = all.map { "  " + $0.name.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.summary }
        return """
        \(name): \(purpose)

        usage: \(name) COMMAND [options]   (\(name) COMMAND --help for its options)

        \(rows.joined(separator: "\n"))

        exit codes: \(ExitCode.summary)

        """
    }
}

/// The `bubbles` tool.
public enum Bubbles {
    public static let tool = CommandLineTool(
        name: "bubbles", purpose: "lays out and renders chat conversations as an iOS chat app draws them.",
        commands: [.list, .models, .measure, .layout, .render, .demo, .snapshot,
                   .themePreview, .themeMakeImages, .themeLint, .doctor])

    /// In the order of the data flow, as `bubbles help` lists them.
    public static var all: [Command] { tool.all }

    /// The command `words` select, if any.
    public static func command(_ words: String...) -> Command? { tool.command(words) }

    public static func main(_ tokens: [String], io: CommandIO) -> Int32 { tool.main(tokens, io: io) }

    package static var helpText: String { tool.helpText }
}
