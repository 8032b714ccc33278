import Foundation

/// A conversation document cut at its top-level `messages` array: the document with that array
/// emptied (the skeleton, small) and the byte range of each element. Parsing the whole file with
/// `JSONSerialization` holds an `NSDictionary` and an `NSString` per key and value of every
/// message at once (hundreds of megabytes at 100,000 messages); parsing one element at a time
/// holds one.
///
/// The cut only recognises the plain shape and gives up (nil) on anything else: a key written
/// with escapes, `messages` twice, nesting deeper than `maximumDepth`, a stray byte between
/// elements. The caller then parses the whole document as before, so every error message stays
/// exactly `JSONSerialization`'s. Every byte the cut accepts is still checked by it: the skeleton
/// and each element are parsed by `JSONSerialization`, the separators here.
struct JSONMessagesSplit {
    /// The document with `"messages": [ … ]` replaced by `"messages": []`.
    let skeleton: Data
    /// Where each element of `messages` lies in the document, in order.
    let elements: [Range<Int>]

    /// Deeper nesting is left to the whole-document parse, whose depth limit then decides.
    static let maximumDepth = 64

    init?(_ data: Data) {
        guard let found = data.withUnsafeBytes({ Self.scan($0) }) else { return nil }
        var skeleton = Data(capacity: data.count - found.array.count + 2)
        skeleton.append(data[data.startIndex..<(data.startIndex + found.array.lowerBound)])
        skeleton.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        skeleton.append(data[(data.startIndex + found.array.upperBound)...])
        self.skeleton = skeleton
        elements = found.elements.map { (data.startIndex + $0.lowerBound)..<(data.startIndex + $0.upperBound) }
    }

    /// Offsets of the `messages` array (brackets included) and of its elements.
    private static func scan(_ bytes: UnsafeRawBufferPointer) -> (array: Range<Int>, elements: [Range<Int>])? {
        var scanner = Scanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.at = 3 }
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        var found: (array: Range<Int>, elements: [Range<Int>])?
        scanner.skipSpace()
        if scanner.take(UInt8(ascii: "}")) { return nil }
        while true {
            scanner.skipSpace()
            guard let key = scanner.plainKey() else { return nil }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipSpace()
            if key.elementsEqual("messages".utf8) {
                guard found == nil, scanner.peek == UInt8(ascii: "[") else { return nil }
                guard let array = scanner.elements() else { return nil }
                found = array
            } else {
                guard scanner.skipValue() else { return nil }
            }
            scanner.skipSpace()
            if scanner.take(UInt8(ascii: ",")) { continue }
            guard scanner.take(UInt8(ascii: "}")) else { return nil }
            break
        }
        return found
    }

    /// A cursor over the document's bytes that only ever moves forward.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            at += 1
            return true
        }

        /// JSON's four whitespace bytes, nothing else.
        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
        }

        /// A key without escapes (one with escapes might spell `messages`: nil, give up).
        mutating func plainKey() -> UnsafeRawBufferPointer? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while let byte = peek, byte != UInt8(ascii: "\"") {
                if byte == UInt8(ascii: "\\") { return nil }
                at += 1
            }
            guard peek != nil else { return nil }
            let key = UnsafeRawBufferPointer(rebasing: bytes[start..<at])
            at += 1
            return key
        }

        /// `[ value, value ]` from the opening bracket: the array's and each value's offsets.
        mutating func elements() -> (array: Range<Int>, elements: [Range<Int>])? {
            let start = at
            at += 1
            var elements: [Range<Int>] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return (start..<at, elements) }
            while true {
                skipSpace()
                let first = at
                guard skipValue() else { return nil }
                elements.append(first..<at)
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "]")) else { return nil }
                return (start..<at, elements)
            }
        }

        /// Moves past one value without judging it (`JSONSerialization` does that later): a
        /// string, a nested object or array by bracket depth, or a bare word or number.
        mutating func skipValue() -> Bool {
            guard let first = peek else { return false }
            switch first {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let byte = peek {
                    switch byte {
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        guard depth <= JSONMessagesSplit.maximumDepth else { return false }
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            at += 1
                            return true
                        }
                    default: break
                    }
                    at += 1
                }
                return false
            default:
                let start = at
                while let byte = peek, !Self.endsWord(byte) { at += 1 }
                return at > start
            }
        }

        private static func endsWord(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
                || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        /// From the opening quote to just past the closing one, escapes skipped whole.
        mutating func skipString() -> Bool {
            at += 1
            while let byte = peek {
                at += byte == UInt8(ascii: "\\") ? 2 : 1
                if byte == UInt8(ascii: "\"") { return true }
            }
            return false
        }
    }
}

/// The elements of a split document's `messages`, each parsed when it is asked for, so that
/// only one message's `NSDictionary` is alive at a time.
struct JSONMessageElements {
    /// An element `JSONSerialization` refuses: the document is not valid JSON.
    struct Unparsable: Error {}

    let data: Data
    let ranges: [Range<Int>]

    var count: Int { ranges.count }

    func value(at index: Int) throws -> Any {
        guard let value = try? JSONSerialization.jsonObject(with: Data(data[ranges[index]]), options: .fragmentsAllowed) else {
            throw Unparsable()
        }
        return value
    }
}
