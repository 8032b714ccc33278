import BubbleModel
import BubbleText

/// The parts around a bubble's content: time, "edited", delivery ticks and the late mark
/// (in the header band or inside the bubble), the quote block and the reaction chips.
extension ConversationLayouter {
    struct Parts {
        var time: PlacedText?
        var edited: PlacedText?
        var status: StatusMark?
        var delayedMark: Rect?
    }

    /// Side of the late-delivery clock, and the gap between the pieces of the time line.
    static let markSide = 11.0
    static let metaSpacing = 4.0

    /// Width of the time line inside a bubble: [clock] [edited] time [ticks].
    func metaWidth(time: TextLayout, edited: TextLayout?, status: DeliveryStatus?, delayed: Bool) -> Double {
        var width = time.width
        if let edited { width += edited.width + Self.metaSpacing }
        if status != nil { width += Self.metaSpacing + metrics.parts.statusSize }
        if delayed { width += Self.markSide + Self.metaSpacing }
        return width
    }

    /// The time line in the header band, at the bubble's edge: outgoing rows read
    /// [clock] [edited] time [ticks] ending at the bubble's right edge, incoming rows
    /// time [edited] [clock] from its left edge (the origin app's time label and late mark).
    func headerParts(time: TextLayout, edited: TextLayout?, status: DeliveryStatus?, delayed: Bool, outgoing: Bool,
                     right bubbleRight: Double, bandBottom: Double) -> Parts {
        let m = metrics
        let y = bandBottom - 2 - time.height
        var parts = Parts()
        func placed(_ layout: TextLayout, x: Double) -> PlacedText {
            PlacedText(frame: Rect(x: x, y: y + time.height - layout.height, width: layout.width, height: layout.height), layout: layout)
        }
        func mark(x: Double) -> Rect {
            Rect(x: x, y: y + (time.height - Self.markSide) / 2, width: Self.markSide, height: Self.markSide)
        }
        if outgoing {
            var right = bubbleRight
            if let status {
                let side = m.parts.statusSize
                parts.status = StatusMark(status: status, frame: Rect(x: right - side, y: y + (time.height - side) / 2, width: side, height: side))
                right -= side + Self.metaSpacing
            }
            parts.time = placed(time, x: right - time.width)
            right -= time.width
            if let edited {
                parts.edited = placed(edited, x: right - Self.metaSpacing - edited.width)
                right -= Self.metaSpacing + edited.width
            }
            if delayed { parts.delayedMark = mark(x: right - Self.metaSpacing - Self.markSide) }
        } else {
            var left = m.bubbleInset
            parts.time = placed(time, x: left)
            left += time.width
            if let edited {
                parts.edited = placed(edited, x: left + Self.metaSpacing)
                left += Self.metaSpacing + edited.width
            }
            if delayed { parts.delayedMark = mark(x: left + Self.metaSpacing) }
        }
        return parts
    }

    /// The time line inside the bubble, right-aligned at `right` with its bottom at `bottom`.
    func bubbleParts(time: TextLayout, edited: TextLayout?, status: DeliveryStatus?, delayed: Bool,
                     right: Double, bottom: Double) -> Parts {
        var parts = Parts()
        let y = bottom - time.height
        var x = right
        if let status {
            let side = metrics.parts.statusSize
            parts.status = StatusMark(status: status, frame: Rect(x: x - side, y: y + (time.height - side) / 2, width: side, height: side))
            x -= side + Self.metaSpacing
        }
        parts.time = PlacedText(frame: Rect(x: x - time.width, y: y, width: time.width, height: time.height), layout: time)
        x -= time.width
        if let edited {
            parts.edited = PlacedText(frame: Rect(x: x - Self.metaSpacing - edited.width, y: bottom - edited.height,
                                                  width: edited.width, height: edited.height), layout: edited)
            x -= Self.metaSpacing + edited.width
        }
        if delayed {
            parts.delayedMark = Rect(x: x - Self.metaSpacing - Self.markSide, y: y + (time.height - Self.markSide) / 2,
                                     width: Self.markSide, height: Self.markSide)
        }
        return parts
    }

