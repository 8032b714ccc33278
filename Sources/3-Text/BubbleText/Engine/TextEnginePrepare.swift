import BubbleFastPaths
import BubbleUnicode

extension TextEngine {
    /// Analyses and shapes a text once (the width-independent half of `layout`), so that
    /// `PreparedText.measure(maxWidth:)` gives its size at any width by arithmetic. The style's
    /// `maxWidth` is not used; its size and role are.
    public func prepare(_ text: StyledText, style: TextStyle) throws -> PreparedText {
        try prepare(text, style: style, analysingEveryParagraph: false)
    }

    /// `analysingEveryParagraph` turns `PlainASCIIUnits` and `PlainCJKUnits` off (for tests,
    /// which compare the two ways).
    func prepare(_ text: StyledText, style: TextStyle, analysingEveryParagraph: Bool) throws -> PreparedText {
        try prepare(Self.utf16(text.string), source: .styled(text), style: style, analysingEveryParagraph: analysingEveryParagraph)
    }

    /// Plain text in the fonts of `style.role`, given as UTF-16 code units (as ICU, JavaScript
    /// and `NSString` hold text): the same as `prepare(String(decoding: units, as: UTF16.self),
    /// style:)`, without making the string. `measure` reads its input lines this way.
    public func prepare(utf16 units: [UInt16], style: TextStyle) throws -> PreparedText {
        // A string would hold U+FFFD where a surrogate is unpaired: such text goes that way.
        guard UnicodeScalars.isWellFormed(units) else {
            return try prepare(StyledText(String(decoding: units, as: UTF16.self)), style: style)
        }
        return try prepare(units, source: .utf16(units), style: style, analysingEveryParagraph: false)
    }

    private func prepare(_ units: [UInt16], source: PreparedText.FullLayout.Source, style: TextStyle,
                         analysingEveryParagraph: Bool) throws -> PreparedText {
        let styling: TextStyling
        switch source {
        case .styled(let text): styling = TextStyling(text: text, style: style, table: table)
        case .utf16: styling = TextStyling(plainIn: style, table: table)
        }
        var prepared = try units.withUnsafeBufferPointer { buffer in
            try prepare(buffer, style: style, styling: styling, analysingEveryParagraph: analysingEveryParagraph)
        }
        if prepared.needsLayout || prepared.reshapesEdges || prepared.hasUnanalysedParagraphs {
            prepared.fullLayout = PreparedText.FullLayout(engine: self, source: source, style: style)
        }
        return prepared
    }

    /// Plain text in the fonts of `style.role`.
    public func prepare(_ text: String, style: TextStyle) throws -> PreparedText {
        try prepare(StyledText(text), style: style)
    }

