import BubbleTheme
import ChatBubbles
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// WebP output through libwebp: lossless files hold exactly the pixels of the PNG of the same
/// conversation (read back through the project's own libwebp decoder), lossy ones come close,
/// conversations past WebP's 16383 px are refused, and a file's extension and the format asked
/// for must agree.
@Suite struct WebPOutputTests {
    static let screen = HostileImageTests.screen
    static let sample = TestSupport.repositoryRoot + "/Samples/conversation.json"

    static func sampleLayout() throws -> ConversationLayout {
        try screen.layout(try Conversation.load(path: sample), screenWidth: 375)
    }

    static func isWebP(_ data: Data) -> Bool {
        data.count > 16 && data.prefix(4) == Data("RIFF".utf8) && data.subdata(in: 8..<12) == Data("WEBP".utf8)
    }

    @Test(arguments: [1, 2])
    func losslessWebPHasThePixelsOfThePNG(scale: Int) throws {
        let layout = try Self.sampleLayout()
        let png = try Self.screen.render(layout, format: .png, scale: scale)
        let webp = try Self.screen.render(layout, format: .webp, scale: scale)
        #expect(Self.isWebP(webp))
        #expect(webp.subdata(in: 12..<16) == Data("VP8L".utf8), "lossless bitstream")
        let fromPNG = try RasterImage(data: png, name: "sample.png").pixels()
        let fromWebP = try RasterImage(data: webp, name: "sample.webp").pixels()
        #expect(fromWebP.width == fromPNG.width && fromWebP.height == fromPNG.height)
        #expect(fromWebP.width == 375 * scale && fromWebP.height == Int((layout.height * Double(scale)).rounded(.up)))
        let differing = Self.differences(fromWebP, fromPNG)
        #expect(differing.isEmpty, "\(differing.count) pixels differ, first \(differing.prefix(5))")
    }

    /// Where two images of one size differ (x, y), without printing a whole image on failure.
    static func differences(_ first: PixelBuffer, _ second: PixelBuffer) -> [(x: Int, y: Int)] {
        guard first.width == second.width, first.height == second.height else { return [(-1, -1)] }
        return first.pixels.indices.filter { first.pixels[$0] != second.pixels[$0] }.map { ($0 % first.width, $0 / first.width) }
    }

    /// Transparent and half-transparent pixels survive too: a canvas with no background.
    @Test func losslessKeepsTranslucentPixels() throws {
        let draw: (Canvas) -> Void = { canvas in
            canvas.context.setColor(RGBAColor(red: 0.2, green: 0.6, blue: 1, alpha: 0.5))
            canvas.context.addRectangle(CGRect(x: 5, y: 5, width: 20, height: 10))
            canvas.context.fill()
            canvas.context.setColor(RGBAColor(red: 1, green: 0.5, blue: 0, alpha: 1))
            canvas.context.addRectangle(CGRect(x: 15, y: 8, width: 10, height: 10))
            canvas.context.fill()
        }
        let canvas = try Canvas(format: .webp, width: 40, height: 20, scale: 2)
        draw(canvas)
        let drawn = try canvas.pixels()
        let decoded = try RasterImage(data: try canvas.encoded(), name: "translucent.webp").pixels()
        #expect(decoded.width == 80 && decoded.height == 40)
        #expect(decoded[0, 0] == PixelBuffer.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(decoded[40, 25] == drawn[40, 25] && decoded[40, 25].alpha == 255)
        // Straight colour in the file; libwebp premultiplies again with its own rounding.
        #expect(drawn[12, 12].alpha == 128 && decoded[12, 12].alpha == 128)
        #expect(decoded[12, 12].distance(to: drawn[12, 12]) <= 1, "\(decoded[12, 12]) vs \(drawn[12, 12])")
    }

    @Test func lossyWebPIsSmallerAndClose() throws {
        let layout = try Self.sampleLayout()
        let lossless = try Self.screen.render(layout, format: .webp, scale: 1)
        let lossy = try Self.screen.render(layout, format: .webp, scale: 1, webp: .lossy(quality: 50))
        #expect(lossy.subdata(in: 12..<16) == Data("VP8 ".utf8), "lossy bitstream")
        #expect(lossy.count < lossless.count, "\(lossy.count) vs \(lossless.count) bytes")
        #expect(try Self.screen.render(layout, format: .webp, scale: 1, webp: .lossy(quality: 50)) == lossy, "deterministic")
        let exact = try RasterImage(data: lossless, name: "lossless.webp").pixels()
        let close = try RasterImage(data: lossy, name: "lossy.webp").pixels()
        #expect(close.width == exact.width && close.height == exact.height)
        let total = zip(exact.pixels, close.pixels).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        let mean = Double(total) / Double(exact.pixels.count)
        #expect(mean > 0 && mean < 8, "mean distance \(mean)")
    }

