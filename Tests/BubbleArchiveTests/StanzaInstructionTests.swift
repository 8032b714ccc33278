import BubbleArchive
import Foundation
import Testing

/// Processing instructions, comments and CDATA where no XMPP client puts them. FoundationXML
/// dereferences a NULL data pointer on a processing instruction without data (`<?pi?>`), so
/// one such row used to take down the whole process: every one here must stay a problem of
/// its own stanza or vCard.
@Suite struct StanzaInstructionTests {
    let refusal = "(XMPP forbids processing instructions)"

    @Test(arguments: [
        "<message><?pi?><body>hi</body></message>",
        "<?pi?><message><body>hi</body></message>",
        "<message><body>hi</body></message><?pi?>",
        "<message><body>h<?pi?>i</body></message>",
        "<message><?xml-stylesheet?></message>",
        "<?xml?><message><body>hi</body></message>",
        "<?xml version='1.0'?><?pi?><message/>",
        "<message><?pi with data?><body>hi</body></message>",
    ])
    func processingInstructionsAreRefusedBeforeParsing(stanza text: String) {
        let stanza = Stanza(parsing: text)
        #expect(stanza.body == nil)
        #expect(stanza.problems.count == 1)
        #expect(stanza.problems.first?.hasPrefix("stanza refused: it contains the processing instruction <?") == true)
        #expect(stanza.problems.first?.hasSuffix(refusal) == true, "\(stanza.problems)")
    }

    @Test func namesTheInstruction() {
        #expect(Stanza(parsing: "<message><?pi?></message>").problems
                == ["stanza refused: it contains the processing instruction <?pi?> \(refusal)"])
        let long = "<message><?" + String(repeating: "x", count: 500) + "?></message>"
        #expect(Stanza(parsing: long).problems.first?.utf8.count ?? 0 < 200, "a long instruction is shortened")
    }

    @Test func theXMLDeclarationAtTheStartIsNotAnInstruction() {
        let stanza = Stanza(parsing: "<?xml version='1.0' encoding='UTF-8'?><message><body>hi</body></message>")
        #expect(stanza.problems == [])
        #expect(stanza.body == "hi")
    }

    @Test(arguments: [
        "<!----><message><body>hi</body></message><!---->",
        "<message><!----><body><!---->hi<!----></body></message>",
        "<message><body><![CDATA[]]>hi<![CDATA[]]></body></message>",
        "<message><![CDATA[]]><body>hi</body><![CDATA[x]]></message>",
    ])
    func emptyCommentsAndCDATAAnywhereParse(stanza text: String) {
        let stanza = Stanza(parsing: text)
        #expect(stanza.problems == [])
        #expect(stanza.body == "hi")
    }

    @Test func cdataBeforeTheRootIsAMalformedStanza() {
        let stanza = Stanza(parsing: "<![CDATA[x]]><message/>")
        #expect(stanza.problems.first?.hasPrefix("malformed stanza: ") == true)
    }

    @Test func oneInstructionRowCostsOneMessageOfTheConversation() throws {
        let folder = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: folder)
        try SQLiteDatabase(path: path, mode: .readWrite).execute("""
            UPDATE ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT
                SET ZMESSAGESTR = '<message xmlns="jabber:client" id="me-001"><?pi?><body>hi</body></message>' WHERE Z_PK = 2;
            UPDATE ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT
                SET ZMESSAGESTR = '<message xmlns="jabber:client" id="li-002"><?php echo 1 ?><body>hi</body></message>' WHERE Z_PK = 3;
            """)
        let conversation = try XMPPConversationReader(archive: try MessageArchive(path: path))
            .conversation(account: "me@chat.example", peer: "li.lei@chat.example")
        #expect(conversation.messages.count == 9)
        let broken = conversation.messages.filter { !$0.problems.isEmpty }
        #expect(broken.map(\.source) == ["row 2", "row 3"])
        #expect(broken.map(\.problems) == [["stanza refused: it contains the processing instruction <?pi?> \(refusal)"],
                                           ["stanza refused: it contains the processing instruction <?php echo 1 ?> \(refusal)"]])
        #expect(broken.allSatisfy { $0.body == nil })
    }

    @Test func aVCardWithAnInstructionLosesOnlyItsNameAndPhoto() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["vcard_store"], in: directory, name: "vcards.sqlite")
        try SQLiteDatabase(path: path, mode: .readWrite).execute("""
            UPDATE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT
                SET ZVCARDTEMP = '<vCard xmlns="vcard-temp"><?pi?><NICKNAME>x</NICKNAME></vCard>' WHERE ZVCARD = 2;
            UPDATE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT
                SET ZVCARDTEMP = '<?xml version="1.0"?><vCard xmlns="vcard-temp"><!----><FN><![CDATA[]]>Han</FN></vCard>'
                WHERE ZVCARD = 3;
            """)
        let vCards = try VCardStore(path: path)
        let li = try #require(try vCards.entry(jid: "li.lei@chat.example"))
        #expect(li.problems == ["the vCard XML contains the processing instruction <?pi?>, which XMPP forbids"])
        #expect(li.nickname == nil)
        #expect(try vCards.entry(jid: "han.meimei@chat.example")?.nickname == "Han")
        #expect(try vCards.entry(jid: "me@chat.example")?.nickname == "Me")
    }
}
