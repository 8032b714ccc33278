import ChatBubbles
import Foundation

/// `bubbles snapshot`: snapshot tests of a user's own conversations and themes. Renders as
/// `bubbles render` does (PNG) and compares with a recorded reference, pixel by pixel in
/// bands, or compares `layout --json` text with `--layout`.
package struct SnapshotCommand {
    /// What was rendered, and where its first pixel row lies in the layout.
    package struct Rendering {
        package var layout: ConversationLayout
        package var png: Data
        package var scale: Int
        package var top: Double
    }

    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let input = try parsed.onlyPositional("give one archive or JSON conversation")
        guard let reference = parsed[Self.reference] else { throw CommandError.usage("give the reference file with --reference") }
        let record = parsed[Self.record], layoutOnly = parsed[Self.layout], diff = parsed[Self.diff]
        let tolerance = parsed[Self.tolerance] ?? 0
        guard (0...255).contains(tolerance) else { throw CommandError.usage("--tolerance must be 0…255 (per channel)") }
        if layoutOnly && diff != nil { throw CommandError.usage("--diff draws pixel differences; it does not go with --layout") }
        if layoutOnly && tolerance > 0 { throw CommandError.usage("--tolerance is for pixels; --layout compares text exactly") }
        if layoutOnly && reference.lowercased().hasSuffix(".png") {
            throw CommandError.usage("--layout compares `layout --json` text: give a .json reference, not \(reference)")
        }
        if !layoutOnly && reference.lowercased().hasSuffix(".json") {
            throw CommandError.usage("a .json reference holds layout text: add --layout to compare it")
        }
        if record && diff != nil { throw CommandError.usage("--record writes the reference; --diff is for comparing") }

        let choice = ConversationInput(parsed)
        let screen = try ScreenOptions(parsed)
        let scale = try screen.scale(parsed)
        let conversation = try CommandGlue.loadConversation(path: input, account: choice.account, peer: choice.peer,
                                                            vcards: choice.vcards, io: io)
        let (chat, model, layout) = try CommandGlue.layOut(conversation, input: choice, screen: screen, io: io)
        if !model.warnings.isEmpty { _ = ModelsCommand.reportWarnings(model.warnings, io: io) }

        if layoutOnly {
            let text = LayoutCommand.json(layout, theme: screen.theme)
            if record { return try write(Data(text.utf8), to: reference, what: "\(text.split(separator: "\n").count) lines", io: io) }
            return try compareLayout(text, reference: reference, io: io)
        }
        // As `render` draws: the whole conversation, or with --viewport the newest screenful.
        let screenHeight = screen.device.height
        let top = parsed[Options.viewport] ? max(0, layout.height - screenHeight) : 0
        let viewport = parsed[Options.viewport] ? ConversationRenderer.Viewport(y: top, height: screenHeight) : nil
        let png = try chat.render(layout, format: .png, scale: scale, viewport: viewport, pageHeight: screenHeight)
        let rendering = Rendering(layout: layout, png: png, scale: scale, top: top)
        if record {
            let size = try PNGRowReader(data: png, name: "the rendering")
            return try write(png, to: reference, what: "\(size.width)×\(size.height) px", io: io)
        }
        return try comparePixels(rendering, reference: reference, diff: diff, tolerance: tolerance, io: io)
    }

    /// The reference's bytes, mapped rather than read where the system allows; a missing one
    /// says how to record it.
    package static func readReference(_ reference: String, io: CommandIO) throws -> Data {
        let path = io.resolve(reference)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandError("no reference at \(reference); run the same command with --record to write it")
        }
        guard !isDirectory.boolValue else { throw CommandError("cannot read reference \(reference): it is a folder") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw CommandError("cannot read reference \(reference): \(error.localizedDescription)")
        }
    }

    package static func comparePixels(_ rendering: Rendering, reference: String, diff: String?, tolerance: Int,
                              io: CommandIO) throws -> Int32 {
        let want: PNGRowReader, got: PNGRowReader
        do {
            want = try PNGRowReader(data: try readReference(reference, io: io), name: "reference \(reference)")
            got = try PNGRowReader(data: rendering.png, name: "the rendering")
        } catch let error as PNGRowReader.ReadError {
            throw CommandError(error.description)
        }
        let width = max(want.width, got.width), height = max(want.height, got.height)
        let sheet = try diff.map { _ in try PNGRowWriter(width: 3 * width, height: height) }
        let comparison: PixelComparison
        do {
            comparison = try PixelComparison(reference: want, actual: got, tolerance: tolerance, diff: sheet)
        } catch let error as PNGRowReader.ReadError {
            throw CommandError(error.description)
        }
        guard let box = comparison.boundingBox else {
            let within = tolerance > 0 ? " within \(tolerance) per channel" : ""
            io.write("matches \(reference)\(within) (\(want.width)×\(want.height) px)\n")
            return ExitCode.success
        }
        var line = "differs from \(reference): "
        if (want.width, want.height) != (got.width, got.height) {
            line += "the rendering is \(got.width)×\(got.height) px, the reference \(want.width)×\(want.height) px; "
        }
        let scale = Double(rendering.scale)
        func points(_ pixel: Int) -> String { JSONText.number(Double(pixel) / scale) }
        line += "\(comparison.count) pixel\(comparison.count == 1 ? "" : "s") (more than \(tolerance) per channel apart) within x \(points(box.minX))…\(points(box.maxX + 1)), "
            + "y \(points(box.minY))…\(points(box.maxY + 1)) pt"
        let sources = comparison.sources(in: rendering.layout, scale: rendering.scale, top: rendering.top)
        let shown = sources.prefix(12).joined(separator: ", ")
        line += sources.isEmpty ? ", in no row" : ", in rows \(shown)" + (sources.count > 12 ? " and \(sources.count - 12) more" : "")
        io.write(line + "\n")
        if let diff, let sheet {
            let data = try sheet.finish()
            _ = try write(data, to: diff, what: "reference | actual | difference, \(sheet.width)×\(sheet.height) px", io: io)
        }
        return ExitCode.different
    }

    package static func compareLayout(_ text: String, reference: String, io: CommandIO) throws -> Int32 {
        let data = try readReference(reference, io: io)
        guard let expected = String(data: data, encoding: .utf8) else {
            throw CommandError("reference \(reference) is not UTF-8 text (a `layout --json` file is expected)")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        guard expected != text else {
            io.write("matches \(reference) (\(lines - 1) lines)\n")
            return ExitCode.success
        }
        let difference = LineDiff(reference: expected, actual: text)
        io.write(difference.text)
        io.write("differs from \(reference): \(difference.removed) line\(difference.removed == 1 ? "" : "s") removed, "
                 + "\(difference.inserted) added\n")
        return ExitCode.different
    }

    /// Writes atomically and says so on standard error.
    package static func write(_ data: Data, to path: String, what: String, io: CommandIO) throws -> Int32 {
        do {
            try OutputFile.write(data, to: io.resolve(path))
        } catch {
            throw CommandError("\(error)")
        }
        io.writeError("wrote \(path) (\(what))\n")
        return ExitCode.success
    }
}
