import BubbleCairo
/// A deflate encoder made for Up-filtered chat screens, where nine bytes in ten are zeros in
/// long runs (rows that repeat the row above, the background between glyphs) and the rest is
/// antialiased text whose pieces repeat. Zero runs are found with 32-byte compares and sent as
/// matches at distance 1; elsewhere a one-entry-per-hash table finds repeats of 4 or more bytes
/// up to 32 KiB back (greedy, as zlib's level 1, but never searching inside zero runs); all of a
/// band is one dynamic Huffman block. On the 200-message conversation at @2x it takes a
/// fraction of zlib level 1's time for a file of about the same size (docs/performance.md).
///
/// The output is a pure function of the input (integer code only, no CPU-dependent paths), so
/// the same pixels give the same bytes on any machine and with any zlib.
package final class FastDeflate {
    /// Matches and literal runs of the band being encoded; see `tokenize`.
    private let tokens = ScratchBuffer<UInt32>()
    /// The last position where each hash of 4 bytes was seen in this band; `never` is so far
    /// before any position that the distance check alone rejects it.
    private var lastSeen = [Int32](repeating: FastDeflate.never, count: 1 << FastDeflate.hashBits)
    private static let never = Int32.min
    /// Part of the output, not only of the speed: 16 bits found a few more matches (0.04%
    /// smaller, 2% faster) but changed the bytes of every PNG, and `theme lint` compares a
    /// theme's committed images with what `theme make-images` writes byte for byte.
    private static let hashBits = 15

    /// The most bytes `deflate` can write for `count` input bytes: a literal costs at most 15
    /// bits, a match of 3 or more bytes at most 48, the block header under 400 bytes, and the
    /// bit writer stores 8 bytes at a time.
    package static func bound(_ count: Int) -> Int { count * 2 + 1_024 }

    /// Deflates `input` as one dynamic-Huffman block into `output` (at least `bound` bytes)
    /// and returns the bytes written. Matches reach back only inside `input`. The last band
    /// sets BFINAL and pads to a byte; any other ends with an empty stored block (as zlib's sync
    /// flush does), so bands can be joined into one stream.
    package func deflate(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool, into output: UnsafeMutablePointer<UInt8>) -> Int {
        // Positions are kept as Int32 in the hash table: a larger input would alias them (a band
        // is at most 1,024 rows of 32,767 pixels, 134 MB).
        precondition(input.count < Int(Int32.max), "FastDeflate takes less than 2 GiB at a time")
        let tokens = self.tokens.reserve(input.count / 2 + 16)
        var literalCounts = [UInt32](repeating: 0, count: 286)
        var distanceCounts = [UInt32](repeating: 0, count: 30)
        let tokenCount = lastSeen.withUnsafeMutableBufferPointer { table in
            table.update(repeating: Self.never)
            return Self.tokenize(input, tokens: tokens, table: table.baseAddress!,
                                 literalCounts: &literalCounts, distanceCounts: &distanceCounts)
        }
        literalCounts[256] = 1 // end of block
        let literalLengths = HuffmanCode.lengths(literalCounts, limit: 15)
        let distanceLengths = HuffmanCode.lengths(distanceCounts, limit: 15)
        var writer = BitWriter(output)
        writer.put(isLast ? 1 : 0, 1)
        writer.put(2, 2) // dynamic Huffman codes
        DeflateCodes.writeCodeLengths(literals: literalLengths, distances: distanceLengths, &writer)
        let codes = DeflateCodes.Table(literalLengths: literalLengths, distanceLengths: distanceLengths)
        Self.emit(input, tokens: UnsafeBufferPointer(start: tokens, count: tokenCount), codes: codes, &writer)
        writer.put(codes.endOfBlock.bits, codes.endOfBlock.count)
        if !isLast {
            writer.put(0, 3) // a stored block, not final, of no bytes: ends the band on a byte boundary
            writer.alignToByte()
            writer.put(0xFFFF_0000, 32)
        }
        writer.alignToByte()
        return writer.position
    }

    /// A token is a run of literal bytes (high bit clear: the run's length) or a match (high
    /// bit set, the length in bits 16–24, the distance − 1 in bits 0–14). Literal runs are
    /// read back from the input, so a token consumes at least one byte and the list of a
    /// band of n bytes holds at most n / 2 + 2 (a literal run is always followed by a match).
    private static func tokenize(_ input: UnsafeBufferPointer<UInt8>, tokens: UnsafeMutablePointer<UInt32>,
                                 table: UnsafeMutablePointer<Int32>, literalCounts: inout [UInt32],
                                 distanceCounts: inout [UInt32]) -> Int {
        guard let bytes = input.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(bytes)
        let count = input.count
        var tokenCount = 0
        var literalRun = 0
        var index = 0
        // Read once: a static table's every access checks that it was initialised (`swift_once`),
        // which per match is a measurable share of the encoder.
        let lengthSymbols = DeflateCodes.lengthSymbols
        literalCounts.withUnsafeMutableBufferPointer { literals in
            distanceCounts.withUnsafeMutableBufferPointer { distances in
                func literal(_ byte: UInt8) {
                    literals[Int(byte)] &+= 1
                    literalRun += 1
                }
                func match(length: Int, distance: Int) {
                    if literalRun > 0 { tokens[tokenCount] = UInt32(literalRun); tokenCount += 1; literalRun = 0 }
                    tokens[tokenCount] = 0x8000_0000 | UInt32(length) << 16 | UInt32(distance - 1)
                    tokenCount += 1
                    literals[Int(lengthSymbols[length].symbol)] &+= 1
                    distances[Int(DeflateCodes.distanceSymbol(distance).symbol)] &+= 1
                }
                // Every position with 4 bytes left: a run of zeros, a match, or a literal.
                while index + 4 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt32.self)
                    if word == 0 {
                        // A run of four or more zeros: one literal, then matches at distance 1.
                        var end = index + 4
                        while end + 32 <= count,
                              raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                                | raw.loadUnaligned(fromByteOffset: end + 8, as: UInt64.self)
                                | raw.loadUnaligned(fromByteOffset: end + 16, as: UInt64.self)
                                | raw.loadUnaligned(fromByteOffset: end + 24, as: UInt64.self) == 0 {
                            end += 32
                        }
                        // The run's last bytes: eight at a time, the first non-zero byte found by
                        // its trailing zero bits (most runs in text rows are shorter than 32).
                        while end + 8 <= count {
                            let word = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                            if word != 0 { end += word.trailingZeroBitCount / 8; break }
                            end += 8
                        }
                        if end + 8 > count { while end < count && bytes[end] == 0 { end += 1 } }
                        literal(0)
                        var rest = end - index - 1
                        while rest >= 3 {
                            let length = min(rest, 258)
                            match(length: length, distance: 1)
                            rest -= length
                        }
                        for _ in 0..<rest { literal(0) }
                        index = end
                        continue
                    }
                    let slot = Int((word &* 2_654_435_761) >> UInt32(32 - hashBits))
                    let candidate = Int(table[slot])
                    table[slot] = Int32(truncatingIfNeeded: index)
                    if index - candidate <= 32_768 && raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == word {
                        let length = matchLength(raw, candidate, index, limit: min(258, count - index))
                        match(length: length, distance: index - candidate)
                        index += length
                        continue
                    }
                    literal(UInt8(truncatingIfNeeded: word))
                    index += 1
                }
                // The last three bytes or fewer: too few for a run or a match.
                while index < count {
                    literal(bytes[index])
                    index += 1
                }
            }
        }
        if literalRun > 0 { tokens[tokenCount] = UInt32(literalRun); tokenCount += 1 }
        return tokenCount
    }

    /// How far the bytes at `earlier` and `later` agree, at least 4 (already compared), at most `limit`.
    @inline(__always)
    private static func matchLength(_ raw: UnsafeRawPointer, _ earlier: Int, _ later: Int, limit: Int) -> Int {
        var length = 4
        while length + 8 <= limit {
            let difference = raw.loadUnaligned(fromByteOffset: earlier + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: later + length, as: UInt64.self)
            if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
            length += 8
        }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        while length < limit && bytes[earlier + length] == bytes[later + length] { length += 1 }
        return length
    }

    /// Writes every token's codes: literal runs byte by byte, matches as length symbol, its
    /// extra bits, distance symbol and its extra bits.
    private static func emit(_ input: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<UInt32>,
                             codes: DeflateCodes.Table, _ writer: inout BitWriter) {
        guard let bytes = input.baseAddress else { return }
        // A local copy: through `inout` the compiler cannot tell the output's stores from the
        // writer's own fields, so it would store and reload the bit buffer around every code.
        var local = writer
        defer { writer = local }
        codes.literals.withUnsafeBufferPointer { literals in
            var index = 0
            for token in tokens {
                if token & 0x8000_0000 == 0 {
                    // Three literals' codes (15 bits at most each) joined before one `put`:
                    // the joining does not wait on the writer, so it overlaps the previous put.
                    var offset = index
                    let end = index + Int(token)
                    while offset + 3 <= end {
                        let first = literals[Int(bytes[offset])], second = literals[Int(bytes[offset + 1])]
                        let third = literals[Int(bytes[offset + 2])]
                        let bits = first.bits | second.bits &<< UInt64(truncatingIfNeeded: first.count)
                            | third.bits &<< UInt64(truncatingIfNeeded: first.count &+ second.count)
                        local.put(bits, first.count &+ second.count &+ third.count)
                        offset += 3
                    }
                    while offset < end {
                        let code = literals[Int(bytes[offset])]
                        local.put(code.bits, code.count)
                        offset += 1
                    }
                    index = end
                } else {
                    let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0x7FFF) + 1
                    let lengthCode = codes.match[length]
                    local.put(lengthCode.bits, lengthCode.count)
                    let distanceCode = codes.distance(distance)
                    local.put(distanceCode.bits, distanceCode.count)
                    index += length
                }
            }
        }
    }
}
