import BubbleThemeLint
import ChatBubbles
import Foundation

/// `bubbles theme lint THEME [--overlay OUT.png]`: prints every finding of `ThemeLint` (one
/// line each, the key as a JSON path) and a summary; exit 1 with any error, 0 otherwise.
package enum ThemeLintCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let names = parsed.positionals
        guard names.count == 1 else {
            throw CommandError.usage(names.isEmpty ? "missing THEME" : "expected one THEME, got \(names.count)")
        }
        let report = ThemeLint.lint(names[0], currentDirectory: io.currentDirectory)
        for finding in report.findings { io.write(finding.description + "\n") }
        io.write(report.summary + "\n")
        if let overlay = parsed[Self.overlay] {
            let path = io.resolve(overlay)
            do {
                let data = try ThemeLintOverlay.render(names[0], currentDirectory: io.currentDirectory)
                try OutputFile.write(data, to: path)
                io.writeError("wrote \(path) (\(data.count) bytes)\n")
            } catch {
                throw CommandError("--overlay \(overlay): \(error)")
            }
        }
        return report.passes ? ExitCode.success : ExitCode.failure
    }
}

extension ThemeLintCommand {
    package static let overlay = Option<String>.string("--overlay", "OUT.png", help: """
        also draw every bubble image at every scale, enlarged, with its cap-inset grid, stretch \
        zones and tail marked
        """)
}

extension Command {
    package static let themeLint = Command(
        words: ["theme", "lint"], summary: "check a theme for what loading cannot: caps, tails, scales, contrast, fonts",
        synopsis: "usage: bubbles theme lint THEME [--overlay OUT.png]",
        description: """
        THEME is a theme in Themes/ (classic, imessage-style, telegram-style, …) or a theme
        directory. Checks: cap insets against the smallest bubble each side draws (one line of
        text, a one-character message, a voice message), tails inside the unstretched corners of
        every image file, @1x/@2x/@3x files that disagree by more than 1 px, text insets that leave
        no line at 320 pt, WCAG AA contrast (4.5:1) of text, links and times on the bubbles and of
        names, times and day separators on the background, and fonts missing from Fonts/.
        Each finding names the key as a JSON path, the measured value and the limit.
        """,
        notes: """
        Exit 0: no errors (warnings, such as low contrast, are printed); exit 1: at least one
        error. theme.json's "lint": {"accept": {"colors.time": "reason"}} keeps a warning on purpose.
        """,
        options: [OptionGroup("theme lint", [ThemeLintCommand.overlay])],
        run: ThemeLintCommand.run)
}
