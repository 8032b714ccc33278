import BubblesCommand
import ChatBubbles
import Foundation

/// `bubbles bench render`: how long rendering a long conversation takes, stage by stage, for
/// the comparison with headless Chromium (../shared/bench/chromium_render.sh renders the same
/// number of messages at the same 375 pt @2x).
package struct BenchRenderCommand {
    /// Timed stages (wall clock); drawing, encoding and writing the file run together, band by
    /// band on every core (`render` writes each band as soon as the bands above it are in), so
    /// they are one stage, and the drawing and encoding CPU time is shown apart below it.
    package static let stages = ["input", "setup", "layout", "draw + png + file"]

    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let count = parsed[Self.messages] ?? 200
        guard (1...100_000).contains(count) else { throw CommandError.usage("--messages must be 1…100000") }
        let runs = parsed[Self.runs] ?? 5
        guard (1...100).contains(runs) else { throw CommandError.usage("--runs must be 1…100") }
        let chromium = parsed[Self.chromium]
        if let chromium, chromium <= 0 { throw CommandError.usage("--chromium must be a positive number of seconds") }
        guard parsed.positionals.isEmpty else { throw CommandError.usage("bench render takes no input file; use --input") }
        let versus = try parsed[Self.chromiumScript].map { try BenchChromium(script: io.resolve($0)) }
        if versus != nil && (chromium != nil || parsed[Self.input] != nil) {
            throw CommandError.usage("--chromium-script renders the script's own texts: give it without --chromium and --input")
        }
        // With the script: its conversation, as is (not repeated or cut to a count of rows).
        let conversation = try versus?.writeConversation(count: count)
        defer { if let conversation { try? FileManager.default.removeItem(atPath: conversation) } }
        var source = try BenchSource(input: conversation ?? parsed[Self.input], choice: ConversationInput(parsed))
        if let versus { source.displayPath = "the first \(count) texts of \(versus.corpus) (\(versus.script)'s)" }
        let screen = try ScreenOptions(parsed)
        let scale = try screen.scale(parsed)

        var timings: [[Double]] = Array(repeating: [], count: stages.count)
        var cpu: (drawing: [Double], encoding: [Double]) = ([], [])
        var totals: [Double] = []
        var summary = ""
        for _ in 0..<runs {
            var clock = StageClock()
            let models = try source.repeatedModels(count: conversation == nil ? count : nil, io: io)
            clock.lap()
            let chat = try CommandGlue.screen(theme: screen.theme, timeZone: screen.timeZone, locale: screen.locale,
                                              lineBreakStrategy: screen.lineBreakStrategy, io: io)
            clock.lap()
            let layout = try chat.layout(models, screenWidth: screen.width)
            clock.lap()
            let times = ConversationRenderer.StageTimes()
            let bytes = try writeAndRemove { try chat.renderer.write(layout, format: .png, scale: scale, times: times, to: $0) }
            clock.lap()
            cpu.drawing.append(times.drawing)
            cpu.encoding.append(times.encoding)
            for (stage, seconds) in clock.laps.enumerated() { timings[stage].append(seconds) }
            totals.append(clock.laps.reduce(0, +))
            summary = "\(models.count) bubbles from \(source.displayPath), \(screen.device.name) "
                + "\(JSONText.number(screen.width)) pt @\(scale)x, \(screen.theme): "
                + "\(Int(layout.height)) pt tall, \(Int((layout.height * Double(scale)).rounded(.up))) px, "
                + "one PNG of \(bytes) bytes"
        }

        var lines = ["bench render: \(summary)", "best and median of \(runs) runs", ""]
        lines.append("stage".padding(toLength: 18, withPad: " ", startingAt: 0) + "     best ms   median ms")
        for (index, stage) in stages.enumerated() {
            lines.append(row(stage, timings[index]))
            if stage == "draw + png + file" {
                lines.append(row("  drawing cpu", cpu.drawing))
                lines.append(row("  png cpu", cpu.encoding))
            }
        }
        lines.append(row("total", totals))
        let best = totals.min() ?? 0
        lines.append("")
        lines.append(String(format: "%.0f messages per second (best total, in process; excludes process start)", Double(count) / best))
        // Ratios between stages of the same runs: where the time goes, at a glance.
        let drawing = cpu.drawing.min() ?? 0, encoding = cpu.encoding.min() ?? 0
        if drawing > 0, best > 0 {
            lines.append(String(format: "png encoding %.2f× the drawing's cpu time; layout %.1f%% and draw + png + file %.1f%% of the total",
                                encoding / drawing, (timings[2].min() ?? 0) / best * 100, (timings[3].min() ?? 0) / best * 100))
        }
        if let chromium {
            lines.append(String(format: "chromium %.2f s for the same count: %.1f× the time of bubbles' %.3f s",
                                chromium, chromium / best, best))
        }
        if let versus, let conversation {
            if let executable = BubblesBench.bubblesBeside() {
                lines += BenchChromium.report(try versus.compare(executable: executable, conversation: conversation, count: count))
            } else {
                lines.append("whole process: skipped (not run as the bubbles-bench executable)")
            }
        }
        io.write(lines.joined(separator: "\n") + "\n")
        return ExitCode.success
    }

    private static func row(_ name: String, _ seconds: [Double]) -> String {
        let sorted = seconds.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        return name.padding(toLength: 18, withPad: " ", startingAt: 0)
            + String(format: "%12.2f%12.2f", (sorted.first ?? 0) * 1000, median * 1000)
    }

    /// Writes the PNG as `render` does (streamed, atomically) and removes it: the bench
    /// counts the write. Returns the file's size.
    private static func writeAndRemove(_ write: (String) throws -> Int) throws -> Int {
        let path = ScratchPath.unique("bubbles-bench", extension: "png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            return try write(path)
        } catch let error as OutputFile.WriteError {
            throw CommandError("\(error)")
        }
    }
}

