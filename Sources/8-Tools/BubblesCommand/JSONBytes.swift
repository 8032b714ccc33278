/// Output bytes written directly: keys pre-encoded as static strings, numbers spelled as
/// `JSONText.number` spells them (Swift's shortest round-trip form) without going through
/// `String`.
package struct JSONBytes {
    package var bytes: [UInt8] = []

    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Text already in JSON form: a key with its quotes and colon, punctuation.
    package mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    package mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            integer(UInt64(value.magnitude))
        } else {
            integer(UInt64(value))
        }
    }

    private mutating func integer(_ value: UInt64) {
        if value >= 10 { integer(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// The same characters as `JSONText.number(value)`. A value with at most seven decimals
    /// between 0.001 and 10⁷ is printed by finding the fewest decimals that read back as the
    /// same double (the digits Swift's shortest round-trip printer gives in that range: one
    /// candidate per length there, as the spacing of doubles is far below 10⁻⁷); others are
    /// written by the standard library's printer.
    package mutating func number(_ value: Double) {
        let magnitude = abs(value)
        if value.isFinite, value == value.rounded(), magnitude < 1e15 {
            integer(Int(Int64(value)))
            return
        }
        if magnitude >= 1e-3, magnitude < 1e7 {
            for decimals in 1..<Self.powersOfTen.count {
                let scale = Self.powersOfTen[decimals]
                let scaled = (magnitude * scale).rounded()
                guard scaled / scale == magnitude else { continue }
                let whole = UInt64(scaled)
                let unit = UInt64(scale)
                if value < 0 { bytes.append(UInt8(ascii: "-")) }
                integer(whole / unit)
                bytes.append(UInt8(ascii: "."))
                var fraction = whole % unit
                var divisor = unit / 10
                for _ in 0..<decimals {
                    bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                    fraction %= divisor
                    divisor /= 10
                }
                return
            }
        }
        guard value.isFinite else { return raw("null") }
        // What `JSONText.number` spells (`description`), written by the standard library's
        // printer straight into the bytes: most measured widths have 13–15 decimals, and a
        // `String` of more than 15 bytes is an allocation.
        value.write(to: &self)
    }

    package mutating func newline() { bytes.append(0x0A) }
}

/// Where a number writes its digits: `_writeASCII` takes them from the printer's own buffer.
/// Without that entry point the printer makes a `String` and `write` takes it: the same bytes.
extension JSONBytes: TextOutputStream {
    package mutating func write(_ string: String) { raw(string) }
    package mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
