import BubblesCommand
import CommandTesting
import Foundation
import Testing

/// `bubbles measure` with style spans: each run's face in the receipt, and bad spans named.
@Suite struct MeasureSpansTests {
    func measure(_ line: String, _ arguments: [String] = ["--explain"]) -> (code: Int32, out: String, err: String) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { Data((line + "\n").utf8) }, write: { output.append($0) },
                           writeError: { errors.append($0) })
        let code = Bubbles.main(["measure", "-"] + arguments, io: io)
        return (code, output.text, errors.text)
    }

    @Test func explainShowsEachRunsFace() throws {
        let result = measure(#"{"id": 1, "text": "plain bold code", "spans": [{"start": 6, "end": 10, "weight": "bold"}, {"start": 11, "end": 15, "monospace": true}]}"#)
        #expect(result.code == 0, "\(result.err)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let lines = try #require(record["explain"] as? [[String: Any]])
        let faces = (lines[0]["runs"] as? [[String: Any]] ?? []).compactMap { $0["face"] as? String }
        #expect(faces == ["Inter Regular", "Inter Bold", "Inter Regular", "DejaVu Sans Mono"])
        let plain = measure(#"{"id": 1, "text": "plain bold code"}"#, [])
        let styled = measure(#"{"id": 1, "text": "plain bold code", "spans": [{"start": 6, "end": 10, "weight": "bold"}]}"#, [])
        let width = { (out: String) in (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])?["width"] as? Double ?? 0 }
        #expect(width(styled.out) > width(plain.out))
    }

    @Test func badSpansAreReportedWithTheLineNumberAndSkipped() {
        for (spans, problem) in [
            (#"{"start": 3, "end": 1}"#, "0 <= start <= end"),
            (#"{"start": 0, "end": 1, "weight": "heavy"}"#, "spans[0].weight"),
            (#"{"start": 0, "end": 1, "colour": "link"}"#, "unknown key \"colour\""),
            (#"{"start": 0, "end": 1, "size": 100}"#, "spans[0].size"),
            (#"{"start": 0, "end": 1, "italic": "yes"}"#, "spans[0].italic"),
        ] {
            let result = measure(#"{"id": 1, "text": "abc", "spans": ["# + spans + "]}", [])
            #expect(result.code == 3)
            #expect(result.err.contains("<stdin>:1: ") && result.err.contains(problem), "\(result.err)")
        }
    }
}
