import BubbleText
import CCairo
import Foundation
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// The cluster maps that tell a PDF which characters each stretch of glyphs shows: built from
/// glyph clusters by hand, then from real shaped runs (ligatures, Arabic, emoji sequences).
@Suite struct TextClusterMapTests {
    @Test func utf8OffsetsFollowUTF16Offsets() {
        // "a" 1 byte, "é" 2, "€" 3, "😀" 4 bytes and 2 UTF-16 units.
        let text = UTF8Text("aé€😀z")
        #expect(text.bytes == Array("aé€😀z".utf8))
        #expect(text.byteOffsets == [0, 1, 3, 6, 6, 10, 11])
        #expect(text.byteOffset(-3) == 0)
        #expect(text.byteOffset(99) == 11)
    }

    @Test func oneGlyphForSeveralCharactersIsOneCluster() {
        // "office" with an "ffi" ligature: glyphs o, ffi, c, e at clusters 0, 1, 4, 5.
        let text = UTF8Text("office")
        let map = TextClusterMap(glyphClusters: [0, 1, 4, 5], range: 0..<6, rightToLeft: false, text: text)
        #expect(map.bytes == 0..<6)
        #expect(map.clusters.map(\.byteCount) == [1, 3, 1, 1])
        #expect(map.clusters.map(\.glyphCount) == [1, 1, 1, 1])
        #expect(map.backward == false)
    }

    @Test func severalGlyphsForOneCharacterAreOneCluster() {
        // A base and a mark drawn as two glyphs of one cluster, then "x".
        let text = UTF8Text("e\u{301}x")
        let map = TextClusterMap(glyphClusters: [0, 0, 2], range: 0..<3, rightToLeft: false, text: text)
        #expect(map.clusters == [.init(byteCount: 3, glyphCount: 2), .init(byteCount: 1, glyphCount: 1)])
    }

    @Test func rightToLeftClustersRunBackwardInReadingOrder() {
        // Visual order of "אבג" is ג ב א: clusters 2, 1, 0. In reading order they cover
        // 2 bytes each, and Cairo takes the first one's glyph from the end.
        let text = UTF8Text("אבג")
        let map = TextClusterMap(glyphClusters: [2, 1, 0], range: 0..<3, rightToLeft: true, text: text)
        #expect(map.backward)
        #expect(map.clusters == Array(repeating: .init(byteCount: 2, glyphCount: 1), count: 3))
        #expect(map.cairoFlags == CAIRO_TEXT_CLUSTER_FLAG_BACKWARD)
    }

    @Test func aRunInsideTheTextTakesItsOwnBytesAndTextBeforeItsFirstCluster() {
        // The run shows "b€c" of "a b€c d" (UTF-16 2..<5); its first glyph is at "€".
        let text = UTF8Text("a b€c d")
        let map = TextClusterMap(glyphClusters: [3, 4], range: 2..<5, rightToLeft: false, text: text)
        #expect(map.bytes == 2..<7)
        #expect(map.clusters == [.init(byteCount: 4, glyphCount: 1), .init(byteCount: 1, glyphCount: 1)])
    }

    @Test func aClusterThatGoesBackwardsJoinsTheOneBeforeIt() {
        let text = UTF8Text("abcd")
        let map = TextClusterMap(glyphClusters: [0, 2, 1, 3], range: 0..<4, rightToLeft: false, text: text)
        #expect(map.clusters == [.init(byteCount: 2, glyphCount: 1), .init(byteCount: 1, glyphCount: 2),
                                 .init(byteCount: 1, glyphCount: 1)])
    }

    @Test func surrogatePairsCountTheirFourBytes() {
        let text = UTF8Text("😀😀")
        let map = TextClusterMap(glyphClusters: [0, 2], range: 0..<4, rightToLeft: false, text: text)
        #expect(map.clusters.map(\.byteCount) == [4, 4])
    }

    /// Real runs of real layouts: every map covers its run's text and glyphs exactly once, and
    /// each cluster's bytes are whole characters of the run, read in order.
    @Test(arguments: ["office fi ffl affluent", "05-01 09:30:00 a-b", "السلام عليكم ١٢٣ 456", "שלום 123 עולם",
                      "你好，世界。", "👨‍👩‍👧 🇯🇵 👍🏽 e\u{301}"])
    func realRunsAreCoveredExactlyOnce(text: String) throws {
        let layout = try TextDrawingFixture.layout(text)
        let utf8 = UTF8Text(layout.text)
        let utf16 = Array(layout.text.utf16)
        var covered = 0
        for run in layout.lines.flatMap(\.runs) {
            let glyphs = run.glyphs
            let map = TextClusterMap(glyphClusters: glyphs.map(\.cluster), range: run.range,
                                     rightToLeft: run.direction == .rightToLeft, text: utf8)
            #expect(map.backward == (run.direction == .rightToLeft))
            #expect(map.clusters.reduce(0) { $0 + $1.glyphCount } == glyphs.count)
            #expect(map.clusters.reduce(0) { $0 + $1.byteCount } == map.bytes.count)
            #expect(map.clusters.allSatisfy { $0.glyphCount > 0 })
            let runText = String(decoding: utf16[run.range], as: UTF16.self)
            #expect(String(decoding: utf8.bytes[map.bytes], as: UTF8.self) == runText)
            var offset = map.bytes.lowerBound
            var pieces = ""
            for cluster in map.clusters {
                let bytes = utf8.bytes[offset..<(offset + cluster.byteCount)]
                #expect(String(validatingUTF8: bytes.map { CChar(bitPattern: $0) } + [0]) != nil,
                        "a cluster of \(runText) cuts a character")
                pieces += String(decoding: bytes, as: UTF8.self)
                offset += cluster.byteCount
            }
            #expect(pieces == runText)
            covered += runText.utf16.count
        }
        #expect(covered == utf16.count, "the runs show all of \(text)")
    }

    @Test func ligaturesAndEmojiSequencesMapOneGlyphToAllTheirCharacters() throws {
        // Noto Sans Arabic joins lam and alef into one glyph (rule rlig); the family emoji is
        // one glyph for five code points (three people, two zero-width joiners).
        for (text, joined) in [("سلام", "لا"), ("👨‍👩‍👧", "👨‍👩‍👧")] {
            let layout = try TextDrawingFixture.layout(text)
            let run = try #require(layout.lines.first?.runs.first)
            let utf8 = UTF8Text(layout.text)
            let map = TextClusterMap(glyphClusters: run.glyphs.map(\.cluster), range: run.range,
                                     rightToLeft: run.direction == .rightToLeft, text: utf8)
            var offset = map.bytes.lowerBound
            var found = false
            for cluster in map.clusters {
                let piece = String(decoding: utf8.bytes[offset..<(offset + cluster.byteCount)], as: UTF8.self)
                if piece == joined, cluster.glyphCount == 1 { found = true }
                offset += cluster.byteCount
            }
            #expect(found, "no one-glyph cluster shows \(joined) in \(text): \(map.clusters)")
        }
    }
}
