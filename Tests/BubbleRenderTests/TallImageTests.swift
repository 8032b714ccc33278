import BubbleTheme
import ChatBubbles
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// A valid 1 × 30,000 px image: its row is capped at 440 pt, so PNG, PDF and SVG all render
/// it (PDF and SVG failed outright: the bubble composed at @3x was 90,000 px tall), and the
/// bubble shows the image's middle at the bubble's width.
@Suite struct TallImageTests {
    static func layout(image: Data) throws -> ConversationLayout {
        let me = Participant(jid: "me@example.com", nickname: "Me")
        let ada = Participant(jid: "ada@example.com", nickname: "Ada")
        var message = Message(source: "1", outgoing: false, time: Date(timeIntervalSince1970: 1_714_555_800), body: "image")
        message.attachment = image
        return try HostileImageTests.screen.layout(Conversation(account: me, peer: ada, messages: [message]), screenWidth: 375)
    }

    @Test(arguments: OutputFormat.allCases)
    func renders(format: OutputFormat) throws {
        let tall = try TestSupport.flatPNG(width: 1, height: 30_000, color: RGBAColor(hex: "#3366CC")!)
        let layout = try Self.layout(image: tall)
        let bubble = try #require(layout.rows.first?.bubble)
        #expect(bubble.bubble.height == 440)
        let data = try HostileImageTests.screen.render(layout, format: format, scale: 3)
        #expect(data.count > 100)
    }

    /// Top third red, middle blue, bottom third green, 10 × 3,000 px: in a 40 × 440 pt bubble,
    /// the bubble shows blue at its top and bottom rows, never red or green.
    @Test func theMiddleIsShown() throws {
        let striped = try TestSupport.drawnPNG(width: 10, height: 3000) { context in
            for (index, hex) in ["#FF0000", "#0000FF", "#00FF00"].enumerated() {
                context.setColor(RGBAColor(hex: hex)!)
                context.addRectangle(CGRect(x: 0, y: Double(index) * 1000, width: 10, height: 1000))
                context.fill()
            }
        }
        let layout = try Self.layout(image: striped)
        let bubble = try #require(layout.rows.first?.bubble).bubble
        #expect(bubble.width == 40 && bubble.height == 440, "a bubble is at least 40 pt wide")
        let png = try HostileImageTests.screen.render(layout, format: .png, scale: 1)
        let pixels = try RasterImage(data: png, name: "render").pixels()
        let x = Int(bubble.x + bubble.width / 2)  // clear of the tail on the left
        for y in [Int(bubble.y) + 12, Int(bubble.y + bubble.height) - 12] {
            let pixel = pixels[x, y]
            #expect(pixel.blue > 200 && pixel.red < 50 && pixel.green < 50, "at y \(y): \(pixel)")
        }
    }
}
