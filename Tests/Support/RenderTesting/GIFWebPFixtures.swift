import CGIF
import CWebP
import Foundation
import Testing
@testable import BubbleCodec
import BubbleCairo

/// GIFs written by giflib's own encoder, one record at a time, so a test can choose the
/// screen, each frame's position, colour maps, interlacing and a transparent index.
package enum TestGIF {
    package struct Frame {
        package var left = 0, top = 0, width: Int, height: Int
        package var interlaced = false
        /// The frame's own colour map (a power of two entries), or nil to use the global one.
        package var localColors: [(UInt8, UInt8, UInt8)]? = nil
        package var transparentIndex: Int? = nil
        /// Colour indices, row by row from the top.
        package var indices: [UInt8]

        package init(left: Int = 0, top: Int = 0, width: Int, height: Int, interlaced: Bool = false,
                     localColors: [(UInt8, UInt8, UInt8)]? = nil, transparentIndex: Int? = nil, indices: [UInt8]) {
            (self.left, self.top, self.width, self.height, self.interlaced) = (left, top, width, height, interlaced)
            (self.localColors, self.transparentIndex, self.indices) = (localColors, transparentIndex, indices)
        }
    }

    /// Rows in the order an interlaced GIF stores them (GIF89a appendix E), written out here
    /// rather than taken from the decoder under test.
    package static func interlacedOrder(height: Int) -> [Int] {
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            var row = start
            while row < height { rows.append(row); row += step }
        }
        return rows
    }

    package static func encode(width: Int, height: Int, globalColors: [(UInt8, UInt8, UInt8)]?, frames: [Frame]) throws -> Data {
        let sink = GIFSink()
        var error: Int32 = 0
        let gif = try #require(EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), writeToGIFSink, &error))
        EGifSetGifVersion(gif, true)
        let global = globalColors.flatMap(colorMap)
        #expect(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, global) == GIF_OK)
        GifFreeMapObject(global)
        for frame in frames {
            if let transparent = frame.transparentIndex {
                var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 10,
                                                   TransparentColor: Int32(transparent))
                var extensionBytes = [GifByteType](repeating: 0, count: 4)
                let length = EGifGCBToExtension(&control, &extensionBytes)
                #expect(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes) == GIF_OK)
            }
            let local = frame.localColors.flatMap(colorMap)
            #expect(EGifPutImageDesc(gif, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height),
                                     frame.interlaced, local) == GIF_OK)
            GifFreeMapObject(local)
            let order = frame.interlaced ? interlacedOrder(height: frame.height) : Array(0..<frame.height)
            for row in order {
                var line = Array(frame.indices[row * frame.width..<(row + 1) * frame.width])
                #expect(EGifPutLine(gif, &line, Int32(frame.width)) == GIF_OK)
            }
        }
        #expect(EGifCloseFile(gif, &error) == GIF_OK)
        return sink.data
    }

    private static func colorMap(_ colors: [(UInt8, UInt8, UInt8)]) -> UnsafeMutablePointer<ColorMapObject>? {
        let entries = colors.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        return GifMakeMapObject(Int32(entries.count), entries)
    }

    /// The opaque pixel Cairo stores for a palette colour.
    package static func pixel(_ color: (UInt8, UInt8, UInt8)) -> PixelBuffer.Pixel {
        PixelBuffer.Pixel(red: color.0, green: color.1, blue: color.2, alpha: 255)
    }
}

private final class GIFSink {
    package var data = Data()
}

private let writeToGIFSink: OutputFunc = { gif, bytes, length in
    guard let gif, let bytes, let userData = gif.pointee.UserData else { return 0 }
    Unmanaged<GIFSink>.fromOpaque(userData).takeUnretainedValue().data.append(bytes, count: Int(length))
    return length
}

/// WebPs made by libwebp's encoder, and animated ones put together chunk by chunk.
package enum TestWebP {
    /// RGBA bytes, row by row, encoded losslessly (every colour of an opaque pixel survives).
    package static func lossless(width: Int, height: Int, rgba: [UInt8]) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        let size = WebPEncodeLosslessRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), &output)
        defer { WebPFree(output) }
        let bytes = try #require(output)
        try #require(size > 0)
        return Data(bytes: bytes, count: size)
    }

    package static func lossy(width: Int, height: Int, rgba: [UInt8], quality: Float) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        let size = WebPEncodeRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), quality, &output)
        defer { WebPFree(output) }
        let bytes = try #require(output)
        try #require(size > 0)
        return Data(bytes: bytes, count: size)
    }

    /// An animated WebP (VP8X + ANIM + one ANMF per frame) on a `width`×`height` canvas; each
    /// frame is a still WebP's image chunk placed at an even offset.
    package static func animated(width: Int, height: Int, frames: [(x: Int, y: Int, width: Int, height: Int, still: Data)]) throws -> Data {
        var body = Array("WEBP".utf8)
        body += chunk("VP8X", [0x12, 0, 0, 0] + uint24(width - 1) + uint24(height - 1))  // animation + alpha
        body += chunk("ANIM", [0, 0, 0, 0, 0, 0])  // transparent background, loop forever
        for frame in frames {
            let still = [UInt8](frame.still)
            try #require(Array(still[12..<16]) == Array("VP8L".utf8))
            let image = Array(still[12...])  // the VP8L chunk with its padding
            body += chunk("ANMF", uint24(frame.x / 2) + uint24(frame.y / 2) + uint24(frame.width - 1)
                          + uint24(frame.height - 1) + uint24(100) + [0x02] + image)  // no blending
        }
        return Data(Array("RIFF".utf8) + uint32(body.count) + body)
    }

    package static func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
        Array(tag.utf8) + uint32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    package static func uint24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
    package static func uint32(_ value: Int) -> [UInt8] { uint24(value) + [UInt8(value >> 24 & 0xFF)] }

    /// The pixel Cairo stores for straight RGBA, premultiplied with rounding.
    package static func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> PixelBuffer.Pixel {
        func times(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
        return PixelBuffer.Pixel(red: times(r), green: times(g), blue: times(b), alpha: a)
    }
}
