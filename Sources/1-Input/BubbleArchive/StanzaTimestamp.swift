import Foundation

/// XEP-0082 date-times (`2024-05-01T09:30:00Z`, `2024-05-01T11:30:00.25+02:00`), the form of
/// `<delay stamp=…>` and of the JSON format's `time`. Parsed by hand rather than with
/// `ISO8601DateFormatter`, whose fractional-second support is all-or-nothing per instance and
/// which is slow enough to matter once per archived row.
public enum XMPPDateTime {
    /// The date, or nil when `text` is not `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`
    /// or names a day or time that does not exist.
    public static func parse(_ text: String) -> Date? {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2), reader.skip("T"),
              let hour = reader.number(digits: 2), reader.skip(":"),
              let minute = reader.number(digits: 2), reader.skip(":"),
              let second = reader.number(digits: 2) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        let offsetSeconds: Int
        if reader.skip("Z") {
            offsetSeconds = 0
        } else {
            let sign: Int
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let offsetHours = reader.number(digits: 2), reader.skip(":"),
                  let offsetMinutes = reader.number(digits: 2),
                  offsetHours <= 23, offsetMinutes <= 59 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard reader.atEnd else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// UTC with a `Z`, milliseconds only when the time has any: the form the commands print,
    /// stable across machines and time zones. A time no clock could have written (a damaged
    /// archive's 1e300 seconds, infinity, NaN) is `invalid` rather than a crash or a year nobody
    /// can read.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e13 else { return "invalid" }
        let milliseconds = Int64((seconds * 1000).rounded())
        let (days, millisecondOfDay) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: Int(days))
        let secondOfDay = Int(millisecondOfDay / 1000)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        let millisecond = Int(millisecondOfDay % 1000)
        if millisecond != 0 { text += "." + pad(millisecond, 3) }
        return text + "Z"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's `days_from_civil`: exact for every proleptic Gregorian date.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSince1970` (Hinnant's `civil_from_days`).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads fixed-width ASCII fields of a date-time, one byte at a time.
private struct DigitReader {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += digits
        return value
    }

    /// One or more digits after the decimal point; digits past the ninth change nothing.
    mutating func fraction() -> Double? {
        var numerator = 0
        var denominator = 1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
            if index - start < 9 {
                numerator = numerator * 10 + Int(bytes[index] - 48)
                denominator *= 10
            }
            index += 1
        }
        return index > start ? Double(numerator) / Double(denominator) : nil
    }
}
