import BubbleText

/// What XEP-0393 found in a body, as UTF-16 ranges of the body itself: the caller decides
/// whether the directives vanish or stay dimmed, so the parse is the same for both.
struct StylingMarkup {
    /// A style over a range. Span styles cover their directives too, so a dimmed `*` is
    /// drawn bold like the text it applies to (XEP-0393 §6 recommends it).
    struct Style {
        var range: Range<Int>
        var attributes: TextAttributes
    }

    var styles: [Style] = []
    /// The characters that asked for a style: span directives, quote prefixes (`>` and the
    /// one whitespace character after it) and whole fence lines.
    var directives: [Range<Int>] = []
    /// What hiding the directives removes: the directives, plus a fence line's line break,
    /// so that a hidden fence leaves no empty line behind.
    var removals: [Range<Int>] = []
    /// Preformatted text (blocks and spans): shown as written, so no links or mentions.
    var verbatim: [Range<Int>] = []
}

/// XEP-0393 (Message Styling, urn:xmpp:styling:0): blocks first (preformatted blocks
/// between ``` fences, `>` quotations whose contents are parsed again as blocks), then the
/// spans of every plain line. The parser never recurses into quotes (a body of 10,000 `>` is
/// a worklist of 10,000 levels, not a call stack that deep) and spans nest at most four deep
/// (a span cannot contain a span of its own kind: the first closing directive ends it), so
/// its work grows linearly with the body.
struct StylingParser {
    private let units: [UInt16]
    private var markup = StylingMarkup()

    /// One line of a block: its text `start..<end` (after any quote prefixes, before a `\r`
    /// and the `\n`), and where its line break ends.
    private struct Line {
        var start: Int
        var end: Int
        var breakEnd: Int
    }

    static func parse(_ units: [UInt16]) -> StylingMarkup {
        var parser = StylingParser(units: units)
        parser.parseBlocks()
        return parser.markup
    }

    private init(units: [UInt16]) {
        self.units = units
    }

    private static let fence: [UInt16] = [0x60, 0x60, 0x60]

    private func lines() -> [Line] {
        var result: [Line] = []
        var start = 0
        for offset in units.indices where units[offset] == TextUnits.newline {
            result.append(line(start, offset, breakEnd: offset + 1))
            start = offset + 1
        }
        result.append(line(start, units.count, breakEnd: units.count))
        return result
    }

    private func line(_ start: Int, _ lineEnd: Int, breakEnd: Int) -> Line {
        let end = lineEnd > start && units[lineEnd - 1] == TextUnits.carriageReturn ? lineEnd - 1 : lineEnd
        return Line(start: start, end: end, breakEnd: breakEnd)
    }

    private func startsWithFence(_ line: Line) -> Bool {
        line.end - line.start >= 3 && units[line.start..<line.start + 3].elementsEqual(Self.fence)
    }

    private func isFence(_ line: Line) -> Bool {
        line.end - line.start == 3 && startsWithFence(line)
    }

    /// The blocks of the body, then of each quotation's contents, breadth first.
    private mutating func parseBlocks() {
        var work: [(lines: [Line], depth: Int)] = [(lines(), 0)]
        while let (lines, depth) = work.popLast() {
            var index = 0
            while index < lines.count {
                let line = lines[index]
                if startsWithFence(line) {
                    index = preformattedBlock(lines, from: index)
                } else if line.end > line.start, units[line.start] == TextUnits.greaterThan {
                    var contents: [Line] = []
                    var next = index
                    while next < lines.count, lines[next].end > lines[next].start,
                          units[lines[next].start] == TextUnits.greaterThan {
                        let quoted = lines[next]
                        var start = quoted.start + 1
                        // XEP-0393 §5.1.3: the first leading whitespace character is trimmed.
                        if start < quoted.end, TextUnits.isWhitespace(units[start]) { start += 1 }
                        directive(quoted.start..<start)
                        contents.append(Line(start: start, end: quoted.end, breakEnd: quoted.breakEnd))
                        next += 1
                    }
                    // Nested quotes take the same colour: only the outermost one is a style.
                    if depth == 0 {
                        markup.styles.append(.init(range: line.start..<lines[next - 1].end,
                                                   attributes: TextAttributes(color: .quote)))
                    }
                    work.append((contents, depth + 1))
                    index = next
                } else {
                    parseSpans(line)
                    index += 1
                }
            }
        }
    }

