import BubbleCairo
/// Deflate's fixed tables and a block's dynamic codes (RFC 1951 §3.2.5–3.2.7), for `FastDeflate`.
package enum DeflateCodes {
    /// A symbol of the lit/len or distance alphabet and the extra bits that follow it.
    package struct Symbol { let symbol: UInt16; let extra: UInt16; let extraBits: UInt8 }

    /// Bits to write, least significant first, and how many.
    package struct Code { let bits: UInt64; let count: Int }

    /// The lit/len symbol and extra bits of each match length 3...258 (indexed by length).
    package static let lengthSymbols: [Symbol] = {
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                     131, 163, 195, 227, 258]
        let extraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var table = [Symbol](repeating: Symbol(symbol: 0, extra: 0, extraBits: 0), count: 259)
        for length in 3...258 {
            let code = bases.lastIndex { $0 <= length }!
            table[length] = Symbol(symbol: UInt16(257 + code), extra: UInt16(length - bases[code]), extraBits: extraBits[code])
        }
        return table
    }()

    /// The distance symbol of a distance 1...32768: codes 0–3 are distances 1–4, then each
    /// power of two is split into two codes with one extra bit fewer than its exponent.
    @inline(__always)
    package static func distanceSymbol(_ distance: Int) -> Symbol {
        let offset = UInt32(distance - 1)
        if offset < 4 { return Symbol(symbol: UInt16(offset), extra: 0, extraBits: 0) }
        let exponent = UInt32(31 - offset.leadingZeroBitCount)
        let half = offset >> (exponent - 1) & 1
        return Symbol(symbol: UInt16(2 * exponent + half), extra: UInt16(offset & (1 << (exponent - 1) - 1)),
                      extraBits: UInt8(exponent - 1))
    }

    /// One block's codes, ready to write: every literal's, every match length's (with its
    /// extra bits) and every distance symbol's.
    package struct Table {
        package let literals: [Code]
        package let match: [Code]
        package let distances: [Code]
        package let endOfBlock: Code

        package init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            let literalCodes = HuffmanCode.codes(literalLengths)
            literals = (0..<256).map { Code(bits: UInt64(literalCodes[$0]), count: Int(literalLengths[$0])) }
            endOfBlock = Code(bits: UInt64(literalCodes[256]), count: Int(literalLengths[256]))
            var match = [Code](repeating: Code(bits: 0, count: 0), count: 259)
            for length in 3...258 {
                let entry = DeflateCodes.lengthSymbols[length]
                let symbol = Int(entry.symbol)
                match[length] = Code(bits: UInt64(literalCodes[symbol]) | UInt64(entry.extra) << UInt64(literalLengths[symbol]),
                                     count: Int(literalLengths[symbol]) + Int(entry.extraBits))
            }
            self.match = match
            let distanceCodes = HuffmanCode.codes(distanceLengths)
            distances = (0..<30).map { Code(bits: UInt64(distanceCodes[$0]), count: Int(distanceLengths[$0])) }
        }

        @inline(__always)
        package func distance(_ distance: Int) -> Code {
            let entry = DeflateCodes.distanceSymbol(distance)
            let code = distances[Int(entry.symbol)]
            return Code(bits: code.bits | UInt64(entry.extra) << UInt64(code.count), count: code.count + Int(entry.extraBits))
        }
    }

    /// The block header after BFINAL and BTYPE: the two codes' lengths, run-length coded with
    /// the code-length alphabet, itself sent as 3-bit lengths in the RFC's order.
    package static func writeCodeLengths(literals: [UInt8], distances: [UInt8], _ writer: inout BitWriter) {
        var literalCount = 286
        while literalCount > 257 && literals[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1 && distances[distanceCount - 1] == 0 { distanceCount -= 1 }
        // The two lists are one sequence: a repeat may run from one into the other.
        let sequence = Array(literals[0..<literalCount]) + Array(distances[0..<distanceCount])
        var symbols: [Symbol] = []
        var index = 0
        while index < sequence.count {
            let value = sequence[index]
            var run = 1
            while index + run < sequence.count && sequence[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    symbols.append(Symbol(symbol: 18, extra: UInt16(take - 11), extraBits: 7))
                    run -= take
                }
                if run >= 3 { symbols.append(Symbol(symbol: 17, extra: UInt16(run - 3), extraBits: 3)); run = 0 }
            } else {
                symbols.append(Symbol(symbol: UInt16(value), extra: 0, extraBits: 0))
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    symbols.append(Symbol(symbol: 16, extra: UInt16(take - 3), extraBits: 2))
                    run -= take
                }
            }
            for _ in 0..<run { symbols.append(Symbol(symbol: UInt16(value), extra: 0, extraBits: 0)) }
        }
        var frequencies = [UInt32](repeating: 0, count: 19)
        for symbol in symbols { frequencies[Int(symbol.symbol)] += 1 }
        let lengths = HuffmanCode.lengths(frequencies, limit: 7)
        let codes = HuffmanCode.codes(lengths)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var lengthCount = 19
        while lengthCount > 4 && lengths[order[lengthCount - 1]] == 0 { lengthCount -= 1 }
        writer.put(UInt64(literalCount - 257), 5)
        writer.put(UInt64(distanceCount - 1), 5)
        writer.put(UInt64(lengthCount - 4), 4)
        for position in 0..<lengthCount { writer.put(UInt64(lengths[order[position]]), 3) }
        for symbol in symbols {
            writer.put(UInt64(codes[Int(symbol.symbol)]), Int(lengths[Int(symbol.symbol)]))
            writer.put(UInt64(symbol.extra), Int(symbol.extraBits))
        }
    }
}

/// Bits packed least significant first, as deflate wants.
///
/// Every `put` stores the whole 64-bit buffer and keeps only the bits of an unfinished byte
/// (at most 7), so no branch depends on the data: with a flush every 32 bits, the flush's
/// branch was taken about once in three codes in no pattern the CPU could predict. The
/// output needs 8 bytes of room past the last byte written (`FastDeflate.bound` has 1,024).
package struct BitWriter {
    package let output: UnsafeMutablePointer<UInt8>
    private(set) var position = 0
    private var buffer: UInt64 = 0
    private var count = 0

    package init(_ output: UnsafeMutablePointer<UInt8>) { self.output = output }

    /// Appends the low `length` bits (at most 56: at most 7 are pending; higher bits of `bits`
    /// must be zero).
    @inline(__always) mutating package func put(_ bits: UInt64, _ length: Int) {
        buffer |= bits &<< UInt64(truncatingIfNeeded: count)
        count &+= length
        UnsafeMutableRawPointer(output + position).storeBytes(of: buffer.littleEndian, as: UInt64.self)
        let wholeBytes = count &>> 3
        position &+= wholeBytes
        buffer = buffer &>> UInt64(truncatingIfNeeded: wholeBytes &<< 3)
        count &= 7
    }

    /// Pads with zero bits to a byte boundary and writes out what is buffered.
    package mutating func alignToByte() {
        while count > 0 {
            output[position] = UInt8(truncatingIfNeeded: buffer)
            position += 1
            buffer >>= 8
            count -= 8
        }
        buffer = 0
        count = 0
    }
}
