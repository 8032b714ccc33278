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
        let readsContext = Self.readsContext(script)
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

    /// Scripts whose HarfBuzz shapers never look outside the segment: Latn, Cyrl, Grek, Armn,
    /// Geor, Hani, Hira, Kana, Hang, Bopo, Hebr, Zyyy, Zinh, Thai, Ethi, Cher (HarfBuzz's script
    /// values are their ISO 15924 tags). Literal cases, not a table: every segment asks, and a
    /// lazily built global costs a swift_once per read.
    static func readsContext(_ script: UInt32) -> Bool {
        switch script {
        case 0x4C61_746E, 0x4379_726C, 0x4772_656B, 0x4172_6D6E, 0x4765_6F72, 0x4861_6E69, 0x4869_7261,
             0x4B61_6E61, 0x4861_6E67, 0x426F_706F, 0x4865_6272, 0x5A79_7979, 0x5A69_6E68, 0x5468_6169,
             0x4574_6869, 0x4368_6572:
            return false
        default:
            return true
        }
    }
}

/// Shaping results shared by every layout of one engine, across threads. Sharded so that
/// parallel layouts rarely wait on one lock; each shard starts a new generation when its
/// current one reaches a bound (entries, or glyphs plus stored text units) and drops the one
/// before, which never changes a result, only what is shaped again.
///
/// Each shard is one flat open-addressing table: a lookup reads its slot (hash, key fields and,
/// for texts of up to 16 UTF-16 units, the text itself, inline) from one contiguous array, so a
/// hit costs about one cache miss instead of three dependent ones through arrays of buckets.
final class ShapeCache: Sendable {
    /// A stored key and its value. Short texts (most words) are kept inline.
    private struct Entry: Sendable {
        /// The key's hash; 0 marks an empty slot (a key hashing to 0 is stored as 1).
        let hash: Int
        let count: Int32
        let before: UInt16, after: UInt16
        let font: UInt8, flags: UInt8
        let script: UInt32
        /// The text when it has at most 16 units; zero-padded.
        let inline: (UInt64, UInt64, UInt64, UInt64)
        /// The text when it is longer.
        let text: [UInt16]?
        let value: ShapedSegment

        static let empty = Entry(hash: 0, count: 0, before: 0, after: 0, font: 0, flags: 0, script: 0,
                                 inline: (0, 0, 0, 0), text: nil, value: ShapedSegment(glyphs: [], advance: 0))

        init(hash: Int, count: Int32, before: UInt16, after: UInt16, font: UInt8, flags: UInt8, script: UInt32,
             inline: (UInt64, UInt64, UInt64, UInt64), text: [UInt16]?, value: ShapedSegment) {
            self.hash = hash
            self.count = count
            self.before = before
            self.after = after
            self.font = font
            self.flags = flags
            self.script = script
            self.inline = inline
            self.text = text
            self.value = value
        }

        init(key: ShapeKey, hash: Int, value: ShapedSegment) {
            var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            let short = key.text.count <= 16
            if short {
                withUnsafeMutableBytes(of: &inline) { $0.baseAddress!.copyMemory(from: key.text.baseAddress!, byteCount: key.text.count * 2) }
            }
            self.init(hash: hash, count: Int32(key.text.count), before: key.before, after: key.after, font: key.font,
                      flags: key.flags, script: key.script, inline: inline, text: short ? nil : Array(key.text), value: value)
        }

        /// What its arrays weigh: glyphs, and the text when it is not inline.
        var units: Int { value.glyphs.count + (text?.count ?? 0) }

        func matches(_ key: ShapeKey, hash: Int) -> Bool {
            guard self.hash == hash, font == key.font, flags == key.flags, script == key.script, before == key.before,
                  after == key.after, Int(count) == key.text.count else { return false }
            if let text {
                return text.withUnsafeBufferPointer { memcmp($0.baseAddress!, key.text.baseAddress!, $0.count * 2) == 0 }
            }
            return withUnsafeBytes(of: inline) { memcmp($0.baseAddress!, key.text.baseAddress!, key.text.count * 2) == 0 }
        }
    }

