/// The commands for theme designers and for benchmarks, as data: help prose and option tables.
extension Command {
    static let themePreview = Command(
        words: ["theme", "preview"], summary: "one sheet of every message kind in a theme (+ dark) at 320 and 430 pt",
        synopsis: "usage: bubbles theme preview THEME -o SHEET.png [--scale 1|2|3] [--kinds FILE] [--locale ID]",
        description: """
        THEME is a theme in Themes/ (classic, imessage-style, telegram-style) or a theme directory. The sheet has one
        column per (theme, width): the theme and its dark variant, if it names one, each at
        iphone-se (320 pt) and iphone-14-pro-max (430 pt), with a label on top of each column.
        """,
        options: [OptionGroup("theme preview", [
            ThemePreviewCommand.output, ThemePreviewCommand.scale, ThemePreviewCommand.kinds, Options.locale,
        ])],
        run: ThemePreviewCommand.run)

    static let themeMakeImages = Command(
        words: ["theme", "make-images"], summary: "draw a theme's bubble images from its theme.json",
        synopsis: "usage: bubbles theme make-images THEME_DIR [--check]",
        description: """
        Draws the bubble images (NAME@1x.png, @2x, @3x) that the "generate" section of
        THEME_DIR/theme.json describes, and writes them into THEME_DIR.
        """,
        options: [OptionGroup("theme make-images", [ThemeMakeImagesCommand.check])],
        run: ThemeMakeImagesCommand.run)

    static let benchMeasure = Command(
        words: ["bench", "measure"], summary: "measure a corpus cold and warm, against a bare HarfBuzz pass",
        synopsis: "usage: bubbles bench measure CORPUS.jsonl [--passes N] [--pango PANGO_MEASURE_BINARY]",
        description: """
        Lays out every message of CORPUS (NDJSON {"id","text"}, e.g.
        ../shared/bench/out/corpus.jsonl) at 16 pt in 285 pt on one thread and prints messages per
        second for: the engine cold (a new engine, empty shaping cache, every pass), the engine warm
        (cache filled by an earlier pass), the engine warm on every core, and a bare HarfBuzz pass
        that shapes each whole message once with the primary font; then the ratios.
        """,
        options: [OptionGroup("bench measure", [BenchMeasureCommand.passes, BenchMeasureCommand.pango])],
        run: BenchMeasureCommand.run)

    static let benchRender = Command(
        words: ["bench", "render"], summary: "time layout, drawing and PNG encoding of a long conversation",
        synopsis: "usage: bubbles bench render [--messages N] [--runs N] [--chromium SECONDS | --chromium-script PATH] [--input FILE] [options]",
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

    static let benchScale = Command(
        words: ["bench", "scale"], summary: "time and peak memory of render --pages and layout --json at growing lengths",
        synopsis: "usage: bubbles bench scale [--counts 2000,20000,100000] [--keep DIR] [--executable PATH]",
        description: """
        Generates a JSON conversation of each length (text messages of varied length and script),
        runs `bubbles render --pages` and `bubbles layout --json` on it as child processes of this
        one, one at a time, and prints each one's wall time, its time against the first length's
        and its peak resident memory (from wait4), so that linearity shows at a glance.
        """,
        options: [OptionGroup("bench scale", [BenchScaleCommand.counts, BenchScaleCommand.keep, BenchScaleCommand.executable])],
        run: BenchScaleCommand.run)
}

/// The options only one command takes.
extension ThemePreviewCommand {
    static let output = Options.output.described("the PNG to write (atomically)")
    static let scale = Options.scale.described("pixels per point", default: "2")
    static let kinds = Option<String>.string("--kinds", "FILE", help: "the conversation to show", default: """
        Samples/preview-kinds.json: short, long, CJK, emoji-only and Arabic text, wide and tall images, \
        short and long voice messages, a late message, a file link, typing
        """)
}

extension ThemeMakeImagesCommand {
    static let check = Option<Bool>.flag(
        "--check", help: "write nothing; exit 1 if any image on disk differs from the drawing")
}

extension BenchMeasureCommand {
    static let passes = Option<Int>.integer("--passes", "N", help: "passes; each figure is the best one", default: "5")
    static let pango = Option<String>.string("--pango", "PANGO_MEASURE_BINARY", help: """
        also run ../shared/bench's pango_measure binary (built from pango_measure.c) on the same \
        corpus in the same run and print the ratio
        """)
}

extension BenchRenderCommand {
    static let messages = Option<Int>.integer("--messages", "N", help: "bubbles to render", default: "200")
    static let runs = Option<Int>.integer("--runs", "N", help: "runs; best and median of them are shown", default: "5")
    static let chromium = Option<Double>.number("--chromium", "SECONDS", help: """
        the time of ../shared/bench/chromium_render.sh for the same number of messages (its summary \
        line); prints how many times faster we are
        """)
    static let chromiumScript = Option<String>.string("--chromium-script", "PATH", help: """
        ../shared/bench/chromium_render.sh in a writable copy of the bench folder (it writes out/): \
        renders its texts and times whole processes against its screenshots in this run
        """)
    static let input = Option<String>.string(
        "--input", "FILE", help: "another archive or JSON conversation to repeat (pick its conversation with "
            + "the conversation input options)")
}
