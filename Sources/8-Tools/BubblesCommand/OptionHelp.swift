/// The option lines of `--help`, generated from the table so that help lists exactly what the
/// parser accepts.
extension OptionTable {
    /// Lines are wrapped to this many columns.
    package static let helpWidth = 96
    /// Labels longer than this put their help on the next line instead of widening every row.
    package static let widestLabel = 22

    /// Each group under its title: `  LABEL   help (default: X)`, help wrapped under itself.
    public var helpText: String {
        let labelWidth = min(Self.widestLabel, options.map(\.label.count).max() ?? 0)
        let helpColumn = 2 + labelWidth + 2
        return groups.filter { !$0.options.isEmpty }.map { group in
            "\(group.title):\n" + group.options.map { spec in
                let help = spec.help + (spec.defaultShown.map { " (default: \($0))" } ?? "")
                let lines = Self.wrap(help, width: Self.helpWidth - helpColumn)
                let indent = String(repeating: " ", count: helpColumn)
                let head = "  " + spec.label
                var text: String
                if spec.label.count <= labelWidth {
                    text = head + String(repeating: " ", count: helpColumn - head.count) + (lines.first ?? "")
                } else {
                    text = head + "\n" + indent + (lines.first ?? "")
                }
                for line in lines.dropFirst() { text += "\n" + indent + line }
                return text + "\n"
            }.joined()
        }.joined(separator: "\n")
    }

    /// Words of `text` in lines of at most `width` columns (a longer word gets a line of its
    /// own); explicit line breaks are kept.
    package static func wrap(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            return lines + [line]
        }
    }
}
