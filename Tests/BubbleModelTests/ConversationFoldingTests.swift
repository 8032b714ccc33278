import BubbleArchive
import BubbleModel
import BubbleText
import Foundation
import Testing

/// Stanzas of current clients folded into the messages they name: each test reads real
/// stanza XML through the archive reader, as `bubbles render` does.
@Suite struct ConversationFoldingTests {
    static let me = Participant(jid: "me@example.com", nickname: "Me")
    static let ann = Participant(jid: "ann@example.com", nickname: "Ann")

    /// A row of the archive: `children` inside `<message id=… type='chat'>`, incoming unless `outgoing`.
    static func row(_ key: Int64, id: String, outgoing: Bool = false, _ children: String) -> Message {
        let from = outgoing ? "me@example.com/phone" : "ann@example.com/laptop"
        let stanza = "<message xmlns='jabber:client' id='\(id)' type='chat' from='\(from)'>\(children)</message>"
        return XMPPConversationReader.message(from: ArchiveRow(primaryKey: key, outgoing: outgoing,
                                                               timestamp: 736_000_000 + Double(key) * 10, stanza: stanza))
    }

    static func model(_ messages: [Message], options: ViewModelOptions = ViewModelOptions(deliveryTicks: true)) -> ConversationViewModel {
        ConversationViewModel(conversation: Conversation(account: me, peer: ann, messages: messages), options: options)
    }

    static func texts(_ model: ConversationViewModel) -> [String] {
        model.messages.map {
            switch $0.content {
            case .text(let text): text.string
            case .tombstone(let words): "†" + words
            default: "?"
            }
        }
    }

    @Test func aCorrectionChainReplacesTheTextAndTheLastOneWins() {
        let model = Self.model([
            Self.row(1, id: "a1", "<body>See you at 5</body>"),
            Self.row(2, id: "a2", "<body>See you at 6</body><replace xmlns='urn:xmpp:message-correct:0' id='a1'/>"),
            // Some clients name the previous correction instead of the original.
            Self.row(3, id: "a3", "<body>See you at 7</body><replace xmlns='urn:xmpp:message-correct:0' id='a2'/>"),
            Self.row(4, id: "m1", outgoing: true, "<body>ok</body>"),
        ])
        #expect(Self.texts(model) == ["See you at 7", "ok"])
        #expect(model.messages.map(\.edited) == [true, false])
        #expect(model.messages[0].source == "row 1")
        #expect(model.warnings.isEmpty)
    }

