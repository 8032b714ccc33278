import BubbleFastPaths
import BubbleUnicode

/// Lays out text: the one object whose `TextLayout` is both measured and drawn.
///
/// Stages, per paragraph: grapheme clusters → font fallback (per style run, from the chain of
/// its font role) → bidi levels → script runs → segments (at every change of font, style,
/// script, level or tab and every UAX #14 opportunity) → HarfBuzz shaping per word (cached; a
/// Latin word of `KernedCharacters` is built from its font's tables instead, a run of
/// ideographs from `InertCharacters`), sliced into segments → greedy line filling → reshaping at
/// unsafe line edges → visual order (rule L2) and line metrics.
/// Safe to use from several threads at once: fonts are immutable, ICU iterators are pooled,
/// the shaping cache is locked per shard.
public final class TextEngine: Sendable {
    public let fonts: FontRoles
    /// The BCP 47 language every text is shaped in (`ja`, `ko`, `zh-Hant`, `zh-HK`), or nil.
    public let language: String?
    let table: FontTable
    let cache: ShapeCache?
    let shapingLanguage: ShapingLanguage
    /// Nil only in tests that compare against words shaped whole.
    let inertTables: InertCharacterTables?
    /// Nil only in tests that compare against every word shaped by HarfBuzz.
    let kernedTables: KernedCharacterTables?
    /// The fast paths this engine takes (`FastPaths.current` when it was made).
    public let fastPaths: FastPaths
    /// Whether words may be measured by the OpenType shortcuts (`Shortcuts/`): the fast path is
    /// on and every font of the engine is one the project ships (`ShippedFonts`); a user's own
    /// font is always shaped by HarfBuzz.
    let takesShortcuts: Bool

    /// `cachesShaping: false` shapes every segment afresh (the cache must never change a result;
    /// tests compare both). `language` (a theme's or a command's) turns on the fonts'
    /// language-specific forms (`locl`): the Noto Sans CJK face then draws Japanese, Korean or
    /// Traditional Chinese glyph forms. Nil shapes with no language, the same on every machine.
    public convenience init(fonts: FontRoles, language: String? = nil, cachesShaping: Bool = true,
                            fastPaths: FastPaths = .current) throws {
        try self.init(fonts: fonts, language: language, cachesShaping: cachesShaping, cutsInertRuns: true,
                      fastPaths: fastPaths)
    }

    /// `cutsInertRuns: false` shapes Chinese and Japanese words whole (`InertCharacters` must
    /// never change a result; tests compare both), `kernsLatinWords: false` shapes every Latin
    /// word with HarfBuzz (`KernedCharacters` must not either).
    /// `trustsAllFonts` skips `ShortcutSelfCheck` (for the check's own engine).
    init(fonts: FontRoles, language: String?, cachesShaping: Bool, cutsInertRuns: Bool,
         kernsLatinWords: Bool = true, fastPaths: FastPaths = .current, trustsAllFonts: Bool = false) throws {
        self.fonts = fonts
        self.language = language
        self.fastPaths = fastPaths
        table = try FontTable(fonts)
        let unshipped = table.fonts.filter { !ShippedFonts.contains($0) }
        takesShortcuts = fastPaths.isOn(.openTypeShortcuts) && (unshipped.isEmpty || trustsAllFonts
            || ShortcutSelfCheck.passes(fonts: fonts, language: language, unshipped: unshipped,
                                        fastPaths: fastPaths))
        cache = cachesShaping ? ShapeCache() : nil
        shapingLanguage = ShapingLanguage(language)
        inertTables = cutsInertRuns && takesShortcuts ? InertCharacterTables(fonts: table.fonts, language: shapingLanguage) : nil
        kernedTables = kernsLatinWords && takesShortcuts ? KernedCharacterTables(fonts: table.fonts, language: shapingLanguage) : nil
    }

    /// An engine whose every role uses one chain.
    public convenience init(fonts: FontSet, cachesShaping: Bool = true, fastPaths: FastPaths = .current) throws {
        try self.init(fonts: FontRoles(text: fonts), cachesShaping: cachesShaping, fastPaths: fastPaths)
    }

    /// Makes now what the first texts in `role`'s fonts would make: BubbleUnicode's tables
    /// (`UnicodeTables`), then the proofs of the role's Chinese and Japanese font for Han text
    /// (`InertCharacters`) and of its primary font for Latin text (`KernedCharacters`), each a
    /// few milliseconds (docs/performance.md), in that order: workers that start meanwhile make the
    /// Latin one themselves at their first English text. Each is made once per engine (the
    /// tables once per process); threads needing one being made wait for it. Call it on a thread
    /// of its own while other set-up goes on: it changes no result, only who waits.
    public func prepareTables(for role: FontRole = .text) {
        UnicodeTables.build()
        let fallback = table.fallback(for: role)
        if let inertTables, let han = fallback.font(ofSingleUnit: 0x4E00) {
            _ = inertTables.table(font: han, script: PlainCJKUnits.hanScript)
        }
        _ = kernedTables?.table(font: fallback.primary, script: PlainASCIIUnits.latinScript)
    }

