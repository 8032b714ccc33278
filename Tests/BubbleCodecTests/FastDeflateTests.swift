@testable import BubbleCodec
import BubbleCairo
import CZlib
import Foundation
import Testing

/// `FastDeflate` writes streams zlib's inflate reads back to the input, for every kind of
/// band: incompressible, all zeros, runs at every length, repeats at every distance, and
/// bands joined as the PNG writer joins them; and no larger than a bound over zlib level 1's.
/// No test pins the encoder's bytes: another encoder that round-trips within the bound is as good.
@Suite struct FastDeflateTests {
    /// Deflates `bands` one after another (the last with BFINAL) into one raw deflate stream.
    func deflated(_ bands: [[UInt8]]) -> [UInt8] {
        let deflater = FastDeflate()
        var stream: [UInt8] = []
        for (index, band) in bands.enumerated() {
            var output = [UInt8](repeating: 0, count: FastDeflate.bound(band.count))
            let size = band.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    deflater.deflate(input, isLast: index == bands.count - 1, into: out.baseAddress!)
                }
            }
            #expect(size <= FastDeflate.bound(band.count))
            stream += output[0..<size]
        }
        return stream
    }

    /// zlib's raw inflate of a whole stream, or nil when zlib reports an error or the stream
    /// does not end where its bytes do.
    func inflated(_ stream: [UInt8], expectedCount: Int) -> [UInt8]? {
        var zstream = z_stream()
        guard inflateInit2_(&zstream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&zstream) }
        var output = [UInt8](repeating: 0, count: expectedCount + 16)
        var input = stream
        let status = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                zstream.next_in = input.baseAddress
                zstream.avail_in = uInt(input.count)
                zstream.next_out = out.baseAddress
                zstream.avail_out = uInt(out.count)
                return inflate(&zstream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, zstream.avail_in == 0 else { return nil }
        return Array(output[0..<Int(zstream.total_out)])
    }

    func roundTrips(_ bands: [[UInt8]]) -> Bool {
        let whole = bands.flatMap { $0 }
        return inflated(deflated(bands), expectedCount: whole.count) == whole
    }

    /// A deterministic byte source (xorshift), so a failure can be replayed.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        mutating func next(_ count: Int) -> [UInt8] { (0..<count).map { _ in next() } }
    }

    @Test func shortAndDegenerateBands() {
        for count in 0...9 {
            #expect(roundTrips([[UInt8](repeating: 0, count: count)]), "zeros: \(count)")
            #expect(roundTrips([[UInt8](repeating: 7, count: count)]), "sevens: \(count)")
            #expect(roundTrips([(0..<count).map { UInt8($0) }]), "counting: \(count)")
        }
    }

    @Test func incompressibleBytesCostAtMostALittleMore() {
        var source = Bytes(state: 0x9E37_79B9_7F4A_7C15)
        let band = source.next(200_000)
        let stream = deflated([band])
        #expect(inflated(stream, expectedCount: band.count) == band)
        #expect(stream.count < band.count + band.count / 50)
    }

    @Test func zeroRunsOfEveryLengthBetweenLiterals() {
        // Runs 1...600 long, each after a non-zero byte: every split into 258-byte matches
        // and a tail of one or two literal zeros.
        var band: [UInt8] = []
        for run in 1...600 { band.append(UInt8(run % 255 + 1)); band += repeatElement(0, count: run) }
        #expect(roundTrips([band]))
        // And a band that is one long run: a blank stretch of screen.
        let blank = [UInt8](repeating: 0, count: 1_000_000)
        let stream = deflated([blank])
        #expect(inflated(stream, expectedCount: blank.count) == blank)
        #expect(stream.count < 2_000)
    }

    /// A run's end is found eight bytes at a time, and byte by byte only in the band's last
    /// eight bytes: runs that end the band, at every alignment and every length around the
    /// 32- and 8-byte steps, and runs that stop one to eight bytes before it.
    @Test func zeroRunsEndingAtTheBandsEnd() {
        for prefix in 0..<8 {
            for run in 4...80 {
                for after in 0...8 {
                    var band = [UInt8](repeating: 9, count: prefix) + [5] + [UInt8](repeating: 0, count: run)
                    band += (0..<after).map { UInt8($0 + 1) }
                    #expect(roundTrips([band]), "prefix \(prefix), run \(run), then \(after) bytes")
                }
            }
        }
    }

    @Test func repeatsAtEveryDistanceUpToTheWindow() {
        var source = Bytes(state: 42)
        for distance in [1, 2, 3, 4, 5, 7, 8, 9, 255, 256, 257, 1_000, 4_097, 32_767, 32_768, 32_769, 40_000] {
            let pattern = source.next(distance)
            let band = pattern + pattern + Array(pattern.prefix(300))
            let stream = deflated([band])
            #expect(inflated(stream, expectedCount: band.count) == band, "distance \(distance)")
            if distance >= 1_000 && distance <= 32_768 {
                // The repeat was found: the second copy costs a few matches, not its bytes.
                #expect(stream.count < distance * 3 / 2 + 300, "distance \(distance): \(stream.count) bytes")
            }
        }
    }

    /// Six bands of rows of a filter byte, long zero stretches and short "glyph" pieces from a
    /// small set, as an Up-filtered screen of text is; `source` goes on from where they end.
    func textLikeBands(_ source: inout Bytes) -> [[UInt8]] {
        let glyphs = (0..<12).map { _ in source.next(Int(source.next() % 40) + 3) }
        var bands: [[UInt8]] = []
        for _ in 0..<6 {
            var band: [UInt8] = []
            for _ in 0..<300 {
                band.append(2)
                var row = [UInt8](repeating: 0, count: 2_250)
                var x = Int(source.next() % 64)
                while x < 2_100 {
                    if source.next() % 3 == 0 {
                        let glyph = glyphs[Int(source.next()) % glyphs.count]
                        row.replaceSubrange(x..<x + glyph.count, with: glyph)
                        x += glyph.count
                    }
                    x += Int(source.next() % 30)
                }
                band += row
            }
            bands.append(band)
        }
        return bands
    }

    @Test func textLikeBandsMixedRunsAndRepeats() {
        var source = Bytes(state: 7)
        let bands = textLikeBands(&source)
        #expect(roundTrips(bands))
        let whole = bands.reduce(0) { $0 + $1.count }
        let stream = deflated(bands)
        #expect(stream.count < whole / 10)
        // The same bands always give the same bytes.
        #expect(deflated(bands) == stream)
    }

    /// zlib's raw deflate at level 1 (the level `FastDeflate` replaced) of `bands` as the PNG
    /// writer joins them: a sync flush after each band, the stream finished after the last.
    func zlibLevelOneCount(_ bands: [[UInt8]]) -> Int {
        var stream = z_stream()
        guard cb_deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK else { return -1 }
        defer { deflateEnd(&stream) }
        var total = 0
        var output = [UInt8](repeating: 0, count: 1 << 16)
        for (index, band) in bands.enumerated() {
            var input = band
            input.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                repeat {
                    output.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        _ = deflate(&stream, index == bands.count - 1 ? Z_FINISH : Z_SYNC_FLUSH)
                        total += out.count - Int(stream.avail_out)
                    }
                } while stream.avail_out == 0
            }
        }
        return total
    }

    /// The contract is the bytes zlib inflates back, not the encoder's bytes: every kind of band
    /// round-trips, and no stream is larger than zlib level 1's for the same bands by more than
    /// 1% plus 48 bytes (the encoder's fixed cost of a block; measured at most 10 bytes over
    /// zlib's on bands of 0–9 bytes, 0.7% on random bytes). On text-like rows, the bulk of a
    /// rendering, it must also stay at most 0.9 of zlib level 1's size (measured 0.84).
    @Test func sizesStayWithinABoundOfZlibLevelOne() {
        var source = Bytes(state: 7)
        let text = textLikeBands(&source)
        var runs: [UInt8] = []
        for run in 1...600 { runs.append(UInt8(run % 255 + 1)); runs += repeatElement(0, count: run) }
        let zeroRuns = [UInt8](repeating: 0, count: 1_001) + [9, 0, 0, 9, 0, 0, 0, 0, 7]
        var noise = Bytes(state: 0x9E37_79B9_7F4A_7C15)
        var kinds: [(String, [[UInt8]])] = [("text-like", text)]
        kinds += (0...9).map { ("\($0) counting bytes", [(0..<$0).map { UInt8($0) }]) }
        kinds += [("four bytes", [[1, 0, 0, 0]]), ("random 5 kB", [source.next(5_000)]),
                  ("random 200 kB", [noise.next(200_000)]),
                  ("zero runs", [zeroRuns]), ("runs of every length", [runs]),
                  ("a blank megabyte", [[UInt8](repeating: 0, count: 1_000_000)]),
                  ("all of them as bands of one stream", text + [[1, 0, 0, 0], source.next(5_000), zeroRuns])]
        for (kind, bands) in kinds {
            let ours = deflated(bands).count, zlib = zlibLevelOneCount(bands)
            #expect(roundTrips(bands), "\(kind)")
            #expect(zlib > 0 && ours <= zlib + zlib / 100 + 48, "\(kind): \(ours) bytes, zlib level 1 \(zlib)")
            if kind == "text-like" { #expect(Double(ours) <= 0.9 * Double(zlib), "\(ours) bytes, zlib level 1 \(zlib)") }
        }
    }

    @Test func bandsBeforeTheLastEndWithASyncFlush() {
        var source = Bytes(state: 3)
        let bands = (0..<5).map { index in source.next(100 * index + 1) + [UInt8](repeating: 0, count: 500) }
        #expect(roundTrips(bands))
        // A band that is not the last ends with an empty stored block, byte-aligned, as zlib's
        // sync flush does; so any prefix of bands inflates without reaching a stream end.
        let deflater = FastDeflate()
        for band in bands {
            var output = [UInt8](repeating: 0, count: FastDeflate.bound(band.count))
            let size = band.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { deflater.deflate(input, isLast: false, into: $0.baseAddress!) }
            }
            #expect(Array(output[size - 4..<size]) == [0, 0, 0xFF, 0xFF])
            #expect(inflated(Array(output[0..<size]), expectedCount: band.count) == nil)
        }
    }
}