    @Test func correctionsAndRetractionsFromTheWrongSenderAreIgnored() {
        let model = Self.model([
            Self.row(1, id: "a1", "<body>I said this</body>"),
            Self.row(2, id: "m1", outgoing: true, "<body>I said this instead</body><replace xmlns='urn:xmpp:message-correct:0' id='a1'/>"),
            Self.row(3, id: "m2", outgoing: true,
                     "<retract xmlns='urn:xmpp:message-retract:1' id='a1'/><fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:message-retract:1'/>"
                     + "<body>/me retracted a message</body>"),
        ])
        // The original stands; the false correction is shown as what it is, a new message.
        #expect(Self.texts(model) == ["I said this", "I said this instead"])
        #expect(model.messages.map(\.edited) == [false, false])
        #expect(model.warnings == [
            "row 2: a correction (XEP-0308) of message 'a1' from someone else than its sender is ignored",
            "row 3: a retraction (XEP-0424) of message 'a1' from someone else than its sender is ignored",
        ])
    }

    @Test func retractionsLeaveATombstoneAndNeitherTextNorFallback() {
        let options = ViewModelOptions(tombstoneText: "This message was deleted", deliveryTicks: true)
        let model = Self.model([
            Self.row(1, id: "a1", "<body>my bank PIN is 1234</body><origin-id xmlns='urn:xmpp:sid:0' id='o-a1'/>"),
            Self.row(2, id: "a2", "<body>oops</body>"),
            // XEP-0424 v1 names the origin-id; the body is the XEP-0428 fallback sentence.
            Self.row(3, id: "a3", "<retract xmlns='urn:xmpp:message-retract:1' id='o-a1'/>"
                     + "<fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:message-retract:1'/>"
                     + "<body>This person attempted to retract a previous message, but it's unsupported by your client.</body>"),
            // The older v0.x form, through XEP-0422 fastening.
            Self.row(4, id: "a4", "<apply-to xmlns='urn:xmpp:fasten:0' id='a2'><retract xmlns='urn:xmpp:message-retract:0'/></apply-to>"
                     + "<body>/me retracted a message</body>"),
            // An archive that already holds only the tombstone.
            Self.row(5, id: "a5", "<retracted xmlns='urn:xmpp:message-retract:1' stamp='2024-05-01T10:00:00Z'/><body>secret</body>"),
        ], options: options)
        #expect(Self.texts(model) == ["†This message was deleted", "†This message was deleted", "†This message was deleted"])
        #expect(model.warnings.isEmpty)
    }

    @Test func repliesQuoteTheCurrentTextAndLoseTheirFallback() {
        let quote = "> Ann wrote:\n> Lunch at 12?\n"
        let count = quote.unicodeScalars.count
        let model = Self.model([
            Self.row(1, id: "a1", "<body>Lunch at 12?</body>"),
            Self.row(2, id: "a2", "<body>Lunch at 12:30?</body><replace xmlns='urn:xmpp:message-correct:0' id='a1'/>"),
            Self.row(3, id: "m1", outgoing: true, "<body>\(quote)Sure 👍</body><reply xmlns='urn:xmpp:reply:0' to='ann@example.com' id='a1'/>"
                     + "<fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:reply:0'><body start='0' end='\(count)'/></fallback>"),
            // A reply to a message that is not in the archive keeps the fallback quote.
            Self.row(4, id: "m2", outgoing: true, "<body>\(quote)Still?</body><reply xmlns='urn:xmpp:reply:0' to='ann@example.com' id='gone'/>"
                     + "<fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:reply:0'><body start='0' end='\(count)'/></fallback>"),
        ])
        #expect(Self.texts(model) == ["Lunch at 12:30?", "Sure 👍", quote + "Still?"])
        #expect(model.messages[1].quote == QuotedMessage(source: "row 1", senderName: "Ann", text: StyledText("Lunch at 12:30?")))
        #expect(model.messages[2].quote == nil)
        #expect(model.warnings == ["row 4: a reply (XEP-0461) with id 'm2' names message 'gone', which is not in this conversation"])
    }

    @Test func fallbackOffsetsCountCodePointsNotUTF16() {
        // "👍 " is two code points but three UTF-16 units: a UTF-16 cut would split the text.
        let model = Self.model([
            Self.row(1, id: "a1", "<body>ok</body>"),
            Self.row(2, id: "m1", outgoing: true, "<body>👍 yes</body><reply xmlns='urn:xmpp:reply:0' id='a1'/>"
                     + "<fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:reply:0'><body start='0' end='2'/></fallback>"),
        ])
        #expect(Self.texts(model) == ["ok", "yes"])
    }

    @Test func reactionsAreSummedPerEmojiAndTheNewestSetOfEachPersonCounts() {
        let model = Self.model([
            Self.row(1, id: "a1", "<body>Got the tickets!</body>"),
            Self.row(2, id: "a2", "<reactions xmlns='urn:xmpp:reactions:0' id='a1'><reaction>🎉</reaction><reaction>😂</reaction></reactions>"),
            Self.row(3, id: "m1", outgoing: true, "<reactions xmlns='urn:xmpp:reactions:0' id='a1'><reaction>🎉</reaction></reactions>"
                     + "<fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:reactions:0'/><body>🎉</body>"),
            // Ann takes back 😂: her newest set replaces the old one.
            Self.row(4, id: "a3", "<reactions xmlns='urn:xmpp:reactions:0' id='a1'><reaction>🎉</reaction><reaction>❤️</reaction></reactions>"),
        ])
        #expect(model.messages.count == 1)
        #expect(model.messages[0].reactions == [
            Reaction(emoji: "🎉", count: 2, includesOwn: true),
            Reaction(emoji: "❤️", count: 1, includesOwn: false),
        ])
        #expect(model.warnings.isEmpty)
    }

    @Test func receiptsAndMarkersBecomeTicksAndNoRows() {
        let model = Self.model([
            Self.row(1, id: "m1", outgoing: true, "<body>one</body><request xmlns='urn:xmpp:receipts'/><markable xmlns='urn:xmpp:chat-markers:0'/>"),
            Self.row(2, id: "m2", outgoing: true, "<body>two</body><request xmlns='urn:xmpp:receipts'/>"),
            Self.row(3, id: "m3", outgoing: true, "<body>three</body>"),
            Self.row(4, id: "r1", "<received xmlns='urn:xmpp:receipts' id='m2'/>"),
            // `displayed` of m1 marks m1 read; m2 stays delivered, m3 only sent.
            Self.row(5, id: "r2", "<displayed xmlns='urn:xmpp:chat-markers:0' id='m1'/>"),
            Self.row(6, id: "r3", "<active xmlns='http://jabber.org/protocol/chatstates'/>"),
            // Our own receipt for Ann's message is no row either.
            Self.row(7, id: "a1", "<body>hi</body>"),
            Self.row(8, id: "r4", outgoing: true, "<received xmlns='urn:xmpp:receipts' id='a1'/><displayed xmlns='urn:xmpp:chat-markers:0' id='a1'/>"),
        ])
        #expect(Self.texts(model) == ["one", "two", "three", "hi"])
        #expect(model.messages.map(\.status) == [.read, .delivered, .sent, nil])
        #expect(model.warnings.isEmpty)
        // A theme without ticks (the origin app) gets no status at all.
        let classic = Self.model([Self.row(1, id: "m1", outgoing: true, "<body>one</body>"),
                                  Self.row(2, id: "r1", "<received xmlns='urn:xmpp:receipts' id='m1'/>")], options: .classic)
        #expect(classic.messages.map(\.status) == [nil])
    }

    @Test func aDisplayedMarkerReadsEveryEarlierMessage() {
        let model = Self.model([
            Self.row(1, id: "m1", outgoing: true, "<body>one</body>"),
            Self.row(2, id: "m2", outgoing: true, "<body>two</body>"),
            Self.row(3, id: "x", "<displayed xmlns='urn:xmpp:chat-markers:0' id='m2'/>"),
            Self.row(4, id: "m3", outgoing: true, "<body>three</body>"),
        ])
        #expect(model.messages.map(\.status) == [.read, .read, .sent])
    }

    @Test func stanzasNamingMissingMessagesWarnWithBothIdsAndDrawNothing() {
        let model = Self.model([
            Self.row(1, id: "a1", "<body>hello</body>"),
            Self.row(2, id: "a2", "<body>fixed</body><replace xmlns='urn:xmpp:message-correct:0' id='nope-1'/>"),
            Self.row(3, id: "a3", "<retract xmlns='urn:xmpp:message-retract:1' id='nope-2'/><body>fallback</body>"),
            Self.row(4, id: "a4", "<reactions xmlns='urn:xmpp:reactions:0' id='nope-3'><reaction>👍</reaction></reactions>"),
            Self.row(5, id: "a5", "<displayed xmlns='urn:xmpp:chat-markers:0' id='nope-4'/>"),
        ])
        // The correction of an unknown message is what the reader saw as new text.
        #expect(Self.texts(model) == ["hello", "fixed"])
        #expect(model.warnings == [
            "row 2: a correction (XEP-0308) with id 'a2' names message 'nope-1', which is not in this conversation",
            "row 3: a retraction (XEP-0424) with id 'a3' names message 'nope-2', which is not in this conversation",
            "row 4: a reaction (XEP-0444) with id 'a4' names message 'nope-3', which is not in this conversation",
            "row 5: a chat marker (XEP-0333) with id 'a5' names message 'nope-4', which is not in this conversation",
        ])
    }

    @Test func anOutOfBandImageIsAnImageFromTheMediaFolderOrAPlaceholder() throws {
        let url = "https://upload.example.com/4f2a/IMG_0042.png"
        let message = Self.row(1, id: "a1", "<body>\(url)</body><x xmlns='jabber:x:oob'><url>\(url)</url></x>")
        #expect(Self.model([message]).messages[0].content == .remoteImage(url: url, fileName: "IMG_0042.png"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oob-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 1 × 1 PNG.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
        try png.write(to: folder.appendingPathComponent("IMG_0042.png"))
        let withMedia = Self.model([message], options: ViewModelOptions(mediaDirectory: folder.path))
        #expect(withMedia.messages[0].content == .image(ImageContent(format: "png", pixelWidth: 1, pixelHeight: 1, bytes: png)))
        #expect(withMedia.warnings.isEmpty)
        // Not in the folder: the placeholder, and a word about the missing file.
        let other = Self.row(2, id: "a2", "<body>https://upload.example.com/x/cat.webp</body>")
        let missing = Self.model([other], options: ViewModelOptions(mediaDirectory: folder.path))
        #expect(missing.messages[0].content == .remoteImage(url: "https://upload.example.com/x/cat.webp", fileName: "cat.webp"))
        #expect(missing.warnings == ["row 2: image https://upload.example.com/x/cat.webp: no file 'cat.webp' in the media folder \(folder.path)"])
        // Other URLs stay file links.
        let pdf = Self.row(3, id: "a3", "<body>https://x.example/a.pdf</body><x xmlns='jabber:x:oob'><url>https://x.example/a.pdf</url></x>")
        #expect(Self.model([pdf]).messages[0].content == .link(url: "https://x.example/a.pdf", fileName: "a.pdf"))
    }
}

