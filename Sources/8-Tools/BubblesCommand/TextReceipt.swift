import ChatBubbles

/// A text's layout receipt, the same in `measure --explain` and `layout --explain`: per line its
/// UTF-16 range, text, direction, width and metrics, and each run's font, bidi level and script.
package enum TextReceipt {
    /// A JSON array with one object per line.
    package static func lines(_ layout: TextLayout) -> String {
        let utf16 = Array(layout.text.utf16)
        let missing = layout.missingGlyphs
        return JSONText.array(layout.lines.enumerated().map { index, line in
            lineJSON(line, utf16: utf16, missing: missing.filter { $0.line == index })
        })
    }

    /// Ranges are UTF-16 offsets, as NSRange counts them in the origin app. A run that draws
    /// characters as .notdef boxes lists them under `missing` (`U+E000`), and only then.
    private static func lineJSON(_ line: TextLine, utf16: [UInt16], missing: [MissingGlyph]) -> String {
        let text = String(decoding: utf16[line.range], as: UTF16.self)
        return JSONText.object([
            ("start", String(line.range.lowerBound)), ("end", String(line.range.upperBound)),
            ("text", JSONText.string(text)),
            ("direction", JSONText.string(line.direction.rawValue)),
            ("width", JSONText.number(line.width)),
            ("hanging", JSONText.number(line.hangingWidth)),
            ("ascent", JSONText.number(line.ascent)), ("descent", JSONText.number(line.descent)),
            ("runs", JSONText.array(line.runs.map { run in
                var pairs = [
                    ("start", String(run.range.lowerBound)), ("end", String(run.range.upperBound)),
                    ("font", JSONText.string(run.font.familyName)), ("face", JSONText.string(run.font.fullName)),
                    ("level", String(run.bidiLevel)), ("script", JSONText.string(run.script)),
                    ("x", JSONText.number(run.x)), ("width", JSONText.number(run.width)),
                ]
                let lacking = missing.filter { run.range.contains($0.offset) }
                if !lacking.isEmpty {
                    pairs.append(("missing", JSONText.array(lacking.map { JSONText.string($0.codePoint) })))
                }
                return JSONText.object(pairs)
            })),
        ])
    }
}
