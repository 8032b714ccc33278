/// The commands for theme designers, as data: help prose and option tables.
extension Command {
    package static let themePreview = Command(
        words: ["theme", "preview"], summary: "one sheet of every message kind in a theme (+ dark) at 320 and 430 pt",
        synopsis: "usage: bubbles theme preview THEME -o SHEET.png [--scale 1|2|3] [--kinds FILE] [--locale ID]",
        description: """
        THEME is a theme in Themes/ (classic, imessage-style, telegram-style) or a theme directory. The sheet has one
        column per (theme, width): the theme and its dark variant, if it names one, each at
        iphone-se (320 pt) and iphone-14-pro-max (430 pt), with a label on top of each column.
        """,
        options: [OptionGroup("theme preview", [
            ThemePreviewCommand.output, ThemePreviewCommand.scale, ThemePreviewCommand.kinds, Options.locale, Options.exact,
        ])],
        run: ThemePreviewCommand.run)

    package static let themeMakeImages = Command(
        words: ["theme", "make-images"], summary: "draw a theme's bubble images from its theme.json",
        synopsis: "usage: bubbles theme make-images THEME_DIR [--check]",
        description: """
        Draws the bubble images (NAME@1x.png, @2x, @3x) that the "generate" section of
        THEME_DIR/theme.json describes, and writes them into THEME_DIR.
        """,
        options: [OptionGroup("theme make-images", [ThemeMakeImagesCommand.check])],
        run: ThemeMakeImagesCommand.run)

    package static let doctor = Command(
        words: ["doctor"], summary: "library versions, fonts and themes found, which fast paths are on and why",
        synopsis: "usage: bubbles doctor",
        description: """
        Prints the C libraries' versions as loaded, where the fonts and themes are found and whether
        the fonts are the ones the project ships, and each fast path (a shortcut past a library that
        gives the library's result) with why it is on or off. Exits 1 when fonts or themes are missing.
        """,
        options: [OptionGroup("doctor", [Options.exact])],
        run: DoctorCommand.run)
}

/// The options only one command takes.
extension ThemePreviewCommand {
    package static let output = Options.output.described("the PNG to write (atomically)")
    package static let scale = Options.scale.described("pixels per point", default: "2")
    package static let kinds = Option<String>.string("--kinds", "FILE", help: "the conversation to show", default: """
        Samples/preview-kinds.json: short, long, CJK, emoji-only and Arabic text, wide and tall images, \
        short and long voice messages, a late message, a file link, typing
        """)
}

extension ThemeMakeImagesCommand {
    package static let check = Option<Bool>.flag(
        "--check", help: "write nothing; exit 1 if any image on disk shows other pixels than the drawing")
}
