@testable import BubbleCodec
@testable import BubbleRender
import BubbleCairo
import BubbleTheme
import CZlib
import Foundation
import RenderTesting
import Testing

/// The banded PNG reader and writer behind `bubbles snapshot`: every PNG filter, chunk
/// boundaries inside rows, agreement with Cairo's decoder, and clear refusals.
@Suite struct PNGRowReaderTests {
    /// A PNG built by hand: rows filtered with `filters` in turn, the zlib stream split into
    /// IDAT chunks of `chunkSize` bytes, `chunks` (a palette, tRNS) before them. `pixels` holds
    /// the rows' bytes as the PNG stores them (`channels` samples of `depth` bits a pixel).
    static func png(width: Int, height: Int, channels: Int, pixels: [UInt8], filters: [UInt8], colourType: UInt8? = nil,
                    depth: Int = 8, interlace: UInt8 = 0, chunkSize: Int = 17, chunks: [(String, [UInt8])] = []) -> Data {
        let rowLength = (width * channels * depth + 7) / 8, bpp = max(1, channels * depth / 8)
        var filtered: [UInt8] = []
        for y in 0..<height {
            let filter = filters[y % filters.count]
            filtered.append(filter)
            for i in 0..<rowLength {
                let x = Int(pixels[y * rowLength + i])
                let a = i >= bpp ? Int(pixels[y * rowLength + i - bpp]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * rowLength + i]) : 0
                let c = y > 0 && i >= bpp ? Int(pixels[(y - 1) * rowLength + i - bpp]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predictor = 0
                }
                filtered.append(UInt8(truncatingIfNeeded: x - predictor))
            }
        }
        var compressedLength = compressBound(uLong(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        _ = compress(&compressed, &compressedLength, filtered, uLong(filtered.count))
        let stream = Data(compressed.prefix(Int(compressedLength)))
        var out = Data(PNGChunks.signature)
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [UInt8(depth), colourType ?? (channels == 4 ? 6 : 2), 0, 0, interlace])
        PNGWriter.appendChunk("IHDR", header, to: &out)
        PNGWriter.appendChunk("tEXt", Data("Comment\0ignored".utf8), to: &out)
        for (type, payload) in chunks { PNGWriter.appendChunk(type, Data(payload), to: &out) }
        var start = 0
        while start < stream.count {
            PNGWriter.appendChunk("IDAT", stream.subdata(in: start..<min(stream.count, start + chunkSize)), to: &out)
            start += chunkSize
        }
        PNGWriter.appendChunk("IEND", Data(), to: &out)
        return out
    }