/// Archives of hostile size: folding stays linear.
@Suite struct ConversationFoldingScaleTests {
    /// 20,000 chained corrections and 20,000 markers: a quadratic walk of this input takes
    /// minutes (no wall-clock bound here: sanitizer runs make any such bound noise).
    @Test func longCorrectionChainsAndManyMarkersFold() {
        let count = 20_000
        var messages: [Message] = []
        for index in 0..<count {
            var correction = Message(source: "row \(index)", outgoing: false, time: Date(timeIntervalSince1970: Double(index)),
                                     body: "version \(index)", stanzaId: "c\(index)")
            // Each correction names the one before it, the way some clients chain them.
            if index > 0 { correction.extensions.replaces = "c\(index - 1)" }
            messages.append(correction)
            var sent = Message(source: "out \(index)", outgoing: true, time: Date(timeIntervalSince1970: Double(index)),
                               body: "mine \(index)", stanzaId: "m\(index)")
            sent.extensions.originId = "o\(index)"
            messages.append(sent)
            var marker = Message(source: "marker \(index)", outgoing: false, time: Date(timeIntervalSince1970: Double(index)),
                                 stanzaId: "k\(index)")
            marker.extensions.marker = ChatMarker(kind: .displayed, messageId: "m\(index)")
            messages.append(marker)
        }
        let model = ConversationViewModel(conversation: Conversation(account: ConversationFoldingTests.me,
                                                                     peer: ConversationFoldingTests.ann, messages: messages),
                                          options: ViewModelOptions(deliveryTicks: true))
        #expect(model.messages.count == count + 1)
        #expect(model.messages[0].content == .text(StyledText("version \(count - 1)")))
        #expect(model.messages.dropFirst().allSatisfy { $0.status == .read })
    }
}
