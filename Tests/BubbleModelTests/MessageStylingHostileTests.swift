import BubbleModel
import BubbleText
import Foundation
import Testing

/// Bodies built to be slow or to break a parser: each is as long as the view-model lets a
/// text be (64 KiB), must come back correct, and must take about as long as reading it.
@Suite struct MessageStylingHostileTests {
    /// The view-model's text limit: nothing longer reaches the parser.
    static let limit = ViewModelOptions.classic.maximumTextBytes

    /// `body` styled both ways. Speed is not asserted here (CI runs this suite under
    /// ThreadSanitizer too, where any wall-clock bound is noise); a quadratic parser would
    /// still turn these 64 KiB bodies into minutes, which a CI step's time-out catches.
    func styledBothWays(_ body: String) -> (hidden: StyledText, dimmed: StyledText) {
        (MessageStyling.styled(body, directives: .hidden), MessageStyling.styled(body, directives: .dimmed))
    }

    @Test func tenThousandAsterisks() {
        let body = String(repeating: "*", count: 10_000)
        let (hidden, dimmed) = styledBothWays(body)
        #expect(hidden == StyledText(body))
        #expect(dimmed == StyledText(body))
    }

    /// Every opening directive valid and none closed: a naive search for the closing one
    /// scans to the end of the line from each of them.
    @Test func unpairedOpeningDirectives() {
        let body = String(repeating: "*a _b ~c `d ", count: Self.limit / 12)
        let (hidden, dimmed) = styledBothWays(body)
        #expect(hidden == StyledText(body))
        #expect(dimmed == StyledText(body))
    }

    /// Tens of thousands of spans: the runs are resolved in one sweep.
    @Test func manySpans() {
        let count = Self.limit / 4
        let body = String(repeating: "*a* ", count: count)
        let (hidden, dimmed) = styledBothWays(body)
        #expect(hidden.string == String(repeating: "a ", count: count))
        #expect(hidden.runs.count == 2 * count)
        #expect(hidden.runs.allSatisfy { ($0.attributes.weight == .bold) == ($0.range.count == 1 && $0.range.lowerBound % 2 == 0) })
        #expect(dimmed.string == body)
        #expect(dimmed.runs.count == 4 * count)
    }

    @Test func deeplyNestedQuote() {
        let body = String(repeating: ">", count: 10_000) + " deep"
        let (hidden, dimmed) = styledBothWays(body)
        #expect(runsDescription(hidden) == ["deep|Q"])
        #expect(runsDescription(dimmed) == [String(repeating: ">", count: 10_000) + " |D", "deep|Q"])
    }

    @Test func manyNestedQuoteLines() {
        let line = String(repeating: "> ", count: 100) + "*x*"
        let lines = Self.limit / 204
        let body = Array(repeating: line, count: lines).joined(separator: "\n")
        let (hidden, dimmed) = styledBothWays(body)
        #expect(hidden.string == Array(repeating: "x", count: lines).joined(separator: "\n"))
        #expect(hidden.runs.allSatisfy { $0.attributes.color == .quote })
        #expect(hidden.runs.filter { $0.attributes.weight == .bold }.count == lines)
        #expect(dimmed.string == body)
    }

    /// Fences that open and never close, or close and open again, on every line.
    @Test func manyFences() {
        let body = String(repeating: "```\n*a*\n", count: Self.limit / 8)
        let (hidden, dimmed) = styledBothWays(body)
        // Each fence opens a block that the next fence closes: half the `*a*` lines are code.
        #expect(hidden.string.components(separatedBy: "*a*").count - 1 == Self.limit / 16)
        #expect(dimmed.string == body)
    }

    @Test func manyLinksAndAts() {
        let body = String(repeating: "https://a.org/(x @a@ a@b.cd ", count: Self.limit / 28)
        let (hidden, _) = styledBothWays(body)
        #expect(hidden.string == body)
        let links = hidden.runs.filter { $0.attributes.color == .link }
        #expect(links.count == 2 * (Self.limit / 28))
    }

    /// Runs without spaces full of URL prefixes that lead nowhere, and a link followed by
    /// thousands of closing brackets: each prefix is looked at once, the brackets counted once.
    @Test func urlPrefixesWithoutLinks() {
        for piece in ["https:///", "mailto:(", "www.a/", "xmpp:/", "geo:x(", "http://?"] {
            let body = String(repeating: piece, count: Self.limit / piece.utf8.count)
            let (hidden, _) = styledBothWays(body)
            #expect(hidden.isPlain, "\(piece)")
        }
        let brackets = "https://example.org/" + String(repeating: ")", count: Self.limit - 20)
        let (hidden, _) = styledBothWays(brackets)
        #expect(runsDescription(hidden).first == "https://example.org/|uL")
    }

    /// Surrogate pairs, ZWJ sequences, flags, combining marks, noncharacters and a BOM next to
    /// directives: offsets stay UTF-16 and no scalar is split.
    @Test func surrogatesAndOddScalars() {
        #expect(runsDescription(MessageStyling.styled("*😀*", directives: .hidden)) == ["😀|b"])
        #expect(runsDescription(MessageStyling.styled("_👩‍👩‍👧_ ok", directives: .hidden)) == ["👩‍👩‍👧|i", " ok|"])
        #expect(runsDescription(MessageStyling.styled("🇯🇵*not*", directives: .hidden)) == ["🇯🇵*not*|"])
        #expect(runsDescription(MessageStyling.styled("*\u{301}a*", directives: .hidden)) == ["\u{301}a|b"])
        #expect(runsDescription(MessageStyling.styled("~\u{FFFF}\u{FEFF}\u{E000}~", directives: .hidden)) == ["\u{FFFF}\u{FEFF}\u{E000}|s"])
        #expect(runsDescription(MessageStyling.styled("𝒳 @𝒳𝒴 https://𝒳.org/😀", directives: .hidden))
                == ["𝒳 |", "@𝒳𝒴|@", " |", "https://𝒳.org/😀|uL"])
        // An ideographic space is whitespace: it opens a span after it.
        #expect(runsDescription(MessageStyling.styled("你好\u{3000}*加粗*", directives: .hidden)) == ["你好\u{3000}|", "加粗|b"])

        let emoji = String(repeating: "*😀 _👩‍👩‍👧~ `🇯🇵 ", count: Self.limit / 40)
        let (hidden, dimmed) = styledBothWays(emoji)
        #expect(hidden.string.unicodeScalars.elementsEqual(emoji.unicodeScalars))
        #expect(dimmed.string == emoji)
    }
}
