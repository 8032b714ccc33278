import BubbleArchive
import BubbleModel
import Foundation
import Testing

/// The view-model's rules, message by message.
@Suite struct ViewModelTests {
    static let me = Participant(jid: "me@example.com", nickname: "Me")
    static let ann = Participant(jid: "ann@example.com/phone")
    static let start = Date(timeIntervalSince1970: 1_714_555_800)

    /// Messages one minute apart, incoming unless `outgoing`.
    func viewModel(_ messages: [Message], options: ViewModelOptions = .classic) -> ConversationViewModel {
        let timed = messages.enumerated().map { index, message in
            var message = message
            message.time = Self.start + Double(index) * 60
            return message
        }
        return ConversationViewModel(conversation: Conversation(account: Self.me, peer: Self.ann, messages: timed), options: options)
    }

    func imageFormat(_ content: BubbleContent) -> String? {
        if case .image(let image) = content { return image.format }
        return nil
    }

    func audioDuration(_ content: BubbleContent) -> Double? {
        if case .audio(let audio) = content { return audio.duration }
        return nil
    }

    /// What each item shows: a message's content, or nil for the typing row.
    func shown(_ model: ConversationViewModel) -> [BubbleContent?] {
        model.items.map { item in
            if case .typing = item { return nil }
            return item.message?.content
        }
    }

    func message(_ source: String, body: String? = nil, attachment: Data? = nil, outgoing: Bool = false) -> Message {
        Message(source: source, outgoing: outgoing, time: Self.start, body: body, attachment: attachment)
    }

