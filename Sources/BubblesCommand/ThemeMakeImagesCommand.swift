import BubbleTheme
import BubbleRender
import Foundation

/// `bubbles theme make-images THEME_DIR`: draws a theme's bubble PNGs from the `generate`
/// section of its theme.json and writes them (atomically) into the theme directory.
/// `--check` writes nothing and fails when a file on disk differs from what would be drawn.
public enum ThemeMakeImagesCommand: Subcommand {
    public static let words = ["theme", "make-images"]
    public static let summary = "draw a theme's bubble images from its theme.json"
    public static let usage = """
        usage: bubbles theme make-images THEME_DIR [--check]

        Draws the bubble images (NAME@1x.png, @2x, @3x) that the "generate" section of
        THEME_DIR/theme.json describes, and writes them into THEME_DIR.

          --check   write nothing; exit 1 if any image on disk differs from the drawing

        """

    public static func run(_ arguments: inout Arguments, io: CommandIO) throws -> Int32 {
        let check = arguments.flag("--check")
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw CommandError.usage(positionals.isEmpty ? "missing THEME_DIR" : "expected one THEME_DIR, got \(positionals.count)")
        }
        let directory = io.resolve(positionals[0])
        let files: [BubbleArt.File]
        do {
            let document = try ThemeDocument(directory: directory)
            files = try BubbleArt.render(document, file: directory + "/theme.json")
        } catch let error as ThemeError {
            throw CommandError(error.description)
        }
        var differing: [String] = []
        for file in files {
            let path = directory + "/" + file.name
            if check {
                if FileManager.default.contents(atPath: path) != file.png { differing.append(file.name) }
                continue
            }
            do {
                try OutputFile.write(file.png, to: path)
            } catch let error as OutputFile.WriteError {
                throw CommandError(error.description)
            }
            io.write("wrote \(file.name) (\(file.png.count) bytes)\n")
        }
        guard check else { return ExitCode.success }
        if differing.isEmpty {
            io.write("\(files.count) images match theme.json\n")
            return ExitCode.success
        }
        io.writeError("bubbles theme make-images: differ from theme.json: \(differing.joined(separator: ", "))\n")
        return ExitCode.failure
    }
}
