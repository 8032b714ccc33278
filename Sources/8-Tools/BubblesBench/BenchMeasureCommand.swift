import BubblesCommand
import ChatBubbles
import Dispatch
import Foundation

/// `bubbles bench measure`: the engine's speed as ratios measured in one run, against the
/// bare HarfBuzz floor and, when given, Pango in C on the same corpus and fonts.
package struct BenchMeasureCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let passes = parsed[Self.passes] ?? 5
        let pango = parsed[Self.pango]
        let inputs = parsed.positionals
        guard inputs.count == 1 else { throw CommandError.usage("give one corpus file") }
        guard passes > 0, passes <= 100 else { throw CommandError.usage("--passes must be 1…100") }
        let (data, source) = try MeasureCommand.readInput(inputs[0], io: io)
        let (messages, problems) = MessageLines.parse(data, source: source)
        guard !messages.isEmpty else { throw CommandError("\(source): no messages") }
        let bench = try InProcessBench(texts: messages.map(\.text))
        var checksum: Int64 = 0
        let rates = try bench.rates(passes: passes, checksum: &checksum)
        let relayoutRate = try bench.relayoutRate(passes: passes, checksum: &checksum)
        let count = bench.texts.count

        var report = """
        corpus: \(source), \(count) messages (\(problems.count) lines skipped), 16 pt, 285 pt wide, best of \(passes)
        bare HarfBuzz (whole message, primary font): \(format(rates.floor)) msg/s
        engine cold (empty cache):                   \(format(rates.cold)) msg/s   \(ratio(rates.cold, rates.floor)) × bare
        engine warm (1 thread):                      \(format(rates.warm)) msg/s   \(ratio(rates.warm, rates.floor)) × bare
        engine warm (\(ProcessInfo.processInfo.activeProcessorCount) threads):                     \(format(rates.parallel)) msg/s   \(ratio(rates.parallel, rates.floor)) × bare
        re-layout at a new width (prepared, 1 thread): \(format(relayoutRate)) layouts/s
        shaping cache: \(bench.warmEngine.cachedSegmentCount) segments

        """
        if let pango {
            report += try pangoReport(binary: io.resolve(pango), corpus: io.resolve(inputs[0]), messages: messages,
                                      lineCounts: bench.lineCounts, rates: rates)
        }
        report += try wholeProcessReport(corpus: io.resolve(inputs[0]), count: count, floorRate: rates.floor,
                                         pango: pango.map(io.resolve), passes: min(passes, 3))
        io.write(report)
        return checksum == 0 ? ExitCode.failure : ExitCode.success
    }

    /// Messages per second of each in-process contender.
    private struct Rates {
        /// The bare HarfBuzz floor: each whole message shaped once with the primary font.
        let floor: Double
        /// A new engine every pass (empty shaping cache).
        let cold: Double
        /// The warmed-up engine on one thread, and on every core.
        let warm: Double
        let parallel: Double
    }

    /// The engine and the HarfBuzz floor on one corpus, with the bundled fonts at 16 pt in 285 pt.
    private struct InProcessBench {
        let texts: [String]
        let fonts: FontSet
        let style: TextStyle
        let floor: ShapingFloor
        /// An engine whose shaping cache the warm-up pass filled.
        let warmEngine: TextEngine
        /// The warm-up pass's line count of each message: what Pango's are checked against.
        let lineCounts: [Int]

        init(texts: [String]) throws {
            let fonts = try FontSet.bundled()
            let style = TextStyle(fontSize: 16, maxWidth: 285)
            let warmEngine = try TextEngine(fonts: fonts)
            (self.texts, self.fonts, self.style, self.warmEngine) = (texts, fonts, style, warmEngine)
            floor = ShapingFloor(font: fonts.primary)
            lineCounts = try texts.map { try warmEngine.layout($0, style: style).lines.count }
        }

        /// Each contender's best of `passes`. The four take turns within every pass, so that
        /// whatever else the machine does slows all of them alike.
        func rates(passes: Int, checksum: inout Int64) throws -> Rates {
            let styledTexts = texts.map { StyledText($0) }
            var best = [Double](repeating: .infinity, count: 4)
            for _ in 0..<passes {
                let times = try [
                    seconds { checksum &+= floor.shapeEach(texts) },
                    seconds {
                        let engine = try TextEngine(fonts: fonts)
                        for text in texts { _ = try engine.layout(text, style: style) }
                    },
                    seconds { for text in texts { _ = try warmEngine.layout(text, style: style) } },
                    seconds { _ = try MeasureCommand.layoutInParallel(styledTexts, engine: warmEngine, style: style) },
                ]
                best = zip(best, times).map { min($0, $1) }
            }
            return Rates(floor: Double(texts.count) / best[0], cold: Double(texts.count) / best[1],
                         warm: Double(texts.count) / best[2], parallel: Double(texts.count) / best[3])
        }

        /// Layouts per second of re-layout, the arithmetic alone: each text prepared once, then
        /// measured at a new width each pass (best of at least three).
        func relayoutRate(passes: Int, checksum: inout Int64) throws -> Double {
            let prepared = try texts.map { try warmEngine.prepare($0, style: style) }
            let widths: [Double] = [230, 285, 300, 340]
            var best = Double.infinity
            for pass in 0..<max(passes, 3) {
                let width = widths[pass % widths.count]
                // By index: `for text in prepared` would copy each PreparedText (seven retains and
                // releases, as much time as the arithmetic being measured).
                let time = try seconds {
                    for index in prepared.indices { checksum &+= Int64((try prepared[index].measure(maxWidth: width)).lines) }
                }
                best = min(best, time)
            }
            return Double(texts.count) / best
        }

        /// Seconds of one run of `body`.
        private func seconds(_ body: () throws -> Void) rethrows -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
    }

    /// Pango's rate on the corpus against the engine's, once its line counts show it uses the
    /// engine's fonts.
    private static func pangoReport(binary: String, corpus: String, messages: [MessageLine], lineCounts: [Int],
                                    rates: Rates) throws -> String {
        let (pangoRate, pangoLines) = try runPango(binary: binary, corpus: corpus)
        let agreeing = try Self.agreeingLineCounts(zip(messages, lineCounts), pangoLines,
                                                   fontconfigFile: pangoEnvironment(binary: binary)["FONTCONFIG_FILE"] ?? "")
        return """
        pango (C, 1 thread):                         \(format(pangoRate)) msg/s   line counts as ours: \(agreeing) of \(messages.count)
        engine warm / pango: \(ratio(rates.warm, pangoRate)) ×   engine cold / pango: \(ratio(rates.cold, pangoRate)) ×

        """
    }

    /// Whole processes, start-up included, side by side: `bubbles measure CORPUS` (to /dev/null)
    /// against the in-process HarfBuzz floor and, when given, `pango_measure --repeat 1`.
    /// Only when this process is the `bubbles-bench` executable (not a test runner).
    private static func wholeProcessReport(corpus: String, count: Int, floorRate: Double, pango: String?,
                                           passes: Int) throws -> String {
        guard let executable = BubblesBench.bubblesBeside() else {
            return "whole process: skipped (not run as the bubbles-bench executable)\n"
        }
        var bubblesBest = Double.infinity, pangoBest = Double.infinity
        for _ in 0..<passes {
            bubblesBest = min(bubblesBest, try BenchScaleCommand.timeProcess(executable, ["measure", corpus], environment: nil))
            if let pango {
                pangoBest = min(pangoBest, try BenchScaleCommand.timeProcess(pango, ["--corpus", corpus, "--out", "/dev/null", "--repeat", "1", "--no-ink"],
                                                           environment: pangoEnvironment(binary: pango)))
            }
        }
        let bubblesRate = Double(count) / bubblesBest
        var text = String(format: "whole process: bubbles measure %.3f s = %@ msg/s   %@ × bare HarfBuzz (in process)\n",
                          bubblesBest, format(bubblesRate), ratio(bubblesRate, floorRate))
        if pango != nil {
            text += String(format: "whole process: pango_measure  %.3f s   bubbles measure / pango: %@ ×\n",
                           pangoBest, ratio(pangoBest, bubblesBest))
        }
        return text
    }

    /// The environment pango_measure needs: the bench's fonts.conf unless FONTCONFIG_FILE is set.
    private static func pangoEnvironment(binary: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if environment["FONTCONFIG_FILE"] == nil {
            let binaryFolder = URL(fileURLWithPath: binary).deletingLastPathComponent().deletingLastPathComponent()
            environment["FONTCONFIG_FILE"] = binaryFolder.appendingPathComponent("fonts.conf").path
        }
        return environment
    }

    /// How many messages Pango broke into as many lines as the engine did. With the bundled
    /// fonts (`FONTCONFIG_FILE=Fonts/fonts.conf`, as the README measures) they agree on every
    /// message of the bench corpus; with the bench's five fonts on all but one in 2,000
    /// (`01920-ar`: the bundled Noto Sans Arabic UI is narrower than Noto Sans Arabic). But
    /// fontconfig 2.14 silently falls back to the system's fonts when FONTCONFIG_FILE names a
    /// missing file, and then Pango's speed is that of other fonts (seen here: 790 of 20,000
    /// differed, and Pango ran 1.5 times as fast): a ratio against it would be false.
    private static func agreeingLineCounts(_ ours: Zip2Sequence<[MessageLine], [Int]>, _ pangoLines: [String: Int],
                                           fontconfigFile: String) throws -> Int {
        var agreeing = 0, count = 0
        for (message, lines) in ours {
            count += 1
            if pangoLines[message.idText] == lines { agreeing += 1 }
        }
        guard agreeing * 100 >= count * 99 else {
            throw CommandError("""
                pango_measure broke \(count - agreeing) of \(count) messages into other line counts than ours: \
                it is not using the engine's fonts (FONTCONFIG_FILE=\(fontconfigFile) is missing or names other fonts than \
                Fonts/fonts.conf or the bench's fonts.sh), so its time would not compare
                """)
        }
        return agreeing
    }

    /// Runs pango_measure on the corpus with the bench's fonts.conf and reads its best rate and
    /// its line count per message id.
    private static func runPango(binary: String, corpus: String) throws -> (rate: Double, lines: [String: Int]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        let output = URL(fileURLWithPath: ScratchPath.unique("bubbles-pango", extension: "jsonl"))
        defer { try? FileManager.default.removeItem(at: output) }
        process.arguments = ["--corpus", corpus, "--out", output.path, "--repeat", "3", "--no-ink"]
        process.environment = pangoEnvironment(binary: binary)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { throw CommandError("cannot run \(binary): \(error)") }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let rates = text.split(separator: "\n").compactMap { line -> Double? in
            guard let range = line.range(of: " messages/s") else { return nil }
            return Double(line[..<range.lowerBound].split(separator: " ").last ?? "")
        }
        guard process.terminationStatus == 0, let best = rates.max() else {
            throw CommandError("\(binary) failed or printed no rate:\n\(text)")
        }
        var lines: [String: Int] = [:]
        let written = (try? Data(contentsOf: output)) ?? Data()
        for line in written.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
                  let id = record["id"].map({ "\($0)" }), let count = record["lines"] as? Int else { continue }
            lines[id] = count
        }
        return (best, lines)
    }

    private static func format(_ value: Double) -> String { String(format: "%10.0f", value) }
    private static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f", a / b) }
}
