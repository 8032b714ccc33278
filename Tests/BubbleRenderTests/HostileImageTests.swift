import BubbleTheme
import ChatBubbles
import CZlib
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// PNG bytes built chunk by chunk, so a test can write any length field it likes.
enum HostilePNG {
    static func chunk(_ type: String, _ payload: [UInt8], claimedLength: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + payload
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(claimedLength ?? UInt32(payload.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    /// A 1×1 RGBA IHDR.
    static let header = chunk("IHDR", bigEndian(1) + bigEndian(1) + [8, 6, 0, 0, 0])

    /// 595 bytes: a valid signature and IHDR, then a `tEXt` chunk whose length field says
    /// 0x7FFFFFFF (2 GB) over 554 bytes of text. libpng allocated the 2 GB before reading.
    static var claimingTwoGigabytes: Data {
        let text = chunk("tEXt", Array(repeating: 0x41, count: 554), claimedLength: 0x7FFF_FFFF)
        return Data(PNGChunks.signature + header + text.prefix(text.count - 4))
    }
}

@Suite struct HostileImageTests {
    @Test func chunkLengthPastTheDataIsRefusedBeforeAllocating() throws {
        let png = HostilePNG.claimingTwoGigabytes
        #expect(png.count == 595)
        let before = peakResidentBytes(), start = Date()
        let error = try #require(throws: ImageDecodingError.self) { try RasterImage(data: png, name: "row 3 attachment") }
        #expect(error == ImageDecodingError(name: "row 3 attachment",
                                            problem: "PNG data is cut short or damaged: chunk 'tEXt' at byte 33 claims 2147483647 bytes, but only 554 remain"))
        #expect(peakResidentBytes() - before < 100_000_000, "decoding raised peak memory")
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func headerLengthPastTheDataIsRefused() throws {
        var bytes = [UInt8](try TestSupport.flatPNG(width: 2, height: 2, color: .black))
        bytes.replaceSubrange(8..<12, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(throws: ImageDecodingError(name: "a.png", problem: "PNG data is cut short or damaged: chunk 'IHDR' at byte 8 claims 2147483647 bytes, but only \(bytes.count - 16) remain")) {
            try RasterImage(data: Data(bytes), name: "a.png")
        }
    }

    @Test func damagedChunkIsNamed() throws {
        var bytes = [UInt8](try TestSupport.flatPNG(width: 8, height: 8, color: .black))
        bytes[bytes.count - 20] ^= 0xFF  // inside the IDAT chunk, before IEND
        let error = try #require(throws: ImageDecodingError.self) { try RasterImage(data: Data(bytes), name: "b.png") }
        #expect(error.problem.hasPrefix("PNG chunk 'IDAT' at byte "))
        #expect(error.problem.hasSuffix(" is damaged (its CRC does not match)"))
    }

    @Test func textAndUnknownChunksNeverReachTheDecoder() throws {
        let flat = [UInt8](try TestSupport.flatPNG(width: 3, height: 2, color: RGBAColor(hex: "#336699")!))
        // Insert a text chunk and an unknown one after IHDR (8 + 25 bytes in).
        let extra = HostilePNG.chunk("tEXt", Array("Comment\0hello".utf8)) + HostilePNG.chunk("abCd", [1, 2, 3])
        let png = Data(flat[0..<33] + extra + flat[33...])
        let chunks = try PNGChunks(png, name: "c.png")
        #expect(chunks.decodable == Data(flat))
        #expect(try RasterImage(data: png, name: "c.png").pixels() == RasterImage(data: Data(flat), name: "flat").pixels())
    }

    /// Twenty rows of one sender: the avatar is decoded once for the whole render, by
    /// whichever band draws it first, however many bands and threads draw rows.
    @Test(arguments: [OutputFormat.png, .pdf])
    func oneAvatarIsDecodedOncePerRender(format: OutputFormat) throws {
        let avatar = try TestSupport.flatPNG(width: 64, height: 64, color: RGBAColor(hex: "#CC3355")!)
        for photo in [avatar, HostilePNG.claimingTwoGigabytes] {
            let layout = try Self.twentyRows(avatar: photo)
            let images = ImageCache()
            let start = Date()
            _ = try Self.screen.renderer.render(layout, format: format, scale: 2, images: images)
            #expect(images.decodeCount == 1)
            #expect(Date().timeIntervalSince(start) < 10)
        }
    }

    @Test func imagesPastThePixelBudgetAreNotKept() throws {
        let png = try TestSupport.flatPNG(width: 10, height: 10, color: .black)
        let images = ImageCache(pixelBudget: 99)
        for _ in 0..<3 { _ = try images.image(png, name: "big") }
        #expect(images.decodeCount == 3)
        let roomy = ImageCache(pixelBudget: 100)
        for _ in 0..<3 { _ = try roomy.image(png, name: "fits") }
        #expect(roomy.decodeCount == 1)
    }

    static let screen = try! ChatScreen(theme: TestSupport.themesDirectory + "/classic", fontsDirectory: TestSupport.fontsDirectory)

    static func twentyRows(avatar: Data) throws -> ConversationLayout {
        let me = Participant(jid: "me@example.com", nickname: "Me")
        let ada = Participant(jid: "ada@example.com", nickname: "Ada", avatar: avatar)
        let start = Date(timeIntervalSince1970: 1_714_555_800)
        let messages = (0..<20).map { Message(source: "\($0)", outgoing: false, time: start + Double($0) * 600, body: "Row \($0)") }
        return try screen.layout(Conversation(account: me, peer: ada, messages: messages), screenWidth: 375)
    }
}
