import BubbleText

extension RowLayout {
    /// Every text the row draws: the message (or its file name, duration, emoji), the sender's
    /// name, the time, "edited", a quote and reaction chips; a label row's label.
    public var textLayouts: [TextLayout] {
        switch kind {
        case .daySeparator(let label), .notice(let label): return [label.label.layout]
        case .bubble(let bubble):
            var texts: [TextLayout] = []
            switch bubble.rowContent {
            case .text(let layout), .jumbomoji(let layout): texts.append(layout)
            case .audio(_, _, let duration, _): texts.append(duration)
            case .link(_, _, let name), .remoteImage(_, _, let name): texts.append(name)
            case .image, .typing: break
            }
            texts += [bubble.name, bubble.time, bubble.edited, bubble.quote?.name, bubble.quote?.text].compactMap { $0?.layout }
            texts += bubble.reactions.map(\.label.layout)
            return texts
        }
    }

    /// Characters of the row drawn as .notdef boxes, each code point once, in drawing order.
    public var missingCodePoints: [UInt32] {
        var seen = Set<UInt32>()
        return textLayouts.flatMap(\.missingGlyphs).map(\.scalar).filter { seen.insert($0).inserted }
    }
}

extension ConversationLayout {
    /// One warning per row that draws any character as a .notdef box, naming the row and the
    /// code points: tofu is reported, never silent.
    public var missingGlyphWarnings: [String] {
        rows.compactMap { row in
            let missing = row.missingCodePoints
            guard !missing.isEmpty else { return nil }
            return Self.missingGlyphWarning(source: row.source, missing)
        }
    }

    /// `SOURCE: 2 characters have no glyph in the theme's fonts and show as boxes: U+E000 U+E001`.
    public static func missingGlyphWarning(source: String, _ scalars: [UInt32]) -> String {
        let what = scalars.count == 1 ? "1 character has no glyph in the theme's fonts and shows as a box"
            : "\(scalars.count) characters have no glyph in the theme's fonts and show as boxes"
        return "\(source): \(what): " + scalars.map(MissingGlyph.codePoint).joined(separator: " ")
    }
}
