@testable import BubblesBench
@testable import BubblesCommand
import CommandTesting
import Foundation
import Testing

/// `bench render --chromium-script`: the script's conversation rebuilt draw for draw, and whole
/// processes timed against a stand-in for the script (Chromium is not on CI machines).
@Suite struct BenchChromiumTests {
    /// CPython 3.11's `random.Random(375)`: `[r.getrandbits(32) for _ in range(3)]`, then, fresh,
    /// `r.random(), r.randint(1, 4), r.randint(0, 1), r.random()`.
    @Test func drawsAsCPythonDoes() {
        var words = PythonRandom(seed: 375)
        #expect([words.next32(), words.next32(), words.next32()] == [1_003_789_188, 1_568_450_800, 1_071_521_378])
        var random = PythonRandom(seed: 375)
        #expect(random.random() == 0.2337128845243409)
        #expect(random.randint(1, 4) == 2)
        #expect(random.randint(0, 1) == 1)
        #expect(random.random() == 0.17860232872480053)
    }

    /// The script's sender loop run by CPython for 24 messages (o: outgoing, i: incoming).
    @Test func senderRunsAreTheScripts() {
        let sides = ChromiumConversation.outgoing(count: 24).map { $0 ? "o" : "i" }.joined()
        #expect(sides == "ooiiiooiioiiiooooiooiiii")
    }

    @Test func conversationHoldsTheTextsInOrder() throws {
        let texts = ["first \"quoted\"", "line\nbreak", "مرحبا"]
        let object = try #require(try JSONSerialization.jsonObject(with: ChromiumConversation.json(texts: texts)) as? [String: Any])
        let messages = try #require(object["messages"] as? [[String: Any]])
        #expect(messages.compactMap { $0["text"] as? String } == texts)
        #expect(messages.compactMap { $0["sender"] as? String } == ["me@example.com", "me@example.com", "ann@example.com"])
        #expect(messages.compactMap { $0["time"] as? String }
            == ["2024-05-01T09:00:00Z", "2024-05-01T09:00:01Z", "2024-05-01T09:00:02Z"])
        #expect(object["account"] as? String == "me@example.com")
    }

    @Test func readsTheScriptsSummary() throws {
        let folder = try PreviewFolder()
        let path = folder.path + "/times.txt"
        try "# chromium; 200 messages\nrun 1 6.2 s\nfull page, 3 runs: mean 6.105 s, min 6.040 s, max 6.160 s\npng: 750x49738 px, 6994102 bytes\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let page = try BenchChromium.fullPage(path)
        #expect(page == .init(runs: 3, mean: 6.105, min: 6.04, max: 6.16, png: "750x49738 px, 6994102 bytes"))
        try "run 1 6.2 s\nfull page, 3 runs: mean fast\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CommandError.self) { try BenchChromium.fullPage(path) }
        try "run 1 6.2 s\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CommandError.self) { try BenchChromium.fullPage(path) }
    }

    /// A bench folder whose script records its arguments and writes a times file as
    /// chromium_render.sh does, or fails as the real one does without Chromium.
    private func benchFolder(script: String) throws -> PreviewFolder {
        let folder = try PreviewFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/bench/out", withIntermediateDirectories: true)
        let corpus = ["hello", "a longer message that wraps onto a second line in the bubble", "你好世界", "🌊 ok"]
            .enumerated().map { #"{"id": "\#($0.offset)", "text": "\#($0.element)"}"# }.joined(separator: "\n") + "\n"
        try corpus.write(toFile: folder.path + "/bench/out/corpus.jsonl", atomically: true, encoding: .utf8)
        try script.write(toFile: folder.path + "/bench/chromium_render.sh", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func timesWholeRendersAroundTheScript() throws {
        let folder = try benchFolder(script: """
            here=$(cd "$(dirname "$0")" && pwd)
            echo "$@" > "$here/args.txt"
            printf 'run 1 5.9 s\\nfull page, 3 runs: mean 6.000 s, min 5.900 s, max 6.100 s\\npng: 750x900 px, 1234 bytes\\n' \\
                > "$here/out/chromium_render_times.txt"
            """)
        let run = try BubblesProcess.run("\"$BUBBLES_BENCH\" render --chromium-script bench/chromium_render.sh --messages 4 --runs 1",
                                         in: folder.path, seconds: 120)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("bench render: 4 bubbles from the first 4 texts of "))
        #expect(run.output.contains("chromium_render.sh full page: 6.000 s mean of 3 runs (min 5.900, max 6.100), 750x900 px, 1234 bytes"))
        let lines = run.output.split(separator: "\n").map(String.init)
        let renders = try #require(lines.first { $0.hasPrefix("whole process: bubbles render ") })
        #expect(renders.hasSuffix("best of 20 (10 before and 10 after Chromium's runs)"))
        let median = try #require(Double(renders.split(separator: " ")[4]))
        let ratio = try #require(lines.first { $0.hasPrefix("chromium / bubbles render, whole processes: ") })
        let times = try #require(Double(ratio.split(separator: " ")[6].dropLast()))
        #expect(median > 0 && abs(times - (6.0 / median)) < 0.051 * times, "\(renders) / \(ratio)")
        #expect(try String(contentsOfFile: folder.path + "/bench/args.txt", encoding: .utf8) == "4 3\n")
    }

    @Test func aFailingScriptIsAnErrorWithItsOutput() throws {
        let folder = try benchFolder(script: "echo 'chromium: not found' >&2\nexit 7\n")
        let run = try BubblesProcess.run("\"$BUBBLES_BENCH\" render --chromium-script bench/chromium_render.sh --messages 2 --runs 1",
                                         in: folder.path, seconds: 120)
        #expect(run.status == 1)
        #expect(run.errors.contains("chromium_render.sh exited with 7"), "\(run.errors)")
        #expect(run.errors.contains("chromium: not found"))
    }

    @Test func optionsThatCannotGoTogetherAreUsageErrors() throws {
        let folder = try benchFolder(script: "exit 0\n")
        let script = "bench/chromium_render.sh"
        #expect(PreviewRun(["render", "--chromium-script", script, "--chromium", "6"], in: folder.path, tool: BubblesBench.tool).exitCode == 2)
        #expect(PreviewRun(["render", "--chromium-script", script, "--input", "x.json"], in: folder.path, tool: BubblesBench.tool).exitCode == 2)
        #expect(PreviewRun(["render", "--chromium-script", "missing.sh"], in: folder.path, tool: BubblesBench.tool).exitCode == 2)
        let tooMany = PreviewRun(["render", "--chromium-script", script, "--messages", "5"], in: folder.path, tool: BubblesBench.tool)
        #expect(tooMany.exitCode == 1)
        #expect(tooMany.errors.contains("has 4 messages, fewer than --messages 5"), "\(tooMany.errors)")
    }
}