    /// The paragraph loop of `layout`, keeping each paragraph's analysis instead of filling lines.
    private func prepare(_ buffer: UnsafeBufferPointer<UInt16>, style: TextStyle, styling: TextStyling,
                         analysingEveryParagraph: Bool) throws -> PreparedText {
        let opportunities = try LineBreaks.opportunities(in: buffer, fastPaths: fastPaths)
        let segmenter = Segmenter(shaper: Shaper(fonts: table.fonts, cache: cache, tally: nil,
                                                 language: shapingLanguage.value), styling: styling,
                                  inertTables: inertTables, kernedTables: kernedTables, fastPaths: fastPaths)
        let keepsHangulWords = style.lineBreakStrategy == .hangulWordPriority
        var needsLayout = false
        var reshapesEdges = false
        var hasMissingGlyphs = false
        var units: [PreparedText.Unit] = []
        // A unit ends at each opportunity at most (plus the tab cuts, rare): no regrowth.
        units.reserveCapacity(opportunities.count)
        var paragraphs: [PreparedText.Paragraph] = []
        var analysed: [Segmenter.Paragraph] = []
        let takesPlainUnits = takesShortcuts && fastPaths.isOn(.plainParagraphs) && !analysingEveryParagraph
        var plainASCII = !takesPlainUnits ? nil
            : PlainASCIIUnits(styling: styling, kernedTables: kernedTables, fonts: table.fonts)
        var plainCJK = !takesPlainUnits ? nil
            : PlainCJKUnits(styling: styling, inertTables: inertTables, fonts: table.fonts)
        let takesScripts = takesPlainUnits && styling.runs.isEmpty
        var hasUnanalysedParagraphs = false
        let empty = { paragraphs.append(PreparedText.Paragraph(units: units.count..<units.count, analysed: -1)) }
        try TextParagraph.forEach(in: buffer, opportunities: opportunities, keepsHangulWords: keepsHangulWords) { text in
            let first = units.count
            if text.content.isEmpty {
                empty()
            } else if plainASCII?.append(buffer, text.content, softBreaks: text.softBreaks, to: &units) == true
                        || plainCJK?.append(buffer, text.content, softBreaks: text.softBreaks, shaper: segmenter.shaper,
                                            to: &units) == true
                        || plainASCII != nil && PlainEmojiUnits.append(buffer, text.content, softBreaks: text.softBreaks,
                                                                       shaper: segmenter.shaper, ascii: &plainASCII!,
                                                                       fallback: styling.baseFallback, to: &units)
                        || takesScripts && PlainScriptUnits.append(buffer, text.content, softBreaks: text.softBreaks,
                                                                        shaper: segmenter.shaper, fallback: styling.baseFallback,
                                                                        fontSize: styling.fontSize, to: &units) {
                paragraphs.append(PreparedText.Paragraph(units: first..<units.count, analysed: PreparedText.Paragraph.unanalysed))
                hasUnanalysedParagraphs = true
            } else {
                let paragraph = try segmenter.analyse(buffer, text.content, softBreaks: text.softBreaks)
                for segment in paragraph.segments {
                    // A tab's width depends on the pen and an unsafe start reshapes at a line
                    // edge: both are left to the full layout, as are missing glyphs (reported).
                    if segment.isTab { needsLayout = true }
                    if segment.unsafeStart { reshapesEdges = true }
                    if segment.glyphs.contains(where: { $0.glyph == 0 }) { hasMissingGlyphs = true }
                }
                appendUnits(of: paragraph.segments, to: &units,
                            edges: LineEdges(text: buffer, paragraph: paragraph, shaper: segmenter.shaper))
                paragraphs.append(PreparedText.Paragraph(units: first..<units.count, analysed: analysed.count))
                analysed.append(paragraph)
            }
            if text.isFollowedByEmptyLine { empty() }
        }
        if buffer.isEmpty { empty() }
        let primary = table.fonts[Int(table.fallback(for: style.role).primary)]
        let scale = style.fontSize / Double(primary.unitsPerEm)
        return PreparedText(units: units, paragraphs: paragraphs, analysed: analysed,
                            emptyAscent: Double(primary.ascender) * scale, emptyDescent: Double(primary.descender) * scale,
                            fonts: table.fonts, needsLayout: needsLayout || hasMissingGlyphs,
                            hasMissingGlyphs: hasMissingGlyphs, reshapesEdges: reshapesEdges,
                            hasUnanalysedParagraphs: hasUnanalysedParagraphs)
    }

    /// One `PreparedText.Unit` per break unit, with the sums `LineBreaker` takes, in its order.
    ///
    /// A unit whose first segment starts unsafe to break also gets what `LineEdges` would
    /// change when a line starts there: that segment reshaped alone or with the next one of
    /// its word, and the segment before it (ending the previous line) reshaped alone.
    private func appendUnits(of segments: [Segment], to units: inout [PreparedText.Unit], edges: LineEdges) {
        var first = 0
        while first < segments.count {
            var last = first
            while last + 1 < segments.count && segments[last + 1].unit == segments[first].unit { last += 1 }
            var width = 0.0
            var ascent = 0.0, descent = 0.0
            for index in first...last {
                let segment = segments[index]
                width += Double(segment.advance) * segment.pointsPerUnit
                let font = table.fonts[Int(segment.font)]
                ascent = max(ascent, Double(font.ascender) * segment.pointsPerUnit)
                descent = max(descent, Double(font.descender) * segment.pointsPerUnit)
            }
            // Trailing whitespace may span segments (a space after an emoji is in its font).
            var trailing = 0.0
            for index in (first...last).reversed() {
                let segment = segments[index]
                trailing += Double(segment.trailingWhitespaceAdvance) * segment.pointsPerUnit
                if segment.trailingWhitespaceStart > segment.range.lowerBound { break }
            }
            var edge: PreparedText.Edge?
            if segments[first].unsafeStart && first > 0 {
                let segment = segments[first], before = segments[first - 1]
                let old = Double(segment.advance) * segment.pointsPerUnit
                let alone = Double(edges.reshaped(first, withNext: false).advance) * segment.pointsPerUnit - old
                let withNext = edges.joinsNext(first)
                    ? Double(edges.reshaped(first, withNext: true).advance) * segment.pointsPerUnit - old : alone
                let end = Double(edges.reshaped(first - 1, withNext: false).advance) * before.pointsPerUnit
                    - Double(before.advance) * before.pointsPerUnit
                edge = PreparedText.Edge(startAlone: alone, startWithNext: withNext, endBefore: end)
            }
            units.append(PreparedText.Unit(width: width, trailing: trailing, ascent: ascent, descent: descent,
                                           segments: Int32(first)..<Int32(last + 1), edge: edge))
            first = last + 1
        }
    }
}
