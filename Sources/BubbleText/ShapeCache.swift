import BubbleUnicode
import CHarfBuzz
import Synchronization

/// What a shaping result depends on, compared by value.
///
/// The size is not part of it: results are in font units, and HarfBuzz's OpenType functions
/// do not hint, so one entry serves every size. Features are fixed per engine, and the cache
/// belongs to one engine. The neighbouring characters are part of the key only for scripts
/// whose shaper reads context (cursive joining: Arabic, Syriac, Mongolian, N'Ko, …), and whether
/// the segment starts or ends its paragraph always is (HarfBuzz's BOT/EOT flags).
struct ShapeKey: Hashable, Sendable {
    let text: [UInt16]
    let before: UInt16
    let after: UInt16
    let font: UInt8
    let flags: UInt8
    let script: UInt32
    let hash: Int

    init(text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, segment: Range<Int>,
         font: UInt8, rightToLeft: Bool, script: UInt32) {
        self.text = Array(text[segment])
        let readsContext = !Self.contextFreeScripts.contains(script)
        before = readsContext && segment.lowerBound > paragraph.lowerBound ? text[segment.lowerBound - 1] : 0
        after = readsContext && segment.upperBound < paragraph.upperBound ? text[segment.upperBound] : 0
        self.font = font
        flags = (rightToLeft ? 1 : 0) | (segment.lowerBound == paragraph.lowerBound ? 2 : 0)
            | (segment.upperBound == paragraph.upperBound ? 4 : 0)
        self.script = script
        var value: UInt64 = 0xcbf29ce484222325 // FNV-1a: cheap, and good enough for a sharded table
        for unit in self.text { value = (value ^ UInt64(unit)) &* 0x100000001b3 }
        for part in [UInt64(before), UInt64(after), UInt64(font), UInt64(flags), UInt64(script)] {
            value = (value ^ part) &* 0x100000001b3
        }
        hash = Int(truncatingIfNeeded: value)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: ShapeKey, b: ShapeKey) -> Bool {
        a.hash == b.hash && a.font == b.font && a.flags == b.flags && a.script == b.script
            && a.before == b.before && a.after == b.after && a.text == b.text
    }

    /// Scripts whose HarfBuzz shapers never look outside the segment.
    static let contextFreeScripts: Set<UInt32> = Set(
        ["Latn", "Cyrl", "Grek", "Armn", "Geor", "Hani", "Hira", "Kana", "Hang", "Bopo", "Hebr",
         "Zyyy", "Zinh", "Thai", "Ethi", "Cher"].map { harfBuzzScript(ScriptRun.tag($0)) })
}

/// Shaping results shared by every layout of one engine, across threads. Sharded so that
/// parallel layouts rarely wait on one lock; each shard is emptied when it grows past its
/// bound, which never changes a result, only what is shaped again.
final class ShapeCache: Sendable {
    private final class Shard: Sendable {
        let table = Mutex<[ShapeKey: ShapedSegment]>([:])
    }
    private let shards: [Shard]
    private let entriesPerShard: Int

    init(shardCount: Int = 16, entriesPerShard: Int = 20_000) {
        shards = (0..<shardCount).map { _ in Shard() }
        self.entriesPerShard = entriesPerShard
    }

    func value(for key: ShapeKey) -> ShapedSegment? {
        shards[shard(key)].table.withLock { $0[key] }
    }

    func store(_ value: ShapedSegment, for key: ShapeKey) {
        let limit = entriesPerShard
        shards[shard(key)].table.withLock { table in
            if table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[key] = value
        }
    }

    var count: Int { shards.reduce(0) { total, shard in total + shard.table.withLock { $0.count } } }

    private func shard(_ key: ShapeKey) -> Int {
        Int(UInt(bitPattern: key.hash >> 7) % UInt(shards.count))
    }
}