    /// A block from the fence line at `first` to a line that is exactly ``` or the end of
    /// the parent block; returns the index of the line after it.
    private mutating func preformattedBlock(_ lines: [Line], from first: Int) -> Int {
        let opening = lines[first]
        var last = first + 1
        while last < lines.count, !isFence(lines[last]) { last += 1 }
        let closed = last < lines.count
        markup.directives.append(opening.start..<opening.end)
        if opening.breakEnd > opening.end {
            markup.removals.append(opening.start..<opening.breakEnd)
        } else if first > 0 {
            markup.removals.append(lines[first - 1].end..<opening.end)
        } else {
            markup.removals.append(opening.start..<opening.end)
        }
        var end = lines[last - 1].end
        if closed {
            let closing = lines[last]
            markup.directives.append(closing.start..<closing.end)
            markup.removals.append(lines[last - 1].end..<closing.end)
            end = closing.end
        }
        markup.styles.append(.init(range: opening.start..<end, attributes: .monospace))
        markup.verbatim.append(opening.start..<end)
        return closed ? last + 1 : last
    }

    private mutating func directive(_ range: Range<Int>) {
        markup.directives.append(range)
        markup.removals.append(range)
    }

    // MARK: Spans

    private static func kind(of unit: UInt16) -> Int? {
        switch unit {
        case 0x2A: 0  // * strong
        case 0x5F: 1  // _ emphasis
        case 0x7E: 2  // ~ strike through
        case 0x60: 3  // ` preformatted
        default: nil
        }
    }

    private static let spanAttributes: [TextAttributes] = [
        .bold, .italic, TextAttributes(strikethrough: true), .monospace,
    ]

    /// The spans of one plain line. `nextClosing[kind][offset - line.start]` is the first
    /// offset at or after `offset` that can close a span of that kind (the directive, not
    /// after whitespace), so finding the lazy match of an opening directive costs nothing.
    private mutating func parseSpans(_ line: Line) {
        guard units[line.start..<line.end].contains(where: { Self.kind(of: $0) != nil }) else { return }
        let count = line.end - line.start
        var nextClosing = [[Int]](repeating: [Int](repeating: line.end, count: count + 1), count: 4)
        for offset in stride(from: line.end - 1, through: line.start, by: -1) {
            for kind in 0..<4 { nextClosing[kind][offset - line.start] = nextClosing[kind][offset - line.start + 1] }
            if let kind = Self.kind(of: units[offset]), offset > line.start, !TextUnits.isWhitespace(units[offset - 1]) {
                nextClosing[kind][offset - line.start] = offset
            }
        }
        parseSpans(line.start..<line.end, lineStart: line.start, nextClosing: nextClosing)
    }

    /// Spans inside `range`: a line, or the inside of a span, whose first character may open
    /// a span (at the start of a line, or right after a different opening directive).
    private mutating func parseSpans(_ range: Range<Int>, lineStart: Int, nextClosing: [[Int]]) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let unit = units[offset]
            if let kind = Self.kind(of: unit),
               offset == range.lowerBound || TextUnits.isWhitespace(units[offset - 1]),
               offset + 1 < range.upperBound,
               !TextUnits.isWhitespace(units[offset + 1]),
               // `**` and `****` style nothing (XEP-0393 §5.2): a directive followed by the
               // same directive opens no span.
               units[offset + 1] != unit {
                let closing = nextClosing[kind][offset + 2 - lineStart]
                if closing < range.upperBound {
                    directive(offset..<offset + 1)
                    directive(closing..<closing + 1)
                    markup.styles.append(.init(range: offset..<closing + 1, attributes: Self.spanAttributes[kind]))
                    if kind == 3 {
                        markup.verbatim.append(offset + 1..<closing)
                    } else {
                        parseSpans(offset + 1..<closing, lineStart: lineStart, nextClosing: nextClosing)
                    }
                    offset = closing + 1
                    continue
                }
            }
            offset += 1
        }
    }
}
