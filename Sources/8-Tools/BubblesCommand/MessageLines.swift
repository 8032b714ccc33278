import ChatBubbles
import Foundation

/// One `{"id": …, "text": …, "spans": […]}` line of an NDJSON input.
package struct MessageLine {
    package let lineNumber: Int
    /// The id as it was written (string or number), re-encoded for output.
    package let idJSON: String
    /// The id as text, to match against `--expect` files.
    package let idText: String
    /// How the text was read: plain lines (most) straight into UTF-16, which the engine takes
    /// as it is; the others through JSONSerialization, with their style spans.
    package enum Content {
        case plainUTF16([UInt16])
        case styled(StyledText)
    }
    package let content: Content

    /// The text with its optional style spans.
    package var styled: StyledText {
        switch content {
        case .plainUTF16(let units): StyledText(String(decoding: units, as: UTF16.self))
        case .styled(let styled): styled
        }
    }

    package var text: String { styled.string }
}

/// Reads NDJSON message lines; a line that is not usable is reported, not fatal.
package enum MessageLines {
    package struct Problem: Error { package let lineNumber: Int; package let message: String }

    package static func parse(_ data: Data, source: String) -> (messages: [MessageLine], problems: [Problem]) {
        var messages: [MessageLine] = []
        var problems: [Problem] = []
        var lineNumber = 0
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start <= bytes.count {
                lineNumber += 1
                let end = NDJSONChunkReader.lineEnd(in: bytes, from: start)
                switch parse(line: UnsafeBufferPointer(rebasing: bytes[start..<end]), lineNumber: lineNumber, source: source) {
                case .blank: break
                case .message(let message): messages.append(message)
                case .problem(let problem): problems.append(problem)
                }
                start = end + 1
            }
        }
        return (messages, problems)
    }

    /// What one input line is.
    package enum LineResult {
        /// Empty or only spaces and tabs: not counted.
        case blank
        case message(MessageLine)
        case problem(Problem)
    }

    /// One line without its `\n`: the plain `{"id": "…", "text": "…"}` shape (strings without
    /// `\u` escapes) is read straight from the bytes; anything else goes through JSONSerialization.
    package static func parse(line raw: UnsafeBufferPointer<UInt8>, lineNumber: Int, source: String) -> LineResult {
        var line = raw
        if line.last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .blank }
        if let plain = PlainMessageLine(line),
           let id = PlainMessageLine.string(line, plain.id, escaped: plain.idEscaped),
           let text = PlainMessageLine.utf16(line, plain.text) {
            let idJSON = plain.idEscaped ? JSONText.string(id) : "\"" + id + "\""
            return .message(MessageLine(lineNumber: lineNumber, idJSON: idJSON, idText: id, content: .plainUTF16(text)))
        }
        switch parseLine(Data(line)) {
        case .success(let (idJSON, idText, styled)):
            return .message(MessageLine(lineNumber: lineNumber, idJSON: idJSON, idText: idText, content: .styled(styled)))
        case .failure(let problem):
            return .problem(Problem(lineNumber: lineNumber, message: "\(source):\(lineNumber): \(problem.message)"))
        }
    }

    private struct LineProblem: Error { let message: String }

    private static func parseLine(_ line: Data) -> Result<(String, String, StyledText), LineProblem> {
        guard String(data: line, encoding: .utf8) != nil else {
            return .failure(LineProblem(message: "not valid UTF-8"))
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed])
        } catch {
            return .failure(LineProblem(message: "not JSON"))
        }
        guard let fields = object as? [String: Any] else {
            return .failure(LineProblem(message: "not a JSON object"))
        }
        guard let text = fields["text"] as? String else {
            return .failure(LineProblem(message: fields["text"] == nil ? "no \"text\" field" : "\"text\" is not a string"))
        }
        let id = fields["id"] ?? NSNull()
        let idJSON = JSONText.value(id)
        let idText = (id as? String) ?? idJSON
        guard let spans = fields["spans"] else { return .success((idJSON, idText, StyledText(text))) }
        do {
            return .success((idJSON, idText, StyledText(text, spans: try StyleSpanJSON.spans(spans))))
        } catch {
            return .failure(LineProblem(message: error.message))
        }
    }
}
