/// `docs/cli.md`: every command of a tool with its synopsis, description, options and notes,
/// written from the same `Command` values and option tables the parser uses, so the page cannot
/// drift from the CLI (a test compares the committed page with this text).
/// `bubbles help --markdown > docs/cli.md` writes it.
extension CommandLineTool {
    public var markdownReference: String {
        var page = """
            # `\(name)` command reference

            Written by `\(name) help --markdown` from the option tables the commands parse with;
            a test fails when this page and the tables differ. Task-oriented examples are in
            [cli-guide.md](cli-guide.md).

            \(name): \(purpose)

            | command | what it does |
            | --- | --- |

            """
        for command in all { page += "| [`\(command.name)`](#\(anchor(command))) | \(escaped(command.summary)) |\n" }
        page += "\nExit codes: " + ExitCode.summary.split(whereSeparator: \.isWhitespace).joined(separator: " ") + ".\n"
        for command in all { page += "\n" + section(command) }
        return page
    }

    private func section(_ command: Command) -> String {
        var text = "## \(name) \(command.name)\n\n"
        text += "    " + command.synopsis.replacingOccurrences(of: "usage: ", with: "") + "\n\n"
        text += command.description.split(separator: "\n").joined(separator: " ") + "\n"
        for group in command.options.groups where !group.options.isEmpty {
            text += "\n**\(group.title)**\n\n| option | meaning | default |\n| --- | --- | --- |\n"
            for spec in group.options {
                text += "| `\(spec.label)` | \(escaped(spec.help)) | \(spec.defaultShown.map(escaped) ?? "") |\n"
            }
        }
        if let notes = command.notes { text += "\n" + notes.split(separator: "\n").joined(separator: " ") + "\n" }
        return text
    }

    /// GitHub's heading anchor for the command's section.
    private func anchor(_ command: Command) -> String {
        var anchor = ""
        for character in "\(name) \(command.name)".lowercased() {
            if character == " " {
                anchor.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                anchor.append(character)
            }
        }
        return anchor
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").split(separator: "\n").joined(separator: " ")
    }
}
