/// The commands that read and draw conversations, as data: help prose and option tables. The
/// jobs live in each command's own file and only read the typed options declared here.
extension Command {
    package static let list = Command(
        words: ["list"], summary: "list an archive's accounts and conversations",
        synopsis: "usage: bubbles list ARCHIVE [--json]",
        description: """
        Opens ARCHIVE (an XMPPFramework message archive, Core Data SQLite) read-only and prints
        one line per conversation: account, peer, number of rows (a composing row counts: it is
        drawn too) and the newest row's time in ISO 8601 UTC. The table looks the same on a
        terminal and in a pipe.
        """,
        notes: """
        Rows whose account or peer is missing belong to no conversation: they are counted on
        standard error and the exit code is then 3.
        """,
        options: [OptionGroup("list", [ListCommand.json])],
        run: ListCommand.run)

    package static let models = Command(
        words: ["models"], summary: "show what each message of a conversation becomes (kind, sizes, warnings)",
        synopsis: "usage: bubbles models INPUT [--account JID --peer JID] [--vcards FILE] [--json]",
        description: """
        INPUT is an XMPPFramework message archive (SQLite) or a JSON conversation file
        (docs/json-format.md); its first bytes decide which. For an archive, --account and --peer
        choose the conversation (not needed when the archive holds only one; `bubbles list` shows
        them); --vcards names an XMPPFramework vCard store for nicknames. A JSON file holds one
        conversation and needs neither.

        Prints one line per bubble: source (row or message id), direction, sender name, time
        (UTC), kind and what it shows.
        """,
        notes: """
        Warnings (rows shown as placeholders, texts cut short, characters no bundled font has,
        named by code point) go to standard error, followed by their count; the exit code is then 3.
        """,
        options: [OptionGroups.conversation(), OptionGroup("models", [ModelsCommand.json, Options.exact])],
        run: ModelsCommand.run)

    package static let measure = Command(
        words: ["measure"], summary: "measure messages (NDJSON) and print sizes and row heights",
        synopsis: "usage: bubbles measure [FILE|-] [options]",
        description: """
        Reads NDJSON lines {"id": ..., "text": ...} from FILE or standard input and writes one line
        per message: {"id", "lines", "width", "height", "row_height"} in points, unrounded.
        row_height is the origin app's: h > 20 ? h + 80 : 100, h the measured text height.
        A message with characters no bundled font has gains "missing_glyphs": N (characters drawn
        as .notdef boxes); --explain lists them per run ("missing": ["U+E000"]).
        """,
        notes: """
        Unusable input lines (not JSON, no text, invalid UTF-8) are reported on standard error with
        their line number and skipped; the exit code is then 3.
        """,
        options: [OptionGroup("measure", [
            MeasureCommand.screenWidth, MeasureCommand.textWidth, MeasureCommand.fontSize, MeasureCommand.explain,
            MeasureCommand.expect, MeasureCommand.tolerance, MeasureCommand.fonts, MeasureCommand.language,
            Options.lineBreakStrategy, MeasureCommand.tabInterval, Options.exact,
        ])],
        run: MeasureCommand.run)

    package static let layout = Command(
        words: ["layout"], summary: "print every row's frames: avatar, name, time, bubble, content, height",
        synopsis: "usage: bubbles layout INPUT [--account JID --peer JID] [--vcards FILE] [--json] [options]",
        description: """
        Lays out the conversation as `bubbles render` would (same conversation and screen options)
        and prints, per row, its kind, y and height and its rectangles in points (x, y, width,
        height): for bubble rows the avatar, name, time, bubble and content (a part the row does
        not have, as inside a group, is left out), with the text's measured height for text rows
        (the height `bubbles measure` gives for the same text); for day separators and notices
        the label.
        """,
        options: [OptionGroups.conversation(), OptionGroups.screen,
                  OptionGroup("layout", [LayoutCommand.json, LayoutCommand.explain])],
        run: LayoutCommand.run)

    package static let render = Command(
        words: ["render"], summary: "render a conversation to PNG, PDF, SVG or WebP",
        synopsis: "usage: bubbles render INPUT [--account JID --peer JID] [--vcards FILE] -o OUT.png [options]",
        description: "INPUT is an XMPPFramework archive or a JSON conversation (as for `bubbles models`).",
        options: [OptionGroups.conversation(), OptionGroups.screen, OptionGroups.image(output: Options.output)],
        run: RenderCommand.run)

