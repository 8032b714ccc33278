import ChatBubbles

/// One output line of `bubbles measure`, with the optional layout receipt.
struct MeasureRecord {
    let idJSON: String
    let layout: TextLayout
    /// Printed after the id when several screen widths are measured.
    var screenWidth: Double? = nil

    /// The classic theme's text row: the layout layer's formula, the one `layout` uses.
    var rowHeight: Double { LayoutMetrics.classic.textRowHeight(textHeight: layout.height) }

    func json(explain: Bool) -> String {
        var pairs: [(String, String)] = [
            ("id", idJSON),
        ]
        if let screenWidth { pairs.append(("screen_width", JSONText.number(screenWidth))) }
        pairs += [
            ("lines", String(layout.lines.count)),
            ("width", JSONText.number(layout.width)),
            ("height", JSONText.number(layout.height)),
            ("row_height", JSONText.number(rowHeight)),
        ]
        // Only when there are any: the output of text every font covers stays as it was.
        let missing = layout.missingGlyphs.count
        if missing > 0 { pairs.append(("missing_glyphs", String(missing))) }
        if explain {
            pairs.append(("explain", TextReceipt.lines(layout)))
        }
        return JSONText.object(pairs)
    }
}

/// `--expect`: every row whose height differs by more than the tolerance, and a summary.
struct ExpectationReport {
    var text = ""
    var differences = 0

    init(expected: ExpectedHeights, messages: [MessageLine], layouts: [TextLayout], tolerance: Double) {
        var compared = 0
        var measuredIds = Set<String>()
        for (message, layout) in zip(messages, layouts) {
            measuredIds.insert(message.idText)
            guard let want = expected.heights[message.idText] else { continue }
            compared += 1
            let got = LayoutMetrics.classic.textRowHeight(textHeight: layout.height)
            if abs(got - want) > tolerance {
                differences += 1
                let diff = got - want
                text += "differs: id \(message.idJSON): expected \(JSONText.number(want)), measured "
                    + "\(JSONText.number(got)) (\(diff > 0 ? "+" : "")\(JSONText.number(diff)) pt, \(layout.lines.count) lines) "
                    + "text \(JSONText.string(message.text))\n"
            }
        }
        let unmatched = expected.order.filter { !measuredIds.contains($0) }
        for id in unmatched.prefix(20) { text += "missing: id \(id) is in the expect file but not in the input\n" }
        text += "\(differences) of \(compared) rows differ by more than \(JSONText.number(tolerance)) pt"
        text += "; \(messages.count - compared) input rows without an expected height"
        text += "; \(unmatched.count) expected ids not in the input\n"
    }
}
