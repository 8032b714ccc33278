/// How heavy a span's font is. Each weight maps to a font role of the theme (regular text,
/// semibold, bold); a weight the theme has no font for takes the nearest role it has.
public enum FontWeight: UInt8, Sendable, Hashable, Comparable, CaseIterable {
    case regular, semibold, bold

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.rawValue < b.rawValue }
}

/// What a span of text means for drawing, which the theme turns into a colour: the layout
/// never reads it, so a colour change never changes a measurement.
public enum ColorRole: String, Sendable, Hashable, CaseIterable {
    /// The bubble's text colour.
    case body
    case link
    case mention
    /// Text inside a quote block.
    case quote
    /// Dimmed text: styling directives shown, tombstones, secondary labels.
    case secondary
}

/// The look of a span of text. Weight, italic, monospace and size choose the font and so
/// change the layout; decorations and the colour role are only drawn.
public struct TextAttributes: Sendable, Hashable {
    public var weight: FontWeight
    public var italic: Bool
    public var monospace: Bool
    public var strikethrough: Bool
    public var underline: Bool
    public var color: ColorRole
    /// The span's size relative to the layout's font size (1 = the same).
    public var sizeFactor: Double

    public init(weight: FontWeight = .regular, italic: Bool = false, monospace: Bool = false,
                strikethrough: Bool = false, underline: Bool = false, color: ColorRole = .body,
                sizeFactor: Double = 1) {
        self.weight = weight
        self.italic = italic
        self.monospace = monospace
        self.strikethrough = strikethrough
        self.underline = underline
        self.color = color
        self.sizeFactor = sizeFactor
    }

    public static let plain = TextAttributes()
    public static let bold = TextAttributes(weight: .bold)
    public static let italic = TextAttributes(italic: true)
    public static let monospace = TextAttributes(monospace: true)

    /// Nested spans combine: `*_both_*` is bold and italic. Flags add up, the heavier weight
    /// wins, and the inner span's colour and size win where it sets them.
    public func combined(with inner: TextAttributes) -> TextAttributes {
        TextAttributes(weight: max(weight, inner.weight), italic: italic || inner.italic,
                       monospace: monospace || inner.monospace,
                       strikethrough: strikethrough || inner.strikethrough, underline: underline || inner.underline,
                       color: inner.color == .body ? color : inner.color,
                       sizeFactor: inner.sizeFactor == 1 ? sizeFactor : inner.sizeFactor)
    }

    /// The font role these attributes ask for on top of a layout's base role: plain
    /// attributes keep the base role (body text, a name, a time label).
    public func fontRole(base: FontRole) -> FontRole {
        switch (monospace, weight, italic) {
        case (false, .regular, false): base
        case (true, .regular, _): .mono
        case (true, _, _): .monoBold
        case (false, .regular, true): .italic
        case (false, _, true): .boldItalic
        case (false, .semibold, false): .semibold
        case (false, .bold, false): .bold
        }
    }
}

/// Text with styled spans: the payload of a text bubble and the input of `TextEngine`.
///
/// Spans are UTF-16 ranges, as NSRange counts them (and as `bubbles measure --explain`
/// reports line and run ranges). Spans may nest or overlap; they are resolved once, when the
/// text is built, into `runs`: contiguous, in order, each with the combined attributes.
/// Plain text keeps no runs at all, so laying it out costs exactly what a `String` does.
public struct StyledText: Sendable, Hashable, ExpressibleByStringLiteral {
    public private(set) var string: String
    /// Contiguous ranges covering the whole text with their resolved attributes; empty for
    /// plain text.
    public private(set) var runs: [Span]

    /// A range of the text and its attributes.
    public struct Span: Sendable, Hashable {
        public var range: Range<Int>
        public var attributes: TextAttributes

        public init(_ range: Range<Int>, _ attributes: TextAttributes) {
            self.range = range
            self.attributes = attributes
        }
    }

