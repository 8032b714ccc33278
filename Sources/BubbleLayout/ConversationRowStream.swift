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
        let speakers = items.map(Speaker.init)
        var y = 0.0
        for (index, item) in items.enumerated() {
            let row: RowLayout
            switch item {
            case .message, .typing:
                let place = GroupPlace(first: !continues(speakers, at: index), last: !continues(speakers, at: index + 1))
                row = try bubbleRow(item, place: place, screenWidth: screenWidth, top: y)
            case .daySeparator(let separator):
                row = try labelRow(source: separator.source, text: StyledText(dayFormatter.string(from: separator.date)),
                                   pill: true, screenWidth: screenWidth, top: y)
            case .notice(let notice):
                row = try labelRow(source: notice.source, text: notice.text, pill: false, screenWidth: screenWidth, top: y)
            }
            y += row.height
            try body(row)
        }
        // Foundation on Linux names UTC "GMT"; say what the user asked for.
        return (y, timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier)
    }
}
