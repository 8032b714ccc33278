import BubbleText

/// A message body as the bubble shows it: XEP-0393 styling (bold, italic, strike through,
/// monospace, quotes) and the links, e-mail addresses and @mentions a chat app's data
/// detectors mark.
public enum MessageStyling {
    /// Links and e-mail addresses: the link colour, underlined as iOS data detectors draw them.
    public static let linkAttributes = TextAttributes(underline: true, color: .link)
    /// Mentions: the mention colour, not underlined (they are names, not addresses).
    public static let mentionAttributes = TextAttributes(color: .mention)
    /// Directives shown with `.dimmed`.
    public static let directiveAttributes = TextAttributes(color: .secondary)

    /// `body` styled. `directives` nil is the origin app: the body exactly as written, no
    /// styles at all. Otherwise links and mentions are marked, and unless `unstyled` (the
    /// stanza carried `<unstyled xmlns="urn:xmpp:styling:0"/>`) so is XEP-0393 styling, whose
    /// directive characters are removed (`.hidden`) or kept in the secondary colour
    /// (`.dimmed`). Never in preformatted text: a link there is shown as the code it is.
    public static func styled(_ body: String, directives: StylingDirectives?, unstyled: Bool = false) -> StyledText {
        guard let directives else { return StyledText(body) }
        let units = Array(body.utf16)
        let markup = unstyled ? StylingMarkup() : StylingParser.parse(units)
        var marks = markup.styles.map { StyledTextAssembly.Mark(range: $0.range, attributes: $0.attributes) }
        for match in links(in: units, outside: markup.directives + markup.verbatim) {
            marks.append(.init(range: match.range, attributes: match.kind == .mention ? mentionAttributes : linkAttributes))
        }
        switch directives {
        case .hidden:
            return StyledTextAssembly.assemble(units, marks: marks, removals: markup.removals)
        case .dimmed:
            marks += markup.directives.map { .init(range: $0, attributes: directiveAttributes) }
            return StyledTextAssembly.assemble(units, marks: marks, removals: [])
        }
    }

    /// The links of every stretch of text between line breaks, directives and preformatted
    /// text: `*https://example.org*` links the address, not its asterisks.
    static func links(in units: [UInt16], outside barriers: [Range<Int>]) -> [LinkScanner.Match] {
        var matches: [LinkScanner.Match] = []
        var start = 0
        func scan(to end: Int) {
            var lineStart = start
            for offset in start..<end where units[offset] == TextUnits.newline {
                matches += LinkScanner.matches(in: units, segment: lineStart..<offset)
                lineStart = offset + 1
            }
            if lineStart < end { matches += LinkScanner.matches(in: units, segment: lineStart..<end) }
        }
        for barrier in StyledTextAssembly.merged(barriers) {
            if barrier.lowerBound > start { scan(to: barrier.lowerBound) }
            start = max(start, barrier.upperBound)
        }
        if start < units.count { scan(to: units.count) }
        return matches
    }
}
