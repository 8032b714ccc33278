import Foundation
import BubblesCommand

/// The benchmarks: ChatBubbles against Pango, headless Chromium and a bare HarfBuzz pass, each
/// ratio measured in one run on the same machine (docs/performance.md says how to run them).
public enum BubblesBench {
    public static let tool = CommandLineTool(
        name: "bubbles-bench", purpose: "measures ChatBubbles against its peers and floors in one run.",
        commands: [.benchMeasure, .benchRender, .benchScale])

    /// The `bubbles` the whole-process figures time: the one built beside this `bubbles-bench`
    /// (one build, one configuration). Nil when this process is not `bubbles-bench` (a test
    /// runner), or no `bubbles` is there.
    static func bubblesBeside() -> String? {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard me.lastPathComponent == "bubbles-bench" else { return nil }
        let bubbles = me.deletingLastPathComponent().appendingPathComponent("bubbles").path
        return FileManager.default.isExecutableFile(atPath: bubbles) ? bubbles : nil
    }
}
