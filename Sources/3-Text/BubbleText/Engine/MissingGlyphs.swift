import BubbleUnicode

/// A character drawn as its font's .notdef glyph (glyph 0, the "tofu" box): no font of the
/// chain had it. Layouts report them so that a user never finds tofu only by looking.
public struct MissingGlyph: Sendable, Hashable {
    /// The character's code point.
    public var scalar: UInt32
    /// UTF-16 offset of the character in the laid-out text.
    public var offset: Int
    /// Full name of the font whose .notdef box stands in for it (the run's font).
    public var font: String
    /// Index of the line it is on.
    public var line: Int

    public init(scalar: UInt32, offset: Int, font: String, line: Int) {
        self.scalar = scalar
        self.offset = offset
        self.font = font
        self.line = line
    }

    /// `U+E000`: the code point as the Unicode standard writes it (at least four hex digits).
    public var codePoint: String { Self.codePoint(scalar) }

    public static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension TextLayout {
    /// Every character drawn as a .notdef glyph, in line and glyph order, each once.
    ///
    /// Read from the glyphs that are drawn (glyph 0 in a run), so it is exactly what a reader
    /// sees as a box. A .notdef glyph stands for its whole HarfBuzz cluster (a base and its
    /// marks): the characters of that cluster the run's font does not map are the missing ones
    /// (all of the cluster when the font maps them all, e.g. a broken GSUB). Default-ignorable
    /// characters and controls draw nothing and are never missing; HarfBuzz itself hides
    /// them or draws Unicode spaces with the space glyph.
    public var missingGlyphs: [MissingGlyph] {
        // The common case (no glyph 0 anywhere) allocates nothing.
        guard lines.contains(where: { $0.runs.contains(where: \.hasNotdef) }) else { return [] }
        let utf16 = Array(text.utf16)
        var result: [MissingGlyph] = []
        var seen = Set<Int>()
        for (lineIndex, line) in lines.enumerated() {
            for run in line.runs where run.hasNotdef {
                for part in run.parts {
                    let starts = Set(part.glyphs.map { part.clusterBase + Int($0.cluster) }).sorted()
                    for glyph in part.glyphs where glyph.glyph == 0 {
                        let start = part.clusterBase + Int(glyph.cluster)
                        guard seen.insert(start).inserted else { continue }
                        let end = starts.first { $0 > start } ?? max(start + 1, part.range.upperBound)
                        let scalars = Self.scalars(utf16, start..<min(end, utf16.count))
                            .filter { !UnicodeScalars.isDefaultIgnorable($0.scalar) && !UnicodeScalars.isInvisibleControl($0.scalar) }
                        let lacking = scalars.filter { !run.font.covers($0.scalar) }
                        for (scalar, offset) in lacking.isEmpty ? scalars : lacking {
                            result.append(MissingGlyph(scalar: scalar, offset: offset, font: run.font.fullName, line: lineIndex))
                        }
                    }
                }
            }
        }
        return result
    }

    /// The scalars in a UTF-16 range with their offsets (a lone surrogate reads as U+FFFD).
    private static func scalars(_ utf16: [UInt16], _ range: Range<Int>) -> [(scalar: UInt32, offset: Int)] {
        var result: [(UInt32, Int)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let unit = utf16[index]
            if UTF16.isLeadSurrogate(unit), index + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[index + 1]) {
                result.append(((UInt32(unit) - 0xD800) << 10 + (UInt32(utf16[index + 1]) - 0xDC00) + 0x10000, index))
                index += 2
            } else {
                result.append((UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) ? 0xFFFD : UInt32(unit), index))
                index += 1
            }
        }
        return result
    }
}

extension GlyphRun {
    /// Whether any glyph of the run is .notdef.
    var hasNotdef: Bool { parts.contains { $0.glyphs.contains { $0.glyph == 0 } } }
}