/// The conversation a bench repeats.
package struct BenchSource {
    package let path: String
    package var displayPath: String
    package let account: String?
    package let peer: String?
    package let vcards: String?

    /// The sample, or `input`; `choice` picks the conversation and overrides the sample's.
    package init(input: String?, choice: ConversationInput) throws {
        if let input {
            path = input
            displayPath = input
            account = choice.account; peer = choice.peer; vcards = choice.vcards
            return
        }
        let samples = try CommandGlue.samplesDirectory()
        let archive = samples.appendingPathComponent("chat.sqlite").path
        if FileManager.default.fileExists(atPath: archive) {
            // The same conversation `bubbles demo` draws.
            path = archive
            displayPath = "Samples/chat.sqlite"
            account = choice.account ?? DemoCommand.account
            peer = choice.peer ?? DemoCommand.peer
            let cards = samples.appendingPathComponent("vcards.sqlite").path
            vcards = choice.vcards ?? (FileManager.default.fileExists(atPath: cards) ? cards : nil)
        } else {
            path = samples.appendingPathComponent("conversation.json").path
            displayPath = "Samples/conversation.json"
            account = choice.account; peer = choice.peer; vcards = choice.vcards
        }
    }

    /// The conversation's items as they are when `count` is nil, else concatenated until there
    /// are `count`: typing rows only mean something as the newest row, so they are dropped and
    /// the last one, if any, ends the list.
    package func repeatedModels(count: Int?, io: CommandIO) throws -> [ConversationItem] {
        let conversation = try CommandGlue.loadConversation(path: path, account: account, peer: peer, vcards: vcards, io: io)
        let items = ConversationViewModel(conversation: conversation).items
        return count.map { Self.repeated(items, count: $0) } ?? items
    }

    package static func repeated(_ items: [ConversationItem], count: Int) -> [ConversationItem] {
        let typing = items.last(where: { if case .typing = $0 { true } else { false } })
        let body = items.filter { if case .typing = $0 { false } else { true } }
        let bodyCount = typing == nil ? count : count - 1
        guard !body.isEmpty else { return typing.map { [$0] } ?? [] }
        var result: [ConversationItem] = []
        result.reserveCapacity(count)
        while result.count < bodyCount { result.append(body[result.count % body.count]) }
        if let typing { result.append(typing) }
        return result
    }
}

/// Seconds between successive `lap()` calls, on the monotonic clock.
package struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private(set) var laps: [Double] = []

    package mutating func lap() {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append(Double(now - last) / 1e9)
        last = now
    }
}
