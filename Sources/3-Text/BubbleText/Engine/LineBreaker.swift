/// Greedy line filling over break units (the text between two UAX #14 opportunities): a unit
/// that does not fit goes to the next line, and one wider than a whole line is broken between
/// grapheme clusters (never inside one, nor inside a HarfBuzz cluster such as a ligature).
/// Trailing whitespace hangs past the edge at a soft wrap and is not part of the line's width.
struct LineBreaker {
    let maxWidth: Double
    /// Distance between default tab stops, points (from the line's start, in logical order).
    let tabInterval: Double
    /// Counts break candidates for tests (nil in ordinary layouts).
    let tally: WorkTally?

    init(maxWidth: Double, tabInterval: Double = TextStyle.defaultTabInterval, tally: WorkTally?) {
        self.maxWidth = maxWidth
        self.tabInterval = tabInterval
        self.tally = tally
    }

    /// Glyphs of one segment on a line (all of it, or a cluster range after an emergency break).
    struct LinePart {
        let segment: Int
        var part: ShapedPart
        var width: Double
    }

    /// One line's content before bidi reordering: parts in logical order.
    struct LineContent {
        var parts: [LinePart] = []
        var width = 0.0
        var hanging = 0.0
    }

    /// Widths are compared with a tolerance well below a device pixel, so that a line that fits
    /// exactly is not wrapped by floating-point noise.
    private static let tolerance = 1e-6

    /// Width of a tab whose pen is at `pen`: up to the next stop (a tab exactly on a stop goes
    /// to the one after, as in UIKit and Pango).
    func tabWidth(at pen: Double) -> Double {
        guard tabInterval > 0 else { return 0 }
        let next = ((pen / tabInterval + Self.tolerance).rounded(.down) + 1) * tabInterval
        return next - pen
    }

    /// Width of segment `index` with the pen at `pen`.
    private func width(_ segment: Segment, at pen: Double) -> Double {
        segment.isTab ? tabWidth(at: pen) : Double(segment.advance) * segment.pointsPerUnit
    }

    func lines(for paragraph: Segmenter.Paragraph) -> [LineContent] {
        let segments = paragraph.segments
        var lines: [LineContent] = []
        var current = LineContent()
        var trailing = 0.0
        var first = 0
        var widths: [Double] = []
        while first < segments.count {
            var last = first
            while last + 1 < segments.count && segments[last + 1].unit == segments[first].unit { last += 1 }
            let unit = first...last
            first = last + 1
            tally?.work.breakCandidates += 1
            var (width, unitTrailing) = measure(segments, unit, at: current.width, into: &widths)
            if !current.parts.isEmpty && current.width + width - unitTrailing > maxWidth + Self.tolerance {
                current.hanging = trailing
                lines.append(current)
                current = LineContent()
                (width, unitTrailing) = measure(segments, unit, at: 0, into: &widths)
            }
            if current.parts.isEmpty && width - unitTrailing > maxWidth + Self.tolerance {
                breakInsideUnit(segments, unit, paragraph.clusterEnds, into: &lines, current: &current)
            } else {
                for (offset, index) in unit.enumerated() {
                    let segment = segments[index]
                    let part = ShapedPart(range: segment.range, glyphs: segment.glyphs, clusterBase: segment.clusterBase,
                                          advance: segment.advance)
                    current.parts.append(LinePart(segment: index, part: part, width: widths[offset]))
                }
                current.width += width
            }
            trailing = unitTrailing
        }
        // At the end of a paragraph spaces count, but never push the line past the edge.
        let visibleEnd = current.width - trailing
        current.hanging = max(0, current.width - max(visibleEnd, min(current.width, maxWidth)))
        lines.append(current)
        return lines
    }

    /// The widths of a unit's segments with the line's pen at `pen`, their sum, and the width of
    /// the whitespace at the unit's end, which may span segments (a space after an emoji is in
    /// the emoji's font, and so its own segment when the next word is not; a tab is whitespace).
    private func measure(_ segments: [Segment], _ unit: ClosedRange<Int>, at pen: Double,
                         into widths: inout [Double]) -> (width: Double, trailing: Double) {
        widths.removeAll(keepingCapacity: true)
        var total = 0.0
        for index in unit {
            let width = width(segments[index], at: pen + total)
            widths.append(width)
            total += width
        }
        var trailing = 0.0
        var index = unit.upperBound
        while index >= unit.lowerBound {
            defer { index -= 1 }
            let offset = index - unit.lowerBound
            let segment = segments[index]
            if segment.isTab {
                trailing += widths[offset]
                continue
            }
            trailing += Double(segment.trailingWhitespaceAdvance) * segment.pointsPerUnit
            if segment.trailingWhitespaceStart > segment.range.lowerBound { break }
        }
        return (total, trailing)
    }