    /// A quote block measured: the quoted sender and at most `quoteLines` lines of the text.
    struct MeasuredQuote {
        let name: TextLayout
        let text: TextLayout
        let width: Double
        var height: Double { name.height + text.height }

        func placed(at x: Double, top: Double, barHeight: Double, _ parts: PartMetrics) -> QuoteLayout {
            let textX = x + parts.quoteBarWidth + parts.quoteBarGap
            return QuoteLayout(bar: Rect(x: x, y: top, width: parts.quoteBarWidth, height: barHeight),
                               name: PlacedText(frame: Rect(x: textX, y: top, width: name.width, height: name.height), layout: name),
                               text: PlacedText(frame: Rect(x: textX, y: top + name.height, width: text.width, height: text.height),
                                                layout: text))
        }
    }

    func measureQuote(_ quote: QuotedMessage, maxText: Double) throws -> MeasuredQuote {
        let parts = metrics.parts
        let width = max(40, maxText - parts.quoteBarWidth - parts.quoteBarGap)
        let name = try engine.layout(quote.senderName, style: TextStyle(fontSize: metrics.nameFontSize, maxWidth: width, role: .name))
        let text = try truncated(quote.text.string, lines: parts.quoteLines,
                                 style: metrics.messageTextStyle(fontSize: parts.quoteFontSize, maxWidth: width))
        return MeasuredQuote(name: name, text: text, width: parts.quoteBarWidth + parts.quoteBarGap + max(name.width, text.width))
    }

    /// `text` in at most `lines` lines, in the quote colour: the whole text when it fits, else
    /// the longest start of it (whole characters) that fits with an ellipsis after it.
    func truncated(_ text: String, lines: Int, style: TextStyle) throws -> TextLayout {
        func quoted(_ string: String) -> StyledText {
            StyledText(string, spans: [.init(0..<string.utf16.count, TextAttributes(color: .quote))])
        }
        let whole = try engine.layout(quoted(text), style: style)
        guard whole.lines.count > lines else { return whole }
        let end = whole.lines[lines - 1].range.upperBound
        var prefix = String(decoding: Array(text.utf16)[..<end], as: UTF16.self)
        while !prefix.isEmpty {
            while let last = prefix.last, last.isWhitespace || last.isNewline { prefix.removeLast() }
            let candidate = try engine.layout(quoted(prefix + "…"), style: style)
            if candidate.lines.count <= lines { return candidate }
            prefix.removeLast()
        }
        return try engine.layout(quoted("…"), style: style)
    }

    /// Chips under the bubble, from its edge on the sender's side, wrapping at `maxWidth`.
    func layoutReactions(_ reactions: [Reaction], bubble: Rect, outgoing: Bool, maxWidth: Double) throws -> [ReactionChip] {
        let parts = metrics.parts
        var chips: [ReactionChip] = []
        var lineTop = bubble.maxY + parts.reactionGap
        var used = 0.0
        for reaction in reactions {
            let text = reaction.count > 1 ? "\(reaction.emoji) \(reaction.count)" : reaction.emoji
            let label = try engine.layout(text, style: TextStyle(fontSize: parts.reactionFontSize, maxWidth: .infinity))
            let width = label.width + 2 * parts.reactionPadding
            if used > 0 && used + parts.reactionGap + width > maxWidth {
                lineTop += parts.reactionHeight + parts.reactionGap
                used = 0
            }
            let offset = used == 0 ? 0 : used + parts.reactionGap
            let x = outgoing ? bubble.maxX - offset - width : bubble.x + offset
            let frame = Rect(x: x, y: lineTop, width: width, height: parts.reactionHeight)
            let labelFrame = Rect(x: x + parts.reactionPadding, y: lineTop + (parts.reactionHeight - label.height) / 2,
                                  width: label.width, height: label.height)
            chips.append(ReactionChip(frame: frame, label: PlacedText(frame: labelFrame, layout: label),
                                      includesOwn: reaction.includesOwn))
            used = offset + width
        }
        return chips
    }
}
