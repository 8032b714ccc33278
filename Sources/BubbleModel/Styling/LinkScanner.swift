/// Finds what a chat app's data detectors would mark in a text: URLs, e-mail addresses and
/// @mentions. Offline and deterministic: no lookups, no regular expressions, one pass over
/// the UTF-16 code units, and every range is a `StyledText` (UTF-16) range.
public enum LinkScanner {
    public enum Kind: String, Sendable, Hashable {
        /// `http://`, `https://`, `www.`, `xmpp:`, `mailto:` or `geo:`.
        case url
        case email
        /// `@name` at the start of a word.
        case mention
    }

    public struct Match: Sendable, Hashable {
        public var kind: Kind
        /// UTF-16 offsets in the scanned text.
        public var range: Range<Int>

        public init(_ kind: Kind, _ range: Range<Int>) {
            self.kind = kind
            self.range = range
        }
    }

    /// Every match in `text`, in order, never overlapping.
    public static func matches(in text: String) -> [Match] {
        let units = Array(text.utf16)
        return matches(in: units, segment: 0..<units.count)
    }

    /// The matches inside `segment` of `units`; nothing in it reaches outside the segment, so
    /// a styling directive or a preformatted span that bounds a segment also bounds its links.
    static func matches(in units: [UInt16], segment: Range<Int>) -> [Match] {
        var scan = Scan(units: units, segment: segment)
        return scan.run()
    }

    private struct Scan {
        let units: [UInt16]
        let segment: Range<Int>
        var found: [Match] = []

        init(units: [UInt16], segment: Range<Int>) {
            self.units = units
            self.segment = segment
        }

        /// Where the last match ends: an e-mail's local part never reaches back into it.
        var matchedUpTo: Int { found.last?.range.upperBound ?? segment.lowerBound }

        mutating func run() -> [Match] {
            var offset = segment.lowerBound
            while offset < segment.upperBound {
                if let end = url(at: offset) {
                    found.append(Match(.url, offset..<end))
                    offset = end
                } else if units[offset] == TextUnits.at, let match = emailOrMention(at: offset) {
                    found.append(match)
                    offset = match.range.upperBound
                } else {
                    offset += 1
                }
            }
            return found
        }

        // MARK: URLs

        private static let schemes: [(prefix: [UInt16], kind: URLStart)] = [
            (Array("https://".utf16), URLStart.web), (Array("http://".utf16), .web), (Array("www.".utf16), .www),
            (Array("xmpp:".utf16), .xmpp), (Array("mailto:".utf16), .mailto), (Array("geo:".utf16), .geo),
        ]

        enum URLStart { case web, www, xmpp, mailto, geo }

        /// The end of a URL starting at `offset`, if one does.
        private func url(at offset: Int) -> Int? {
            let first = units[offset] | 0x20  // ASCII lower case
            guard first == 0x68 || first == 0x77 || first == 0x78 || first == 0x6D || first == 0x67 else { return nil }
            // A URL starts a word: `foohttp://` and `awww.` are not links.
            if offset > segment.lowerBound {
                let before = units[offset - 1]
                if TextUnits.isASCIIAlphanumeric(before) || [0x2B, 0x2D, 0x2E, 0x40].contains(before) { return nil }
            }
            guard let (prefix, start) = Self.schemes.first(where: { hasPrefix($0.prefix, at: offset) }) else { return nil }
            var end = offset + prefix.count
            while end < segment.upperBound {
                let (scalar, width) = TextUnits.scalar(at: end, in: units)
                if !Self.isURLCharacter(scalar) { break }
                end += width
            }
            end = trimmedURLEnd(from: offset + prefix.count, to: end)
            let body = offset + prefix.count..<end
            return isPlausible(body, start) ? end : nil
        }

        private func hasPrefix(_ prefix: [UInt16], at offset: Int) -> Bool {
            guard segment.upperBound - offset >= prefix.count else { return false }
            for (index, unit) in prefix.enumerated() {
                var candidate = units[offset + index]
                if TextUnits.isASCIILetter(candidate) { candidate |= 0x20 }
                if candidate != unit { return false }
            }
            return true
        }

        private static func isURLCharacter(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value < 0x80 {
                // Controls, space and the characters RFC 3986 leaves out that text puts
                // around links: <https://…>, "https://…".
                return scalar.value > 0x20 && scalar.value != 0x7F && !"<>\"`{}|\\^".unicodeScalars.contains(scalar)
            }
            if scalar.value <= 0xFFFF, TextUnits.isWhitespace(UInt16(scalar.value)) { return false }
            return !TextUnits.isNonASCIIPunctuation(scalar)
        }

