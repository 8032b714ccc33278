import ChatBubbles

/// One output line of `bubbles measure`, with the optional layout receipt.
package struct MeasureRecord {
    package let idJSON: String
    package let layout: TextLayout
    /// Printed after the id when several screen widths are measured.
    package var screenWidth: Double? = nil

    /// The classic theme's text row: the layout layer's formula, the one `layout` uses.
    package var rowHeight: Double { LayoutMetrics.classic.textRowHeight(textHeight: layout.height) }

    package func json(explain: Bool) -> String {
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

/// `--expect`: the app's row heights and the tolerance. Each measured message is compared as
/// it streams by (a `differs:` line in input order when it is off); only the ids the expect
/// file names are remembered, for the `missing:` lines and the summary at the end.
package struct Expectation: Sendable {
    package let expected: ExpectedHeights
    package let tolerance: Double

    /// What the messages so far gave (the `differs:` lines are written as they come).
    package struct Tally {
        package var messages = 0
        package var compared = 0
        package var differences = 0
        /// Expected ids met in the input: a chunk's list, then the whole run's set, so that
        /// memory follows the expect file, not the input.
        package var matched: [String] = []
        package var met: Set<String> = []

        /// Adds a chunk's tally to the run's.
        package mutating func add(_ chunk: Tally) {
            messages += chunk.messages
            compared += chunk.compared
            differences += chunk.differences
            met.formUnion(chunk.matched)
        }
    }

    /// Compares one message's measure; returns its `differs:` line when it is off.
    package func compare(_ message: MessageLine, _ size: TextMeasure, into tally: inout Tally) -> String? {
        tally.messages += 1
        guard let want = expected.heights[message.idText] else { return nil }
        tally.compared += 1
        tally.matched.append(message.idText)
        let got = LayoutMetrics.classic.textRowHeight(textHeight: size.height)
        guard abs(got - want) > tolerance else { return nil }
        tally.differences += 1
        let diff = got - want
        return "differs: id \(message.idJSON): expected \(JSONText.number(want)), measured "
            + "\(JSONText.number(got)) (\(diff > 0 ? "+" : "")\(JSONText.number(diff)) pt, \(size.lines) lines) "
            + "text \(JSONText.string(message.text))\n"
    }

    /// The `missing:` lines (the first 20) and the summary line.
    package func summary(_ tally: Tally) -> String {
        let unmatched = expected.order.filter { !tally.met.contains($0) }
        var text = ""
        for id in unmatched.prefix(20) { text += "missing: id \(id) is in the expect file but not in the input\n" }
        text += "\(tally.differences) of \(tally.compared) rows differ by more than \(JSONText.number(tolerance)) pt"
        text += "; \(tally.messages - tally.compared) input rows without an expected height"
        text += "; \(unmatched.count) expected ids not in the input\n"
        return text
    }
}