    /// A busy pattern, so every filter predicts something different.
    static func pattern(width: Int, height: Int, channels: Int) -> [UInt8] {
        (0..<width * height * channels).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ ($0 / 7) &* 11 ^ ($0 >> 3)) }
    }

    @Test(arguments: [3, 4])
    func everyFilterDecodesAcrossChunkBoundaries(channels: Int) throws {
        let (width, height) = (7, 11)
        let pixels = Self.pattern(width: width, height: height, channels: channels)
        let data = Self.png(width: width, height: height, channels: channels, pixels: pixels, filters: [0, 1, 2, 3, 4])
        let reader = try PNGRowReader(data: data, name: "hand-made")
        #expect((reader.width, reader.height, reader.hasAlpha) == (width, height, channels == 4))
        // Bands of 3, 5 and the rest (asking for more than is left gives what is left).
        let rows = try reader.rows(3) + reader.rows(5) + reader.rows(100)
        var expected: [UInt8] = []
        for pixel in 0..<width * height {
            expected += pixels[pixel * channels..<pixel * channels + 3]
            expected.append(channels == 4 ? pixels[pixel * 4 + 3] : 255)
        }
        #expect(rows == expected)
        #expect(try reader.rows(1).isEmpty)
    }

    @Test func decodesWhatCairoDecodes() throws {
        let canvas = try Canvas(format: .png, width: 61, height: 300, scale: 1)
        canvas.context.fillAll(with: RGBAColor(red: 0.93, green: 0.9, blue: 0.8))
        canvas.context.setColor(RGBAColor(red: 0.2, green: 0.6, blue: 0.3))
        canvas.context.addCircle(center: CGPoint(x: 30, y: 150), radius: 25)
        canvas.context.fill()
        let png = try canvas.encoded()
        let cairo = try RasterImage(data: png, name: "cairo").pixels()
        let rows = try PNGRowReader(data: png, name: "banded").rows(300)
        let ours = stride(from: 0, to: rows.count, by: 4).map {
            PixelBuffer.Pixel(red: rows[$0], green: rows[$0 + 1], blue: rows[$0 + 2], alpha: rows[$0 + 3])
        }
        #expect(ours == cairo.pixels)
    }

    @Test func writerBandsDecodeThroughCairo() throws {
        let (width, height) = (9, 13)
        let pixels = Self.pattern(width: width, height: height, channels: 4).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let writer = try PNGRowWriter(width: width, height: height)
        try writer.append(Array(pixels[0..<4 * width * 5]))
        try writer.append(Array(pixels.dropFirst(4 * width * 5)))
        let png = try writer.finish()
        let cairo = try RasterImage(data: png, name: "written").pixels()
        #expect(cairo.pixels.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] } == pixels)
        #expect(try PNGRowReader(data: png, name: "written").rows(height) == pixels)
    }

    @Test func writerRefusesMissingRows() throws {
        let writer = try PNGRowWriter(width: 2, height: 3)
        try writer.append([UInt8](repeating: 0, count: 8))
        let error = #expect(throws: PNGWriter.EncodingError.self) { try writer.finish() }
        #expect(error?.description == "PNG encoding failed: 1 of 3 rows were written")
    }

    /// Kinds `bubbles` does not write but an optimiser may (a pixel-identical re-encoding):
    /// palette, grey, grey with alpha, packed grey and tRNS all read as the RGBA they show.
    @Test func otherKindsReadAsTheirPixels() throws {
        let palette = Self.png(width: 3, height: 2, channels: 1, pixels: [0, 1, 2, 2, 1, 0], filters: [0, 1], colourType: 3,
                               chunks: [("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255]), ("tRNS", [255, 128])])
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 128], blue: [UInt8] = [0, 0, 255, 255]
        var reader = try PNGRowReader(data: palette, name: "palette")
        #expect(reader.hasAlpha)
        #expect(try reader.rows(2) == red + green + blue + blue + green + red)

        let grey = Self.png(width: 2, height: 2, channels: 1, pixels: [0, 200, 77, 255], filters: [2], colourType: 0)
        reader = try PNGRowReader(data: grey, name: "grey")
        #expect(!reader.hasAlpha)
        #expect(try reader.rows(2) == [0, 0, 0, 255, 200, 200, 200, 255, 77, 77, 77, 255, 255, 255, 255, 255])

        let greyAlpha = Self.png(width: 2, height: 1, channels: 2, pixels: [10, 0, 20, 255], filters: [1], colourType: 4)
        #expect(try PNGRowReader(data: greyAlpha, name: "grey alpha").rows(1) == [10, 10, 10, 0, 20, 20, 20, 255])

        // One bit a pixel: 1, 0, 1 then padding.
        let bits = Self.png(width: 3, height: 1, channels: 1, pixels: [0b1010_0000], filters: [0], colourType: 0, depth: 1)
        #expect(try PNGRowReader(data: bits, name: "bits").rows(1) == [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])

        // RGB with tRNS: the named colour is transparent (the hand-made reader took it as opaque).
        let keyed = Self.png(width: 2, height: 1, channels: 3, pixels: [1, 2, 3, 4, 5, 6], filters: [0], colourType: 2,
                             chunks: [("tRNS", [0, 4, 0, 5, 0, 6])])
        reader = try PNGRowReader(data: keyed, name: "keyed")
        #expect(reader.hasAlpha)
        #expect(try reader.rows(1) == [1, 2, 3, 255, 4, 5, 6, 0])
    }

    @Test(arguments: [
        (UInt8(6), 16, UInt8(0), "the PNG is RGBA, 16 bits per sample"),
        (UInt8(0), 16, UInt8(0), "the PNG is grey, 16 bits per sample"),
        (UInt8(6), 8, UInt8(1), "the PNG is RGBA, 8 bits per sample, interlaced"),
    ])
    func deepAndInterlacedKindsAreRefusedByName(colourType: UInt8, depth: Int, interlace: UInt8, kind: String) throws {
        let channels = colourType == 6 ? 4 : 1
        let data = Self.png(width: 2, height: 2, channels: channels, pixels: [UInt8](repeating: 9, count: 4 * channels * depth / 8),
                            filters: [0], colourType: colourType, depth: depth, interlace: interlace)
        let problem = kind + "; only PNGs of 8 bits per sample or fewer without interlacing (as bubbles writes them) can be compared"
        #expect(throws: PNGRowReader.ReadError(name: "ref.png", problem: problem)) {
            try PNGRowReader(data: data, name: "ref.png")
        }
    }

    /// The first error of reading `data` to its end, in bands of `band` rows.
    static func firstError(_ data: Data, band: Int = 1) -> PNGRowReader.ReadError? {
        do {
            let reader = try PNGRowReader(data: data, name: "x")
            while reader.rowsRead < reader.height { _ = try reader.rows(band) }
            return nil
        } catch {
            return error as? PNGRowReader.ReadError
        }
    }

    @Test func damagedInputIsAnErrorNamingTheProblem() throws {
        let data = Self.png(width: 4, height: 4, channels: 3, pixels: Self.pattern(width: 4, height: 4, channels: 3),
                            filters: [1])
        #expect(Self.firstError(data) == nil)
        #expect(throws: PNGRowReader.ReadError(name: "x", problem: "not a PNG image (it does not start with the PNG signature)")) {
            try PNGRowReader(data: Data("hello".utf8), name: "x")
        }
        // Cut inside the header, inside the image data, and inside IEND (after every row).
        #expect(Self.firstError(data.prefix(20)) == PNGRowReader.ReadError(name: "x", problem: "PNG data is cut short: it ends at byte 20 before the IEND chunk"))
        let cut = data.prefix(data.count - 20)
        let error = try #require(Self.firstError(cut))
        #expect(error.problem.hasPrefix("PNG data is cut short: it ends at byte \(cut.count) before the IEND chunk, in row "), "\(error)")
        #expect(Self.firstError(data.prefix(data.count - 3), band: 4)
                == PNGRowReader.ReadError(name: "x", problem: "PNG data is cut short: it ends at byte \(data.count - 3) before the IEND chunk, after its last row"))
        // A stream that stops after two rows (valid chunks, too little data).
        let short = Self.png(width: 4, height: 2, channels: 3, pixels: Self.pattern(width: 4, height: 2, channels: 3), filters: [0])
        var patched = [UInt8](short)
        patched[23] = 4 // IHDR height 2 → 4
        let crc = patched[12..<29].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        patched.replaceSubrange(29..<33, with: [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        let reader = try PNGRowReader(data: Data(patched), name: "x")
        #expect(throws: PNGRowReader.ReadError(name: "x", problem: "PNG data is damaged in row 3 of 4 (libpng: Not enough image data)")) {
            try reader.rows(4)
        }
    }

    /// Every chunk's CRC is checked, the image data's and a text chunk's alike.
    @Test func damagedChunksAreRefused() throws {
        let data = Self.png(width: 4, height: 4, channels: 3, pixels: Self.pattern(width: 4, height: 4, channels: 3), filters: [1])
        var crc = [UInt8](data)
        crc[crc.count - 14] ^= 0xFF  // the last IDAT chunk's CRC (IEND's 12 bytes follow it)
        #expect(Self.firstError(Data(crc))?.problem.hasSuffix("(libpng: IDAT: CRC error)") == true, "\(String(describing: Self.firstError(Data(crc))))")
        // The zlib stream's Adler-32 (the last IDAT's last byte), the chunk's CRC made to match.
        var check = [UInt8](data)
        check[check.count - 17] ^= 0xFF
        let body = Self.lastIDAT(in: check)
        let sum = check[body].withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        check.replaceSubrange(body.upperBound..<body.upperBound + 4, with: HostilePNG.bigEndian(sum))
        #expect(Self.firstError(Data(check)) == PNGRowReader.ReadError(name: "x", problem: "PNG data is damaged in row 4 of 4 (libpng: IDAT: incorrect data check)"))
        var text = [UInt8](data)
        text[33 + 10] ^= 0xFF  // inside the tEXt chunk after IHDR
        #expect(Self.firstError(Data(text)) == PNGRowReader.ReadError(name: "x", problem: "PNG data is damaged before its image data (libpng: tEXt: CRC error)"))
    }

    /// The caps: a header claiming more than 32767 × 2^24 pixels is refused before any row is
    /// allocated; a text chunk claiming 2 GB, or a compressed one inflating a thousandfold, is
    /// skipped unread (libpng's default reader would allocate or inflate it).
    @Test func hostileSizesAreRefusedBeforeAllocating() throws {
        for (width, height) in [(32768, 1), (1, 16_777_217), (0x7FFF_FFFF, 0x7FFF_FFFF)] {
            let png = Data(PNGChunks.signature + HostilePNG.chunk("IHDR", HostilePNG.bigEndian(UInt32(width)) + HostilePNG.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
                           + HostilePNG.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + HostilePNG.chunk("IEND", []))
            #expect(throws: PNGRowReader.ReadError(name: "x", problem: "a PNG of \(width)×\(height) pixels cannot be compared (at most 32767 pixels wide, 16777216 tall)")) {
                try PNGRowReader(data: png, name: "x")
            }
        }
        // zTXt and iCCP: 256 MB of zeros deflated to about 256 kB, before the image.
        let packed = Self.deflatedZeros(megabytes: 256)
        let before = peakResidentBytes(), start = Date()
        #expect(Self.firstError(HostilePNG.claimingTwoGigabytes)
                == PNGRowReader.ReadError(name: "x", problem: "PNG data is cut short: it ends at byte 595 before the IEND chunk"))
        let pixels = Self.pattern(width: 3, height: 3, channels: 4)
        let bomb = Self.png(width: 3, height: 3, channels: 4, pixels: pixels, filters: [0],
                            chunks: [("zTXt", Array("Comment".utf8) + [0, 0] + packed), ("iCCP", Array("icc".utf8) + [0, 0] + packed)])
        #expect(try PNGRowReader(data: bomb, name: "bomb").rows(3) == PNGRowReader(data: Self.png(width: 3, height: 3, channels: 4, pixels: pixels, filters: [0]), name: "plain").rows(3))
        #expect(peakResidentBytes() - before < 100_000_000, "reading raised peak memory")
        #expect(Date().timeIntervalSince(start) < 1)
    }

    /// The last IDAT chunk's type and payload: what its CRC covers.
    static func lastIDAT(in png: [UInt8]) -> Range<Int> {
        var offset = 8, last = 0..<0
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { last = offset + 4..<offset + 8 + length }
            offset += 12 + length
        }
        return last
    }

    /// A zlib stream of `megabytes` MB of zeros, made a megabyte at a time.
    static func deflatedZeros(megabytes: Int) -> [UInt8] {
        var stream = z_stream()
        _ = deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var zeros = [UInt8](repeating: 0, count: 1 << 20), out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for index in 0..<megabytes {
            zeros.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { output in
                        stream.next_out = output.baseAddress
                        stream.avail_out = uInt(output.count)
                        _ = deflate(&stream, index == megabytes - 1 ? Z_FINISH : Z_NO_FLUSH)
                        out += output.prefix(output.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0
            }
        }
        return out
    }
}
