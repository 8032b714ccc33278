import BubblesCommand
import CommandTesting
import Foundation
import Testing

/// `layout --explain`: every row's text receipt is the one `measure --explain` gives for the
/// same text, so a differing row height in CI explains itself from one file.
@Suite struct LayoutExplainTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func bubbles(_ arguments: [String], input: Data = Data()) -> (code: Int32, out: String, err: String) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { input }, write: { output.append($0) },
                           writeError: { errors.append($0) }, currentDirectory: Self.repository.path)
        let code = Bubbles.main(arguments, io: io)
        return (code, output.text, errors.text)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func textRowsCarryTheMeasureReceipt() throws {
        let layout = bubbles(["layout", "Samples/conversation.json", "--explain"])
        #expect(layout.code == 0, "\(layout.err)")
        let rows = try #require(try json(layout.out)["rows"] as? [[String: Any]])
        let textRows = rows.filter { $0["kind"] as? String == "text" }
        #expect(textRows.count >= 5)
        for row in textRows {
            let explain = try #require(row["explain"] as? [[String: Any]])
            #expect(explain.count == row["text_lines"] as? Int)
            // The same text through `measure --explain` (classic: the same width and size).
            let text = explain.map { $0["text"] as? String ?? "" }.joined()
            let line = String(data: try JSONSerialization.data(withJSONObject: ["id": "x", "text": text]), encoding: .utf8)!
            let measured = bubbles(["measure", "--explain"], input: Data((line + "\n").utf8))
            let receipt = try #require(try json(measured.out)["explain"] as? [[String: Any]])
            #expect(NSArray(array: receipt).isEqual(to: explain), "\(row["source"] ?? "")")
        }
        // Labels and quotes have theirs too; a row without text has none.
        let modern = try json(bubbles(["layout", "Samples/modern.json", "--theme", "telegram-style", "--explain"]).out)
        let modernRows = try #require(modern["rows"] as? [[String: Any]])
        #expect(modernRows.filter { $0["kind"] as? String == "day_separator" }.allSatisfy { $0["explain"] != nil })
        #expect(modernRows.contains { $0["quote_explain"] != nil })
        #expect(rows.filter { $0["kind"] as? String == "image" }.allSatisfy { $0["explain"] == nil })
    }
}
