import BubbleUnicode

/// One paragraph of a text, between mandatory breaks. The full layout and the prepared
/// (width-only) path both walk a text through `TextParagraph.forEach`, so they cannot split it
/// differently.
struct TextParagraph {
    /// The paragraph's text without the hard break that ends it.
    let content: Range<Int>
    /// With that break: the lines' ranges cover it.
    let fullRange: Range<Int>
    /// The soft break opportunities inside `content`, ascending; none at its edges.
    let softBreaks: ArraySlice<Int>
    /// The text ends with this paragraph's hard break, so an empty last line follows it, as in
    /// Pango and UIKit.
    let isFollowedByEmptyLine: Bool

    /// Calls `body` with each paragraph of `text` in order (none for an empty text, whose one
    /// empty line the caller adds). With `keepsHangulWords`, the opportunities between Hangul
    /// syllables of one word are no breaks (`LineBreakStrategy.hangulWordPriority`).
    static func forEach(in text: UnsafeBufferPointer<UInt16>, opportunities: [LineBreakOpportunity],
                        keepsHangulWords: Bool, _ body: (TextParagraph) throws -> Void) rethrows {
        var paragraphStart = 0
        var softBreaks: [Int] = []
        softBreaks.reserveCapacity(opportunities.count) // one allocation, not one per doubling
        for opportunity in opportunities {
            let isEnd = opportunity.offset == text.count
            if !opportunity.isMandatory && !isEnd {
                if keepsHangulWords && HangulWords.joins(text, at: opportunity.offset) { continue }
                softBreaks.append(opportunity.offset)
                continue
            }
            let contentEnd = opportunity.isMandatory ? opportunity.offset - terminatorLength(text, before: opportunity.offset)
                                                     : opportunity.offset
            let content = paragraphStart..<max(paragraphStart, contentEnd)
            do {
                // The slice ends here, so that the array is uniquely held again and is emptied
                // in place below (while the slice lived, every paragraph allocated a new one).
                var inside = softBreaks[...]
                while let first = inside.first, first <= content.lowerBound { inside = inside.dropFirst() }
                while let last = inside.last, last >= content.upperBound { inside = inside.dropLast() }
                try body(TextParagraph(content: content, fullRange: paragraphStart..<opportunity.offset, softBreaks: inside,
                                       isFollowedByEmptyLine: isEnd && opportunity.isMandatory))
            }
            softBreaks.removeAll(keepingCapacity: true)
            paragraphStart = opportunity.offset
        }
    }

    /// Length of the hard break that ends a paragraph: CR LF, or one of LF, CR, NEL, VT, FF, LS, PS.
    static func terminatorLength(_ text: UnsafeBufferPointer<UInt16>, before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let last = text[offset - 1]
        if last == 0x0A, offset > 1, text[offset - 2] == 0x0D { return 2 }
        switch last {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return 1
        default: return 0
        }
    }
}