    /// `UnicodeTables.build()`, for a program that starts it before it has an engine.
    public static func prepareUnicodeTables() { UnicodeTables.build() }

    /// Number of shaped segments held in the cache.
    public var cachedSegmentCount: Int { cache?.count ?? 0 }

    /// Lays out plain text: every character in the fonts of `style.role`.
    public func layout(_ text: String, style: TextStyle) throws -> TextLayout {
        try layout(StyledText(text), style: style)
    }

    /// Lays out styled text: a span's attributes pick its font role (on top of `style.role`)
    /// and size; every style change is one more place where segments are cut.
    public func layout(_ text: StyledText, style: TextStyle) throws -> TextLayout {
        try layout(text, style: style, tally: nil)
    }

    /// A layout and the work it took, for tests that check the work grows linearly with the text.
    package func layoutCountingWork(_ text: StyledText, style: TextStyle) throws -> (layout: TextLayout, work: LayoutWork) {
        let tally = WorkTally()
        let layout = try layout(text, style: style, tally: tally)
        return (layout, tally.work)
    }

    private func layout(_ text: StyledText, style: TextStyle, tally: WorkTally?) throws -> TextLayout {
        // A tab stays U+0009 (UAX #14 class BA, bidi class S); it gets no glyph, only a width.
        let units = Self.utf16(text.string)
        let styling = TextStyling(text: text, style: style, table: table)
        return try units.withUnsafeBufferPointer { buffer in
            try layout(buffer, text: text.string, style: style, styling: styling, tally: tally)
        }
    }

    private func layout(_ buffer: UnsafeBufferPointer<UInt16>, text: String, style: TextStyle,
                        styling: TextStyling, tally: WorkTally?) throws -> TextLayout {
        let opportunities = try LineBreaks.opportunities(in: buffer, fastPaths: fastPaths)
        tally?.work.breakOpportunities += opportunities.count
        let segmenter = Segmenter(shaper: Shaper(fonts: table.fonts, cache: cache, tally: tally,
                                                 language: shapingLanguage.value), styling: styling,
                                  inertTables: inertTables, kernedTables: kernedTables, fastPaths: fastPaths)
        let breaker = LineBreaker(maxWidth: style.maxWidth, tabInterval: style.tabInterval, tally: tally)
        let keepsHangulWords = style.lineBreakStrategy == .hangulWordPriority
        var lines: [TextLine] = []
        var top = 0.0
        try TextParagraph.forEach(in: buffer, opportunities: opportunities, keepsHangulWords: keepsHangulWords) { paragraph in
            lines += try layoutParagraph(buffer, paragraph, segmenter: segmenter, breaker: breaker, style: style, top: &top)
            if paragraph.isFollowedByEmptyLine {
                lines.append(emptyLine(at: buffer.count..<buffer.count, style: style, top: &top))
            }
        }
        if buffer.isEmpty { lines.append(emptyLine(at: 0..<0, style: style, top: &top)) }
        let width = lines.reduce(0.0) { max($0, $1.width) }
        for index in lines.indices where lines[index].direction == .rightToLeft {
            lines[index].x = width - lines[index].width
        }
        return TextLayout(text: text, style: style, lines: lines, width: width, height: top)
    }

    private func layoutParagraph(_ buffer: UnsafeBufferPointer<UInt16>, _ text: TextParagraph, segmenter: Segmenter,
                                 breaker: LineBreaker, style: TextStyle, top: inout Double) throws -> [TextLine] {
        let fullRange = text.fullRange
        if text.content.isEmpty { return [emptyLine(at: fullRange, style: style, top: &top)] }
        let paragraph = try segmenter.analyse(buffer, text.content, softBreaks: text.softBreaks)
        var contents = breaker.lines(for: paragraph)
        LineEdges(text: buffer, paragraph: paragraph, shaper: segmenter.shaper).reshape(&contents)
        let direction: TextDirection = paragraph.level & 1 == 0 ? .leftToRight : .rightToLeft
        var result: [TextLine] = []
        var lineStart = fullRange.lowerBound
        for (index, content) in contents.enumerated() {
            let isLast = index == contents.count - 1
            let end = isLast ? fullRange.upperBound : contents[index + 1].parts.first?.part.range.lowerBound ?? fullRange.upperBound
            var line = makeLine(content, paragraph: paragraph, direction: direction, styling: segmenter.styling, top: top,
                                tally: segmenter.shaper.tally)
            line.range = lineStart..<end
            lineStart = end
            top += line.height
            result.append(line)
        }
        return result
    }

