import BubbleText
import Dispatch
import Foundation
import Testing

/// The same input always gives the same layout: twice, on many threads, with or without the
/// shaping cache.
@Suite struct ConsistencyTests {
    static func corpus() throws -> [String] {
        var texts = try Fixture.goldenMessages().map(\.text)
        // The bench corpus sits beside the repo in CI and on developers' machines: use it too.
        let bench = Fixture.goldensFolder.appendingPathComponent("../../../../shared/bench/out/corpus.jsonl").standardized
        if let data = try? Data(contentsOf: bench) {
            for line in data.split(separator: UInt8(ascii: "\n")) {
                if let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                   let text = object["text"] as? String { texts.append(text) }
            }
        }
        return texts
    }

    @Test func cacheNeverChangesAGlyph() throws {
        let texts = try Self.corpus()
        let cached = try TextEngine(fonts: Fixture.engine.fonts)
        let uncached = try TextEngine(fonts: Fixture.engine.fonts, cachesShaping: false)
        for text in texts { _ = try cached.layout(text, style: Fixture.style) } // warm it
        #expect(cached.cachedSegmentCount > 100)
        for text in texts {
            let warm = try cached.layout(text, style: Fixture.style)
            let fresh = try uncached.layout(text, style: Fixture.style)
            #expect(warm == fresh, "\(text)")
            #expect(warm.lines.flatMap { $0.runs.flatMap(\.glyphs) } == fresh.lines.flatMap { $0.runs.flatMap(\.glyphs) })
        }
        #expect(uncached.cachedSegmentCount == 0)
    }

    @Test func sameTextTwiceAndOnManyThreads() throws {
        let texts = try Fixture.goldenMessages().map(\.text)
        let engine = try TextEngine(fonts: Fixture.engine.fonts)
        let first = try texts.map { try engine.layout($0, style: Fixture.style) }
        let second = try texts.map { try engine.layout($0, style: Fixture.style) }
        #expect(first == second)
        final class Box: @unchecked Sendable { var layouts: [[TextLayout]] = Array(repeating: [], count: 8); let lock = NSLock() }
        let box = Box()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let engineForThread = thread % 2 == 0 ? engine : try! TextEngine(fonts: Fixture.engine.fonts)
            let layouts = texts.compactMap { try? engineForThread.layout($0, style: Fixture.style) }
            box.lock.lock(); box.layouts[thread] = layouts; box.lock.unlock()
        }
        for layouts in box.layouts { #expect(layouts == first) }
    }

    @Test func sizeScalesWidthsNotBreaksAtHugeWidth() throws {
        let small = try Fixture.engine.layout("Hello world", style: TextStyle(fontSize: 16, maxWidth: 10_000))
        let large = try Fixture.engine.layout("Hello world", style: TextStyle(fontSize: 32, maxWidth: 10_000))
        #expect(abs(large.width - 2 * small.width) < 1e-9)
        #expect(abs(large.height - 2 * small.height) < 1e-9)
    }
}
