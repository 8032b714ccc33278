import BubbleArchive
import BubbleLayout
import BubbleModel
import ChatBubbles
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// GIF and WebP attachments through the whole pipeline: the view-model admits what decodes,
/// the renderer draws its pixels, and a damaged one is a placeholder with a warning naming
/// the message, never a silent broken-image box.
@Suite struct GIFWebPMessageTests {
    static let red = (UInt8(220), UInt8(30), UInt8(30)), blue = (UInt8(30), UInt8(60), UInt8(220))

    /// 40 × 30: the left half red, the right half blue.
    static func halvesGIF() throws -> Data {
        let indices = (0..<(40 * 30)).map { UInt8($0 % 40 < 20 ? 0 : 1) }
        return try TestGIF.encode(width: 40, height: 30, globalColors: [red, blue], frames: [.init(width: 40, height: 30, indices: indices)])
    }

    static func halvesWebP() throws -> Data {
        let rgba = (0..<(40 * 30)).flatMap { index -> [UInt8] in
            let color = index % 40 < 20 ? red : blue
            return [color.0, color.1, color.2, 255]
        }
        return try TestWebP.lossless(width: 40, height: 30, rgba: rgba)
    }

    static func conversation(_ attachments: [Data]) -> Conversation {
        let me = Participant(jid: "me@example.com", nickname: "Me")
        let ada = Participant(jid: "ada@example.com", nickname: "Ada")
        let start = Date(timeIntervalSince1970: 1_714_555_800)
        let messages = attachments.enumerated().map { index, bytes in
            Message(source: "message \(index + 1)", outgoing: index % 2 == 1, time: start + Double(index) * 60, body: "image",
                    attachment: bytes)
        }
        return Conversation(account: me, peer: ada, messages: messages)
    }

    @Test func gifAndWebPMessagesDrawTheirPixels() throws {
        let screen = HostileImageTests.screen
        let conversation = Self.conversation([try Self.halvesGIF(), try Self.halvesWebP()])
        let model = screen.items(of: conversation)
        #expect(model.warnings == [])
        let layout = try screen.layout(conversation, screenWidth: 375)
        let rows = layout.rows.compactMap(\.bubble).filter { if case .image = $0.rowContent { true } else { false } }
        #expect(rows.count == 2)
        let png = try screen.render(layout, format: .png, scale: 2)
        let pixels = try RasterImage(data: png, name: "render").pixels()
        for (index, row) in rows.enumerated() {
            let image = row.content
            // A quarter and three quarters across, half-way down: well inside each half.
            let y = Int((image.y + image.height / 2) * 2)
            let left = pixels[Int((image.x + image.width / 4) * 2), y]
            let right = pixels[Int((image.x + image.width * 3 / 4) * 2), y]
            #expect(left == TestGIF.pixel(Self.red), "message \(index + 1), left half: \(left)")
            #expect(right == TestGIF.pixel(Self.blue), "message \(index + 1), right half: \(right)")
        }
    }

    @Test func damagedGIFAndWebPAreWarnedPlaceholders() throws {
        let gif = try Self.halvesGIF(), webp = try Self.halvesWebP()
        let cutGIF = gif.prefix(gif.count / 2), cutWebP = webp.prefix(webp.count - 8)
        let screen = HostileImageTests.screen
        let model = screen.items(of: Self.conversation([cutGIF, cutWebP, gif]))
        #expect(model.warnings.count == 2)
        #expect(model.warnings.first?.hasPrefix("message 1: image of \(cutGIF.count) bytes cannot be shown: "
                                                + "GIF data is cut short or damaged in the first frame (row ") == true, "\(model.warnings)")
        #expect(model.warnings.last == "message 2: image of \(cutWebP.count) bytes cannot be shown: WebP data is cut short (\(cutWebP.count) of the \(webp.count) bytes it claims)")
        let kinds = model.messages.map { message -> String in
            if case .image = message.content { return "image" }
            if case .placeholder = message.content { return "placeholder" }
            return "other"
        }
        #expect(kinds == ["placeholder", "placeholder", "image"])
    }
}
