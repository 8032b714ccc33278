import ChatBubbles
import Foundation

/// Row heights an app produced, to compare with ours: NDJSON `{"id", "row_height"}` lines or
/// CSV `id,row_height` (an optional header line is recognised by its non-numeric height).
package struct ExpectedHeights: Sendable {
    package var heights: [String: Double] = [:]
    package var order: [String] = []

    /// `shown` is the path as typed, for the error when the file is not a regular file (a
    /// named pipe would block the read).
    package init(contentsOf path: String, shown: String? = nil) throws {
        if let problem = RegularFile.problem(at: path) { throw CommandError("--expect \(shown ?? path): \(problem)") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("cannot read --expect file \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError("--expect file \(path) is not valid UTF-8")
        }
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let (id, height) = line.hasPrefix("{") ? try Self.jsonRow(line, path, index + 1) : try Self.csvRow(line, path, index + 1)
            guard let id else { continue }
            if heights.updateValue(height, forKey: id) == nil { order.append(id) }
        }
    }

    private static func jsonRow(_ line: String, _ path: String, _ number: Int) throws -> (String?, Double) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw CommandError("\(path):\(number): not a JSON object")
        }
        guard let id = object["id"] else { throw CommandError("\(path):\(number): no \"id\" field") }
        guard let height = (object["row_height"] as? NSNumber)?.doubleValue else {
            throw CommandError("\(path):\(number): \"row_height\" is missing or not a number")
        }
        return ((id as? String) ?? JSONText.value(id), height)
    }

    private static func csvRow(_ line: String, _ path: String, _ number: Int) throws -> (String?, Double) {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
        guard fields.count >= 2 else { throw CommandError("\(path):\(number): expected id,row_height") }
        guard let height = Double(fields[1]), height.isFinite else {
            if number == 1 { return (nil, 0) } // a header line
            throw CommandError("\(path):\(number): row_height '\(fields[1])' is not a number")
        }
        return (fields[0], height)
    }
}
