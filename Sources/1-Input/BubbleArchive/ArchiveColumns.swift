import Foundation

/// Turns one stored column value into the Swift type Core Data meant, and says in words what
/// is wrong when the value is not what Core Data would have written. A bad column never
/// throws: the row is still returned, carrying the problem, and the view-model shows a
/// placeholder for it while the conversation goes on.
struct ColumnDecoder {
    private(set) var problems: [String] = []

    /// Core Data writes timestamps from 1970 on in practice; values outside 1970–2100 are
    /// kept but flagged, so a bad clock or a garbage REAL is visible instead of silently drawn.
    static let plausibleTimestamps: ClosedRange<Double> = -978_307_200 ... 3_124_137_600

    /// A String attribute (VARCHAR column). `required`: the model forbids NULL.
    mutating func text(_ value: SQLiteValue, column: String, required: Bool) -> String? {
        switch value {
        case .text(let text):
            return text
        case .null:
            if required { problems.append("\(column) is NULL (Core Data requires a value)") }
            return nil
        case .malformedText(let bytes):
            problems.append("\(column) is not valid UTF-8 (\(bytes.count) bytes; bad bytes shown as U+FFFD)")
            return String(decoding: bytes, as: UTF8.self)
        case .blob(let bytes):
            problems.append("\(column) holds a \(bytes.count)-byte blob, not text")
            return nil
        case .integer(let number):
            problems.append("\(column) holds the number \(number), not text")
            return String(number)
        case .real(let number):
            problems.append("\(column) holds the number \(number), not text")
            return String(number)
        }
    }

    /// A Boolean attribute: Core Data stores 0 or 1.
    mutating func flag(_ value: SQLiteValue, column: String) -> Bool? {
        switch value {
        case .integer(let number):
            if number != 0 && number != 1 { problems.append("\(column) is \(number), not 0 or 1") }
            return number != 0
        case .real(let number):
            problems.append("\(column) is \(number), not 0 or 1")
            return number != 0
        case .null:
            problems.append("\(column) is NULL (Core Data requires a value)")
            return nil
        default:
            problems.append("\(column) holds \(Self.describe(value)), not 0 or 1")
            return nil
        }
    }

    /// A Date attribute: seconds since 2001-01-01T00:00:00Z as a REAL.
    mutating func timestamp(_ value: SQLiteValue, column: String) -> Double? {
        let seconds: Double
        switch value {
        case .real(let number): seconds = number
        case .integer(let number): seconds = Double(number)
        case .null:
            problems.append("\(column) is NULL (Core Data requires a value)")
            return nil
        default:
            problems.append("\(column) holds \(Self.describe(value)), not a number of seconds")
            return nil
        }
        if !Self.plausibleTimestamps.contains(seconds) {
            problems.append("\(column) \(seconds) is not a plausible time (outside 1970–2100)")
        }
        return seconds
    }

    /// Z_PK: Core Data's INTEGER PRIMARY KEY.
    mutating func primaryKey(_ value: SQLiteValue) -> Int64 {
        if case .integer(let number) = value { return number }
        problems.append("Z_PK holds \(Self.describe(value)), not an integer")
        return 0
    }

    /// A short description of an unexpected value, for problem messages.
    static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return "the number \(number)"
        case .real(let number): return "the number \(number)"
        case .text(let text): return "the text '\(text.count > 24 ? text.prefix(24) + "…" : Substring(text))'"
        case .malformedText(let bytes): return "\(bytes.count) bytes of text that is not UTF-8"
        case .blob(let bytes): return "a \(bytes.count)-byte blob"
        }
    }
}
