import BubbleModel
import Dispatch
import Foundation

/// Measures the contents of the bubble rows ahead of `forEachRow` on a second core: the
/// message's text layout, most of a row's work, depends on the item and the text width alone
/// (not on where the row starts), so a helper thread computes it for the next rows while the
/// caller places the current one, and the caller takes the result instead of measuring.
///
/// Each content is measured once, by whichever side gets to it first: the helper never works
/// on a row the caller has reached, and a caller that reaches the row the helper is measuring
/// measures the next free rows until that one is ready.
/// The helper stays at most `window` rows ahead, so memory does not grow with the conversation.
final class ContentPrefetch: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `condition` (the layouter
    // and items are immutable values).
    private let layouter: ConversationLayouter
    private let items: [ConversationItem]
    private let maxText: Double
    private let window: Int
    private let condition = NSCondition()
    private var ready: [Int: Result<ConversationLayouter.MeasuredContent, Error>] = [:]
    /// The row the caller is on (-1 before the first), the row the helper measures (nil when
    /// none), the next row the helper will look at, and whether the caller is done.
    private var callerRow = -1
    private var helperRow: Int?
    private var nextRow = 0
    private var stopped = false
    /// Contents measured so far by either side (for tests: each bubble row once).
    private var measured = 0
    var measurements: Int { condition.withLock { measured } }

    /// Starts the helper for `items` (a conversation laid out at `maxText` points of text width).
    init(layouter: ConversationLayouter, items: [ConversationItem], maxText: Double, window: Int = 64) {
        self.layouter = layouter
        self.items = items
        self.maxText = maxText
        self.window = window
        DispatchQueue.global(qos: .userInitiated).async { [self] in measureAhead() }
    }

    /// The content of bubble row `index` (rows are asked for in increasing order): the helper's,
    /// or measured here when the helper has not reached it. When the helper is measuring this
    /// very row, the caller measures the next free row meanwhile instead of waiting: otherwise
    /// the helper, which takes the next row as soon as it finishes one, would keep one row
    /// ahead of a caller that only ever waits for it, and the caller's core would stay idle.
    func content(at index: Int) throws -> ConversationLayouter.MeasuredContent {
        condition.lock()
        callerRow = index
        condition.broadcast()
        while true {
            if let result = ready.removeValue(forKey: index) {
                condition.unlock()
                return try result.get()
            }
            guard helperRow == index else { break }
            let spare = nextRow
            guard spare < items.count, spare - index <= window else {
                condition.wait()
                continue
            }
            nextRow += 1
            guard Self.isBubble(items[spare]) else { continue }
            measured += 1
            condition.unlock()
            let result = measure(spare)
            condition.lock()
            ready[spare] = result
        }
        measured += 1
        condition.unlock()
        return try measure(index).get()
    }

    /// Stops the helper: it returns when it next looks (a content it is measuring then is
    /// dropped). Not waited for: were every thread of Dispatch's pool a caller waiting here,
    /// a helper not yet started could not start, and nothing needs it to have returned.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func measureAhead() {
        while true {
            condition.lock()
            helperRow = nil
            nextRow = max(nextRow, callerRow + 1)
            while !stopped && nextRow < items.count && nextRow - callerRow > window { condition.wait() }
            nextRow = max(nextRow, callerRow + 1)
            guard !stopped, nextRow < items.count else {
                condition.unlock()
                return
            }
            let row = nextRow
            nextRow += 1
            guard Self.isBubble(items[row]) else {
                condition.unlock()
                continue
            }
            helperRow = row
            measured += 1
            condition.unlock()
            let result = measure(row)
            condition.lock()
            ready[row] = result
            helperRow = nil
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Row `row`'s content, measured here (outside the lock), by whichever side claimed it.
    private func measure(_ row: Int) -> Result<ConversationLayouter.MeasuredContent, Error> {
        Result { try layouter.measureContent(ConversationLayouter.Speech(items[row]), maxText: maxText) }
    }

    static func isBubble(_ item: ConversationItem) -> Bool {
        switch item {
        case .message, .typing: return true
        case .daySeparator, .notice: return false
        }
    }
}
