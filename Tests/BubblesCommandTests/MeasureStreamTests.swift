@testable import BubblesCommand
import BubbleText
import CommandTesting
import Foundation
import Testing

/// The pieces of `measure` as a stream: the number printer, the plain-line fast path, the
/// chunk reader, and the command's output at several widths and chunk sizes.
@Suite struct MeasureStreamTests {
    @Test func numberPrinterSpellsWhatJSONTextSpells() {
        var values: [Double] = [0, -0.0, 1, 100, 0.5, 0.001, 0.0001, 1e-7, 123.456, 1e7, 12_345_678.9, 1e15, 1e16,
                                -3.25, .pi, 1.0 / 3, 0.1 + 0.2, 285, 19.359375, 9_999_999.9999999, .nan, .infinity]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let units = Double(Int.random(in: 0..<2_000_000, using: &generator))
            // Points per unit of 2048- and 1000-unit fonts, and sums of them, as layouts hold.
            values.append(units * 16 / 2048)
            values.append(units * 16 / 1000)
            values.append(units * 0.016 + 18.75)
            values.append(Double.random(in: 0..<5000, using: &generator))
            values.append(Double(Int.random(in: 0..<100_000, using: &generator)) / 100)
        }
        for value in values {
            var bytes = JSONBytes()
            bytes.number(value)
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == JSONText.number(value), "\(value)")
            // JSONText spells fractions as string interpolation does.
            if value.isFinite && value != value.rounded() { #expect(JSONText.number(value) == "\(value)") }
        }
    }

    @Test func plainLinesReadAsJSONSerializationReadsThem() throws {
        let lines = [
            #"{"id": "a", "text": "Hello"}"#, #"{"text":"x y","id":"7"}"#, "\t{ \"id\" : \"é\" ,\t\"text\" : \"中文 👍🏽\" } ",
            #"{"id": "a", "text": "say \"hi\""}"#, #"{"id": 7, "text": "n"}"#, #"{"id": "a", "text": "b", "spans": []}"#,
            #"{"id": "a", "id": "b", "text": "c"}"#, #"{"id": "a"}"#, #"{"id": "a", "text": "b"} x"#, #"["a"]"#,
            #"{"id": "a", "text": "tab\there"}"#, #"{"id": "", "text": ""}"#,
            #"{"id": "a\nb", "text": "x\ty\\z\/ \"q\" \r\b\f end\n"}"#, #"{"id": "u", "text": "\u00e9 \ud83d\udc4d"}"#,
            #"{"id": "bad", "text": "\x"}"#, #"{"id": "cut", "text": "ends\"}"#, #"{"i\u0064": "k", "text": "t"}"#,
        ]
        for line in lines {
            let bytes = Array(line.utf8)
            let result = bytes.withUnsafeBufferPointer { MessageLines.parse(line: $0, lineNumber: 3, source: "in") }
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            switch result {
            case .message(let message):
                let text = try #require(object?["text"] as? String, "\(line)")
                #expect(message.text == text, "\(line)")
                #expect(message.idJSON == JSONText.value(object?["id"] ?? NSNull()), "\(line)")
                #expect(message.lineNumber == 3)
            case .problem(let problem):
                #expect(object?["text"] as? String == nil, "\(line)")
                #expect(problem.message.hasPrefix("in:3: "))
            case .blank:
                Issue.record("not blank: \(line)")
            }
        }
    }

    @Test func chunksCoverEveryLineAcrossBlockEdges() throws {
        var text = ""
        for index in 0..<1000 { text += index % 7 == 3 ? "\r\n" : String(repeating: "x", count: index % 50) + "\(index)\n" }
        text += "last line without newline"
        let data = Data(text.utf8)
        // Split as bytes: "\r\n" is one Character, so String.split would keep it whole.
        let expected = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        for blockSize in [1, 7, 64, 4096] {
            var offset = 0
            let reader = NDJSONChunkReader(blockSize: blockSize) { pointer, count in
                let length = min(count, data.count - offset, 5)
                data.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress! + offset, byteCount: length) }
                offset += length
                return length
            }
            var lines: [String] = []
            var nextNumber = 1
            while let chunk = try reader.nextChunk(maxLines: 13) {
                #expect(chunk.firstLineNumber == nextNumber)
                nextNumber += chunk.lines.count
                lines += chunk.lines.map { String(decoding: chunk.bytes[$0], as: UTF8.self) }
            }
            #expect(lines == expected, "block \(blockSize)")
        }
    }

    func run(_ arguments: [String], input: Data) -> (output: String, errors: String, code: Int32) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { input }, write: { output.append($0) }, writeError: { errors.append($0) })
        let code = Bubbles.main(["measure"] + arguments, io: io)
        return (output.text, errors.text, code)
    }

    static func corpusInput() -> Data {
        var text = ""
        let words = ["Hello", "world", "中文字符", "👍🏽", "مرحبا", "supercalifragilisticexpialidocious", "a", "\\n"]
        for index in 0..<700 {
            let body = (0..<(index % 23)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
            text += index % 97 == 5 ? "not json\n" : "{\"id\": \"m\(index)\", \"text\": \"\(body)\"}\n"
        }
        return Data(text.utf8)
    }

    @Test func severalScreenWidthsGiveOneRecordPerMessageAndWidth() throws {
        let input = Self.corpusInput()
        let result = run(["--screen-width", "320,375,390,430"], input: input)
        #expect(result.code == 3)
        #expect(result.errors.contains("<stdin>:6: not JSON, skipped"))
        let lines = result.output.split(separator: "\n").map(String.init)
        for (index, width) in [320, 375, 390, 430].enumerated() {
            let single = run(["--screen-width", "\(width)"], input: input).output.split(separator: "\n").map(String.init)
            #expect(lines.count == single.count * 4)
            for (row, line) in single.enumerated() {
                let expected = line.replacingOccurrences(of: ", \"lines\"", with: ", \"screen_width\": \(width), \"lines\"")
                #expect(lines[row * 4 + index] == expected)
            }
        }
        #expect(run(["--screen-width", "320,abc"], input: input).code == 2)
        #expect(run(["--screen-width", "320,375", "--text-width", "200"], input: input).code == 2)
    }

    @Test func outputIsInInputOrderWhateverTheChunking() throws {
        let input = Self.corpusInput()
        let engine = try TextEngine(fonts: FontRoles.bundled())
        let whole = run([], input: input).output
        for (lines, chunks) in [(1, 2), (5, 3), (256, 8), (1000, 1)] {
            var stream = MeasureStream(engine: engine, style: TextStyle(fontSize: 16, maxWidth: 285), widths: [.init(screen: nil, text: 285)], explain: false,
                                       source: "<stdin>")
            stream.linesPerChunk = lines
            stream.chunksInFlight = chunks
            let output = PreviewSink(), errors = PreviewSink()
            let io = CommandIO(readStandardInput: { input }, write: { output.append($0) }, writeError: { errors.append($0) })
            let skipped = try stream.run(NDJSONChunkReader.data(input), io: io).skipped
            #expect(skipped == 8)
            #expect(output.text == whole, "\(lines) lines × \(chunks)")
        }
    }

    /// A read that fails part-way (a disk error) ends the run with its error, after the records
    /// of every whole line read before it, in order, whatever is still in flight.
    @Test func aFailedReadComesAfterEveryLineBeforeIt() throws {
        var input = ""
        for index in 0..<1_000 { input += "{\"id\": \(index), \"text\": \"line \(index) of a long input\"}\n" }
        let bytes = Data(input.utf8)
        final class Reads: @unchecked Sendable { var count = 0 }
        let reads = Reads()
        let reader = NDJSONChunkReader(blockSize: bytes.count + 1) { pointer, count in
            reads.count += 1
            guard reads.count == 1 else { throw CommandError("<stdin>: cannot be read: Input/output error") }
            bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            return bytes.count
        }
        var stream = MeasureStream(engine: try TextEngine(fonts: FontRoles.bundled()), style: TextStyle(fontSize: 16, maxWidth: 285),
                                   widths: [.init(screen: nil, text: 285)], explain: false, source: "<stdin>")
        stream.linesPerChunk = 7
        stream.chunksInFlight = 5
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0) }, writeError: { errors.append($0) })
        #expect(throws: CommandError("<stdin>: cannot be read: Input/output error")) { try stream.run(reader, io: io) }
        let ids = output.text.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int
        }
        #expect(ids == (0..<1_000).map { $0 })
    }

    /// Standard input is read block by block when the streams allow it (the process's own do):
    /// a piped input of any length is never held whole, and the output is the same.
    @Test func standardInputIsReadInBlocksNeverWhole() throws {
        let input = Self.corpusInput()
        let output = PreviewSink(), errors = PreviewSink()
        final class Offset: @unchecked Sendable { var value = 0, reads = 0 }
        let offset = Offset()
        let io = CommandIO(readStandardInput: { Issue.record("standard input was read whole"); return input },
                           write: { output.append($0) }, writeError: { errors.append($0) },
                           readStandardInputBlock: { buffer in
                               // Short reads, as a pipe gives them: at most 1,000 bytes each.
                               let length = min(buffer.count, input.count - offset.value, 1_000)
                               input.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset.value, byteCount: length) }
                               offset.value += length
                               offset.reads += 1
                               return length
                           })
        let code = Bubbles.main(["measure", "-"], io: io)
        #expect(code == 3)
        #expect(offset.reads > input.count / 1_000)
        let whole = run([], input: input)
        #expect(output.text == whole.output)
        #expect(errors.text == whole.errors)
    }

    /// `--expect` streams too: standard input is read in blocks, every message is compared as
    /// it goes by, and the `differs:` lines come in input order with the heights the records print.
    @Test func expectStreamsAndComparesWithTheRecordsHeights() throws {
        let input = Self.corpusInput()
        let records = run([], input: input).output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(records.count > 600)
        // Every seventh height is 5 pt off; one id is not in the input.
        var expectLines: [String] = []
        var off: [String] = []
        for (index, record) in records.enumerated() {
            let id = try #require(record["id"] as? String), height = try #require(record["row_height"] as? Double)
            if index % 7 == 3 { off.append(id) }
            expectLines.append("\(id),\(index % 7 == 3 ? height + 5 : height)")
        }
        expectLines.append("nowhere,44")
        let folder = try PreviewFolder()
        let expectFile = folder.path + "/heights.csv"
        try ("id,row_height\n" + expectLines.joined(separator: "\n") + "\n").write(toFile: expectFile, atomically: true, encoding: .utf8)

        let output = PreviewSink(), errors = PreviewSink()
        final class Offset: @unchecked Sendable { var value = 0 }
        let offset = Offset()
        let io = CommandIO(readStandardInput: { Issue.record("standard input was read whole"); return input },
                           write: { output.append($0) }, writeError: { errors.append($0) },
                           readStandardInputBlock: { buffer in
                               let length = min(buffer.count, input.count - offset.value, 1_000)
                               input.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset.value, byteCount: length) }
                               offset.value += length
                               return length
                           })
        #expect(Bubbles.main(["measure", "-", "--expect", expectFile], io: io) == 4)
        let lines = output.text.split(separator: "\n").map(String.init)
        let differs = lines.filter { $0.hasPrefix("differs: ") }
        #expect(differs.map { $0.split(separator: "\"")[1] }.map(String.init) == off)
        for line in differs {
            // "… measured 100 (-5 pt, 1 lines) …", the difference printed shortest round-trip.
            let difference = line.components(separatedBy: " (")[1].components(separatedBy: " pt")[0]
            #expect(abs((Double(difference) ?? 0) + 5) < 1e-9, "\(line)")
        }
        #expect(lines.contains("missing: id nowhere is in the expect file but not in the input"))
        #expect(lines.last == "\(off.count) of \(records.count) rows differ by more than 0.5 pt; 0 input rows without an expected height; 1 expected ids not in the input")
        #expect(errors.text.contains("<stdin>:6: not JSON, skipped"))
    }

    /// The width-only path prints what the full layout prints (the `--explain` path without its
    /// receipt): tabs, kerning across breaks, Korean words, and missing glyphs with their count.
    @Test func widthOnlyPathPrintsWhatTheFullLayoutPrints() throws {
        let texts = ["A-V A-V-A-V To-Ty W-A-V-E", "ニュースのニュースをニュースで見た", "Ta\\tb\\t\\tc d\\te",
                     "안녕하세요 오늘 저녁에 카톡ID 알려줘요 3개 주문했어요", "tofu \\uE001 and \\uDB80\\uDC00 here",
                     "plain words only", "office-ffi-fl", "مرحبا-بالعالم"]
        let input = Data(texts.enumerated().map { "{\"id\": \($0.offset), \"text\": \"\($0.element)\"}\n" }.joined().utf8)
        for options in [[], ["--screen-width", "320,375,200"], ["--tab-interval", "40", "--text-width", "90"],
                        ["--line-break-strategy", "hangul-word-priority", "--text-width", "70"], ["--text-width", "30"]] {
            let fast = run(options, input: input)
            let full = run(options + ["--explain"], input: input)
            #expect(fast.code == 0 && full.code == 0)
            let stripped = full.output.split(separator: "\n").map { line -> String in
                guard let cut = line.range(of: ", \"explain\": ") else { return String(line) }
                return String(line[..<cut.lowerBound]) + "}"
            }
            #expect(fast.output.split(separator: "\n").map(String.init) == stripped, "\(options)")
            let widths = options.first == "--screen-width" ? 3 : 1
            #expect(fast.output.components(separatedBy: "\"missing_glyphs\": 2").count == 1 + widths, "\(options)")
        }
    }
}
