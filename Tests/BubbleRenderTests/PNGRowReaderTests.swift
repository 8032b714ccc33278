@testable import BubbleCodec
@testable import BubbleRender
import BubbleCairo
import BubbleTheme
import CZlib
import Foundation
import Testing

/// The banded PNG reader and writer behind `bubbles snapshot`: every PNG filter, chunk
/// boundaries inside rows, agreement with Cairo's decoder, and clear refusals.
@Suite struct PNGRowReaderTests {
    /// A PNG built by hand: rows filtered with `filters` in turn, the zlib stream split into
    /// IDAT chunks of `chunkSize` bytes.
    static func png(width: Int, height: Int, channels: Int, pixels: [UInt8], filters: [UInt8], colourType: UInt8? = nil,
                    interlace: UInt8 = 0, chunkSize: Int = 17) -> Data {
        let rowLength = width * channels
        var filtered: [UInt8] = []
        for y in 0..<height {
            let filter = filters[y % filters.count]
            filtered.append(filter)
            for i in 0..<rowLength {
                let x = Int(pixels[y * rowLength + i])
                let a = i >= channels ? Int(pixels[y * rowLength + i - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * rowLength + i]) : 0
                let c = y > 0 && i >= channels ? Int(pixels[(y - 1) * rowLength + i - channels]) : 0
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
        header.append(contentsOf: [8, colourType ?? (channels == 4 ? 6 : 2), 0, 0, interlace])
        PNGWriter.appendChunk("IHDR", header, to: &out)
        PNGWriter.appendChunk("tEXt", Data("Comment\0ignored".utf8), to: &out)
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

    @Test(arguments: [
        (UInt8(3), UInt8(0), "the PNG is palette, 8 bits per sample"),
        (UInt8(0), UInt8(0), "the PNG is grey, 8 bits per sample"),
        (UInt8(6), UInt8(1), "the PNG is RGBA, 8 bits per sample, interlaced"),
    ])
    func otherKindsAreRefusedByName(colourType: UInt8, interlace: UInt8, kind: String) throws {
        let data = Self.png(width: 2, height: 2, channels: 4, pixels: [UInt8](repeating: 9, count: 16), filters: [0],
                            colourType: colourType, interlace: interlace)
        let problem = kind + "; only 8-bit RGB or RGBA PNGs without interlacing (as bubbles writes them) can be compared"
        #expect(throws: PNGRowReader.ReadError(name: "ref.png", problem: problem)) {
            try PNGRowReader(data: data, name: "ref.png")
        }
    }

    @Test func damagedInputIsAnErrorNamingTheProblem() throws {
        let data = Self.png(width: 4, height: 4, channels: 3, pixels: Self.pattern(width: 4, height: 4, channels: 3),
                            filters: [1])
        #expect(throws: PNGRowReader.ReadError(name: "x", problem: "not a PNG image (it does not start with the PNG signature)")) {
            try PNGRowReader(data: Data("hello".utf8), name: "x")
        }
        let cut = data.prefix(data.count - 20)
        #expect(throws: PNGRowReader.ReadError.self) { try PNGRowReader(data: cut, name: "x") }
        do {
            _ = try PNGRowReader(data: cut, name: "x")
        } catch let error as PNGRowReader.ReadError {
            #expect(error.problem.hasPrefix("PNG data is cut short"), "\(error)")
        }
        // A stream that stops after two rows (valid chunks, too little data).
        let short = Self.png(width: 4, height: 2, channels: 3, pixels: Self.pattern(width: 4, height: 2, channels: 3), filters: [0])
        var patched = [UInt8](short)
        patched[23] = 4 // IHDR height 2 → 4
        let crc = patched[12..<29].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        patched.replaceSubrange(29..<33, with: [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        let reader = try PNGRowReader(data: Data(patched), name: "x")
        #expect(throws: PNGRowReader.ReadError(name: "x", problem: "PNG image data ends after 2 of 4 rows")) {
            try reader.rows(4)
        }
    }
}