    /// A stretch of glyphs that may not be split: one HarfBuzz cluster, widened to grapheme
    /// cluster boundaries.
    private struct Atom {
        let segment: Int
        let start: Int
        var glyphs: Range<Int>
        var advance: Int32
        /// A tab, whose width depends on the pen.
        var isTab = false
    }

    private func breakInsideUnit(_ segments: [Segment], _ unit: ClosedRange<Int>, _ clusterEnds: [Int],
                                 into lines: inout [LineContent], current: inout LineContent) {
        var atoms: [Atom] = []
        for index in unit {
            let segment = segments[index]
            if segment.isTab {
                atoms.append(Atom(segment: index, start: segment.range.lowerBound, glyphs: 0..<0, advance: 0, isTab: true))
                continue
            }
            var segmentAtoms: [Atom] = []
            for glyphIndex in segment.glyphs.indices {
                let glyph = segment.glyphs[glyphIndex]
                let start = segment.clusterBase + Int(glyph.cluster)
                if let lastIndex = segmentAtoms.indices.last, segmentAtoms[lastIndex].start == start {
                    segmentAtoms[lastIndex].glyphs = segmentAtoms[lastIndex].glyphs.lowerBound..<(glyphIndex + 1)
                    segmentAtoms[lastIndex].advance += glyph.advance
                } else {
                    segmentAtoms.append(Atom(segment: index, start: start, glyphs: glyphIndex..<(glyphIndex + 1),
                                             advance: glyph.advance))
                }
            }
            if segment.level & 1 == 1 { segmentAtoms.reverse() }
            for atom in segmentAtoms {
                // Merge an atom that starts inside a grapheme cluster into the one before it.
                if let lastIndex = atoms.indices.last, atoms[lastIndex].segment == index,
                   !clusterEnds.sortedContains(atom.start) {
                    let merged = atoms[lastIndex].glyphs.lowerBound < atom.glyphs.lowerBound
                        ? atoms[lastIndex].glyphs.lowerBound..<atom.glyphs.upperBound
                        : atom.glyphs.lowerBound..<atoms[lastIndex].glyphs.upperBound
                    atoms[lastIndex].glyphs = merged
                    atoms[lastIndex].advance += atom.advance
                } else {
                    atoms.append(atom)
                }
            }
        }
        var lineStart = 0
        var lineWidth = current.width
        tally?.work.breakCandidates += atoms.count
        for (index, atom) in atoms.enumerated() {
            let width = atom.isTab ? tabWidth(at: lineWidth) : Double(atom.advance) * segments[atom.segment].pointsPerUnit
            if index > lineStart && lineWidth + width > maxWidth + Self.tolerance {
                append(atoms, lineStart..<index, segments, to: &current)
                lines.append(current)
                current = LineContent()
                lineStart = index
                lineWidth = 0
            }
            lineWidth += width
        }
        append(atoms, lineStart..<atoms.count, segments, to: &current)
    }

    /// Adds atoms (consecutive, logical order) as one part per segment.
    private func append(_ atoms: [Atom], _ range: Range<Int>, _ segments: [Segment], to line: inout LineContent) {
        var index = range.lowerBound
        while index < range.upperBound {
            var end = index
            while end + 1 < range.upperBound && atoms[end + 1].segment == atoms[index].segment { end += 1 }
            let segment = segments[atoms[index].segment]
            let lower = min(atoms[index].glyphs.lowerBound, atoms[end].glyphs.lowerBound)
            let upper = max(atoms[index].glyphs.upperBound, atoms[end].glyphs.upperBound)
            let advance = atoms[index...end].reduce(Int32(0)) { $0 + $1.advance }
            let textEnd = end + 1 < atoms.count && atoms[end + 1].segment == atoms[index].segment
                ? atoms[end + 1].start : segment.range.upperBound
            let part = ShapedPart(range: atoms[index].start..<textEnd, glyphs: segment.glyphs[lower..<upper],
                                  clusterBase: segment.clusterBase, advance: advance)
            let width = segment.isTab ? tabWidth(at: line.width) : Double(advance) * segment.pointsPerUnit
            line.parts.append(LinePart(segment: atoms[index].segment, part: part, width: width))
            line.width += width
            index = end + 1
        }
    }
}
