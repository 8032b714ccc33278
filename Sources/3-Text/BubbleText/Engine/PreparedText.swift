/// The size of a text at one width: what `measure` prints and row heights need, without glyphs.
public struct TextMeasure: Sendable, Equatable {
    public var lines: Int
    /// The widest line, unrounded points (as `TextLayout.width`).
    public var width: Double
    /// Sum of the lines' heights, unrounded points (as `TextLayout.height`).
    public var height: Double

    public init(lines: Int, width: Double, height: Double) {
        self.lines = lines
        self.width = width
        self.height = height
    }

    /// The measure of a full layout, for comparing the two paths.
    public init(_ layout: TextLayout) {
        self.init(lines: layout.lines.count, width: layout.width, height: layout.height)
    }
}

/// A text analysed and shaped once, so that measuring it at any width is arithmetic over the
/// widths of its break units (the text between two UAX #14 opportunities), as Chromium's
/// ShapeCache, Minikin's LayoutCache and pretext do. Only a unit wider than a whole line goes
/// back to its glyphs (an emergency break between grapheme clusters).
///
/// It mirrors `LineBreaker` and `TextEngine.layout` operation for operation, so its widths and
/// heights are the same doubles a `TextLayout` holds (a test compares the two paths on every
/// corpus message). It keeps no positioned glyphs: the shaped segments it holds are the
/// cache's own arrays.
public struct PreparedText: Sendable {
    /// One break unit's sums, in points.
    struct Unit: Sendable, Equatable {
        /// Advance of all its segments, summed in order as `LineBreaker` sums them.
        let width: Double
        /// Advance of its trailing whitespace, which hangs at a soft wrap.
        let trailing: Double
        /// Largest ascender and descender of its segments' fonts.
        let ascent: Double
        let descent: Double
        /// Its segments in the paragraph.
        let segments: Range<Int32>
        /// What the line edges change when a line starts at this unit (nil: nothing).
        let edge: Edge?
    }

    /// Width changes (points) of `LineEdges` when a line starts at a unit whose first segment
    /// starts unsafe to break: that segment reshaped alone (it is the line's only part) or with
    /// the next segment of its word, and the segment before it, ending the line before, alone.
    struct Edge: Sendable, Equatable {
        let startAlone: Double
        let startWithNext: Double
        let endBefore: Double
    }

    /// A paragraph (or the empty line of an empty one) and its units in `units`.
    struct Paragraph: Sendable, Equatable {
        let units: Range<Int>
        /// Index in `analysed`, -1 for an empty line, `unanalysed` for units made without an
        /// analysis (`PlainASCIIUnits`, `PlainCJKUnits`).
        let analysed: Int

        static let unanalysed = -2
    }

    let units: [Unit]
    let paragraphs: [Paragraph]
    /// The segments and cluster ends of every non-empty paragraph, for emergency breaks.
    let analysed: [Segmenter.Paragraph]
    /// Ascender and descender of an empty line (the role's primary font).
    let emptyAscent: Double
    let emptyDescent: Double

    private static let tolerance = 1e-6

    /// Whether the text is measured by the full layout: it has a tab (whose width depends on the
    /// pen) or a missing glyph (which the layout names). Exactness first: these texts are rare.
    public let needsLayout: Bool
    /// Whether a glyph of the text is .notdef (then `TextLayout.missingGlyphs` says which).
    public let hasMissingGlyphs: Bool
    /// Whether a segment starts unsafe to break (its line edges are reshaped): the unit edges
    /// are arithmetic too, but an emergency break in such a text takes the full layout.
    let reshapesEdges: Bool
    /// Whether a paragraph's units were made without its analysis (`PlainASCIIUnits`,
    /// `PlainCJKUnits`): an emergency break in it takes the full layout.
    let hasUnanalysedParagraphs: Bool

    /// What a text measured by the full layout keeps: the engine, the text and its style.
    struct FullLayout: Sendable {
        /// The text as it was given: a string is made from UTF-16 only if the layout is asked for.
        enum Source: Sendable {
            case styled(StyledText)
            case utf16([UInt16])
        }
        let engine: TextEngine
        let source: Source
        let style: TextStyle

        var text: StyledText {
            switch source {
            case .styled(let text): text
            case .utf16(let units): StyledText(String(decoding: units, as: UTF16.self))
            }
        }
    }
    var fullLayout: FullLayout?

