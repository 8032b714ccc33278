@testable import BubblesCommand
import Foundation

/// `bubbles measure`'s NDJSON input (`{"id","text","spans"}` per line). A bad line is a
/// reported problem with its line number, never fatal; every line is either a message or a
/// problem or blank.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMeasureLines(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    let (messages, problems) = MessageLines.parse(data, source: "fuzz.jsonl")
    let lineCount = data.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    precondition(messages.count + problems.count <= lineCount)
    for problem in problems {
        precondition(problem.lineNumber >= 1 && problem.lineNumber <= lineCount)
        precondition(problem.message.hasPrefix("fuzz.jsonl:\(problem.lineNumber): "))
    }
    for message in messages {
        // Spans are clamped to the text: no resolved run may reach past its end.
        let length = message.text.utf16.count
        precondition(message.styled.runs.allSatisfy { $0.range.upperBound <= length })
    }
    return 0
}
