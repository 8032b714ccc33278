import BubbleArchive
import Foundation
import Testing

/// XEP-0313 dumps as input: both forms, the same messages as the archive, and every way a
/// dump can be unreadable, each with its exact message.
@Suite struct MAMDumpTests {
    static let samples = ImageBytes.samples.deletingLastPathComponent().appendingPathComponent("Samples")
    static let concatenated = try! String(contentsOf: samples.appendingPathComponent("modern-mam.xml"), encoding: .utf8)

    static func result(_ inner: String, stamp: String? = "2024-03-08T18:02:05Z", id: String = "r1") -> String {
        let delay = stamp.map { "<delay xmlns='urn:xmpp:delay' stamp='\($0)'/>" } ?? ""
        return "<message xmlns='jabber:client' to='me@chat.example/phone'><result xmlns='urn:xmpp:mam:2' id='\(id)'>"
            + "<forwarded xmlns='urn:xmpp:forward:0'>\(delay)\(inner)</forwarded></result></message>"
    }

    @Test func bothFormsGiveTheSameConversation() throws {
        let plain = try MAMDump(text: Self.concatenated, file: "modern-mam.xml")
        let stream = "<?xml version='1.0'?>\n<stream:stream xmlns='jabber:client' xmlns:stream='http://etherx.jabber.org/streams'>\n"
            + Self.concatenated + "<iq type='result' id='q'><fin xmlns='urn:xmpp:mam:2' complete='true'/></iq>\n</stream:stream>\n"
        let saved = try MAMDump(text: stream, file: "saved.xml")
        #expect(plain.entries.count == 28)
        #expect(saved.entries == plain.entries)
        #expect(plain.conversations() == [ConversationSummary(
            account: "me@chat.example", peer: "ann@conversations.example", messageCount: 28,
            lastTime: XMPPDateTime.parse("2024-03-09T09:17:00Z"), lastBody: "Sending the photos tonight")])
    }

    @Test func theSameMessagesAsTheArchive() throws {
        let dump = try MAMDump(text: Self.concatenated, file: "modern-mam.xml")
            .conversation(account: "me@chat.example", peer: "ann@conversations.example")
        let archive = try XMPPConversationReader(archive: MessageArchive(path: Self.samples.appendingPathComponent("modern.sqlite").path))
            .conversation(account: "me@chat.example", peer: "ann@conversations.example")
        #expect(dump.messages.count == archive.messages.count)
        for (fromDump, fromArchive) in zip(dump.messages, archive.messages) {
            var expected = fromArchive
            // Only the names differ: the source ("result <archive id>" for "row N") and the
            // archive's id, which the dump adds to the ids the message is known by.
            expected.source = fromDump.source
            expected.extensions.archiveIds = fromDump.extensions.archiveIds
            #expect(fromDump == expected)
            #expect(fromDump.extensions.archiveIds.count == 1)
        }
    }

    @Test func aResultWithoutItsStampOrMessageIsAProblemOfThatMessage() throws {
        let dump = try MAMDump(text: Self.result("<message xmlns='jabber:client' from='ann@x.example/a' to='me@chat.example'><body>hi</body></message>", stamp: nil)
                                   + Self.result("", id: "r2")
                                   + Self.result("<message from='ann@x.example/a'><body>no xmlns</body></message>", id: "r3"), file: "d.xml")
        #expect(dump.entries.map(\.message.problems) == [
            ["<forwarded> has no <delay> stamp"], ["<result> forwards no <message>"],
            ["the forwarded <message> is in namespace 'urn:xmpp:forward:0', not jabber:client"],
        ])
        #expect(dump.entries[0].peer == "ann@x.example" && !dump.entries[0].message.outgoing)
    }

    @Test func unreadableDumpsAreNamedErrors() {
        #expect(throws: MAMDumpError(file: "d.xml", problem: "malformed XML: closing tag does not match the opening tag"
                                      + " (libxml2 error 76) at line 2, column 17")) {
            try MAMDump(text: Self.result("<message xmlns='jabber:client'><body>hi</body></message>") + "\n<message></mess>", file: "d.xml")
        }
        #expect(throws: MAMDumpError(file: "d.xml", problem: "refused: it contains <!DOCTYPE (XMPP forbids DTDs and entity declarations)")) {
            try MAMDump(text: "<!DOCTYPE m [<!ENTITY a 'aaaa'>]>" + Self.result("<message xmlns='jabber:client'><body>&a;</body></message>"), file: "d.xml")
        }
        #expect(throws: MAMDumpError(file: "d.xml", problem: "holds no XEP-0313 <result> (urn:xmpp:mam:2) with a forwarded message")) {
            try MAMDump(text: "<message xmlns='jabber:client'><body>not archived</body></message>", file: "d.xml")
        }
    }
}
