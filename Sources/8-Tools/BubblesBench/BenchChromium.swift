import ChatBubbles
import BubblesCommand
import Foundation

/// `bench render --chromium-script`: whole `bubbles render` processes against
/// `../shared/bench/chromium_render.sh`'s full-page screenshots of the same texts, in one run:
/// ten renders, the script's three screenshots, ten more renders. Alternating sides of the
/// Chromium runs shows the machine's drift within minutes; the ratio takes the median of all
/// twenty.
package struct BenchChromium {
    /// The script and its folder (`out/corpus.jsonl` is read there, `out/` is written).
    package let script: String
    package let folder: String
    /// Renders on each side of the script's runs, and the script's full-page runs.
    package static let rendersPerSide = 10
    package static let chromiumRuns = 3

    package init(script: String) throws {
        guard FileManager.default.isReadableFile(atPath: script) else {
            throw CommandError.usage("--chromium-script: no readable file \(script) (give ../shared/bench/chromium_render.sh "
                                     + "in a writable copy of the bench folder)")
        }
        self.script = script
        folder = (script as NSString).deletingLastPathComponent
    }

    package var corpus: String { folder + "/out/corpus.jsonl" }
    package var timesFile: String { folder + "/out/chromium_render_times.txt" }

    /// The script's conversation of `count` messages as a JSON conversation file in the
    /// scratch folder (the caller removes it).
    package func writeConversation(count: Int) throws -> String {
        let texts = try ChromiumConversation.texts(corpus: corpus, count: count)
        guard texts.count == count else { throw CommandError("\(corpus) has \(texts.count) messages, fewer than --messages \(count)") }
        let path = ScratchPath.unique("bubbles-chromium", extension: "json")
        guard FileManager.default.createFile(atPath: path, contents: ChromiumConversation.json(texts: texts)) else {
            throw CommandError("cannot write \(path)")
        }
        return path
    }

    /// What the comparison found.
    package struct Result {
        package var renders: [Double]
        package var chromium: FullPage
    }

    /// The summary line of the script's times file: "full page, N runs: mean M s, min A s, max B s".
    package struct FullPage: Equatable {
        package var runs: Int
        package var mean: Double
        package var min: Double
        package var max: Double
        /// "png: WxH px, N bytes", when the file has it.
        package var png: String?
    }

    /// Times `executable render conversation -o …` and the script, side by side.
    package func compare(executable: String, conversation: String, count: Int) throws -> Result {
        let image = ScratchPath.unique("bubbles-chromium", extension: "png")
        defer { try? FileManager.default.removeItem(atPath: image) }
        func renders() throws -> [Double] {
            try (0..<Self.rendersPerSide).map { _ in
                try BenchScaleCommand.timeProcess(executable, ["render", conversation, "-o", image], environment: nil)
            }
        }
        var times = try renders()
        let log = ScratchPath.unique("bubbles-chromium", extension: "log")
        defer { try? FileManager.default.removeItem(atPath: log) }
        let run = try BenchScaleCommand.child("/bin/sh", [script, String(count), String(Self.chromiumRuns)], output: log)
        guard run.status == 0 else {
            let tail = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(5)
            throw CommandError("\(script) exited with \(run.status)" + (tail.isEmpty ? "" : ":\n" + tail.joined(separator: "\n")))
        }
        let page = try Self.fullPage(timesFile)
        times += try renders()
        return Result(renders: times, chromium: page)
    }

    /// Reads the script's summary line (and its PNG's size) from its times file.
    package static func fullPage(_ path: String) throws -> FullPage {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw CommandError("cannot read \(path)") }
        var page: FullPage?
        var png: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("png: ") { png = String(line.dropFirst(5)) }
            guard line.hasPrefix("full page, ") else { continue }
            // full page, 3 runs: mean 6.105 s, min 6.040 s, max 6.160 s
            let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ":" }).map(String.init)
            func number(after word: String) -> Double? {
                words.firstIndex(of: word).flatMap { $0 + 1 < words.count ? Double(words[$0 + 1]) : nil }
            }
            guard words.count > 3, let runs = Int(words[2]), runs > 0, let mean = number(after: "mean"), mean > 0,
                  let low = number(after: "min"), let high = number(after: "max") else {
                throw CommandError("\(path): cannot read \"\(line)\"")
            }
            page = FullPage(runs: runs, mean: mean, min: low, max: high)
        }
        guard var page else { throw CommandError("\(path) has no \"full page, …\" summary line") }
        page.png = png
        return page
    }

    /// The report's lines.
    package static func report(_ result: Result) -> [String] {
        let sorted = result.renders.sorted()
        let median = sorted[sorted.count / 2], best = sorted[0]
        let page = result.chromium
        return [
            "",
            String(format: "whole process: bubbles render %.4f s median, %.4f s best of %d (%d before and %d after Chromium's runs)",
                   median, best, sorted.count, rendersPerSide, rendersPerSide),
            String(format: "chromium_render.sh full page: %.3f s mean of %d runs (min %.3f, max %.3f)", page.mean, page.runs,
                   page.min, page.max) + (page.png.map { ", \($0)" } ?? ""),
            String(format: "chromium / bubbles render, whole processes: %.1f× (median)   %.1f× (best)",
                   page.mean / median, page.mean / best),
        ]
    }
}
