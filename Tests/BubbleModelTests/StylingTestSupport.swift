import BubbleModel
import BubbleText
import Testing

/// A styled text as readable lines, one per run: `text|tags`, where the tags are b bold,
/// i italic, s strike through, m monospace, u underline and one colour: L link, @ mention,
/// Q quote, D secondary (dimmed directives). Plain text is one line with no tags.
func runsDescription(_ text: StyledText) -> [String] {
    guard !text.isPlain else { return [text.string + "|"] }
    let units = Array(text.string.utf16)
    return text.runs.map { run in String(decoding: units[run.range], as: UTF16.self) + "|" + tags(run.attributes) }
}

func tags(_ attributes: TextAttributes) -> String {
    var tags = ""
    if attributes.weight == .bold { tags += "b" }
    if attributes.italic { tags += "i" }
    if attributes.strikethrough { tags += "s" }
    if attributes.monospace { tags += "m" }
    if attributes.underline { tags += "u" }
    switch attributes.color {
    case .body: break
    case .link: tags += "L"
    case .mention: tags += "@"
    case .quote: tags += "Q"
    case .secondary: tags += "D"
    }
    return tags
}

/// One input and the runs it must give.
struct StylingCase: Sendable, CustomTestStringConvertible {
    var input: String
    var runs: [String]

    init(_ input: String, _ runs: [String]) {
        self.input = input
        self.runs = runs
    }

    var testDescription: String { input.debugDescription }
}
