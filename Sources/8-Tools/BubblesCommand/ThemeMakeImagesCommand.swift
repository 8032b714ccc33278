import ChatBubbles
import Foundation

/// `bubbles theme make-images THEME_DIR`: draws a theme's bubble PNGs from the `generate`
/// section of its theme.json and writes them (atomically) into the theme directory.
/// `--check` writes nothing and fails when a file on disk differs from what would be drawn:
/// compared by decoded pixels, not bytes, so a PNG re-encoded by another zlib or an optimiser
/// still matches when it shows the same pixels.
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
                if let difference = try difference(between: path, and: file) { differing.append(difference) }
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

    /// Nil when the PNG at `path` shows the pixels of the drawing `file`; else its name, with
    /// the reason when it is not the size drawn or cannot be read. Pixels are straight RGBA
    /// and compared exactly, except that fully transparent pixels are all alike (their colour
    /// is never seen, and optimisers rewrite it).
    package static func difference(between path: String, and file: BubbleArt.File) throws -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "\(file.name) (missing)" }
        let onDisk: PNGRowReader
        do {
            onDisk = try PNGRowReader(data: data, name: file.name)
        } catch let error as PNGRowReader.ReadError {
            return "\(file.name) (\(error.problem))"
        }
        let drawn = try PNGRowReader(data: file.png, name: "the drawing of \(file.name)")
        guard (onDisk.width, onDisk.height) == (drawn.width, drawn.height) else {
            return "\(file.name) (\(onDisk.width)×\(onDisk.height) px, drawn \(drawn.width)×\(drawn.height) px)"
        }
        let want: [UInt8]
        do {
            want = try onDisk.rows(onDisk.height)
        } catch let error as PNGRowReader.ReadError {
            return "\(file.name) (\(error.problem))"
        }
        let got = try drawn.rows(drawn.height)
        return samePixels(want, got) ? nil : file.name
    }

    /// Whether two RGBA buffers show the same pixels, every transparent pixel being alike.
    package static func samePixels(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        for pixel in stride(from: 0, to: a.count, by: 4) {
            if a[pixel + 3] == 0 && b[pixel + 3] == 0 { continue }
            if a[pixel..<pixel + 4] != b[pixel..<pixel + 4] { return false }
        }
        return true
    }
}