    package static let demo = Command(
        words: ["demo"], summary: "render the bundled sample archive to demo.png",
        synopsis: "usage: bubbles demo [-o FILE] [options]",
        description: """
        Renders the conversation of me@chat.example with li.lei@chat.example from the bundled sample
        archive (Samples/chat.sqlite, nicknames and avatars from Samples/vcards.sqlite) with the
        classic theme at iPhone 8 size @2x, to demo.png in the current directory (or FILE), and says
        where it wrote it. Takes the screen and image options of `bubbles render`.
        """,
        options: [
            OptionGroups.conversation(account: DemoCommand.account, peer: DemoCommand.peer,
                                      vcards: "Samples/vcards.sqlite"),
            OptionGroups.screen,
            OptionGroups.image(output: Options.output.defaulting(to: DemoCommand.output)),
        ],
        run: DemoCommand.run)
}

/// The options only one command takes.
extension ListCommand {
    package static let json = Option<Bool>.flag("--json", help: """
        one JSON object instead: {"archive", "model_version", "unassigned_rows", "conversations": \
        [{"account", "peer", "messages", "last_time", "last_body"}]} (last_time and last_body are \
        null when the newest row has none)
        """)
}

extension ModelsCommand {
    package static let json = Option<Bool>.flag("--json", help: """
        one JSON object instead: {"input", "account", "peer", "bubbles": [{"source", "kind" \
        (\(kinds.joined(separator: "|"))), "direction", "sender", "sender_name", "time", \
        "delayed", then "text" (text, placeholder) or "image" {"format", "pixel_width", "pixel_height", \
        "display_width", "display_height", "bytes"} or "audio" {"duration", "bubble_width", "bytes"} or \
        "link" {"url", "file_name"}, and "warnings"}], "warnings"}. Media bytes are counted, never printed.
        """)
}

extension MeasureCommand {
    package static let screenWidth = Option<String>.string("--screen-width", "PT[,PT…]", help: """
        screen width; text width = screen − 90. Several (320,375,390,430): each message is prepared \
        once and printed once per width, with "screen_width" after the id
        """, default: "375")
    package static let textWidth = Option<Double>.number("--text-width", "PT", help: "text width directly (overrides --screen-width)")
    package static let fontSize = Option<Double>.number("--font-size", "PT", help: "font size", default: "16")
    package static let tabInterval = Option<Double>.number("--tab-interval", "PT", help: "distance between tab stops", default: "28")
    package static let explain = Option<Bool>.flag("--explain", help: """
        add per line: UTF-16 range, text, width, ascent, descent, and every run's font, bidi level, \
        script and width (a layout receipt)
        """)
    package static let expect = Option<String>.string("--expect", "FILE", help: """
        compare row heights with an app's: NDJSON {"id","row_height"} or CSV id,row_height; prints \
        rows that differ, a summary, exit 4 if any do
        """)
    package static let tolerance = Option<Double>.number("--tolerance", "PT", help: "allowed difference for --expect", default: "0.5")
    package static let fonts = Option<String>.string(
        "--fonts", "DIR", help: "use the fonts in DIR instead of the bundled ones (same file names)")
    package static let language = Option<String>.string("--language", "TAG", help: """
        shape in this BCP 47 language (ja, ko, zh-Hant, zh-HK): the fonts' language forms (locl);         default none
        """)
}

extension LayoutCommand {
    package static let json = Option<Bool>.flag("--json", help: """
        one JSON object instead of the table: {"theme", "screen_width", "time_zone", "height", "rows": \
        [{"source", "kind", "direction", "y", "height", "avatar", "name", "time", "time_text", "bubble", \
        "content", and "text_height", "text_lines" for text, "delayed_mark" when late, "tail": false \
        inside a group, "quote", "edited", "status", "reactions" when the message has them; \
        "label" and "text" for day separators and notices}]}
        """)
    package static let explain = Option<Bool>.flag("--explain", help: """
        with --json (implied): add to every row that draws text an "explain" array, the text's lines         as `measure --explain` gives them (range, text, width, ascent, descent, runs with font, bidi         level, script, width); quotes get "quote_explain" and labels theirs, so a differing row         height explains itself
        """)
}

extension DemoCommand {
    package static let account = "me@chat.example"
    package static let peer = "li.lei@chat.example"
    package static let output = "demo.png"
}