    init(units: [Unit], paragraphs: [Paragraph], analysed: [Segmenter.Paragraph], emptyAscent: Double,
         emptyDescent: Double, fonts: [OpenTypeFont], needsLayout: Bool, hasMissingGlyphs: Bool,
         reshapesEdges: Bool, hasUnanalysedParagraphs: Bool) {
        self.reshapesEdges = reshapesEdges
        self.hasUnanalysedParagraphs = hasUnanalysedParagraphs
        self.units = units
        self.paragraphs = paragraphs
        self.analysed = analysed
        self.emptyAscent = emptyAscent
        self.emptyDescent = emptyDescent
        self.fonts = fonts
        self.needsLayout = needsLayout
        self.hasMissingGlyphs = hasMissingGlyphs
    }

    /// The full layout at `maxWidth`, for texts that `needsLayout` and those whose emergency
    /// breaks the arithmetic leaves to it (nil for the others).
    public func layout(maxWidth: Double) throws -> TextLayout? {
        guard needsLayout || reshapesEdges || hasUnanalysedParagraphs, let fullLayout else { return nil }
        var style = fullLayout.style
        style.maxWidth = maxWidth
        return try fullLayout.engine.layout(fullLayout.text, style: style)
    }

    /// The text's size when its lines are at most `maxWidth` points wide.
    public func measure(maxWidth: Double) throws -> TextMeasure {
        if needsLayout, let layout = try layout(maxWidth: maxWidth) { return TextMeasure(layout) }
        var state = MeasureState(maxWidth: maxWidth)
        for paragraph in paragraphs {
            if paragraph.analysed == -1 {
                state.emit(width: 0, ascent: emptyAscent, descent: emptyDescent)
                continue
            }
            guard fill(paragraph, state: &state) else {
                // An emergency break where line edges are reshaped: the full layout knows.
                return TextMeasure(try layout(maxWidth: maxWidth)!)
            }
        }
        return TextMeasure(lines: state.lines, width: state.width, height: state.top)
    }

    /// What has been measured so far, and the line being filled.
    private struct MeasureState {
        let maxWidth: Double
        var lines = 0
        var width = 0.0
        var top = 0.0
        // The current line, as `LineBreaker.LineContent` holds it.
        var lineWidth = 0.0
        var ascent = 0.0
        var descent = 0.0
        var isEmpty = true

        init(maxWidth: Double) { self.maxWidth = maxWidth }

        mutating func emit(width lineWidth: Double, ascent: Double, descent: Double) {
            lines += 1
            width = max(width, lineWidth)
            top += ascent + descent
        }

        mutating func endLine(hanging: Double) {
            emit(width: lineWidth - hanging, ascent: ascent, descent: descent)
            lineWidth = 0
            ascent = 0
            descent = 0
            isEmpty = true
        }
    }

    /// Greedy filling, as `LineBreaker.lines(for:)`, then the width changes of `LineEdges` in
    /// its order (a line's start, then its end). False when the text needs the full layout.
    private func fill(_ paragraph: Paragraph, state: inout MeasureState) -> Bool {
        let limit = state.maxWidth + Self.tolerance
        var trailing = 0.0
        // The unit that started the current line, when its edge is reshaped, and the line's parts.
        var startEdge: Edge?
        var startsWithOneSegment = false
        var unitsOnLine = 0
        for index in paragraph.units {
            let unit = units[index]
            let visible = unit.width - unit.trailing
            if !state.isEmpty && state.lineWidth + visible > limit {
                let onePart = startsWithOneSegment && unitsOnLine < 2
                if let startEdge { state.lineWidth += onePart ? startEdge.startAlone : startEdge.startWithNext }
                // A line of one reshaped part is already that part alone: its end changes nothing.
                if let edge = unit.edge, !(onePart && startEdge != nil) { state.lineWidth += edge.endBefore }
                state.endLine(hanging: trailing)
                startEdge = unit.edge
                startsWithOneSegment = unit.segments.count == 1
                unitsOnLine = 0
            }
            if state.isEmpty && visible > limit {
                if reshapesEdges || paragraph.analysed == Paragraph.unanalysed { return false }
                breakInsideUnit(unit, analysed[paragraph.analysed], state: &state)
            } else {
                state.lineWidth += unit.width
                state.ascent = max(state.ascent, unit.ascent)
                state.descent = max(state.descent, unit.descent)
                state.isEmpty = false
                unitsOnLine += 1
            }
            trailing = unit.trailing
        }
        let visibleEnd = state.lineWidth - trailing
        let hanging = max(0, state.lineWidth - max(visibleEnd, min(state.lineWidth, state.maxWidth)))
        if let startEdge {
            state.lineWidth += startsWithOneSegment && unitsOnLine < 2 ? startEdge.startAlone : startEdge.startWithNext
        }
        state.endLine(hanging: hanging)
        return true
    }

