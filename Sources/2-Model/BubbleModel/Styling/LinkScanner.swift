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
        ///
        /// What makes a URL plausible is read before its end is looked for, and only as far
        /// as it needs: `https:///https:///…` or `mailto:(mailto:(…` then costs one look per
        /// prefix, not one scan to the end of the run per prefix.
        private func url(at offset: Int) -> Int? {
            let first = units[offset] | 0x20  // ASCII lower case
            guard first == 0x68 || first == 0x77 || first == 0x78 || first == 0x6D || first == 0x67 else { return nil }
            // A URL starts a word: `foohttp://` and `awww.` are not links.
            if offset > segment.lowerBound {
                let before = units[offset - 1]
                if TextUnits.isASCIIAlphanumeric(before) || [0x2B, 0x2D, 0x2E, 0x40].contains(before) { return nil }
            }
            guard let (prefix, start) = Self.schemes.first(where: { hasPrefix($0.prefix, at: offset) }) else { return nil }
            let bodyStart = offset + prefix.count
            guard isPlausible(bodyStart, start) else { return nil }
            var end = bodyStart
            while end < segment.upperBound {
                let (scalar, width) = TextUnits.scalar(at: end, in: units)
                if !Self.isURLCharacter(scalar) { break }
                end += width
            }
            end = trimmedURLEnd(from: bodyStart, to: end)
            return end > bodyStart ? end : nil
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

        private func isURLCharacter(at offset: Int) -> Bool {
            offset < segment.upperBound && Self.isURLCharacter(TextUnits.scalar(at: offset, in: units).scalar)
        }

        /// Sentence punctuation after a link is not part of it (`see https://a.org.`), nor is
        /// a closing bracket without its opening one inside the link: `(https://a.org)` but
        /// `https://en.wikipedia.org/wiki/Swift_(language)`.
        private func trimmedURLEnd(from start: Int, to end: Int) -> Int {
            var end = end
            var open: [UInt16: Int] = [:]
            var close: [UInt16: Int] = [:]
            for unit in units[start..<end] {
                if let opening = Self.openingBracket[unit] { close[opening, default: 0] += 1 }
                if Self.openingBracket.values.contains(unit) { open[unit, default: 0] += 1 }
            }
            while end > start {
                let last = units[end - 1]
                if ".,:;!?'\"*_~".utf16.contains(last) {
                    end -= 1
                } else if let opening = Self.openingBracket[last], open[opening, default: 0] < close[opening, default: 0] {
                    close[opening, default: 0] -= 1
                    end -= 1
                } else {
                    break
                }
            }
            return end
        }

        /// Closing brackets and their opening ones.
        private static let openingBracket: [UInt16: UInt16] = [0x29: 0x28, 0x5D: 0x5B]

        private static let hostEnd: [UInt16] = [0x2F, 0x3F, 0x23, 0x3A]  // / ? # :

        /// Enough after the prefix to be a link: a host for the web, a JID for xmpp:, an
        /// address for mailto:, a coordinate for geo:. Reads no further than that needs.
        private func isPlausible(_ body: Int, _ start: URLStart) -> Bool {
            guard isURLCharacter(at: body) else { return false }
            let first = units[body]
            switch start {
            case .web:
                return !Self.hostEnd.contains(first) && !".,;!?'\"*_~)]".utf16.contains(first)
            case .www:
                // www.example.org: a label, a dot, and a letter or digit after it.
                var offset = body
                var dotSeen = false
                while isURLCharacter(at: offset), !Self.hostEnd.contains(units[offset]) {
                    let unit = units[offset]
                    if unit == 0x2E {
                        if offset == body { return false }
                        dotSeen = true
                    } else if dotSeen, TextUnits.isASCIIAlphanumeric(unit) || unit >= 0x80 {
                        return true
                    }
                    offset += 1
                }
                return false
            case .xmpp:
                return TextUnits.isASCIIAlphanumeric(first) || first >= 0x80
            case .mailto:
                var at = body
                while at < segment.upperBound, Self.isLocalPartCharacter(units[at]) { at += 1 }
                return at > body && at + 1 < segment.upperBound && units[at] == TextUnits.at
                    && TextUnits.isASCIIAlphanumeric(units[at + 1])
            case .geo:
                return TextUnits.isASCIIDigit(first)
                    || (first == 0x2D && body + 1 < segment.upperBound && TextUnits.isASCIIDigit(units[body + 1]))
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
