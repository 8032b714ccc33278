import Foundation

/// Typed access to a parsed JSON document that records, instead of throwing, every value of the
/// wrong type, every missing key and every unknown key, each at its JSON path. Unknown keys are
/// errors so that a misspelt `delayed` never silently changes a conversation.
struct JSONDocumentReader {
    private(set) var issues: [JSONConversationError.Issue] = []

    mutating func report(_ location: String, _ problem: String) {
        issues.append(.init(location: location, problem: problem))
    }

    /// The object at `location`, after checking its keys against `allowed`.
    mutating func object(_ value: Any, at location: String, allowed: [String]) -> [String: Any]? {
        guard let object = value as? [String: Any] else {
            report(location, "expected an object, found \(JSONDocumentReader.describe(value))")
            return nil
        }
        for key in object.keys.sorted() where !allowed.contains(key) {
            report(JSONDocumentReader.path(location, key),
                   "unknown key (allowed here: \(allowed.joined(separator: ", ")))")
        }
        return object
    }

    mutating func array(_ object: [String: Any], _ key: String, at location: String) -> [Any]? {
        guard let value = present(object, key, at: location, required: true) else { return nil }
        guard let array = value as? [Any] else {
            report(JSONDocumentReader.path(location, key), "expected an array, found \(JSONDocumentReader.describe(value))")
            return nil
        }
        return array
    }

    /// A string; empty strings count as missing where a value is `required`.
    mutating func string(_ object: [String: Any], _ key: String, at location: String, required: Bool) -> String? {
        guard let value = present(object, key, at: location, required: required) else { return nil }
        guard let string = value as? String else {
            report(JSONDocumentReader.path(location, key), "expected a string, found \(JSONDocumentReader.describe(value))")
            return nil
        }
        if required, string.isEmpty {
            report(JSONDocumentReader.path(location, key), "must not be empty")
            return nil
        }
        return string
    }

    mutating func number(_ object: [String: Any], _ key: String, at location: String, required: Bool) -> Double? {
        guard let value = present(object, key, at: location, required: required) else { return nil }
        guard let number = value as? NSNumber, !JSONDocumentReader.isBoolean(number), number.doubleValue.isFinite else {
            report(JSONDocumentReader.path(location, key), "expected a number, found \(JSONDocumentReader.describe(value))")
            return nil
        }
        return number.doubleValue
    }

    mutating func bool(_ object: [String: Any], _ key: String, at location: String) -> Bool? {
        guard let value = present(object, key, at: location, required: false) else { return nil }
        guard let number = value as? NSNumber, JSONDocumentReader.isBoolean(number) else {
            report(JSONDocumentReader.path(location, key), "expected true or false, found \(JSONDocumentReader.describe(value))")
            return nil
        }
        return number.boolValue
    }

    /// The value under `key`; a JSON `null` counts as absent.
    private mutating func present(_ object: [String: Any], _ key: String, at location: String, required: Bool) -> Any? {
        guard let value = object[key], !(value is NSNull) else {
            if required { report(JSONDocumentReader.path(location, key), "is required") }
            return nil
        }
        return value
    }

    static func path(_ location: String, _ key: String) -> String {
        location.isEmpty ? key : location + "." + key
    }

    /// `2`, not `2.0`: numbers in messages as the user wrote them.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    /// JSONSerialization hands booleans over as NSNumbers; only their class tells them from 0 and 1.
    static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == type(of: NSNumber(value: true))
    }

    /// What a value is, for messages: `a string ('yesterday')`, `a number (3)`, `an array`.
    static func describe(_ value: Any) -> String {
        switch value {
        case let string as String:
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            return "a string ('\(shown)')"
        case let number as NSNumber:
            return isBoolean(number) ? (number.boolValue ? "true" : "false") : "a number (\(format(number.doubleValue)))"
        case is NSNull: return "null"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "\(type(of: value))"
        }
    }
}
