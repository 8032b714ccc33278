@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import Foundation
import Testing

/// `GlyphCompositingLock` lets one thread at a time into its body (it guards
/// `cairo_show_glyphs`, whose global mutex it keeps threads from sleeping on).
@Suite struct GlyphCompositingLockTests {
    /// A count no lock guards but this one: with two threads in the body at once, increments
    /// are lost (and ThreadSanitizer reports the race).
    final class UnguardedCount: @unchecked Sendable {
        var value = 0
        var inside = 0
        var overlaps = 0
        var work = 0
    }

    @Test func oneThreadAtATime() {
        let count = UnguardedCount()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50_000 {
                GlyphCompositingLock.withLock {
                    count.inside += 1
                    if count.inside > 1 { count.overlaps += 1 }
                    // A little work inside, so that unguarded threads would meet here.
                    for step in 0..<16 { count.work &+= step }
                    count.value += 1
                    count.inside -= 1
                }
            }
        }
        #expect(count.value == 200_000)
        #expect(count.overlaps == 0)
    }

    @Test func theLockIsFreeAgainAfterAThrow() throws {
        struct Failed: Error {}
        #expect(throws: Failed.self) { try GlyphCompositingLock.withLock { throw Failed() } }
        #expect(GlyphCompositingLock.withLock { 7 } == 7)
    }
}
