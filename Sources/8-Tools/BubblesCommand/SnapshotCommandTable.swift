/// `bubbles snapshot` as data: help prose and its own options (the conversation and screen
/// groups are `render`'s).
extension Command {
    package static let snapshot = Command(
        words: ["snapshot"], summary: "render and compare with a reference PNG (or layout JSON): snapshot tests",
        synopsis: "usage: bubbles snapshot INPUT --reference REF.png [--record] [--diff OUT.png] [--tolerance N] [options]",
        description: """
        Renders INPUT as `bubbles render` does (PNG, same conversation and screen options, --scale
        and --viewport) and compares it with REF.png pixel by pixel, a band of rows at a time, so
        references of any length take little memory. Identical: exit 0. Different: exit 5 and one
        line giving the number of differing pixels, their bounding box in points and the rows
        (by source id, as `bubbles layout` names them) they fall in; a reference of another size
        differs too, and the line gives both sizes. With --layout, the `bubbles layout --json`
        text is compared with a JSON reference instead and the differing lines are printed.
        """,
        notes: """
        A missing or unreadable reference is exit 1; --record writes (or overwrites) the reference
        atomically and exits 0. A reference may be any PNG of 8 bits per sample or fewer without
        interlacing (RGB or RGBA as bubbles writes them, palette or grey as an optimiser may
        rewrite them), compared by its pixels; 16-bit and interlaced PNGs are refused.
        """,
        options: [
            OptionGroups.conversation(), OptionGroups.screen,
            OptionGroup("snapshot", [
                SnapshotCommand.reference, SnapshotCommand.record, SnapshotCommand.diff, SnapshotCommand.tolerance,
                SnapshotCommand.layout, Options.scale, Options.viewport,
            ]),
        ],
        run: SnapshotCommand.run)
}

extension SnapshotCommand {
    package static let reference = Option<String>.string(
        "--reference", "FILE", help: "the reference PNG (or, with --layout, JSON) to compare with or to --record")
    package static let record = Option<Bool>.flag("--record", help: "write or overwrite the reference instead of comparing; exit 0")
    package static let diff = Option<String>.string("--diff", "OUT.png", help: """
        when the images differ, write reference | actual | difference side by side (differing pixels \
        red on a faded reference; grey where one image has no pixel), atomically
        """)
    package static let tolerance = Option<Int>.integer(
        "--tolerance", "N", help: "allowed difference per channel, 0…255, for machines whose fonts render differently",
        default: "0")
    package static let layout = Option<Bool>.flag(
        "--layout", help: "compare `bubbles layout --json` text with a JSON reference instead of pixels; prints the differing lines")
}
