@testable import BubbleCodec
@testable import BubbleRender
import BubbleOutput
import BubbleCairo
import CZlib
import Foundation
import RenderTesting
import Testing

/// `PNGStream` writes, band by band and in any arrival order, exactly the file of joining
/// every band at the end.
@Suite struct PNGStreamTests {
    /// The file as `PNGWriter.file` assembled it before the stream: the zlib stream whole
    /// (header, bands, checksum), then cut into IDAT chunks of 256 KiB.
    func joinedAtTheEnd(width: Int, height: Int, bands: [PNGWriter.Band]) -> Data {
        func chunk(_ type: String, _ body: Data) -> Data {
            var out = Data()
            out.appendBigEndian(UInt32(body.count))
            let typed = Data(type.utf8) + body
            out.append(typed)
            out.appendBigEndian(UInt32(typed.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }))
            return out
        }
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])
        var file = Data(PNGChunks.signature) + chunk("IHDR", header)
        var stream = Data([0x78, 0x01])
        var adler: uLong = 1
        for band in bands {
            stream.append(band.deflated)
            adler = adler32_combine(adler, band.adler, off_t(band.filteredLength))
        }
        stream.appendBigEndian(UInt32(adler))
        for start in stride(from: 0, to: stream.count, by: 1 << 18) {
            file.append(chunk("IDAT", stream.subdata(in: start..<min(stream.count, start + (1 << 18)))))
        }
        return file + chunk("IEND", Data())
    }

    /// Bands of made-up deflated bytes whose sizes put the stream's end (`total` + 4 checksum
    /// bytes) just before, at and just after a chunk boundary, where the checksum spills into
    /// a chunk of its own.
    @Test(arguments: [(1 << 18) - 5, (1 << 18) - 4, (1 << 18) - 3, (1 << 18) - 1, 3 * (1 << 18) + 5])
    func sameBytesAsJoiningAtTheEndInAnyOrder(total: Int) throws {
        let sizes = [total / 3, total / 3, total - 2 - 2 * (total / 3)]
        let bands = sizes.enumerated().map { index, size in
            PNGWriter.Band(deflated: Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }),
                           adler: uLong(1 + index * 7919), filteredLength: 1000 + index, rows: 10)
        }
        let expected = joinedAtTheEnd(width: 5, height: 30, bands: bands)
        for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0]] {
            let sink = PNGDataSink()
            let stream = try PNGStream(width: 5, height: 30, opaque: true, into: sink)
            for index in order { try stream.add(bands[index], at: index) }
            try stream.finish(bandCount: 3)
            #expect(sink.data == expected, "order \(order)")
        }
    }

    @Test func aBandWrittenOnlyWhenTheBandsAboveItAreIn() throws {
        let sink = PNGDataSink()
        let stream = try PNGStream(width: 1, height: 2, opaque: true, into: sink)
        let headerBytes = sink.data.count
        let band = PNGWriter.Band(deflated: Data(repeating: 9, count: 1 << 18), adler: 1, filteredLength: 2, rows: 1)
        try stream.add(band, at: 1)
        #expect(sink.data.count == headerBytes, "band 1 waits for band 0")
        try stream.add(band, at: 0)
        #expect(sink.data.count > headerBytes + (1 << 18), "both bands' first chunk is written")
    }

    @Test func missingRowsOrBandsAndRepeatsAreErrors() throws {
        let band = PNGWriter.Band(deflated: Data([3, 0]), adler: 1, filteredLength: 4, rows: 1)
        let short = try PNGStream(width: 1, height: 2, opaque: true, into: PNGDataSink())
        try short.add(band, at: 0)
        #expect(throws: PNGWriter.EncodingError.self) { try short.finish(bandCount: 1) }
        let gap = try PNGStream(width: 1, height: 2, opaque: true, into: PNGDataSink())
        try gap.add(band, at: 1)
        #expect(throws: PNGWriter.EncodingError.self) { try gap.finish(bandCount: 2) }
        let twice = try PNGStream(width: 1, height: 2, opaque: true, into: PNGDataSink())
        try twice.add(band, at: 0)
        #expect(throws: PNGWriter.EncodingError.self) { try twice.add(band, at: 0) }
        #expect(throws: PNGWriter.EncodingError.self) { try PNGStream(width: 0, height: 2, opaque: true, into: PNGDataSink()) }
    }
}

/// A PNG written to a file while it is drawn is the PNG `render` returns.
@Suite struct StreamedPNGFileTests {
    @Test func writingAFileGivesTheRenderedBytes() throws {
        let (layout, screen) = try PDFPagesTests.longLayout(40)
        let directory = try TestSupport.temporaryDirectory()
        let written = try screen.renderer.write(layout, format: .png, scale: 2, to: directory + "/long.png")
        let rendered = try screen.renderer.render(layout, format: .png, scale: 2)
        #expect(written == rendered.count)
        #expect(FileManager.default.contents(atPath: directory + "/long.png") == rendered)
        #expect(TestSupport.contents(of: directory) == ["long.png"])
    }

    @Test func aFailedRenderLeavesTheOldFileAndNoTemporaryOne() throws {
        let (layout, screen) = try PDFPagesTests.longLayout(3)
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        try OutputFile.write(Data("old".utf8), to: path)
        // Scale 4 is refused after the file's stream was opened.
        #expect(throws: CanvasError.self) { try screen.renderer.write(layout, format: .png, scale: 4, to: path) }
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(TestSupport.contents(of: directory) == ["out.png"])
    }
}
