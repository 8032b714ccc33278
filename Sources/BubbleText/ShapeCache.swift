import BubbleUnicode
import CHarfBuzz
#if canImport(Glibc)
import Glibc
#endif

/// What a shaping result depends on, compared by value.
///
/// The size is not part of it: results are in font units, and HarfBuzz's OpenType functions
/// do not hint, so one entry serves every size. Features are fixed per engine, and the cache
/// belongs to one engine. The neighbouring characters are part of the key only for scripts
/// whose shaper reads context (cursive joining: Arabic, Syriac, Mongolian, N'Ko, …), and whether
/// the segment starts or ends its paragraph always is (HarfBuzz's BOT/EOT flags).
///
/// A key borrows the text from the layout's buffer, so a lookup allocates nothing; only
/// storing an entry copies the text.
struct ShapeKey {
    let text: UnsafeBufferPointer<UInt16>
    let before: UInt16
    let after: UInt16
    let font: UInt8
    let flags: UInt8
    let script: UInt32
    let hash: Int

    init(text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, segment: Range<Int>,
         font: UInt8, rightToLeft: Bool, script: UInt32) {
        self.text = UnsafeBufferPointer(rebasing: text[segment])
        let readsContext = !Self.contextFreeScripts.contains(script)
        before = readsContext && segment.lowerBound > paragraph.lowerBound ? text[segment.lowerBound - 1] : 0
        after = readsContext && segment.upperBound < paragraph.upperBound ? text[segment.upperBound] : 0
        self.font = font
        flags = (rightToLeft ? 1 : 0) | (segment.lowerBound == paragraph.lowerBound ? 2 : 0)
            | (segment.upperBound == paragraph.upperBound ? 4 : 0)
        self.script = script
        var value: UInt64 = 0xcbf29ce484222325 // FNV-1a: cheap, and good enough for a sharded table
        for unit in self.text { value = (value ^ UInt64(unit)) &* 0x100000001b3 }
        value = (value ^ (UInt64(before) << 16 | UInt64(after))) &* 0x100000001b3
        value = (value ^ (UInt64(script) << 16 | UInt64(font) << 8 | UInt64(flags))) &* 0x100000001b3
        hash = Int(truncatingIfNeeded: value)
    }

    /// Scripts whose HarfBuzz shapers never look outside the segment.
    /// An array, not a Set: a scan of 16 numbers is cheaper than hashing one, per segment.
    static let contextFreeScripts: [UInt32] =
        ["Latn", "Cyrl", "Grek", "Armn", "Geor", "Hani", "Hira", "Kana", "Hang", "Bopo", "Hebr",
         "Zyyy", "Zinh", "Thai", "Ethi", "Cher"].map { harfBuzzScript(ScriptRun.tag($0)) }
}

/// Shaping results shared by every layout of one engine, across threads. Sharded so that
/// parallel layouts rarely wait on one lock; each shard is emptied when it grows past its
/// bound, which never changes a result, only what is shaped again.
final class ShapeCache: Sendable {
    /// A stored key: the same fields as `ShapeKey`, with its own copy of the text.
    private struct Entry: Sendable {
        /// The key's hash, compared first: a bucket scan then reads no other memory for misses.
        let hash: Int
        let text: [UInt16]
        let before: UInt16, after: UInt16
        let font: UInt8, flags: UInt8
        let script: UInt32
        let value: ShapedSegment

        func matches(_ key: ShapeKey) -> Bool {
            hash == key.hash && font == key.font && flags == key.flags && script == key.script && before == key.before
                && after == key.after && text.count == key.text.count
                && text.withUnsafeBufferPointer { stored in
                    memcmp(stored.baseAddress!, key.text.baseAddress!, stored.count * 2) == 0
                }
        }
    }

    /// A table of buckets indexed by the key's own hash bits (Swift's Dictionary would hash
    /// the hash again with SipHash on every lookup), and how many entries it holds since it
    /// was last emptied. Each shard is its own lock: the array of shards is never mutated after
    /// init, so no thread touches storage another thread writes without holding its lock.
    private struct Shard: Sendable {
        var buckets: [[Entry]] = Array(repeating: [], count: ShapeCache.bucketsPerShard)
        var count = 0
    }
    private static let bucketsPerShard = 4096
    private let shards: [Locked<Shard>]
    private let entriesPerShard: Int

    init(shardCount: Int = 16, entriesPerShard: Int = 20_000) {
        shards = (0..<shardCount).map { _ in Locked(Shard()) }
        self.entriesPerShard = entriesPerShard
    }

    func value(for key: ShapeKey) -> ShapedSegment? {
        if key.text.isEmpty { return nil }
        let bucket = Self.bucket(key)
        return shards[shard(key)].withLock { shard in
            for entry in shard.buckets[bucket] where entry.matches(key) { return entry.value }
            return nil
        }
    }

    func store(_ value: ShapedSegment, for key: ShapeKey) {
        if key.text.isEmpty { return }
        let entry = Entry(hash: key.hash, text: Array(key.text), before: key.before, after: key.after, font: key.font,
                          flags: key.flags, script: key.script, value: value)
        let limit = entriesPerShard
        let bucket = Self.bucket(key)
        shards[shard(key)].withLock { shard in
            shard.count += 1
            if shard.count > limit {
                shard.count = 1
                for index in shard.buckets.indices { shard.buckets[index].removeAll() }
            }
            shard.buckets[bucket].append(entry)
        }
    }

    var count: Int { shards.reduce(0) { total, shard in total + shard.withLock { $0.buckets.reduce(0) { $0 + $1.count } } } }

    private func shard(_ key: ShapeKey) -> Int {
        Int(UInt(bitPattern: key.hash >> 20) % UInt(shards.count))
    }

    private static func bucket(_ key: ShapeKey) -> Int { key.hash & (bucketsPerShard - 1) }
}