    /// A stretch of glyphs that may not be split, as `LineBreaker`'s atoms.
    private struct Atom {
        let segment: Int
        let start: Int
        var advance: Int32
    }

    /// An emergency break between grapheme clusters, as `LineBreaker.breakInsideUnit`, in one
    /// pass and without arrays: atoms are made in logical order (a right-to-left segment's
    /// glyphs walked from the back), merged while they are not at a cluster boundary, and
    /// placed as soon as they are whole. Re-layout at a new width comes here for every URL or
    /// long word wider than a line, so allocating two arrays per call cost a third of it.
    private func breakInsideUnit(_ unit: Unit, _ paragraph: Segmenter.Paragraph, state: inout MeasureState) {
        var line = EmergencyLine(state: state, limit: state.maxWidth + Self.tolerance)
        var pending: Atom?
        for index in Int(unit.segments.lowerBound)..<Int(unit.segments.upperBound) {
            let segment = paragraph.segments[index]
            let glyphs = segment.glyphs
            let rightToLeft = segment.level & 1 == 1
            var position = rightToLeft ? glyphs.endIndex : glyphs.startIndex
            while rightToLeft ? position > glyphs.startIndex : position < glyphs.endIndex {
                // The glyphs of one cluster start (consecutive in either order) are one atom.
                if rightToLeft { position -= 1 }
                let start = segment.clusterBase + Int(glyphs[position].cluster)
                var advance = glyphs[position].advance
                if !rightToLeft { position += 1 }
                while rightToLeft ? position > glyphs.startIndex : position < glyphs.endIndex {
                    let next = rightToLeft ? position - 1 : position
                    guard segment.clusterBase + Int(glyphs[next].cluster) == start else { break }
                    advance += glyphs[next].advance
                    position = rightToLeft ? next : next + 1
                }
                if var atom = pending, atom.segment == index, !paragraph.clusterEnds.sortedContains(start) {
                    atom.advance += advance
                    pending = atom
                } else {
                    if let atom = pending { line.place(atom, paragraph.segments, fonts: fonts, state: &state) }
                    pending = Atom(segment: index, start: start, advance: advance)
                }
            }
        }
        if let atom = pending { line.place(atom, paragraph.segments, fonts: fonts, state: &state) }
        line.flushRun(paragraph.segments, fonts: fonts, state: &state)
    }

    /// The line an emergency break is filling: its width so far (for the break decision) and
    /// its last run of atoms of one segment, added to the state as `LineBreaker.append` adds a
    /// part (the run's advances summed in font units, then scaled).
    private struct EmergencyLine {
        let limit: Double
        var width: Double
        var atoms = 0
        var runSegment = -1
        var runAdvance: Int32 = 0

        init(state: MeasureState, limit: Double) {
            self.limit = limit
            width = state.lineWidth
        }

        mutating func place(_ atom: Atom, _ segments: [Segment], fonts: [OpenTypeFont], state: inout MeasureState) {
            let atomWidth = Double(atom.advance) * segments[atom.segment].pointsPerUnit
            if atoms > 0 && width + atomWidth > limit {
                flushRun(segments, fonts: fonts, state: &state)
                state.endLine(hanging: 0)
                width = 0
                atoms = 0
            }
            width += atomWidth
            atoms += 1
            if atom.segment != runSegment { flushRun(segments, fonts: fonts, state: &state) }
            runSegment = atom.segment
            runAdvance += atom.advance
        }

        mutating func flushRun(_ segments: [Segment], fonts: [OpenTypeFont], state: inout MeasureState) {
            guard runSegment >= 0 else { return }
            let segment = segments[runSegment]
            state.lineWidth += Double(runAdvance) * segment.pointsPerUnit
            let metrics = fonts[Int(segment.font)]
            state.ascent = max(state.ascent, Double(metrics.ascender) * segment.pointsPerUnit)
            state.descent = max(state.descent, Double(metrics.descender) * segment.pointsPerUnit)
            state.isEmpty = false
            runSegment = -1
            runAdvance = 0
        }
    }

    /// Every font of the engine, by segment font number (for the metrics of emergency lines).
    let fonts: [OpenTypeFont]
}
