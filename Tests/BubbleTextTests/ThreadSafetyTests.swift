@testable import BubbleText
import BubbleUnicode
import Dispatch
import Foundation
import Testing

/// The engine's shared state (the shaping cache's shards, ICU's iterator pools) under many
/// threads at once, from a cold start so that lookups, stores and a shard being emptied overlap.
/// Run normally it checks the results; run under `swift test --sanitize=thread` (a step of
/// `.ci/run`) it is where ThreadSanitizer would report a race on that state.
@Suite struct ThreadSafetyTests {
    /// Distinct words in several scripts: many distinct cache entries in every shard.
    static let texts: [String] = (0..<400).map { index in
        "word\(index) \u{0645}\u{0631}\u{062D}\u{0628}\u{0627}\(index) \u{4F60}\u{597D}\(index % 7) e\u{0301}\(index)"
    }

    final class Results: @unchecked Sendable {
        let lock = NSLock()
        var layouts: [[TextLayout]]
        var counts: [Int] = []
        init(_ threads: Int) { layouts = Array(repeating: [], count: threads) }
    }

    @Test func coldCacheOnManyThreadsGivesTheSerialLayouts() throws {
        let serial = try TextEngine(fonts: Fixture.engine.fonts, cachesShaping: false)
        let expected = try Self.texts.map { try serial.layout($0, style: Fixture.style) }
        let shared = try TextEngine(fonts: Fixture.engine.fonts)
        let threads = 8
        let results = Results(threads)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread walks the texts from its own starting point, so that one thread's
            // store meets another's lookup of the same key.
            let order = (0..<Self.texts.count).map { (($0 + thread * 50) % Self.texts.count) }
            var layouts = Array(repeating: expected[0], count: Self.texts.count)
            for index in order { layouts[index] = try! shared.layout(Self.texts[index], style: Fixture.style) }
            let count = shared.cachedSegmentCount
            results.lock.lock()
            results.layouts[thread] = layouts
            results.counts.append(count)
            results.lock.unlock()
        }
        for layouts in results.layouts { #expect(layouts == expected) }
        #expect(results.counts.allSatisfy { $0 > 0 })
    }

    /// Empty texts on many threads at once. Their UTF-16 copy once went through
    /// `Array(unsafeUninitializedCapacity: 0)`, which writes a count into the stdlib's shared
    /// empty-array singleton: ThreadSanitizer reported it once from `measure` on two cores. The
    /// copy alone takes no lock, so under ThreadSanitizer this loop meets that write (5 reports
    /// before the fix); whole layouts take locks (ICU's pools) and met it only rarely.
    @Test func emptyTextsOnManyThreads() throws {
        let engine = Fixture.engine
        let expected = try engine.layout("", style: Fixture.style)
        #expect(expected.lines.count == 1)
        let failures = Results(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var same = true
            for _ in 0..<200_000 { same = same && TextEngine.utf16("").isEmpty }
            for _ in 0..<100 {
                same = same && (try? engine.layout("", style: Fixture.style)) == expected
                    && (try? engine.prepare("", style: Fixture.style).measure(maxWidth: 285)) == TextMeasure(expected)
            }
            if !same { failures.lock.lock(); failures.counts.append(thread); failures.lock.unlock() }
        }
        #expect(failures.counts.isEmpty)
    }

    @Test func breakIteratorsOnManyThreads() throws {
        let units = Self.texts.map { Array($0.utf16) }
        let expected = try units.map { try LineBreaks.opportunities(in: $0) }
        let clusters = try units.map { try GraphemeClusters.boundaries(in: $0) }
        let failures = Results(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for (index, text) in units.enumerated() {
                let same = (try? LineBreaks.opportunities(in: text)) == expected[index]
                    && (try? GraphemeClusters.boundaries(in: text)) == clusters[index]
                if !same { failures.lock.lock(); failures.counts.append(index); failures.lock.unlock() }
            }
        }
        #expect(failures.counts.isEmpty)
    }
}
