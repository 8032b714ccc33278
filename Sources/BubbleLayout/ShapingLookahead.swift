import BubbleModel
import Dispatch
import Foundation
import Synchronization

/// Measures the content of the rows just ahead of `forEachRow` on a second core, so that by
/// the time a row is laid out its words are already in the engine's `ShapeCache`.
///
/// Laying out a row whose words are shaped takes about a third of the time of a cold one
/// (200 bench messages: 48 ms cold, 15 ms warm), and until now one core sat idle while
/// `render` laid out a conversation before drawing it. The lookahead makes exactly the
/// engine calls the row will make (`measureContent`), whose results it drops: the cache
/// never changes a result, only what is shaped again, so rows are the same bytes with or
/// without it. It stays at most `window` rows ahead, so a long conversation's far end never
/// pushes the near rows' words out of the bounded cache, and it skips rows the layout has
/// already passed.
final class ShapingLookahead: Sendable {
    /// Rows the lookahead may run ahead of the layout.
    static let window = 256
    /// Fewer items than this are laid out without a lookahead (starting it costs more).
    static let minimumItems = 16

    private let next = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts measuring ahead, or returns nil when there is one core or few items.
    init?(layouter: ConversationLayouter, items: [ConversationItem], screenWidth: Double) {
        guard items.count >= Self.minimumItems, ProcessInfo.processInfo.activeProcessorCount > 1 else { return nil }
        DispatchQueue.global().async { [self] in
            var index = 1
            while !stopped.load(ordering: .relaxed) && index < items.count {
                let current = next.load(ordering: .relaxed)
                if index <= current { index = current + 1; continue }
                if index > current + Self.window { usleep(200); continue }
                if case .message = items[index] { layouter.measureAhead(items[index], screenWidth: screenWidth) }
                index += 1
            }
            finished.signal()
        }
    }

    /// The layout is at row `index`.
    func reached(_ index: Int) { next.store(index, ordering: .relaxed) }

    /// Stops the lookahead and waits for it (the engine outlives no caller's layout).
    func stop() {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
    }
}