    @Test func aQualityOutsideZeroToHundredIsRefused() throws {
        let layout = try Self.sampleLayout()
        #expect(throws: WebPWriter.EncodingError.self) {
            try Self.screen.render(layout, format: .webp, scale: 1, webp: .lossy(quality: 101))
        }
    }

    /// 400 messages at @2x: about 30,000 px, past WebP's 16383 but within PNG's reach.
    @Test func aConversationTallerThanWebPAllowsIsRefused() throws {
        let me = Participant(jid: "me@example.com", nickname: "Me")
        let ada = Participant(jid: "ada@example.com", nickname: "Ada")
        let messages = (0..<400).map { index in
            Message(source: "\(index)", outgoing: index % 2 == 0, time: Date(timeIntervalSince1970: 1_714_555_800 + Double(index) * 60),
                    body: "message \(index)")
        }
        let layout = try Self.screen.layout(Conversation(account: me, peer: ada, messages: messages), screenWidth: 375)
        let height = (layout.height * 2).rounded(.up)
        #expect(height > 16383)
        let error = try #require(throws: CanvasError.self) { try Self.screen.render(layout, format: .webp, scale: 2) }
        #expect(error.description == "750×\(formatNumber(height)) px exceeds WebP's limit of 16383 px per side; "
                + "use --pages (screen-sized WebP files) or PNG")
        // A screen of it is fine.
        let page = try Self.screen.render(layout, format: .webp, scale: 2, viewport: .init(y: 0, height: 667))
        #expect(try RasterImage(data: page, name: "page.webp").pixelHeight == 1334)
    }

    @Test(arguments: [
        ("out.webp", nil, OutputFormat.webp), ("out.WEBP", nil, .webp), ("out.png", nil, .png), ("out.pdf", nil, .pdf),
        ("out.svg", OutputFormat.svg, .svg), ("/dev/stdout", nil, .png), ("pipe", .webp, .webp), ("out.webp", .webp, .webp),
    ] as [(String, OutputFormat?, OutputFormat)])
    func theFormatComesFromTheExtensionOrAgreesWithIt(path: String, requested: OutputFormat?, expected: OutputFormat) throws {
        #expect(try OutputFormatChoice.format(for: path, requested: requested) == expected)
    }

    @Test func anExtensionThatDisagreesIsAConflict() throws {
        #expect(throws: OutputFormatChoice.Conflict.mismatch(path: "x.webp", fileExtension: "webp", requested: .png)) {
            try OutputFormatChoice.format(for: "x.webp", requested: .png)
        }
        #expect(throws: OutputFormatChoice.Conflict.unknownExtension(path: "x.jpg", fileExtension: "jpg")) {
            try OutputFormatChoice.format(for: "x.jpg", requested: nil)
        }
        let mismatch = OutputFormatChoice.Conflict.mismatch(path: "x.webp", fileExtension: "webp", requested: .png)
        #expect(mismatch.description == "x.webp: the extension .webp does not match the format png")
        #expect(OutputFormatChoice.Conflict.unknownExtension(path: "x.jpg", fileExtension: "jpg").description
                == "x.jpg: .jpg is not a format ChatBubbles writes (png, pdf, svg, webp)")
    }

    /// The library's `write` checks the same rule before drawing anything, and writes WebP for `.webp`.
    @Test func chatScreenWriteFollowsTheExtension() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layout = try Self.sampleLayout()
        let bytes = try Self.screen.write(layout, to: folder + "/chat.webp", scale: 1)
        let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/chat.webp"))
        #expect(written.count == bytes && Self.isWebP(written))
        #expect(throws: OutputFormatChoice.Conflict.self) { try Self.screen.write(layout, to: folder + "/chat.webp", format: .png) }
        #expect(TestSupport.contents(of: folder) == ["chat.webp"])
    }
}
