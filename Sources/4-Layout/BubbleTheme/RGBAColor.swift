/// A colour with straight (not premultiplied) alpha, components in 0...1.
/// Themes write colours as `#RRGGBB` or `#RRGGBBAA`.
public struct RGBAColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case); nil for anything else.
    public init?(hex text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return nil }
        var bytes: [Double] = []
        var index = 1
        while index < utf8.count {
            guard let high = Self.hexDigit(utf8[index]), let low = Self.hexDigit(utf8[index + 1]) else { return nil }
            bytes.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        func byte(_ value: Double) -> String {
            let hex = String(Int((min(max(value, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
}

/// A length or count for messages: `10` rather than `10.0`, `2.5`, `1e+300`.
package func formatNumber(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
}
