import ChatBubbles
import BubblesCommand

/// The benchmarks, as commands of their own tool: help prose and option tables.
extension Command {
    package static let benchMeasure = Command(
        words: ["measure"], summary: "measure a corpus cold and warm, against a bare HarfBuzz pass",
        synopsis: "usage: bubbles-bench measure CORPUS.jsonl [--passes N] [--pango PANGO_MEASURE_BINARY]",
        description: """
        Lays out every message of CORPUS (NDJSON {"id","text"}, e.g.
        ../shared/bench/out/corpus.jsonl) at 16 pt in 285 pt on one thread and prints messages per
        second for: the engine cold (a new engine, empty shaping cache, every pass), the engine warm
        (cache filled by an earlier pass), the engine warm on every core, and a bare HarfBuzz pass
        that shapes each whole message once with the primary font; then the ratios.
        """,
        options: [OptionGroup("bench measure", [BenchMeasureCommand.passes, BenchMeasureCommand.pango])],
        run: BenchMeasureCommand.run)

    package static let benchRender = Command(
        words: ["render"], summary: "time layout, drawing and PNG encoding of a long conversation",
        synopsis: "usage: bubbles-bench render [--messages N] [--runs N] [--chromium SECONDS | --chromium-script PATH] [--input FILE] [options]",
        description: """
        Renders the sample conversation (Samples/chat.sqlite if present, else
        Samples/conversation.json) repeated to N bubbles (typing rows dropped except the last) to
        PNG in memory and to a temporary file (removed), and prints the best and median time of
        each stage over the runs and messages per second. Every run starts from the files: input
        reading, theme and font loading are stages. The defaults match
        ../shared/bench/chromium_render.sh: iphone-8 (375 pt @2x), classic theme.
        With --chromium-script, the conversation is the script's own (the first N texts of its
        out/corpus.jsonl in its sender runs), and whole `bubbles render` processes (at these
        defaults) are timed against the script's full-page screenshots in the same run: 10
        renders, the script with 3 runs, 10 more renders.
        """,
        options: [
            OptionGroup("bench render", [
                BenchRenderCommand.messages, BenchRenderCommand.runs, BenchRenderCommand.chromium,
                BenchRenderCommand.chromiumScript, BenchRenderCommand.input,
            ]),
            OptionGroups.conversation(),
            OptionGroups.screen,
            OptionGroup("image", [Options.scale]),
        ],
        run: BenchRenderCommand.run)

    package static let benchScale = Command(
        words: ["scale"], summary: "time and peak memory of render --pages and layout --json at growing lengths",
        synopsis: "usage: bubbles-bench scale [--counts 2000,20000,100000] [--keep DIR] [--executable PATH]",
        description: """
        Generates a JSON conversation of each length (text messages of varied length and script),
        runs `bubbles render --pages` and `bubbles layout --json` on it as child processes of this
        one, one at a time, and prints each one's wall time, its time against the first length's
        and its peak resident memory (from wait4), so that linearity shows at a glance.
        """,
        options: [OptionGroup("bench scale", [BenchScaleCommand.counts, BenchScaleCommand.keep, BenchScaleCommand.executable])],
        run: BenchScaleCommand.run)
}

/// The options only one benchmark takes.
extension BenchMeasureCommand {
    package static let passes = Option<Int>.integer("--passes", "N", help: "passes; each figure is the best one", default: "5")
    package static let pango = Option<String>.string("--pango", "PANGO_MEASURE_BINARY", help: """
        also run ../shared/bench's pango_measure binary (built from pango_measure.c) on the same \
        corpus in the same run and print the ratio
        """)
}

extension BenchRenderCommand {
    package static let messages = Option<Int>.integer("--messages", "N", help: "bubbles to render", default: "200")
    package static let runs = Option<Int>.integer("--runs", "N", help: "runs; best and median of them are shown", default: "5")
    package static let chromium = Option<Double>.number("--chromium", "SECONDS", help: """
        the time of ../shared/bench/chromium_render.sh for the same number of messages (its summary \
        line); prints how many times faster we are
        """)
    package static let chromiumScript = Option<String>.string("--chromium-script", "PATH", help: """
        ../shared/bench/chromium_render.sh in a writable copy of the bench folder (it writes out/): \
        renders its texts and times whole processes against its screenshots in this run
        """)
    package static let input = Option<String>.string(
        "--input", "FILE", help: "another archive or JSON conversation to repeat (pick its conversation with "
            + "the conversation input options)")
}
