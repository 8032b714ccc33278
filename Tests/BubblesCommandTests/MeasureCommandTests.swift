import BubbleArchive
import BubbleLayout
@testable import BubblesCommand
import BubbleText
import CommandTesting
import BubblesBench
import Foundation
import Testing

/// `bubbles measure` end to end, in process: output lines, bad input, receipts, `--expect`.
@Suite struct MeasureCommandTests {
    struct Run {
        let output: String
        let errors: String
        let exitCode: Int32
        var lines: [[String: Any]] {
            output.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    func run(_ arguments: [String], input: Data = Data(), in folder: String = FileManager.default.temporaryDirectory.path) -> Run {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { input }, write: { output.append($0) },
                           writeError: { errors.append($0) }, currentDirectory: folder)
        let code = Bubbles.main(["measure"] + arguments, io: io)
        return Run(output: output.text, errors: errors.text, exitCode: code)
    }

    static let engine = try! TextEngine(fonts: FontSet.bundled())

    @Test func measuresEveryLineWithTheEnginesNumbersAndTheOriginFormula() throws {
        let long = "Could you bring the charger and the blue notebook when you come over later tonight?"
        let input = Data("{\"id\": \"a\", \"text\": \"Hello\"}\n{\"id\": 7, \"text\": \"\(long)\"}\n".utf8)
        let result = run([], input: input)
        #expect(result.exitCode == 0, "\(result.errors)")
        let lines = result.lines
        #expect(lines.count == 2)
        #expect(lines[0]["id"] as? String == "a")
        #expect((lines[1]["id"] as? NSNumber)?.intValue == 7)
        // Numbers are written in Swift's shortest round-trip form (Foundation's JSON reader on
        // Linux does not read them back exactly, so compare the text).
        let outputLines = result.output.split(separator: "\n").map(String.init)
        for (line, text) in zip(outputLines, ["Hello", long]) {
            let layout = try Self.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: 285))
            let rowHeight = LayoutMetrics.classic.textRowHeight(textHeight: layout.height)
            #expect(line.contains("\"lines\": \(layout.lines.count), \"width\": \(layout.width), \"height\": \(layout.height)"), "\(line)")
            #expect(line.hasSuffix("\"row_height\": \(rowHeight == rowHeight.rounded() ? String(Int(rowHeight)) : "\(rowHeight)")}"), "\(line)")
        }
        #expect((lines[0]["row_height"] as? NSNumber)?.doubleValue == 100)
        #expect(((lines[1]["lines"] as? NSNumber)?.intValue ?? 0) > 1)
    }

    /// A file of 256 KB or more has its tables and proofs made ahead on a thread of its own
    /// (standard input never does): the output must be the same either way, and the engine's
    /// `prepareTables` must leave layouts as they were.
    @Test func tablesMadeAheadChangeNoResult() throws {
        let texts = ["Hello there", "你好，世界。今天很好", "see you 👋 soon", "مرحبا بالعالم", "Привет, как дела?",
                     "well-known URLs: https://example.com/a-b?c=D&e=F", "今日は晴れです。", "안녕하세요 여러분"]
        var input = ""
        for index in 0..<8_000 { input += "{\"id\": \(index), \"text\": \"\(texts[index % texts.count])\"}\n" }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measure-ahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("long.jsonl")
        try Data(input.utf8).write(to: file)
        #expect(RegularFile.size(at: file.path) == input.utf8.count && RegularFile.size(at: folder.path) == nil)
        #expect(MeasureCommand.isLongFile(file.path) && !MeasureCommand.isLongFile(folder.appendingPathComponent("none").path))
        let fromFile = run([file.path]), fromInput = run([], input: Data(input.utf8))
        #expect(fromFile.exitCode == 0 && fromInput.exitCode == 0, "\(fromFile.errors)")
        #expect(fromFile.lines.count == 8_000 && fromFile.output == fromInput.output)
        let prepared = try TextEngine(fonts: FontRoles.bundled()), fresh = try TextEngine(fonts: FontRoles.bundled())
        prepared.prepareTables()
        for text in texts {
            let style = TextStyle(fontSize: 16, maxWidth: 120)
            let ahead = try prepared.layout(text, style: style), notAhead = try fresh.layout(text, style: style)
            #expect(ahead.lines.count == notAhead.lines.count && ahead.width == notAhead.width
                    && ahead.height == notAhead.height, "\(text)")
        }
    }

    @Test func badLinesAreReportedWithTheirNumberAndSkipped() {
        var input = Data("{\"id\": 1, \"text\": \"fine\"}\nnot json\n{\"id\": 3}\n".utf8)
        input.append(contentsOf: [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 0x0A]) // {"t":"\xFF"}
        input.append(Data("{\"id\": 5, \"text\": 12}\n\n{\"id\": 7, \"text\": \"also fine\"}\n".utf8))
        let result = run(["-"], input: input)
        #expect(result.exitCode == 3)
        #expect(result.lines.count == 2)
        #expect(result.errors.contains("<stdin>:2: not JSON, skipped"))
        #expect(result.errors.contains("<stdin>:3: no \"text\" field, skipped"))
        #expect(result.errors.contains("<stdin>:4: not valid UTF-8, skipped"))
        #expect(result.errors.contains("<stdin>:5: \"text\" is not a string, skipped"))
        #expect(result.errors.contains("4 input lines skipped"))
    }

    @Test func explainGivesUTF16RangesFontsAndMetricsPerLine() throws {
        let result = run(["--explain"], input: Data("{\"id\": 1, \"text\": \"a👍 你好\"}\n".utf8))
        let explain = try #require(result.lines.first?["explain"] as? [[String: Any]])
        #expect(explain.count == 1)
        #expect(explain[0]["start"] as? Int == 0 && explain[0]["end"] as? Int == 6) // 👍 is two UTF-16 units
        let fonts = (explain[0]["runs"] as? [[String: Any]])?.compactMap { $0["font"] as? String } ?? []
        // The space after an emoji takes the font of the text after it (as in Pango); it keeps
        // the script before it, so it is a run of its own.
        #expect(fonts == ["Inter", "Noto Color Emoji", "Noto Sans CJK SC", "Noto Sans CJK SC"])
        let scripts = (explain[0]["runs"] as? [[String: Any]])?.compactMap { $0["script"] as? String } ?? []
        #expect(scripts == ["Latn", "Latn", "Latn", "Hani"])
        #expect((explain[0]["ascent"] as? NSNumber)?.doubleValue == 1160.0 / 1000 * 16)
    }

    @Test func widthOptionsChangeTheWrapping() throws {
        let text = "{\"id\": 1, \"text\": \"one two three four five six seven eight nine ten eleven twelve\"}\n"
        let wide = run([], input: Data(text.utf8)).lines.first?["lines"] as? Int
        let narrow = run(["--screen-width", "200"], input: Data(text.utf8)).lines.first?["lines"] as? Int
        let direct = run(["--text-width", "110"], input: Data(text.utf8)).lines.first?["lines"] as? Int
        #expect(wide == 2 && (narrow ?? 0) > 2 && narrow == direct)
    }

    @Test func expectPassesWhenHeightsAgreeAndFailsWithBothValuesWhenNot() throws {
        let folder = try PreviewFolder()
        let input = Data("{\"id\": \"s\", \"text\": \"short\"}\n{\"id\": \"l\", \"text\": \"line one\\nline two\"}\n".utf8)
        let twoLines = try Self.engine.layout("line one\nline two", style: TextStyle(fontSize: 16, maxWidth: 285)).height + 80
        let good = folder.path + "/good.csv"
        try "id,row_height\ns,100\nl,\(twoLines + 0.3)\n".write(toFile: good, atomically: true, encoding: .utf8)
        let pass = run(["--expect", good], input: input)
        #expect(pass.exitCode == 0, "\(pass.output)")
        #expect(pass.output.contains("0 of 2 rows differ by more than 0.5 pt"))

        let bad = folder.path + "/bad.jsonl"
        try "{\"id\": \"s\", \"row_height\": 100}\n{\"id\": \"l\", \"row_height\": 120}\n{\"id\": \"gone\", \"row_height\": 1}\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let fail = run(["--expect", bad], input: input)
        #expect(fail.exitCode == 4)
        #expect(fail.output.contains("differs: id \"l\": expected 120, measured \(twoLines)"))
        #expect(fail.output.contains("text \"line one\\nline two\""))
        #expect(fail.output.contains("missing: id gone"))
        #expect(fail.output.contains("1 of 2 rows differ by more than 0.5 pt"))
        #expect(run(["--expect", bad, "--tolerance", "20"], input: input).exitCode == 0)
    }

    @Test func usageAndFileErrors() {
        #expect(run(["--text-width", "wide"]).exitCode == 2)
        #expect(run(["--font-size", "0"]).exitCode == 2)
        #expect(run(["--bogus"]).exitCode == 2)
        let missing = run(["/no/such/file.jsonl"])
        #expect(missing.exitCode == 1)
        #expect(missing.errors.contains("/no/such/file.jsonl: no such file"))
        #expect(run(["--expect", "/no/such/expect.csv"], input: Data("{\"id\":1,\"text\":\"x\"}\n".utf8)).exitCode == 1)
    }
}

