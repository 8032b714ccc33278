import BubblesCommand
import BubbleText
import CommandTesting
import BubblesBench
import Foundation
import Testing

/// The option tables: help is generated from them, the parser accepts exactly them.
@Suite struct OptionTableTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized.path
    static let commandNames = Bubbles.all.map(\.name)

    func command(_ name: String) throws -> Command {
        try #require(Bubbles.all.first { $0.name == name })
    }

    /// The left column of an option's help line, spelled out here rather than taken from the
    /// library, so that a change of format is noticed.
    func expectedLabel(_ option: OptionSpec) -> String {
        var label = (option.aliases + [option.name]).joined(separator: ", ")
        if let placeholder = option.placeholder { label += " " + placeholder }
        return label
    }

    /// The labels of the option lines of a help text, in order.
    func optionLabels(_ help: String) -> [String] {
        help.split(separator: "\n").filter { $0.hasPrefix("  -") }.map { line in
            let text = line.dropFirst(2)
            let end = text.range(of: "  ")?.lowerBound ?? text.endIndex
            return String(text[..<end])
        }
    }

    @Test(arguments: commandNames)
    func helpListsExactlyTheTablesOptions(name: String) throws {
        let command = try command(name)
        let run = PreviewRun(command.words + ["--help"], in: Self.repository)
        #expect(run.exitCode == 0)
        #expect(run.output == command.usage)
        #expect(run.output.hasPrefix(command.synopsis + "\n\n" + command.description + "\n"))
        #expect(optionLabels(run.output) == command.options.options.map(expectedLabel))
        for group in command.options.groups {
            #expect(run.output.contains("\n\(group.title):\n"), "\(name): \(group.title)")
        }
        #expect(PreviewRun(command.words + ["-h"], in: Self.repository).output == run.output)
    }

    @Test func theCommandListComesFromTheTable() {
        let run = PreviewRun(["help"], in: Self.repository)
        #expect(run.exitCode == 0)
        for command in Bubbles.all {
            #expect(run.output.contains("  " + command.name.padding(toLength: 20, withPad: " ", startingAt: 0) + command.summary))
        }
        #expect(PreviewRun([], in: Self.repository).exitCode == 2)
    }

    /// Every option some other command declares is refused by a command that does not.
    @Test(arguments: commandNames)
    func optionsOfOtherCommandsAreUsageErrors(name: String) throws {
        let command = try command(name)
        let foreign = Bubbles.all.flatMap(\.options.options).filter { !command.options.declares($0.name) }
        var checked = Set<String>()
        for option in foreign where checked.insert(option.name).inserted {
            let arguments = command.words + [option.name] + (option.kind == .flag ? [] : ["1"])
            let run = PreviewRun(arguments, in: Self.repository)
            #expect(run.exitCode == 2, "\(arguments)")
            #expect(run.errors.hasPrefix("bubbles \(name): \(option.name) is not an option of \(name) "
                                         + "(see bubbles \(name) --help)\n\n" + command.synopsis), "\(arguments)")
        }
    }

    @Test func optionsACommandDoesNotUseAreRefused() {
        let cases: [(arguments: [String], option: String)] = [
            (["layout", "Samples/conversation.json", "--pages"], "--pages"),
            (["layout", "Samples/conversation.json", "--format", "svg"], "--format"),
            (["layout", "Samples/conversation.json", "--scale", "3"], "--scale"),
            (["layout", "Samples/conversation.json", "-o", "x.png"], "-o"),
            (["measure", "--theme", "classic"], "--theme"),
            (["list", "Samples/chat.sqlite", "--device", "iphone-se"], "--device"),
            (["models", "Samples/conversation.json", "--time-zone", "UTC"], "--time-zone"),
            (["theme", "preview", "classic", "-o", "x.png", "--screen-width", "320"], "--screen-width"),
        ]
        for (arguments, option) in cases {
            let run = PreviewRun(arguments, in: Self.repository)
            let name = arguments[0] == "theme" ? "theme preview" : arguments[0]
            #expect(run.exitCode == 2, "\(arguments)")
            #expect(run.output == "")
            #expect(run.errors.hasPrefix("bubbles \(name): \(option) is not an option of \(name) (see bubbles \(name) --help)\n"))
        }
    }

    @Test(arguments: commandNames)
    func widthSaysWhatItWasRenamedTo(name: String) throws {
        let command = try command(name)
        for spelling in [["--width", "300"], ["--width=300"]] {
            let run = PreviewRun(command.words + spelling, in: Self.repository)
            #expect(run.exitCode == 2)
            #expect(run.errors.hasPrefix("bubbles \(name): --width was renamed: use --screen-width (screen) or --text-width (text)\n"))
        }
        #expect(!command.options.declares("--width"))
    }

    @Test func measureTextWidthIsTheWrappingLimit() throws {
        let text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        let input = Data("{\"id\": 1, \"text\": \"\(text)\"}\n".utf8)
        let spaced = MeasureRun(["measure", "--text-width", "200"], input: input)
        #expect(spaced.exitCode == 0, "\(spaced.errors)")
        #expect(MeasureRun(["measure", "--text-width=200"], input: input).output == spaced.output)
        let layout = try MeasureCommandTests.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: 200))
        let line = try #require(spaced.output.split(separator: "\n").first)
        #expect(line.contains("\"lines\": \(layout.lines.count), \"width\": \(layout.width),"), "\(line)")
        #expect(layout.width <= 200 && layout.lines.count > 1)
        // The same text width from the screen: 290 - 90.
        #expect(MeasureRun(["measure", "--screen-width", "290"], input: input).output == spaced.output)
    }

    @Test func renderScreenWidthSetsTheImageWidth() throws {
        let folder = try PreviewFolder()
        let input = Self.repository + "/Samples/conversation.json"
        let narrow = PreviewRun(["render", input, "--screen-width", "320", "--scale", "1", "-o", "narrow.png"], in: folder.path)
        #expect(narrow.exitCode == 0, "\(narrow.errors)")
        #expect(try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/narrow.png"))).width == 320)
        let wide = PreviewRun(["render", input, "--screen-width=430", "--scale=2", "--output=wide.png"], in: folder.path)
        #expect(wide.exitCode == 0, "\(wide.errors)")
        #expect(try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/wide.png"))).width == 860)
    }

    /// bench render shares the screen group with render: its summary names what it drew.
    @Test func benchRenderTakesTheScreenOptions() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["render", "--messages", "3", "--runs", "1", "--device", "iphone-se",
                              "--screen-width", "330", "--scale", "1", "--theme", "classic-dark"], in: folder.path,
                             tool: BubblesBench.tool)
        #expect(run.exitCode == 0, "\(run.errors)")
        #expect(run.output.contains(", iphone-se 330 pt @1x, classic-dark: "), "\(run.output)")
    }

    @Test func valueErrorsNameTheOptionAndPrintTheUsage() throws {
        let render = try command("render")
        let cases: [(arguments: [String], message: String)] = [
            (["render", "x.json", "--scale", "two"], "--scale: 'two' is not a whole number"),
            (["render", "x.json", "--screen-width=wide"], "--screen-width: 'wide' is not a number"),
            (["render", "x.json", "-o"], "-o needs a value"),
            (["render", "x.json", "--viewport=yes"], "--viewport takes no value"),
            (["render", "x.json", "--bogus"], "unknown option --bogus"),
            (["render", "x.json", "--screen-width", "100", "-o", "x.png"], "--screen-width must be 200…2000 pt"),
        ]
        for (arguments, message) in cases {
            let run = PreviewRun(arguments, in: Self.repository)
            #expect(run.exitCode == 2, "\(arguments)")
            #expect(run.errors == "bubbles render: \(message)\n\n" + render.usage, "\(arguments)")
        }
    }

    @Test func parsesBothValueFormsDashDashAndRepeatableOptions() throws {
        let name = Option<String>.string("--name", aliases: ["-n"], "NAME", help: "a name")
        let size = Option<Double>.number("--size", "PT", help: "a size")
        let count = Option<Int>.integer("--count", "N", help: "a count")
        let tag = Option<[String]>.repeatable("--tag", "TAG", help: "a tag, any number of times")
        let quiet = Option<Bool>.flag("--quiet", help: "say less")
        let table = OptionTable([OptionGroup("test", [name, size, count, tag, quiet])])

        let parsed = try table.parse(["a", "--name", "x", "-n=y", "--size=1.5", "--tag", "t1", "-", "--tag=t2",
                                      "--count", "-3", "--", "--quiet", "-n"])
        #expect(parsed[name] == "y")  // the last one wins
        #expect(parsed[size] == 1.5)
        #expect(parsed[count] == -3)
        #expect(parsed[tag] == ["t1", "t2"])
        #expect(parsed[quiet] == false)  // after --, it is a positional
        #expect(parsed.positionals == ["a", "-", "--quiet", "-n"])

        let none = try table.parse([])
        #expect(none[name] == nil && none[size] == nil && none[count] == nil && none[tag].isEmpty && !none[quiet])
        #expect(throws: UndeclaredOption(name: "--loud")) { try table.parse(["--loud"]) }
        #expect(throws: CommandError.usage("--size: 'big' is not a number")) { try table.parse(["--size", "big"]) }
        #expect(throws: CommandError.usage("--size: 'inf' is not a number")) { try table.parse(["--size=inf"]) }
        #expect(throws: CommandError.usage("--tag needs a value")) { try table.parse(["--tag"]) }
        #expect(table.helpText.contains("  --tag TAG"))
        #expect(table.options.last?.name == "--help")
    }
}

/// `bubbles measure` with standard input, in the repository.
struct MeasureRun {
    let output: String
    let errors: String
    let exitCode: Int32

    init(_ arguments: [String], input: Data) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { input }, write: { output.append($0) }, writeError: { errors.append($0) })
        exitCode = Bubbles.main(arguments, io: io)
        self.output = output.text
        self.errors = errors.text
    }
}