    /// One shard: its current table (a power of two long, at most half full), how much that
    /// holds, and the table of the generation before. When the current table reaches a bound
    /// it becomes the previous one and a new one starts; an entry found in the previous table
    /// is moved back into the current one. So words in use survive every roll (a whole shard
    /// emptied at once had to shape "the" and "，" again each time), and a shard holds at most
    /// two generations. Each shard is its own lock: the array of shards is never mutated after
    /// init, so no thread touches storage another thread writes without its lock.
    private struct Shard: Sendable {
        var slots = [Entry](repeating: .empty, count: ShapeCache.initialSlots)
        var count = 0
        /// Glyphs and out-of-line text units of the current table's entries: what their arrays weigh.
        var units = 0
        var previous: [Entry] = []

        mutating func find(_ key: ShapeKey, hash: Int, bounds: Bounds) -> ShapedSegment? {
            if let index = Self.index(of: key, hash: hash, in: &slots) { return slots[index].value }
            guard !previous.isEmpty, let index = Self.index(of: key, hash: hash, in: &previous) else { return nil }
            let entry = previous[index]
            add(entry, bounds: bounds)
            return entry.value
        }

        /// `inout` only so that the table is read in place, not retained per lookup.
        private static func index(of key: ShapeKey, hash: Int, in slots: inout [Entry]) -> Int? {
            let mask = slots.count - 1
            var index = (hash >> 4) & mask
            while slots[index].hash != 0 {
                if slots[index].matches(key, hash: hash) { return index }
                index = (index + 1) & mask
            }
            return nil
        }

        mutating func add(_ entry: Entry, bounds: Bounds) {
            let weight = entry.units
            if count >= bounds.entries || units + weight > bounds.units {
                previous = slots
                slots = [Entry](repeating: .empty, count: ShapeCache.initialSlots)
                count = 0
                units = 0
            }
            if (count + 1) * 2 > slots.count {
                let old = slots
                slots = [Entry](repeating: .empty, count: old.count * 2)
                for stored in old where stored.hash != 0 { place(stored) }
            }
            place(entry)
            count += 1
            units += weight
        }

        private mutating func place(_ entry: Entry) {
            let mask = slots.count - 1
            var index = (entry.hash >> 4) & mask
            while slots[index].hash != 0 { index = (index + 1) & mask }
            slots[index] = entry
        }
    }

    /// A generation's bounds: entries, and glyphs plus out-of-line text units.
    struct Bounds: Sendable {
        let entries: Int
        let units: Int
    }

    private static let initialSlots = 256
    private let shards: [Locked<Shard>]
    private let bounds: Bounds

    /// 16 shards × 2 generations × 512 entries: a chat's working vocabulary, and all-distinct
    /// words stay within `measure`'s 50 MB (62 MB peak with 4,096 per shard, 154 MB with the old
    /// 20,000). Entries alone did not bound the bytes: a URL or a long word is one entry of
    /// hundreds of glyphs (24 bytes each), and 50,000 distinct 300-letter words took `measure` to
    /// 103 MB. So a generation also holds at most 6,144 glyphs and text units: the whole cache at
    /// most about 5 MB of glyph arrays. It was twice that until Latin words of
    /// `KernedCharacters` stopped entering it: with them gone, halving it took 200,000 distinct
    /// messages from 50.0 to 43.4 MiB peak and left the ten-times corpus as fast (within the
    /// machine's noise).
    init(shardCount: Int = 16, entriesPerGeneration: Int = 512, unitsPerGeneration: Int = 6_144) {
        shards = (0..<shardCount).map { _ in Locked(Shard()) }
        bounds = Bounds(entries: entriesPerGeneration, units: unitsPerGeneration)
    }

    func value(for key: ShapeKey) -> ShapedSegment? {
        if key.text.isEmpty { return nil }
        let hash = Self.storedHash(key)
        let bounds = bounds
        return shards[shard(key)].withLock { $0.find(key, hash: hash, bounds: bounds) }
    }

    func store(_ value: ShapedSegment, for key: ShapeKey) {
        if key.text.isEmpty { return }
        let entry = Entry(key: key, hash: Self.storedHash(key), value: value)
        // A text longer than a generation's whole budget (a long word) would only roll it.
        if entry.units > bounds.units { return }
        let bounds = bounds
        shards[shard(key)].withLock { $0.add(entry, bounds: bounds) }
    }

    /// Entries of the current generations (what a lookup finds without a move).
    var count: Int { shards.reduce(0) { total, shard in total + shard.withLock { $0.count } } }

    private func shard(_ key: ShapeKey) -> Int {
        Int(UInt(bitPattern: key.hash >> 20) % UInt(shards.count))
    }

    private static func storedHash(_ key: ShapeKey) -> Int { key.hash == 0 ? 1 : key.hash }
}