    @Test func textWithDirectionSenderTimeAndDelay() {
        var late = message("row 2", body: "late", outgoing: true)
        late.delayedSince = Self.start - 3600
        let model = viewModel([message("row 1", body: "hi"), late])
        #expect(model.messages == [
            BubbleModel(source: "row 1", direction: .incoming, sender: Self.ann, senderName: "ann",
                        time: Self.start, delayed: false, content: .text("hi")),
            BubbleModel(source: "row 2", direction: .outgoing, sender: Self.me, senderName: "Me",
                        time: Self.start + 60, delayed: true, content: .text("late")),
        ])
        #expect(model.warnings == [])
    }

    @Test func senderNames() {
        #expect(MessageText.senderName(Participant(jid: "bob@example.com")) == "bob")
        #expect(MessageText.senderName(Participant(jid: "bob@example.com", nickname: "")) == "bob")
        #expect(MessageText.senderName(Participant(jid: "bob@example.com", nickname: "Bobby")) == "Bobby")
        #expect(MessageText.senderName(Participant(jid: "example.com/res@x")) == "example.com/res@x")
        #expect(MessageText.senderName(Participant(jid: "ann")) == "ann")
    }

    @Test func imagesScaleToTwoHundredTwentyPointsAndSmallerOnesKeepTheirSize() {
        let model = viewModel([message("row 1", body: "image", attachment: ImageBytes.png(width: 440, height: 300)),
                               message("row 2", body: "image", attachment: ImageBytes.jpeg(width: 219, height: 50))])
        #expect(model.messages.map(\.content) == [
            .image(ImageContent(format: "png", pixelWidth: 440, pixelHeight: 300,
                                bytes: ImageBytes.png(width: 440, height: 300))),
            .image(ImageContent(format: "jpeg", pixelWidth: 219, pixelHeight: 50,
                                bytes: ImageBytes.jpeg(width: 219, height: 50))),
        ])
        #expect(model.warnings == [])
    }

    @Test func anImageHeaderOfTenBillionPixelsIsAPlaceholder() {
        let model = viewModel([message("row 4", body: "image", attachment: ImageBytes.png(width: 100_000, height: 100_000))])
        #expect(model.messages.map(\.content) == [.placeholder("[image too large]")])
        #expect(model.warnings == ["row 4: png header claims 100000 × 100000 pixels, more than the limit of 50000000"])
    }

    @Test func fiftyMillionPixelsIsStillAnImage() {
        let model = viewModel([message("row 4", body: "image", attachment: ImageBytes.png(width: 10_000, height: 5_000))])
        #expect(model.messages.first.flatMap { imageFormat($0.content) } == "png")
        #expect(model.warnings == [])
    }

    @Test func imageProblems() {
        let model = viewModel([message("row 1", body: "image"),
                               message("row 2", body: "image", attachment: Data("not an image".utf8)),
                               message("row 3", attachment: Data("not an image either".utf8)),
                               message("row 4", attachment: ImageBytes.gif(width: 3, height: 4))])
        #expect(model.messages.map(\.content).prefix(3) == [.placeholder("[image missing]"),
                                                           .placeholder("[image could not be shown]"),
                                                           .placeholder("[attachment]")])
        #expect(model.messages.last.flatMap { imageFormat($0.content) } == "gif")
        #expect(model.warnings == ["row 1: body 'image' without an <attachment>",
                                   "row 2: image of 12 bytes is not a PNG, JPEG, GIF or WebP image",
                                   "row 3: <attachment> of 19 bytes with no body is not an image"])
    }

    @Test func audioBubbles() {
        let voice = Data([1, 2, 3])
        let model = viewModel([message("row 1", body: "audio：0.0″", attachment: voice),
                               message("row 2", body: "audio：3.2″", attachment: voice),
                               message("row 3", body: "audio:30.0\"", attachment: voice),
                               message("row 4", body: "audio：45.0″", attachment: voice),
                               message("row 5", body: "audio：3.2″")])
        let durations = model.messages.map { audioDuration($0.content) }
        let expected: [Double?] = [0, 3.2, 30, 45, nil]
        #expect(durations == expected, "the bubble's width is the layout's (BubbleLayoutTests)")
        #expect(model.messages[1].content == .audio(AudioContent(duration: 3.2, bytes: voice)))
        #expect(model.messages[4].content == .placeholder("[voice message missing]"))
        #expect(model.warnings == ["row 5: voice message without an <attachment>"])
    }

    @Test func typingIsShownOnlyWhenItIsTheNewestRow() {
        var composingFlag = message("row 1")
        composingFlag.composing = true
        var composingState = message("row 3")
        composingState.chatState = "composing"
        let older = viewModel([composingFlag, message("row 2", body: "hi"), composingState])
        #expect(older.items.map(\.source) == ["row 2", "row 3"])
        guard case .typing(let typing)? = older.items.last else { Issue.record("no typing row"); return }
        #expect(typing.direction == .incoming && typing.senderName == "ann")
        #expect(older.warnings == [], "a stale typing row is dropped without a warning")
        let newestFlag = viewModel([message("row 2", body: "hi"), composingFlag])
        #expect(shown(newestFlag) == [.text("hi"), nil])
        let notNewest = viewModel([composingState, message("row 9", body: "after")])
        #expect(notNewest.messages.map(\.content) == [.text("after")])
    }

    @Test func aComposingStateWithABodyIsAMessage() {
        var message = message("row 1", body: "typed")
        message.chatState = "composing"
        #expect(viewModel([message, self.message("row 2", body: "x")]).messages.map(\.content) == [.text("typed"), .text("x")])
    }

    @Test func outOfBandLinks() {
        var link = message("row 1", body: "https://example.com/files/Ferry%20timetable.pdf?x=1#p")
        link.outOfBandURL = "https://example.com/files/Ferry%20timetable.pdf?x=1#p"
        var named = message("message 8")
        named.outOfBandURL = "https://example.com/d/8f3a2c"
        named.declaredKind = "file"
        named.fileName = "Lunch menu.pdf"
        #expect(viewModel([link, named]).messages.map(\.content) == [
            .link(url: "https://example.com/files/Ferry%20timetable.pdf?x=1#p", fileName: "Ferry timetable.pdf"),
            .link(url: "https://example.com/d/8f3a2c", fileName: "Lunch menu.pdf"),
        ])
        #expect(MessageText.fileName(url: "https://example.com/") == "example.com")
        #expect(MessageText.fileName(url: "https://example.com") == "example.com")
        #expect(MessageText.fileName(url: "https://example.com/a/%E6%96%87%E4%BB%B6.txt") == "文件.txt")
        #expect(MessageText.fileName(url: "https://example.com/bad%zz") == "bad%zz")
    }

    @Test func messagesThatCannotBeShownBecomePlaceholdersWithWarnings() {
        var broken = message("row 17", body: "image")
        broken.problems = ["invalid base64 in <attachment>"]
        var error = message("row 18", body: "hi")
        error.type = "error"
        var receipt = message("row 20")
        receipt.receiptFor = "m-3"
        var paused = message("row 21")
        paused.chatState = "paused"
        let model = viewModel([broken, error, message("row 19", body: "  \n"), receipt, paused, message("row 22", body: "end")])
        // A receipt and a bare chat state only say something about other messages: no row.
        // The receipt names a message that is not here, which is worth a word.
        #expect(model.messages.map(\.content) == [
            .placeholder("[unsupported message]"), .placeholder("[message not delivered]"),
            .placeholder("[empty message]"), .text("end"),
        ])
        #expect(model.warnings == [
            "row 17: invalid base64 in <attachment>",
            "row 18: an error stanza (a message the server could not deliver)",
            "row 19: no body and no media",
            "row 20: a receipt (XEP-0184) names message 'm-3', which is not in this conversation",
        ])
        #expect(model.messages[0].warnings == ["row 17: invalid base64 in <attachment>"])
    }

    @Test func aTextWithAnUnexpectedAttachmentKeepsTheText() {
        let model = viewModel([message("row 1", body: "look", attachment: Data([1, 2]))])
        #expect(model.messages.map(\.content) == [.text("look")])
        #expect(model.warnings == ["row 1: <attachment> of 2 bytes ignored: the body is neither 'image' nor 'audio：N″'"])
    }

    @Test func textOfMegabytesIsCutAtACharacterBoundary() throws {
        let text = String(repeating: "ab", count: 3) + String(repeating: "😀", count: 1_000_000)  // 4 000 006 bytes
        let model = viewModel([message("row 5", body: text)], options: ViewModelOptions(maximumTextBytes: 65_536))
        let bubble = try #require(model.messages.first)
        guard case .text(let shown) = bubble.content else { Issue.record("not text"); return }
        #expect(shown.string.utf8.count == 6 + 65_528 + 3)  // 16382 emoji fit in the remaining 65 530 bytes, then "…"
        #expect(shown.string.hasSuffix("😀…"))
        #expect(model.warnings == ["row 5: text of 4000006 bytes cut to its first 65534 bytes"])
    }

    @Test func cutsAtGraphemeNotScalarBoundaries() {
        let family = "👨‍👩‍👧"  // 18 bytes, one character
        #expect(MessageText.truncated("a" + family, maximumBytes: 10)?.text == "a…")
        #expect(MessageText.truncated("a" + family, maximumBytes: 19) == nil)
    }

    @Test func declaredKindsOfTheJSONFormat() {
        var typing = message("message 1")
        typing.declaredKind = "typing"
        var audio = message("message 2", body: "audio：3.2″", attachment: Data([9]))
        audio.declaredKind = "audio"
        audio.declaredDuration = 3.25
        var text = message("message 3", body: "image")
        text.declaredKind = "text"
        var image = message("message 4", body: "image", attachment: ImageBytes.gif(width: 10, height: 20))
        image.declaredKind = "image"
        let model = viewModel([typing, audio, text, image, typing])
        #expect(shown(model) == [
            .audio(AudioContent(duration: 3.25, bytes: Data([9]))),
            .text("image"),
            .image(ImageContent(format: "gif", pixelWidth: 10, pixelHeight: 20, bytes: ImageBytes.gif(width: 10, height: 20))),
            nil,
        ])
    }
}
