import Foundation

/// Hand-written JSON output: fixed key order and Swift's shortest round-trip number spelling,
/// so that outputs are byte-identical across runs and machines and diff well.
package enum JSONText {
    package static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        // The same characters as "\(value)", without an interpolation buffer: up to 15 bytes
        // (nearly every measured width) stay in the string itself, with no allocation.
        return value.description
    }

    /// An object from ordered pairs of key and already-encoded value.
    package static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    package static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// Re-encodes a value decoded by JSONSerialization (ids keep their type: string or number).
    package static func value(_ any: Any) -> String {
        switch any {
        case let string as String: return Self.string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return Self.number(number.doubleValue)
        case is NSNull: return "null"
        default:
            if let data = try? JSONSerialization.data(withJSONObject: any, options: [.sortedKeys]) {
                return String(decoding: data, as: UTF8.self)
            }
            return "null"
        }
    }
}
