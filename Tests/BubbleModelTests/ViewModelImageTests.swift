import BubbleArchive
import BubbleModel
import Foundation
import Testing

/// Image headers as the view-model reads them, without decoding pixels.
enum ImageBytes {
    static func png(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        for value in [width, height] { data += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        return data + Data([8, 6, 0, 0, 0, 0x12, 0x34, 0x56, 0x78])
    }

    /// SOI, an APP0 segment, a DQT-like segment, then SOF (`marker`) with the size.
    static func jpeg(width: UInt16, height: UInt16, marker: UInt8 = 0xC0) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF\0".utf8) + Data(repeating: 1, count: 9)
        data += Data([0xFF, 0xFF, 0xDB, 0x00, 0x04, 0x00, 0x00])  // with a fill byte first
        data += Data([0xFF, marker, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF),
                      UInt8(width >> 8), UInt8(width & 0xFF), 0x03]) + Data(repeating: 0, count: 9)
        return data + Data([0xFF, 0xDA, 0x00, 0x02])
    }

    static func gif(width: UInt16, height: UInt16) -> Data {
        Data("GIF89a".utf8) + Data([UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0, 0, 0])
    }

    static func webp(chunk: String, payload: [UInt8]) -> Data {
        Data("RIFF".utf8) + Data([0x40, 0, 0, 0]) + Data("WEBP".utf8) + Data(chunk.utf8) + Data([0x20, 0, 0, 0]) + Data(payload)
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
}

@Suite struct ImageHeaderTests {
    @Test func png() {
        #expect(ImageHeader(ImageBytes.png(width: 640, height: 480)) == ImageHeader(format: "png", pixelWidth: 640, pixelHeight: 480))
    }

    @Test(arguments: [UInt8(0xC0), 0xC1, 0xC2, 0xCF])
    func jpegStartOfFrame(marker: UInt8) {
        #expect(ImageHeader(ImageBytes.jpeg(width: 1024, height: 768, marker: marker))
                == ImageHeader(format: "jpeg", pixelWidth: 1024, pixelHeight: 768))
    }

    @Test func jpegWithoutAFrameBeforeTheScanIsNotRecognised() {
        let scanFirst = Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x00, 0x01, 0x00])
        #expect(ImageHeader(scanFirst) == nil)
        #expect(ImageHeader(ImageBytes.jpeg(width: 10, height: 10, marker: 0xC4)) == nil, "C4 is a Huffman table, not a frame")
    }

    @Test func realFilesOfTheSample() throws {
        let png = try Data(contentsOf: ImageBytes.samples.appendingPathComponent("conversation-media/harbour.png"))
        #expect(ImageHeader(png) == ImageHeader(format: "png", pixelWidth: 440, pixelHeight: 300))
        let jpeg = try Data(contentsOf: ImageBytes.samples.appendingPathComponent("conversation-media/ticket.jpg"))
        #expect(ImageHeader(jpeg) == ImageHeader(format: "jpeg", pixelWidth: 160, pixelHeight: 120))
    }

    @Test func gif() {
        #expect(ImageHeader(ImageBytes.gif(width: 300, height: 2)) == ImageHeader(format: "gif", pixelWidth: 300, pixelHeight: 2))
    }

    @Test func webpLossy() {
        let payload: [UInt8] = [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A, 0x90, 0x01, 0x2C, 0xC1]  // 400 × 300, scale bits set
        #expect(ImageHeader(ImageBytes.webp(chunk: "VP8 ", payload: payload)) == ImageHeader(format: "webp", pixelWidth: 400, pixelHeight: 300))
    }

    @Test func webpLossless() {
        // width − 1 = 399 and height − 1 = 299 packed in 14-bit fields, little-endian.
        let bits = UInt32(399) | UInt32(299) << 14
        let payload: [UInt8] = [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
        #expect(ImageHeader(ImageBytes.webp(chunk: "VP8L", payload: payload)) == ImageHeader(format: "webp", pixelWidth: 400, pixelHeight: 300))
    }

    @Test func webpExtended() {
        let payload: [UInt8] = [0x10, 0, 0, 0, 0x1F, 0x4E, 0x00, 0x0F, 0x27, 0x00]  // 20000 × 10000
        #expect(ImageHeader(ImageBytes.webp(chunk: "VP8X", payload: payload)) == ImageHeader(format: "webp", pixelWidth: 20000, pixelHeight: 10000))
    }

    @Test func refusesOtherAndTruncatedBytes() {
        #expect(ImageHeader(Data("hello world, not an image".utf8)) == nil)
        #expect(ImageHeader(Data()) == nil)
        #expect(ImageHeader(ImageBytes.png(width: 640, height: 480).prefix(20)) == nil)
        #expect(ImageHeader(ImageBytes.jpeg(width: 640, height: 480).prefix(30)) == nil)
        #expect(ImageHeader(ImageBytes.gif(width: 1, height: 1).prefix(9)) == nil)
        #expect(ImageHeader(ImageBytes.webp(chunk: "VP8X", payload: [0, 0, 0, 0, 1])) == nil)
        #expect(ImageHeader(ImageBytes.png(width: 0, height: 480)) == nil)
        #expect(ImageHeader(Data([0xFF, 0xD8] + Array(repeating: UInt8(0xFF), count: 10_000))) == nil)
    }

    @Test func readsASliceThatDoesNotStartAtZero() {
        let data = (Data([1, 2, 3]) + ImageBytes.gif(width: 5, height: 6)).dropFirst(3)
        #expect(ImageHeader(data) == ImageHeader(format: "gif", pixelWidth: 5, pixelHeight: 6))
    }
}

/// The origin app's voice bodies: `audio：3.2″` and its ASCII spelling, nothing else.
@Suite struct AudioBodyTests {
    @Test(arguments: [("audio：3.2″", 3.2), ("audio:3.2\"", 3.2), ("audio：12″", 12.0), (" audio：0.0″\n", 0.0), ("audio:30.25″", 30.25)])
    func audioDuration(body: String, seconds: Double) {
        #expect(AudioBody.duration(body: body) == seconds)
    }

    @Test(arguments: ["audio", "audio：″", "audio：3.2", "audio：-3″", "audio：3.2.1″", "audio：3,2″", "Audio：3.2″",
                      "audio：٣″", "audio：3.2″ extra", "audio： 3.2″", "audio：.5″", "audio：1e3″"])
    func notAnAudioBody(body: String) {
        #expect(AudioBody.duration(body: body) == nil)
    }
}