        /// Sentence punctuation after a link is not part of it (`see https://a.org.`), nor is
        /// a closing bracket without its opening one inside the link: `(https://a.org)` but
        /// `https://en.wikipedia.org/wiki/Swift_(language)`.
        private func trimmedURLEnd(from start: Int, to end: Int) -> Int {
            var end = end
            while end > start {
                let last = units[end - 1]
                if ".,:;!?'\"*_~".utf16.contains(last) {
                    end -= 1
                } else if let open = Self.openingBracket[last], count(open, start..<end) < count(last, start..<end) {
                    end -= 1
                } else {
                    break
                }
            }
            return end
        }

        private static let openingBracket: [UInt16: UInt16] = [0x29: 0x28, 0x5D: 0x5B]

        private func count(_ unit: UInt16, _ range: Range<Int>) -> Int {
            units[range].reduce(0) { $0 + ($1 == unit ? 1 : 0) }
        }

        /// Enough after the prefix to be a link: a host for the web, a JID for xmpp:, an
        /// address for mailto:, a coordinate for geo:.
        private func isPlausible(_ body: Range<Int>, _ start: URLStart) -> Bool {
            guard !body.isEmpty else { return false }
            let first = units[body.lowerBound]
            switch start {
            case .web:
                return first != 0x2F && first != 0x3F && first != 0x23 && first != 0x3A
            case .www:
                // www.example.org: a label, a dot, another label.
                let host = units[body].prefix { $0 != 0x2F && $0 != 0x3F && $0 != 0x23 && $0 != 0x3A }
                guard let dot = host.firstIndex(of: 0x2E), dot > host.startIndex else { return false }
                return host[(dot + 1)...].contains(where: TextUnits.isASCIIAlphanumeric) || host[(dot + 1)...].contains { $0 >= 0x80 }
            case .xmpp:
                return TextUnits.isASCIIAlphanumeric(first) || first >= 0x80
            case .mailto:
                guard let at = units[body].firstIndex(of: TextUnits.at) else { return false }
                return at > body.lowerBound && at + 1 < body.upperBound
            case .geo:
                return TextUnits.isASCIIDigit(first)
                    || (first == 0x2D && body.count > 1 && TextUnits.isASCIIDigit(units[body.lowerBound + 1]))
            }
        }

        // MARK: E-mail addresses and mentions

        private static func isLocalPartCharacter(_ unit: UInt16) -> Bool {
            TextUnits.isASCIIAlphanumeric(unit) || "._%+-".utf16.contains(unit)
        }

        private static func isDomainCharacter(_ unit: UInt16) -> Bool {
            TextUnits.isASCIIAlphanumeric(unit) || unit == 0x2D || unit == 0x2E
        }

        /// `name@example.org` around the `@` at `at`, else `@name` starting there.
        private func emailOrMention(at: Int) -> Match? {
            if let email = email(at: at) { return email }
            return mention(at: at)
        }

        private func email(at: Int) -> Match? {
            var start = at
            while start > matchedUpTo, Self.isLocalPartCharacter(units[start - 1]) { start -= 1 }
            while start < at, units[start] == 0x2E { start += 1 }
            guard start < at, units[at - 1] != 0x2E else { return nil }
            // The local part is ASCII: in `见a@b.org` the address is `a@b.org`.
            var end = at + 1
            while end < segment.upperBound, Self.isDomainCharacter(units[end]) { end += 1 }
            while end > at + 1, units[end - 1] == 0x2E || units[end - 1] == 0x2D { end -= 1 }
            let labels = units[at + 1..<end].split(separator: 0x2E, omittingEmptySubsequences: false)
            guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.first != 0x2D && $0.last != 0x2D }),
                  let topLevel = labels.last, topLevel.count >= 2, topLevel.allSatisfy(TextUnits.isASCIILetter)
            else { return nil }
            return Match(.email, start..<end)
        }

        private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            TextUnits.isAlphanumeric(scalar) || scalar == "." || scalar == "_" || scalar == "-"
        }

        private func mention(at: Int) -> Match? {
            if at > segment.lowerBound {
                let before = TextUnits.scalar(before: at, in: units).scalar
                if Self.isNameCharacter(before) || "@/:+&=".unicodeScalars.contains(before) { return nil }
            }
            var end = at + 1
            var lastNameEnd = at + 1
            while end < segment.upperBound {
                let (scalar, width) = TextUnits.scalar(at: end, in: units)
                guard Self.isNameCharacter(scalar) else { break }
                end += width
                // A name does not end in `.`, `_` or `-`: `@ann.` at the end of a sentence.
                if TextUnits.isAlphanumeric(scalar) { lastNameEnd = end }
            }
            // `@ann@example.org` is an address after an @, not a name.
            if end < segment.upperBound, units[end] == TextUnits.at { return nil }
            return lastNameEnd > at + 1 ? Match(.mention, at..<lastNameEnd) : nil
        }
    }
}
