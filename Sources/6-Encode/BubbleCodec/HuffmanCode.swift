import BubbleCairo
/// Length-limited canonical Huffman codes for deflate (RFC 1951 §3.2.2).
package enum HuffmanCode {
    /// Code lengths for symbol frequencies, none longer than `limit`, forming a complete code
    /// (zlib's inflate rejects incomplete ones). Too deep a tree is rebuilt from halved
    /// frequencies, which always ends: equal frequencies give a balanced tree. Ties break by
    /// symbol, so the same frequencies always give the same code.
    package static func lengths(_ frequencies: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
        guard used.count >= 2 else {
            // One symbol (or none) still needs a complete code: two codes of one bit.
            let symbol = used.first ?? 0
            lengths[symbol] = 1
            lengths[symbol == 0 ? 1 : 0] = 1
            return lengths
        }
        var weights = used.map { frequencies[$0] }
        while true {
            let depths = treeDepths(weights)
            if depths.max()! <= limit {
                for (position, symbol) in used.enumerated() { lengths[symbol] = UInt8(depths[position]) }
                return lengths
            }
            weights = weights.map { ($0 + 1) / 2 }
        }
    }

    /// Each symbol's code, bit-reversed, since deflate sends codes most significant bit first
    /// into a stream packed least significant bit first.
    package static func codes(_ lengths: [UInt8]) -> [UInt16] {
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            code = (code + (bits == 1 ? 0 : lengthCounts[bits - 1])) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed = 0
            for bit in 0..<Int(length) where value & (1 << bit) != 0 { reversed |= 1 << (Int(length) - 1 - bit) }
            return UInt16(reversed)
        }
    }

    /// Depths of the leaves of a Huffman tree over `weights` (at least two), built with the
    /// two-queue method: sorted leaves, and inner nodes, which are made in weight order.
    private static func treeDepths(_ weights: [UInt32]) -> [Int] {
        let count = weights.count
        let order = weights.indices.sorted { (weights[$0], $0) < (weights[$1], $1) }
        var weight = [UInt64](repeating: 0, count: 2 * count - 1)
        var parent = [Int](repeating: 0, count: 2 * count - 1)
        for (position, leaf) in order.enumerated() { weight[position] = UInt64(weights[leaf]) }
        var nextLeaf = 0, nextInner = count, made = count
        func lightest() -> Int {
            if nextLeaf < count && (nextInner == made || weight[nextLeaf] <= weight[nextInner]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInner += 1
            return nextInner - 1
        }
        while made < 2 * count - 1 {
            let first = lightest(), second = lightest()
            weight[made] = weight[first] + weight[second]
            parent[first] = made
            parent[second] = made
            made += 1
        }
        var depth = [Int](repeating: 0, count: 2 * count - 1)
        for node in stride(from: 2 * count - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var depths = [Int](repeating: 0, count: count)
        for (position, leaf) in order.enumerated() { depths[leaf] = depth[position] }
        return depths
    }
}
