import ChatBubbles
import Dispatch
import Foundation

/// `bubbles measure`: wrapped text sizes and the origin app's row heights, one NDJSON line per
/// message, so that an app's row-height math can be checked from the command line and on CI.
package struct MeasureCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let screenWidths = try Self.screenWidths(parsed[Self.screenWidth])
        let width = parsed[Self.textWidth] ?? LayoutMetrics.classic.maxTextWidth(screenWidth: screenWidths[0])
        let fontSize = parsed[Self.fontSize] ?? LayoutMetrics.classic.textFontSize
        let explain = parsed[Self.explain]
        let expectPath = parsed[Self.expect]
        let tolerance = parsed[Self.tolerance] ?? 0.5
        let fontsDirectory = parsed[Self.fonts]
        let inputs = parsed.positionals
        let tabInterval = parsed[Self.tabInterval] ?? TextStyle.defaultTabInterval
        let lineBreakStrategy = try Options.lineBreakStrategy(parsed) ?? .standard
        guard tabInterval > 0, tabInterval <= 1000 else { throw CommandError.usage("--tab-interval must be between 0 and 1000 pt") }
        guard width > 0, width < 100_000 else { throw CommandError.usage("text width must be between 0 and 100000 pt") }
        guard fontSize > 0, fontSize < 1000 else { throw CommandError.usage("--font-size must be between 0 and 1000 pt") }
        guard inputs.count <= 1 else { throw CommandError.usage("give one input file (or - for standard input)") }
        if screenWidths.count > 1 {
            guard parsed[Self.textWidth] == nil else { throw CommandError.usage("--text-width takes one width: give several with --screen-width only") }
            guard expectPath == nil else { throw CommandError.usage("--expect compares one width: give one --screen-width") }
        }

        // For a long input, the tables and proofs the first texts need are made ahead
        // (`TablesAhead`). A short input may need none of them, and making them all would slow
        // a one-message `measure`.
        let tables = (inputs.first.map { Self.isLongFile(io.resolve($0)) } ?? false) ? TablesAhead() : nil
        defer { tables?.wait() }
        let expected = try expectPath.map { try ExpectedHeights(contentsOf: io.resolve($0), shown: $0) }
        let style = TextStyle(fontSize: fontSize, maxWidth: width, tabInterval: tabInterval, lineBreakStrategy: lineBreakStrategy)
        let engine = try TextEngine(fonts: FontRoles.bundled(directory: fontsDirectory.map(io.resolve)),
                                    language: parsed[Self.language])
        tables?.prepare(engine, for: style.role)
        let widths = screenWidths.count == 1
            ? [MeasureStream.Width(screen: nil, text: width)]
            : screenWidths.map { MeasureStream.Width(screen: $0, text: LayoutMetrics.classic.maxTextWidth(screenWidth: $0)) }
        let (reader, source) = try openInput(inputs.first, io: io)
        var stream = MeasureStream(engine: engine, style: style, widths: widths, explain: explain, source: source)
        stream.expectation = expected.map { Expectation(expected: $0, tolerance: tolerance) }
        let summary = try stream.run(reader, io: io)
        io.keepUntilExit((engine, stream))
        if let expectation = stream.expectation { io.write(expectation.summary(summary.tally)) }
        if summary.skipped > 0 { io.writeError("\(summary.skipped) input lines skipped\n") }
        if summary.tally.differences > 0 { return ExitCode.mismatch }
        return summary.skipped > 0 ? ExitCode.partial : ExitCode.success
    }

    /// `--screen-width 320,375,390,430`: one or more widths, each a number in (0, 100000).
    package static func screenWidths(_ text: String?) throws -> [Double] {
        guard let text else { return [375] }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var widths: [Double] = []
        for part in parts {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let value = Double(trimmed), value.isFinite, value > 0, value < 100_000 else {
                throw CommandError.usage("--screen-width: \"\(trimmed)\" is not a width in points (give PT or PT,PT,…)")
            }
            widths.append(value)
        }
        return widths
    }

    /// Whether `path` is a file of at least 256 KB (about 1,500 chat messages), whose measuring
    /// pays for making the tables ahead.
    package static func isLongFile(_ path: String) -> Bool {
        (RegularFile.size(at: path) ?? 0) >= 256 * 1024
    }

    /// The input as a chunk reader: a file read in blocks, or standard input.
    package static func openInput(_ path: String?, io: CommandIO) throws -> (NDJSONChunkReader, String) {
        guard let path, path != "-" else { return (NDJSONChunkReader.standardInput(io), "<stdin>") }
        let resolved = io.resolve(path)
        if let problem = RegularFile.problem(at: resolved) { throw CommandError("\(path): \(problem)") }
        return (try NDJSONChunkReader.file(resolved, shown: path), path)
    }

    package static func readInput(_ path: String?, io: CommandIO) throws -> (Data, String) {
        guard let path, path != "-" else { return (io.readStandardInput(), "<stdin>") }
        let resolved = io.resolve(path)
        // A named pipe is read only as standard input (`-`): opened by name it would block.
        if let problem = RegularFile.problem(at: resolved) { throw CommandError("\(path): \(problem)") }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            throw CommandError("\(path): cannot be read")
        }
        return (data, path)
    }

    /// Lays texts out on every core, results in input order. The engine is thread-safe.
    package static func layoutInParallel(_ texts: [StyledText], engine: TextEngine, style: TextStyle) throws -> [TextLayout] {
        final class Results: @unchecked Sendable {
            package var layouts: [TextLayout?]
            package var error: Error?
            package let lock = NSLock()
            package init(_ count: Int) { layouts = Array(repeating: nil, count: count) }
        }
        let results = Results(texts.count)
        let chunk = 64
        let chunks = (texts.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            let range = index * chunk..<min(texts.count, (index + 1) * chunk)
            var local: [TextLayout] = []
            do {
                for i in range { local.append(try engine.layout(texts[i], style: style)) }
                results.lock.lock()
                for (offset, layout) in local.enumerated() { results.layouts[range.lowerBound + offset] = layout }
                results.lock.unlock()
            } catch {
                results.lock.lock()
                results.error = error
                results.lock.unlock()
            }
        }
        if let error = results.error { throw error }
        return results.layouts.map { $0! }
    }
}
