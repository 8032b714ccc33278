import BubblesCommand
import Foundation
import Testing

/// Standard output, standard error and exit code of one in-process `bubbles` run.
struct PreviewRun {
    let output: String
    let errors: String
    let exitCode: Int32

    init(_ arguments: [String], in folder: String) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0) }, writeError: { errors.append($0) },
                           currentDirectory: folder)
        exitCode = Bubbles.main(arguments, io: io)
        self.output = output.text
        self.errors = errors.text
    }
}

final class PreviewSink: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}

/// A fresh folder under the temporary directory, removed when the test ends.
final class PreviewFolder {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Width and height from a PNG's IHDR chunk (bytes 16…23), after checking the signature.
func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](data)
    try #require(bytes.count > 24)
    try #require(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    try #require(Array(bytes[12..<16]) == Array("IHDR".utf8))
    func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}

@Suite struct ThemePreviewTests {
    /// classic names classic-dark as its dark variant: four columns, 320 + 430 + 320 + 430 pt.
    @Test func classicSheetHasFourColumnsAndIsReproducible() throws {
        let folder = try PreviewFolder()
        let first = PreviewRun(["theme", "preview", "classic", "-o", "a.png", "--scale", "1"], in: folder.path)
        #expect(first.exitCode == 0, "\(first.errors)")
        #expect(first.errors.contains("4 columns"))
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.png"))
        let size = try pngSize(a)
        #expect(size.width == 320 + 430 + 320 + 430)
        // Label band plus the tallest column (the 320 pt one: its texts wrap the most); every
        // kind adds at least one 60 pt row, so twelve messages are well over 720 pt.
        #expect(size.height > 12 * 60 + 32)

        let second = PreviewRun(["theme", "preview", "classic", "-o", "b.png", "--scale", "1"], in: folder.path)
        #expect(second.exitCode == 0)
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b.png"))
        #expect(a == b, "two runs must give the same bytes")
    }

    /// The scale multiplies both sides; the sheet at 2x is the 1x sheet's size doubled.
    @Test func scaleDoublesThePixels() throws {
        let folder = try PreviewFolder()
        #expect(PreviewRun(["theme", "preview", "classic", "-o", "one.png", "--scale", "1"], in: folder.path).exitCode == 0)
        #expect(PreviewRun(["theme", "preview", "classic", "-o", "two.png", "--scale", "2"], in: folder.path).exitCode == 0)
        let one = try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/one.png")))
        let two = try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/two.png")))
        #expect(two.width == 2 * one.width)
        #expect(abs(two.height - 2 * one.height) <= 1)
    }

    /// classic-dark has no dark variant of its own: two columns, 320 + 430 pt.
    @Test func themeWithoutDarkVariantHasTwoColumns() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["theme", "preview", "classic-dark", "-o", "dark.png", "--scale", "1"], in: folder.path)
        #expect(run.exitCode == 0, "\(run.errors)")
        let size = try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/dark.png")))
        #expect(size.width == 320 + 430)
    }

    @Test func missingThemeIsNamedAndWritesNothing() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["theme", "preview", "no-such-theme", "-o", "x.png"], in: folder.path)
        #expect(run.exitCode == 1)
        #expect(run.errors.contains("no-such-theme"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.png"))
    }

    @Test func badCommandLinesAreUsageErrors() throws {
        let folder = try PreviewFolder()
        #expect(PreviewRun(["theme", "preview", "classic"], in: folder.path).exitCode == 2)
        #expect(PreviewRun(["theme", "preview", "-o", "x.png"], in: folder.path).exitCode == 2)
        #expect(PreviewRun(["theme", "preview", "classic", "-o", "x.png", "--scale", "4"], in: folder.path).exitCode == 2)
        let missingKinds = PreviewRun(["theme", "preview", "classic", "-o", "x.png", "--kinds", "nope.json"], in: folder.path)
        #expect(missingKinds.exitCode == 1)
        #expect(missingKinds.errors.contains("nope.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.png"))
    }
}

@Suite struct BenchRenderTests {
    /// The sample conversation (11 bubbles ending in typing) repeated to 30: 29 + the typing row.
    @Test func reportsEveryStageAndTheChromiumRatio() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["bench", "render", "--messages", "30", "--runs", "2", "--chromium", "10"], in: folder.path)
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
        #expect(PreviewRun(["bench", "render", "--messages", "0"], in: folder.path).exitCode == 2)
        #expect(PreviewRun(["bench", "render", "--chromium", "-1"], in: folder.path).exitCode == 2)
        #expect(PreviewRun(["bench", "render", "--runs", "x"], in: folder.path).exitCode == 2)
        let missing = PreviewRun(["bench", "render", "--input", "none.json", "--runs", "1"], in: folder.path)
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
        let run = PreviewRun(["bench", "scale", "--counts", "3,6", "--executable", executable, "--keep", "kept"], in: folder.path)
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
        #expect(PreviewRun(["bench", "scale", "--counts", "0"], in: folder.path).exitCode == 2)
        #expect(PreviewRun(["bench", "scale", "--counts", "3", "--executable", "/nonexistent"], in: folder.path).exitCode == 1)
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
        let run = PreviewRun(["bench", "scale", "--counts", "3", "--executable", script], in: folder.path)
        #expect(run.exitCode == 1)
        #expect(run.errors.contains("exited with 134; its standard error ended:\n"), "\(run.errors)")
        #expect(run.errors.contains("line 30\npage.c:12: draw: Assertion `ok` failed."), "\(run.errors)")
        #expect(!run.errors.contains("line 10\n"), "only the last lines: \(run.errors)")
    }
}