    /// Orders a line's parts visually (UAX #9 rule L2), merges neighbours of one font, level and
    /// script into runs, and takes the largest ascender and descender of the fonts on it.
    private func makeLine(_ content: LineBreaker.LineContent, paragraph: Segmenter.Paragraph,
                          direction: TextDirection, styling: TextStyling, top: Double, tally: WorkTally?) -> TextLine {
        let segments = paragraph.segments
        let parts = content.parts
        // Left-to-right lines (most of them) are already in visual order.
        let order = parts.allSatisfy({ segments[$0.segment].level == 0 }) ? Array(parts.indices)
            : BidiParagraph.visualOrder(levels: parts.map { segments[$0.segment].level })
        tally?.work.lineParts += parts.count
        var runs: [GlyphRun] = []
        runs.reserveCapacity(4)
        var pen = direction == .rightToLeft ? 0 - content.hanging : 0
        var ascent = 0.0, descent = 0.0
        var visual = 0
        while visual < order.count {
            // Neighbours (in visual order) of one font, style, level and script make one run.
            let first = segments[parts[order[visual]].segment]
            var end = visual + 1
            while end < order.count {
                let next = segments[parts[order[end]].segment]
                guard next.font == first.font, next.style == first.style, next.level == first.level,
                      next.script == first.script, !next.isTab, !first.isTab else { break }
                end += 1
            }
            let font = table.fonts[Int(first.font)]
            let scale = first.pointsPerUnit
            ascent = max(ascent, Double(font.ascender) * scale)
            descent = max(descent, Double(font.descender) * scale)
            var runParts: [ShapedPart] = []
            runParts.reserveCapacity(end - visual)
            var width = 0.0
            var lower = Int.max, upper = Int.min
            for index in visual..<end {
                let part = parts[order[index]]
                tally?.work.glyphs += part.part.glyphs.count
                runParts.append(part.part)
                width += part.width
                lower = min(lower, part.part.range.lowerBound)
                upper = max(upper, part.part.range.upperBound)
            }
            runs.append(GlyphRun(font: font, attributes: styling.attributes[Int(first.style)], range: lower..<upper,
                                 bidiLevel: first.level,
                                 scriptTag: first.script, x: pen, width: width, pointsPerUnit: scale, parts: runParts))
            pen += width
            visual = end
        }
        return TextLine(range: paragraph.range, direction: direction, x: 0, top: top,
                        width: content.width - content.hanging, hangingWidth: content.hanging,
                        ascent: ascent, descent: descent, runs: runs)
    }

    /// An empty line is as tall as the primary font of the layout's role.
    private func emptyLine(at range: Range<Int>, style: TextStyle, top: inout Double) -> TextLine {
        let font = table.fonts[Int(table.fallback(for: style.role).primary)]
        let scale = style.fontSize / Double(font.unitsPerEm)
        let line = TextLine(range: range, direction: .leftToRight, x: 0, top: top, width: 0, hangingWidth: 0,
                            ascent: Double(font.ascender) * scale, descent: Double(font.descender) * scale, runs: [])
        top += line.height
        return line
    }

    /// The text as UTF-16 (what ICU and HarfBuzz take, and what NSRange counts), transcoded
    /// straight from the string's UTF-8 storage: `Array(text.utf16)` walks it generically.
    static func utf16(_ text: String) -> [UInt16] {
        if text.isEmpty { return [] }
        var text = text
        return text.withUTF8 { bytes in
            // Swift strings hold valid UTF-8, so the decoding needs no error paths.
            [UInt16](capacity: bytes.count, blank: 0) { out in
                var read = 0, written = 0
                let end = bytes.count
                while read < end {
                    let lead = UInt32(bytes[read])
                    if lead < 0x80 {
                        out[written] = UInt16(lead)
                        read += 1
                        written += 1
                        continue
                    }
                    var scalar: UInt32
                    if lead < 0xE0 {
                        scalar = (lead & 0x1F) << 6 | UInt32(bytes[read + 1] & 0x3F)
                        read += 2
                    } else if lead < 0xF0 {
                        scalar = (lead & 0x0F) << 12 | UInt32(bytes[read + 1] & 0x3F) << 6 | UInt32(bytes[read + 2] & 0x3F)
                        read += 3
                    } else {
                        scalar = (lead & 0x07) << 18 | UInt32(bytes[read + 1] & 0x3F) << 12
                            | UInt32(bytes[read + 2] & 0x3F) << 6 | UInt32(bytes[read + 3] & 0x3F)
                        read += 4
                    }
                    if scalar < 0x10000 {
                        out[written] = UInt16(scalar)
                        written += 1
                    } else {
                        scalar -= 0x10000
                        out[written] = UInt16(0xD800 + (scalar >> 10))
                        out[written + 1] = UInt16(0xDC00 + (scalar & 0x3FF))
                        written += 2
                    }
                }
                return written
            }
        }
    }
}
