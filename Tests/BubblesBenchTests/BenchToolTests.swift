@testable import BubblesBench
import BubblesCommand
import CommandTesting
import Foundation
import Testing

@Suite struct BenchRenderTests {
    /// The sample conversation (11 bubbles ending in typing) repeated to 30: 29 + the typing row.
    @Test func reportsEveryStageAndTheChromiumRatio() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["render", "--messages", "30", "--runs", "2", "--chromium", "10"], in: folder.path, tool: BubblesBench.tool)
        #expect(run.exitCode == 0, "\(run.errors)")
        #expect(run.output.contains("bench render: 30 bubbles from Samples/"))
        #expect(run.output.contains("best and median of 2 runs"))
        let lines = run.output.split(separator: "\n").map(String.init)
        for stage in ["input", "setup", "layout", "draw + png + file", "  drawing cpu", "  png cpu", "total"] {
            let line = try #require(lines.first { $0.hasPrefix(stage + " ") }, "no \(stage) line in \(run.output)")
            let numbers = line.dropFirst(stage.count).split(separator: " ").compactMap { Double($0) }
            #expect(numbers.count == 2 && numbers[0] >= 0 && numbers[0] <= numbers[1], "\(line)")
        }
        #expect(lines.contains { $0.hasSuffix("messages per second (best total, in process; excludes process start)") })
        #expect(lines.contains { $0.hasPrefix("chromium 10.00 s for the same count: ") })
        #expect(lines.contains { $0.hasPrefix("png encoding ") && $0.contains("× the drawing's cpu time; layout ") })
    }

    @Test func badOptionsAreUsageErrors() throws {
        let folder = try PreviewFolder()
        #expect(PreviewRun(["render", "--messages", "0"], in: folder.path, tool: BubblesBench.tool).exitCode == 2)
        #expect(PreviewRun(["render", "--chromium", "-1"], in: folder.path, tool: BubblesBench.tool).exitCode == 2)
        #expect(PreviewRun(["render", "--runs", "x"], in: folder.path, tool: BubblesBench.tool).exitCode == 2)
        let missing = PreviewRun(["render", "--input", "none.json", "--runs", "1"], in: folder.path, tool: BubblesBench.tool)
        #expect(missing.exitCode == 1)
        #expect(missing.errors.contains("none.json"))
    }
}

@Suite struct BenchScaleTests {
    /// Two tiny lengths, timed as child processes of the built `bubbles` (beside the test bundle).
    @Test func timesEachLengthAsAChildProcess() throws {
        let folder = try PreviewFolder()
        let products = Bundle.main.bundleURL.path.hasSuffix(".xctest") ? Bundle.main.bundleURL.deletingLastPathComponent()
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var executable = products.appendingPathComponent("bubbles").path
        if !FileManager.default.isExecutableFile(atPath: executable) {
            executable = products.deletingLastPathComponent().appendingPathComponent("bubbles").path
        }
        let run = PreviewRun(["scale", "--counts", "3,6", "--executable", executable, "--keep", "kept"], in: folder.path, tool: BubblesBench.tool)
        #expect(run.exitCode == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        for (count, name) in [(3, "render --pages"), (3, "layout --json"), (6, "render --pages"), (6, "layout --json")] {
            let line = try #require(lines.first { $0.hasPrefix(String(format: "%8d  ", count) + name) }, "\(run.output)")
            let fields = line.split(separator: " ")
            #expect(Double(fields[fields.count - (name.hasPrefix("render") ? 4 : 3)]) != nil, "\(line)")
        }
        // The pages the child wrote: as many as the layout's pages, at least one.
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/kept/pages-6")
        #expect(!pages.isEmpty && pages.allSatisfy { $0.hasPrefix("page-") && $0.hasSuffix(".png") })
        #expect(PreviewRun(["scale", "--counts", "0"], in: folder.path, tool: BubblesBench.tool).exitCode == 2)
        #expect(PreviewRun(["scale", "--counts", "3", "--executable", "/nonexistent"], in: folder.path, tool: BubblesBench.tool).exitCode == 1)
    }

    /// A child that aborts: the error gives its exit status and what it last wrote to standard
    /// error (a crash report or an assertion), not the status alone.
    @Test func aFailedChildsStandardErrorIsShown() throws {
        let folder = try PreviewFolder()
        let script = folder.path + "/aborts.sh"
        let lines = (1...30).map { "echo \"line \($0)\" >&2" }.joined(separator: "\n")
        // Written here, then copied by `cp`: a child another test forks while this process
        // holds the file open for writing would keep it open, and executing it would then fail
        // with "Text file busy" (seen once in CI). Only `cp` ever opens the script for writing.
        try Data("#!/bin/sh\n\(lines)\necho 'page.c:12: draw: Assertion `ok` failed.' >&2\nkill -ABRT $$\n".utf8)
            .write(to: URL(fileURLWithPath: script + ".txt"))
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = [script + ".txt", script]
        try copy.run()
        copy.waitUntilExit()
        #expect(chmod(script, 0o755) == 0)
        let run = PreviewRun(["scale", "--counts", "3", "--executable", script], in: folder.path, tool: BubblesBench.tool)
        #expect(run.exitCode == 1)
        #expect(run.errors.contains("exited with 134; its standard error ended:\n"), "\(run.errors)")
        #expect(run.errors.contains("line 30\npage.c:12: draw: Assertion `ok` failed."), "\(run.errors)")
        #expect(!run.errors.contains("line 10\n"), "only the last lines: \(run.errors)")
    }
}
