import BubbleArchive
import Foundation
import Testing

/// Archive rows and their stanzas into messages: which column wins, and what is kept of a bad row.
@Suite struct StanzaConversationReaderTests {
    func row(_ stanza: String?, body: String? = nil, problems: [String] = []) -> ArchiveRow {
        ArchiveRow(primaryKey: 17, outgoing: true, composing: false, timestamp: 730_972_800, peer: "li@x", account: "me@x",
                   body: body, messageId: "zmessageid", stanza: stanza, thread: "zthread", problems: problems)
    }

    @Test func theStanzaIsTheSourceOfTruth() {
        let message = XMPPConversationReader.message(from: row(
            "<message xmlns='jabber:client' id='stanza-id' type='chat'><body>from the stanza</body><thread>t1</thread></message>",
            body: "from ZBODY"))
        #expect(message == Message(source: "row 17", outgoing: true, time: Date(timeIntervalSinceReferenceDate: 730_972_800),
                                   body: "from the stanza", type: "chat", stanzaId: "stanza-id", thread: "t1"))
    }

    @Test func zbodyAndColumnsStandInForWhatTheStanzaLacks() {
        let message = XMPPConversationReader.message(from: row("<message xmlns='jabber:client'/>", body: "from ZBODY"))
        #expect(message.body == "from ZBODY")
        #expect(message.stanzaId == "zmessageid")
        #expect(message.thread == "zthread")
        #expect(message.problems == [])
        #expect(XMPPConversationReader.message(from: row(nil, body: "no stanza")).body == "no stanza")
        #expect(XMPPConversationReader.message(from: row("  ", body: "blank stanza")).body == "blank stanza")
    }

    @Test func aBrokenStanzaDoesNotFallBackToZBODY() {
        let message = XMPPConversationReader.message(from: row("<message><body>half", body: "half a message",
                                                               problems: ["ZOUTGOING is NULL"]))
        #expect(message.body == nil)
        #expect(message.problems.count == 2)
        #expect(message.problems.first == "ZOUTGOING is NULL")
        #expect(message.problems.last?.hasPrefix("malformed stanza: ") == true)
    }

    @Test func carriesMediaStatesAndReceipts() {
        let message = XMPPConversationReader.message(from: row("""
            <message xmlns='jabber:client'><body>image</body><attachment>R0lGODlhAQABAAAAACw=</attachment>\
            <delay xmlns='urn:xmpp:delay' stamp='2024-03-01T07:50:00Z'/><request xmlns='urn:xmpp:receipts'/>\
            <x xmlns='jabber:x:oob'><url> https://example.com/a.gif </url></x></message>
            """))
        #expect(message.attachment == Data(base64Encoded: "R0lGODlhAQABAAAAACw="))
        #expect(message.delayedSince == XMPPDateTime.parse("2024-03-01T07:50:00Z"))
        #expect(message.receiptRequested)
        #expect(message.outOfBandURL == "https://example.com/a.gif")
    }

    @Test func aRowWithoutATimeTakesTheDelayStampElseTheReferenceDate() {
        var untimed = row("<message><body>x</body><delay xmlns='urn:xmpp:delay' stamp='2024-03-01T07:50:00Z'/></message>")
        untimed.timestamp = nil
        #expect(XMPPConversationReader.message(from: untimed).time == XMPPDateTime.parse("2024-03-01T07:50:00Z"))
        untimed.stanza = "<message><body>x</body></message>"
        #expect(XMPPConversationReader.message(from: untimed).time == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func readsAConversationWithNicknamesFromTheVCardStore() throws {
        let folder = try ScratchDirectory()
        let archive = try MessageArchive(path: try ArchiveFixture.main(in: folder))
        let vCards = try VCardStore(path: try ArchiveFixture.build(["vcard_store"], in: folder, name: "vcards.sqlite"))
        let conversation = try XMPPConversationReader(archive: archive, vCards: vCards)
            .conversation(account: "me@chat.example", peer: "li.lei@chat.example")
        #expect(conversation.account.nickname == "Me")
        #expect(conversation.peer.nickname == "李雷")
        #expect(conversation.peer.avatar != nil)
        #expect(conversation.messages.map(\.source) == (["row 7"] + (1...6).map { "row \($0)" } + ["row 8", "row 9"]))
        #expect(conversation.messages.allSatisfy { $0.problems.isEmpty })
        #expect(conversation.messages[0].delayedSince != nil)
        #expect(conversation.messages.last?.chatState == "composing")
        let withoutStore = try XMPPConversationReader(archive: archive)
            .conversation(account: "me@chat.example", peer: "li.lei@chat.example")
        #expect(withoutStore.peer == Participant(jid: "li.lei@chat.example"))
    }
}
