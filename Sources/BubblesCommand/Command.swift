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
    let run: @Sendable (ParsedOptions, CommandIO) throws -> Int32

    init(words: [String], summary: String, synopsis: String, description: String, notes: String? = nil,
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

/// The `bubbles` tool: picks the command, parses its options by its table, and turns errors
/// into messages and exit codes.
public enum Bubbles {
    /// In the order of the data flow, as `bubbles help` lists them.
    public static let all: [Command] = [
        .list, .models, .measure, .layout, .render, .demo, .snapshot,
        .themePreview, .themeMakeImages, .themeLint, .benchMeasure, .benchRender, .benchScale,
    ]

    /// The command `words` select, if any.
    public static func command(_ words: String...) -> Command? {
        all.first { $0.words == words }
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
        let arguments = Array(tokens.dropFirst(command.words.count))
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
            return try command.run(parsed, io)
        } catch let error as CommandError {
            io.writeError("bubbles \(command.name): \(error.message)\n")
            if error.exitCode == ExitCode.usage { io.writeError("\n" + command.usage) }
            return error.exitCode
        } catch {
            io.writeError("bubbles \(command.name): \(error)\n")
            return ExitCode.failure
        }
    }

    /// An option of another command points to this command's help; anything else is a typo.
    static func undeclaredMessage(_ name: String, command: Command) -> String {
        guard all.contains(where: { $0.options.declares(name) }) else { return "unknown option \(name)" }
        return "\(name) is not an option of \(command.name) (see bubbles \(command.name) --help)"
    }

    static var helpText: String {
        let rows = all.map { "  " + $0.name.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.summary }
        return """
        bubbles: lays out and renders chat conversations as an iOS chat app draws them.

        usage: bubbles COMMAND [options]   (bubbles COMMAND --help for its options)

        \(rows.joined(separator: "\n"))

        exit codes: 0 done, 1 an input could not be used, 2 bad command line,
                    3 done but some inputs were skipped, 4 measured heights differ from --expect,
                    5 a snapshot differs from its reference

        """
    }
}
