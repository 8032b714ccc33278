import ChatBubbles
import Foundation

/// Style spans as `measure` reads them: `[{"start": 0, "end": 5, "weight": "bold",
/// "italic": true, "monospace": true, "underline": true, "strikethrough": true,
/// "color": "link", "size": 1.25}]`, offsets in UTF-16 code units (as NSRange counts).
package enum StyleSpanJSON {
    package struct Problem: Error { let message: String }

    package static let keys = ["start", "end", "weight", "italic", "monospace", "underline", "strikethrough", "color", "size"]

    package static func spans(_ value: Any) throws(Problem) -> [StyledText.Span] {
        guard let items = value as? [Any] else { throw Problem(message: "\"spans\" is not a list") }
        var spans: [StyledText.Span] = []
        for (index, item) in items.enumerated() {
            let at = "spans[\(index)]"
            guard let fields = item as? [String: Any] else { throw Problem(message: "\(at) is not an object") }
            if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
                throw Problem(message: "\(at): unknown key \"\(unknown)\" (known: \(keys.joined(separator: ", ")))")
            }
            guard let start = whole(fields["start"]), let end = whole(fields["end"]), start >= 0, end >= start else {
                throw Problem(message: "\(at): \"start\" and \"end\" must be whole numbers with 0 <= start <= end")
            }
            var attributes = TextAttributes()
            if let weight = fields["weight"] {
                guard let name = weight as? String, let value = FontWeight.named(name) else {
                    throw Problem(message: "\(at).weight: use regular, semibold or bold")
                }
                attributes.weight = value
            }
            attributes.italic = try flag(fields["italic"], "\(at).italic")
            attributes.monospace = try flag(fields["monospace"], "\(at).monospace")
            attributes.underline = try flag(fields["underline"], "\(at).underline")
            attributes.strikethrough = try flag(fields["strikethrough"], "\(at).strikethrough")
            if let color = fields["color"] {
                guard let name = color as? String, let role = ColorRole(rawValue: name) else {
                    throw Problem(message: "\(at).color: use one of \(ColorRole.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                attributes.color = role
            }
            if let size = fields["size"] {
                guard let number = size as? NSNumber, !isBoolean(number), number.doubleValue >= 0.25,
                      number.doubleValue <= 4 else {
                    throw Problem(message: "\(at).size: a factor from 0.25 to 4")
                }
                attributes.sizeFactor = number.doubleValue
            }
            spans.append(StyledText.Span(start..<end, attributes))
        }
        return spans
    }

    private static func whole(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number), number.doubleValue.rounded() == number.doubleValue,
              abs(number.doubleValue) < 1e15 else { return nil }
        return number.intValue
    }

    private static func flag(_ value: Any?, _ key: String) throws(Problem) -> Bool {
        guard let value else { return false }
        guard let number = value as? NSNumber, isBoolean(number) else { throw Problem(message: "\(key): use true or false") }
        return number.boolValue
    }
}

/// JSONSerialization gives true and false as NSNumbers of C type `char`.
private func isBoolean(_ number: NSNumber) -> Bool {
    String(decoding: UnsafeRawBufferPointer(start: number.objCType, count: strlen(number.objCType)), as: UTF8.self) == "c"
}

extension FontWeight {
    package static func named(_ name: String) -> FontWeight? {
        switch name {
        case "regular": .regular
        case "semibold": .semibold
        case "bold": .bold
        default: nil
        }
    }
}
