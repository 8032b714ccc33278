@testable import BubbleText
import Testing

/// The shaping cache's generations and their two bounds: entries, and glyphs plus out-of-line
/// text units, so that distinct long entries (sentences without spaces) cannot grow it past
/// its bytes, while the words in use survive each new generation.
@Suite struct ShapeCacheBoundTests {
    /// Stores `count` distinct words of `length` units, each shaped to `glyphs` glyphs.
    private func store(_ cache: ShapeCache, words: Range<Int>, length: Int, glyphs: Int) {
        for word in words {
            let text = (0..<length).map { UInt16(0x4E00 + (word * 31 + $0) % 20_000) }
            let value = ShapedSegment(glyphs: Array(repeating: ShapedGlyph(glyph: 1, cluster: 0, advance: 1000,
                                                                           xOffset: 0, yOffset: 0), count: glyphs),
                                      advance: Int32(glyphs * 1000))
            text.withUnsafeBufferPointer { buffer in
                cache.store(value, for: ShapeKey(text: buffer, paragraph: 0..<length, segment: 0..<length,
                                                 font: 0, rightToLeft: false, script: 0x4861_6E69))
            }
        }
    }

    private func isCached(_ cache: ShapeCache, word: Int, length: Int) -> Bool {
        let text = (0..<length).map { UInt16(0x4E00 + (word * 31 + $0) % 20_000) }
        return text.withUnsafeBufferPointer { buffer in
            cache.value(for: ShapeKey(text: buffer, paragraph: 0..<length, segment: 0..<length,
                                      font: 0, rightToLeft: false, script: 0x4861_6E69)) != nil
        }
    }

    @Test func aGenerationRollsWhenItsGlyphsWouldPassTheBound() {
        let cache = ShapeCache(shardCount: 1, entriesPerGeneration: 100, unitsPerGeneration: 50)
        store(cache, words: 0..<5, length: 10, glyphs: 10)
        #expect(cache.count == 5)
        // The sixth would make 60 units: a new generation starts with it alone.
        store(cache, words: 5..<6, length: 10, glyphs: 10)
        #expect(cache.count == 1)
        // A word of the generation before is still found, and moves into the current one.
        #expect(isCached(cache, word: 0, length: 10))
        #expect(cache.count == 2)
        // Two rolls later, the words nobody asked for are gone; the one in use is not.
        store(cache, words: 6..<9, length: 10, glyphs: 10)
        #expect(isCached(cache, word: 0, length: 10))
        store(cache, words: 9..<13, length: 10, glyphs: 10)
        #expect(isCached(cache, word: 0, length: 10))
        #expect(!isCached(cache, word: 1, length: 10))
        #expect(!isCached(cache, word: 4, length: 10))
    }

    @Test func longTextsCountTheirStoredText() {
        // 20 units of text (kept out of line) and 10 glyphs: 30 units each.
        let cache = ShapeCache(shardCount: 1, entriesPerGeneration: 100, unitsPerGeneration: 70)
        store(cache, words: 0..<2, length: 20, glyphs: 10)
        #expect(cache.count == 2)
        store(cache, words: 2..<3, length: 20, glyphs: 10)
        #expect(cache.count == 1)
    }

    @Test func anEntryLargerThanAGenerationIsNotKept() {
        let cache = ShapeCache(shardCount: 1, entriesPerGeneration: 100, unitsPerGeneration: 50)
        store(cache, words: 0..<3, length: 10, glyphs: 10)
        store(cache, words: 3..<4, length: 60, glyphs: 60)
        // Not stored, and the generation's other entries stay in it.
        #expect(cache.count == 3)
        #expect(!isCached(cache, word: 3, length: 60))
        #expect(isCached(cache, word: 1, length: 10))
    }

    @Test func theEntryBoundStillHolds() {
        let cache = ShapeCache(shardCount: 1, entriesPerGeneration: 4, unitsPerGeneration: 1_000)
        store(cache, words: 0..<4, length: 3, glyphs: 3)
        #expect(cache.count == 4)
        store(cache, words: 4..<5, length: 3, glyphs: 3)
        #expect(cache.count == 1)
    }
}