@Suite struct BenchMeasureCommandTests {
    @Test func printsRatesAndRatiosForACorpus() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../BubbleTextTests/Goldens/messages.jsonl").standardized.path
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0) }, writeError: { errors.append($0) })
        let code = BubblesBench.tool.main(["measure", corpus, "--passes", "1"], io: io)
        #expect(code == 0, "\(errors.text)")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("57 messages (0 lines skipped)") == true, "\(output.text)")
        for contender in ["bare HarfBuzz", "engine cold", "engine warm (1 thread)"] {
            let line = try #require(lines.first { $0.hasPrefix(contender) })
            let rate = line.split(separator: ":")[1].split(separator: " ").first.flatMap { Double($0) }
            #expect((rate ?? 0) > 0, "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("engine warm (1 thread)") && $0.hasSuffix("× bare") })
        #expect(BubblesBench.tool.main(["measure", corpus, "--passes", "0"], io: io) == 2)
    }

    /// A Pango that breaks lines otherwise than the engine is not running on the bench's
    /// fonts (fontconfig falls back to the system's without a word when FONTCONFIG_FILE is
    /// missing), so its time is refused rather than turned into a ratio. The stand-in
    /// pango_measure answers with the engine's own line counts, or with all of them wrong.
    @Test(arguments: [true, false]) func pangoOnOtherFontsIsRefused(agreeing: Bool) throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../BubbleTextTests/Goldens/messages.jsonl").standardized.path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-pango-\(getpid())-\(agreeing)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let measured = PreviewSink(), silent = PreviewSink()
        let measureIO = CommandIO(readStandardInput: { Data() }, write: { measured.append($0) }, writeError: { silent.append($0) })
        #expect(Bubbles.main(["measure", corpus, "--text-width", "285"], io: measureIO) == 0)
        let answers = agreeing ? measured.text : measured.text.replacingOccurrences(of: #""lines": "#, with: #""lines": 9"#)
        let answersFile = folder.appendingPathComponent("answers.jsonl")
        try answers.write(to: answersFile, atomically: true, encoding: .utf8)
        let pango = folder.appendingPathComponent("pango_measure")
        try """
            #!/bin/sh
            while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
            cp '\(answersFile.path)' "$out"
            echo 'pango-c pass 1: 57 messages in 0.057 s = 1000 messages/s'

            """.write(to: pango, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pango.path)

        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0) }, writeError: { errors.append($0) })
        let code = BubblesBench.tool.main(["measure", corpus, "--passes", "1", "--pango", pango.path], io: io)
        if agreeing {
            #expect(code == 0, "\(errors.text)")
            #expect(output.text.contains("1000 msg/s   line counts as ours: 57 of 57"), "\(output.text)")
        } else {
            #expect(code == 1)
            #expect(errors.text.contains("pango_measure broke 57 of 57 messages into other line counts than ours"), "\(errors.text)")
            #expect(errors.text.contains("it is not using the engine's fonts"))
        }
    }
}
