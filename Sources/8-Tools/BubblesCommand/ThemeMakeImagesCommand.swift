import ChatBubbles
import Foundation

/// `bubbles theme make-images THEME_DIR`: draws a theme's bubble PNGs from the `generate`
/// section of its theme.json and writes them (atomically) into the theme directory.
/// `--check` writes nothing and fails when a file on disk differs from what would be drawn.
package enum ThemeMakeImagesCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let check = parsed[Self.check]
        let positionals = parsed.positionals
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