/// Length-limited Huffman codes are complete and within their limit, however skewed the counts.
@Suite struct HuffmanCodeTests {
    func kraftSum(_ lengths: [UInt8], limit: Int) -> Int {
        lengths.reduce(0) { $0 + ($1 == 0 ? 0 : 1 << (limit - Int($1))) }
    }

    @Test(arguments: [7, 15])
    func fibonacciCountsAreLimitedAndComplete(limit: Int) {
        // Fibonacci counts give the deepest Huffman trees: 30 of them would be 29 deep.
        var counts: [UInt32] = [1, 1]
        while counts.count < 30 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        let lengths = HuffmanCode.lengths(counts, limit: limit)
        #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
        #expect(kraftSum(lengths, limit: limit) == 1 << limit)
        // Rarer symbols never get shorter codes than commoner ones.
        for index in 1..<counts.count { #expect(lengths[index] <= lengths[index - 1]) }
    }

    @Test func oneOrNoSymbolStillMakesACompleteCode() {
        #expect(HuffmanCode.lengths([0, 0, 5, 0], limit: 15) == [1, 0, 1, 0])
        #expect(HuffmanCode.lengths([3, 0, 0], limit: 15) == [1, 1, 0])
        #expect(HuffmanCode.lengths([0, 0, 0], limit: 15) == [1, 1, 0])
    }

    @Test func canonicalCodesArePrefixFree() {
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        let codes = HuffmanCode.codes(lengths)
        // RFC 1951's example: F = 00, A…E = 010…110, G, H = 1110, 1111 (here bit-reversed).
        var reversed: [Int] = []
        for (code, length) in zip(codes, lengths) {
            var value = 0
            for bit in 0..<Int(length) where Int(code) & 1 << bit != 0 { value |= 1 << (Int(length) - 1 - bit) }
            reversed.append(value)
        }
        #expect(reversed == [2, 3, 4, 5, 6, 0, 14, 15])
    }
}
