import ChatBubbles
import Dispatch
import Foundation

/// `bubbles measure` as a stream: chunks of input lines are read in order, parsed, measured
/// and printed on every core, and written in input order, with a bounded number in flight, so
/// memory does not grow with the input. Without `--explain` a message is prepared once and
/// measured at each width by arithmetic (`PreparedText`); no glyph positions are kept. With
/// `--expect` each message is compared with the app's height instead of printed, and only
/// `differs:` lines are written.
package struct MeasureStream: Sendable {
    /// One width to measure at: the screen (printed when several are asked for) and the text.
    package struct Width {
        package let screen: Double?
        package let text: Double
    }

    package let engine: TextEngine
    /// Font size, tab interval and line-break strategy (its `maxWidth` is replaced per width).
    package let style: TextStyle
    package let widths: [Width]
    package let explain: Bool
    package let source: String
    /// `--expect`: compare instead of printing records (one width).
    package var expectation: Expectation? = nil
    /// Lines per chunk, and how many chunks may be read and not yet written (a few per core).
    package var linesPerChunk = 256
    package var chunksInFlight = max(2, ProcessInfo.processInfo.activeProcessorCount * 4)

    /// What one chunk produced.
    fileprivate struct ChunkOutput {
        package var bytes = JSONBytes()
        package var problems: [String] = []
        package var error: Error?
        package var tally = Expectation.Tally()
    }

    /// What a whole run gave: the skipped lines (each reported) and, with an expectation, its tally.
    package struct Summary {
        package var skipped = 0
        package var tally = Expectation.Tally()
    }

    /// Runs to the end of the input. The calling thread reads chunks and writes their outputs
    /// in order; each chunk is measured on Dispatch's pool as soon as it is read. There is no
    /// barrier between batches: with one, a core idled at each batch's end until the other
    /// finished its last chunk, and while the calling thread wrote one batch and read the next.
    package func run(_ reader: NDJSONChunkReader, io: CommandIO) throws -> Summary {
        let finished = FinishedChunks()
        let group = DispatchGroup()
        // No chunk outlives the run, whether it returns or throws.
        defer { group.wait() }
        var summary = Summary()
        var read = 0, written = 0
        var readError: Error?
        var inputEnded = false
        while true {
            while !inputEnded && read - written < chunksInFlight {
                do {
                    guard let chunk = try reader.nextChunk(maxLines: linesPerChunk) else { inputEnded = true; break }
                    let index = read
                    DispatchQueue.global().async(group: group) { [self] in
                        finished.put(process(chunk), at: index)
                    }
                    read += 1
                } catch {
                    // Reported after the output of every line before it, as it is read.
                    readError = error
                    inputEnded = true
                }
            }
            if written == read { break }
            let output = finished.take(written)
            written += 1
            if let error = output.error { throw error }
            for problem in output.problems { io.writeError(problem + ", skipped\n") }
            summary.skipped += output.problems.count
            summary.tally.add(output.tally)
            if !output.bytes.bytes.isEmpty { output.bytes.bytes.withUnsafeBytes { io.write(bytes: $0) } }
        }
        if let readError { throw readError }
        return summary
    }

    fileprivate func process(_ chunk: NDJSONChunkReader.Chunk) -> ChunkOutput {
        var output = ChunkOutput()
        output.bytes = JSONBytes(capacity: chunk.lines.count * widths.count * 100)
        chunk.bytes.withUnsafeBufferPointer { bytes in
            for (offset, range) in chunk.lines.enumerated() {
                let line = UnsafeBufferPointer(rebasing: bytes[range])
                switch MessageLines.parse(line: line, lineNumber: chunk.firstLineNumber + offset, source: source) {
                case .blank: continue
                case .problem(let problem): output.problems.append(problem.message)
                case .message(let message):
                    do {
                        if let expectation {
                            if let line = expectation.compare(message, try size(message, width: widths[0].text),
                                                              into: &output.tally) {
                                output.bytes.raw(line)
                            }
                        } else {
                            try measure(message, into: &output.bytes)
                        }
                    } catch {
                        output.error = error
                        return
                    }
                }
            }
        }
        return output
    }

    /// A message's size at one width, by the prepared path (the full layout where it needs one).
    private func size(_ message: MessageLine, width: Double) throws -> TextMeasure {
        let prepared = try prepare(message)
        if prepared.needsLayout, let layout = try prepared.layout(maxWidth: width) { return TextMeasure(layout) }
        return try prepared.measure(maxWidth: width)
    }

    private func prepare(_ message: MessageLine) throws -> PreparedText {
        switch message.content {
        case .plainUTF16(let units): try engine.prepare(utf16: units, style: style)
        case .styled(let styled): try engine.prepare(styled, style: style)
        }
    }

    private func measure(_ message: MessageLine, into out: inout JSONBytes) throws {
        if explain {
            for width in widths {
                var style = style
                style.maxWidth = width.text
                let layout = try engine.layout(message.styled, style: style)
                out.raw(MeasureRecord(idJSON: message.idJSON, layout: layout, screenWidth: width.screen).json(explain: true))
                out.newline()
            }
            return
        }
        let prepared = try prepare(message)
        for width in widths {
            // Texts the arithmetic does not cover (tabs, reshaped line edges, missing glyphs,
            // which the record counts) take the full layout and print through the same record.
            if prepared.needsLayout, let layout = try prepared.layout(maxWidth: width.text) {
                out.raw(MeasureRecord(idJSON: message.idJSON, layout: layout, screenWidth: width.screen).json(explain: false))
                out.newline()
                continue
            }
            let size = try prepared.measure(maxWidth: width.text)
            out.raw("{\"id\": ")
            out.raw(message.idJSON)
            if let screen = width.screen {
                out.raw(", \"screen_width\": ")
                out.number(screen)
            }
            out.raw(", \"lines\": ")
            out.integer(size.lines)
            out.raw(", \"width\": ")
            out.number(size.width)
            out.raw(", \"height\": ")
            out.number(size.height)
            out.raw(", \"row_height\": ")
            out.number(LayoutMetrics.classic.textRowHeight(textHeight: size.height))
            out.raw("}\n")
        }
    }
}

/// Measured chunks waiting for their turn to be written, by their number in the input.
private final class FinishedChunks: @unchecked Sendable {
    private let condition = NSCondition()
    private var outputs: [Int: MeasureStream.ChunkOutput] = [:]
    /// The chunk the writing thread waits for, if it waits: only that chunk wakes it, and the
    /// signal comes after the lock is released, so a woken writer does not at once block on
    /// the lock the worker still holds (each wake-up also preempts a worker on two cores).
    private var awaited: Int?

    package func put(_ output: MeasureStream.ChunkOutput, at index: Int) {
        condition.lock()
        outputs[index] = output
        let wakes = awaited == index
        condition.unlock()
        if wakes { condition.signal() }
    }

    /// Chunk `index`'s output, once it is measured.
    package func take(_ index: Int) -> MeasureStream.ChunkOutput {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let output = outputs.removeValue(forKey: index) {
                awaited = nil
                return output
            }
            awaited = index
            condition.wait()
        }
    }
}