    /// Plain text.
    public init(_ string: String) {
        self.string = string
        runs = []
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// `string` with `spans` laid over plain text, later spans inside earlier ones (see
    /// `TextAttributes.combined`). Ranges are clamped to the text; empty ones are ignored.
    public init(_ string: String, spans: [Span]) {
        self.string = string
        runs = Self.resolve(spans, length: string.utf16.count)
    }

    /// `string` with runs a caller has already resolved (contiguous, in order, covering the
    /// text): kept in linear time, where spans cost a comparison of every piece with every
    /// span. Neighbours with equal attributes merge; runs of any other shape are resolved as
    /// spans.
    public init(_ string: String, resolvedRuns: [Span]) {
        var expected = 0
        let contiguous = resolvedRuns.allSatisfy { run in
            defer { expected = run.range.upperBound }
            return run.range.lowerBound == expected && !run.range.isEmpty
        }
        self.string = string
        guard contiguous, expected == string.utf16.count else {
            runs = Self.resolve(resolvedRuns, length: string.utf16.count)
            return
        }
        var runs: [Span] = []
        for run in resolvedRuns {
            if let last = runs.last, last.attributes == run.attributes {
                runs[runs.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                runs.append(run)
            }
        }
        self.runs = runs.count == 1 && runs[0].attributes == .plain ? [] : runs
    }

    /// Plain when nothing in it is styled.
    public var isPlain: Bool { runs.isEmpty }

    /// The number of UTF-16 code units.
    public var utf16Count: Int { string.utf16.count }

    /// Appends `text` with `attributes`.
    public mutating func append(_ text: String, _ attributes: TextAttributes = .plain) {
        let start = utf16Count
        let end = start + text.utf16.count
        string += text
        guard end > start else { return }
        if runs.isEmpty {
            if attributes == .plain { return }
            if start > 0 { runs.append(Span(0..<start, .plain)) }
        }
        if let last = runs.last, last.attributes == attributes, last.range.upperBound == start {
            runs[runs.count - 1].range = last.range.lowerBound..<end
        } else {
            runs.append(Span(start..<end, attributes))
        }
    }

    /// The same text with `attributes` laid over `range` (inside the spans already there).
    public func styling(_ range: Range<Int>, _ attributes: TextAttributes) -> StyledText {
        StyledText(string, spans: (runs.isEmpty ? [] : runs) + [Span(range, attributes)])
    }

    /// Attributes at every boundary where they change: a sweep over the span edges.
    private static func resolve(_ spans: [Span], length: Int) -> [Span] {
        let clamped = spans.enumerated().compactMap { index, span -> (Int, Span)? in
            let lower = max(0, min(length, span.range.lowerBound))
            let upper = max(lower, min(length, span.range.upperBound))
            return upper > lower ? (index, Span(lower..<upper, span.attributes)) : nil
        }
        guard !clamped.isEmpty else { return [] }
        var edges = Set([0, length])
        for (_, span) in clamped { edges.insert(span.range.lowerBound); edges.insert(span.range.upperBound) }
        let sorted = edges.sorted()
        var result: [Span] = []
        for (lower, upper) in zip(sorted, sorted.dropFirst()) {
            // Spans covering this piece, outermost (longest, then earliest) first.
            let covering = clamped.filter { $0.1.range.lowerBound <= lower && $0.1.range.upperBound >= upper }
                .sorted { ($0.1.range.count, -$0.0) > ($1.1.range.count, -$1.0) }
            let attributes = covering.reduce(TextAttributes.plain) { $0.combined(with: $1.1.attributes) }
            if let last = result.last, last.attributes == attributes {
                result[result.count - 1].range = last.range.lowerBound..<upper
            } else {
                result.append(Span(lower..<upper, attributes))
            }
        }
        return result.count == 1 && result[0].attributes == .plain ? [] : result
    }
}
