import BubbleArchive
import BubbleLayout
import BubbleModel
import BubbleText
import Foundation
import Testing

/// A row that draws any character as a .notdef box gets one warning naming the row and the
/// code points, whichever of its texts (body, sender name) holds them.
@Suite struct MissingGlyphWarningTests {
    @Test func oneWarningPerRowWithEveryCodePointOnce() throws {
        let tofuName = Participant(jid: "x@example.com", nickname: "X\u{E001}")
        let items: [ConversationItem] = [
            .message(ItemFixture.message(.text("ㅋㅋ สวัสดี नमस्ते 🫠"), source: "clean")),
            .message(ItemFixture.message(.text("a \u{E001}\u{F0000} \u{E001}"), at: 60, from: tofuName, source: "tofu")),
        ]
        let layout = try ItemFixture.layouter().layout(items, screenWidth: ItemFixture.width)
        #expect(layout.rows[0].missingCodePoints.isEmpty)
        #expect(layout.rows[1].missingCodePoints == [0xE001, 0xF0000], "the name's U+E001 is the body's too: once")
        #expect(layout.missingGlyphWarnings == [
            "tofu: 2 characters have no glyph in the theme's fonts and show as boxes: U+E001 U+F0000",
        ])
    }

    @Test func theSenderNameAloneIsReported() throws {
        let tofuName = Participant(jid: "x@example.com", nickname: "\u{10FFFD}")
        let layout = try ItemFixture.layouter().layout([.message(ItemFixture.message(from: tofuName, source: "row 3"))],
                                                       screenWidth: ItemFixture.width)
        #expect(layout.missingGlyphWarnings == ["row 3: 1 character has no glyph in the theme's fonts and shows as a box: U+10FFFD"])
    }
}
