import BubbleModel
import BubbleText
import Foundation

extension ConversationLayouter {
    /// The rows of `layout(_:screenWidth:)`, handed to `body` one at a time in order and not
    /// kept, so that a long conversation is written out (`layout --json`) in the memory of one
    /// row. Returns the conversation's height and the time zone's name, as `ConversationLayout`
    /// holds them.
    public func forEachRow(_ items: [ConversationItem], screenWidth: Double,
                           _ body: (RowLayout) throws -> Void) throws -> (height: Double, timeZone: String) {
        // The contents of the rows ahead are measured on a second core while these are placed.
        let prefetch = items.count >= Self.prefetchMinimum && ProcessInfo.processInfo.activeProcessorCount > 1
            ? ContentPrefetch(layouter: self, items: items, maxText: metrics.maxTextWidth(screenWidth: screenWidth)) : nil
        defer { prefetch?.stop() }
        var y = 0.0
        for index in items.indices {
            let measured = try prefetch.flatMap { ContentPrefetch.isBubble(items[index]) ? try $0.content(at: index) : nil }
            let row = try row(at: index, of: items, top: y, screenWidth: screenWidth, measured: measured)
            y += row.height
            try body(row)
        }
        return (y, timeZoneName)
    }

    /// Conversations shorter than this are laid out on one core (a helper thread would cost
    /// more than it saves).
    static let prefetchMinimum = 8

    /// The row of `items[index]` when it starts at `top`: what `forEachRow` yields for it, from
    /// the item and its two neighbours (its place in its group) alone. A second pass lays out
    /// only the rows one page shows, at the tops a first pass recorded.
    public func row(at index: Int, of items: [ConversationItem], top: Double, screenWidth: Double) throws -> RowLayout {
        try row(at: index, of: items, top: top, screenWidth: screenWidth, measured: nil)
    }

    /// `measured`: a bubble row's content from `ContentPrefetch`.
    func row(at index: Int, of items: [ConversationItem], top: Double, screenWidth: Double,
             measured: MeasuredContent?) throws -> RowLayout {
        let item = items[index]
        switch item {
        case .message, .typing:
            let place = GroupPlace(first: !continues(items, at: index), last: !continues(items, at: index + 1))
            return try bubbleRow(item, place: place, screenWidth: screenWidth, top: top, measured: measured)
        case .daySeparator(let separator):
            return try labelRow(source: separator.source, text: StyledText(dayFormatter.string(from: separator.date)),
                                pill: true, screenWidth: screenWidth, top: top)
        case .notice(let notice):
            return try labelRow(source: notice.source, text: notice.text, pill: false, screenWidth: screenWidth, top: top)
        }
    }

    /// The time zone's name as a layout holds it: Foundation on Linux names UTC "GMT"; say
    /// what the user asked for.
    public var timeZoneName: String { timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier }
}
