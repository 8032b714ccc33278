import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleText
import CCairo

/// A layout's text as UTF-8, with the byte offset of every UTF-16 offset: glyph clusters count
/// UTF-16 units (what HarfBuzz was given), Cairo's text clusters count UTF-8 bytes.
struct UTF8Text {
    let bytes: [UInt8]
    /// `byteOffsets[i]` is where UTF-16 offset `i` starts in `bytes`; an offset inside a
    /// surrogate pair maps to the pair's start. One entry more than the UTF-16 length.
    let byteOffsets: [Int]

    init(_ text: String) {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        bytes.reserveCapacity(text.utf8.count)
        offsets.reserveCapacity(text.utf16.count + 1)
        for scalar in text.unicodeScalars {
            let start = bytes.count
            UTF8.encode(scalar) { bytes.append($0) }
            offsets.append(start)
            if scalar.value > 0xFFFF { offsets.append(start) }
        }
        offsets.append(bytes.count)
        self.bytes = bytes
        byteOffsets = offsets
    }

    /// The byte offset of UTF-16 offset `offset`, clamped to the text.
    func byteOffset(_ offset: Int) -> Int { byteOffsets[min(max(offset, 0), byteOffsets.count - 1)] }
}

/// Which characters each stretch of a run's glyphs shows, in the form of Cairo's text clusters:
/// PDF viewers and `pdftotext` read the text from this map, not from the font's character map
/// (a glyph that an OpenType feature chose — a colon raised between digits, a ligature — is in
/// no character map, and came out as U+FFFD).
///
/// Clusters are listed in logical (reading) order. For a right-to-left run the glyphs stay in
/// visual order and the map is `backward`: the first cluster covers the last glyphs.
struct TextClusterMap: Equatable {
    /// The run's text as a byte range of the layout's UTF-8 text.
    var bytes: Range<Int>
    /// Per cluster, in reading order: how many UTF-8 bytes and how many glyphs it covers.
    var clusters: [Cluster]
    var backward: Bool

    struct Cluster: Equatable {
        var byteCount: Int
        var glyphCount: Int
    }

    init(bytes: Range<Int>, clusters: [Cluster], backward: Bool) {
        (self.bytes, self.clusters, self.backward) = (bytes, clusters, backward)
    }

    /// The map of glyphs (visual order, clusters as UTF-16 offsets into the layout's text)
    /// showing the UTF-16 range `range`. Each glyph cluster starts where its first character
    /// is and ends where the next cluster starts; the first also takes any text before it and
    /// the last any text after it, so the clusters cover the run's text and glyphs exactly
    /// once, as Cairo requires. A cluster offset that goes backwards (which HarfBuzz's default
    /// cluster level never gives) joins the cluster before it instead of breaking the order.
    init(glyphClusters: [Int], range: Range<Int>, rightToLeft: Bool, text: UTF8Text) {
        var starts: [Int] = []
        var counts: [Int] = []
        var highest = Int.min
        let logical = rightToLeft ? Array(glyphClusters.reversed()) : glyphClusters
        for cluster in logical {
            let offset = min(max(cluster, range.lowerBound), range.upperBound)
            if starts.isEmpty {
                starts.append(range.lowerBound)
                counts.append(1)
            } else if offset <= highest {
                counts[counts.count - 1] += 1
            } else {
                starts.append(offset)
                counts.append(1)
            }
            highest = max(highest, offset)
        }
        let lower = text.byteOffset(range.lowerBound), upper = text.byteOffset(range.upperBound)
        var clusters: [Cluster] = []
        clusters.reserveCapacity(starts.count)
        for index in starts.indices {
            let from = text.byteOffset(starts[index])
            let to = index + 1 < starts.count ? text.byteOffset(starts[index + 1]) : upper
            clusters.append(Cluster(byteCount: to - from, glyphCount: counts[index]))
        }
        bytes = lower..<upper
        self.clusters = clusters
        backward = rightToLeft
    }

    /// Cairo's form of the clusters.
    var cairoClusters: [cairo_text_cluster_t] {
        clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.byteCount), num_glyphs: Int32($0.glyphCount)) }
    }

    var cairoFlags: cairo_text_cluster_flags_t {
        backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0)
    }
}
