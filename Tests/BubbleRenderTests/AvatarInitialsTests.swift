import BubbleTheme
import ChatBubbles
import Foundation
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// The letters on avatars without a photo: first and last word's initials, one letter for one
/// word, a CJK name's first character, emoji and punctuation skipped; and the renderer draws them.
@Suite struct AvatarInitialsTests {
    @Test(arguments: [
        ("Ann Lee", "AL"), ("Ann", "A"), ("ann lee", "AL"), ("Ann Marie Lee", "AL"), ("  Ann \t  Lee  ", "AL"),
        ("王小明", "王"), ("李 明", "李"), ("さくら", "さ"), ("サクラ ハナ", "サ"), ("김민준", "김"),
        ("Ann 王", "A"), ("🎉 Party Time", "PT"), ("Ann 🎉", "A"), ("(Ann) [Lee]", "AL"), ("@ann", "A"),
        ("J.R.R. Tolkien", "JT"), ("élodie ñúñez", "ÉÑ"), ("e\u{301}lodie", "E\u{301}"), ("Agent 007", "A0"),
        ("Μαρία Παπαδάκη", "ΜΠ"), ("иван петров", "ИП"), ("דנה לוי", "דל"), ("ßara", "ß"),
        ("🎉🎉", ""), ("", ""), ("— … !", ""),
    ])
    func initials(name: String, expected: String) {
        #expect(AvatarInitials.initials(for: name) == expected, "\(name)")
    }

    /// The avatar's pixels for a peer named `name` (no photo, so its colour and initials).
    static func avatar(named name: String) throws -> PixelBuffer {
        let me = Participant(jid: "me@example.com", nickname: "Me")
        let peer = Participant(jid: "peer@example.com", nickname: name)
        let message = Message(source: "1", outgoing: false, time: Date(timeIntervalSince1970: 1_714_555_800), body: "Hello")
        let screen = HostileImageTests.screen
        let layout = try screen.layout(Conversation(account: me, peer: peer, messages: [message]), screenWidth: 375)
        let avatars = layout.rows.compactMap { $0.bubble?.avatar }
        let rect = try #require(avatars.first)
        let pixels = try RasterImage(data: try screen.render(layout, format: .png, scale: 2), name: name).pixels()
        let (x0, y0) = (Int(rect.x * 2), Int(rect.y * 2))
        let (width, height) = (Int(rect.width * 2), Int(rect.height * 2))
        var cut: [PixelBuffer.Pixel] = []
        for y in y0..<(y0 + height) { for x in x0..<(x0 + width) { cut.append(pixels[x, y]) } }
        return PixelBuffer(width: width, height: height, pixels: cut)
    }

    /// Columns holding white ink (the initials are white on the palette colour; the background, #EDEDED, is darker).
    static func inkColumns(_ avatar: PixelBuffer) -> [Int] {
        (0..<avatar.width).filter { x in (0..<avatar.height).contains { y in
            let pixel = avatar[x, y]
            return pixel.red > 245 && pixel.green > 245 && pixel.blue > 245
        } }
    }

    @Test func twoWordsDrawTwoLetters() throws {
        let one = try Self.avatar(named: "Ann"), two = try Self.avatar(named: "Ann Lee")
        let oneInk = Self.inkColumns(one), twoInk = Self.inkColumns(two)
        #expect(!oneInk.isEmpty && twoInk.count > oneInk.count + 8, "\(oneInk.count) vs \(twoInk.count) columns")
        #expect(try Self.avatar(named: "Amy Lu") == two, "same initials, same JID: same avatar")
        #expect(one != two)
    }

    @Test func cjkNameDrawsItsFirstCharacter() throws {
        let han = try Self.avatar(named: "王小明")
        #expect(!Self.inkColumns(han).isEmpty)
        #expect(try Self.avatar(named: "王") == han)
    }

    @Test func aNameWithoutLettersDrawsTheColourAlone() throws {
        #expect(Self.inkColumns(try Self.avatar(named: "🎉🎉")).isEmpty)
    }
}
