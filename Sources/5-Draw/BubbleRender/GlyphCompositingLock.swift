import BubbleOutput
import BubbleCodec
import BubbleCairo
import Foundation
import Synchronization

/// One thread at a time inside `cairo_show_glyphs`, waiting by spinning and yielding rather
/// than sleeping.
///
/// Cairo 1.16's image compositor composites every glyph string, of every thread and every
/// font, under one global mutex (`_cairo_glyph_cache_mutex`, around its pixman glyph cache).
/// The string is composited in tens of microseconds, but a thread that finds that mutex taken
/// sleeps on a futex, and waking it costs about as much again: 150–190 such sleeps in a
/// 200-message render on two cores. Taking this lock first, a thread never meets Cairo's
/// mutex taken, and waits without sleeping.
enum GlyphCompositingLock {
    private static let taken = Atomic<Bool>(false)

    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        var spins = 0
        while !taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            spins += 1
            // A glyph the holder rasterises first can take a few hundred microseconds: after a
            // short spin, let any other runnable thread have the core.
            if spins > 64 { sched_yield() }
        }
        defer { taken.store(false, ordering: .releasing) }
        return try body()
    }
}
