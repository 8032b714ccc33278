import BubbleArchive
import Foundation
import Testing

/// Each field of a stanza, and the namespaces and placements that must not count.
@Suite struct StanzaTests {
    @Test func readsEveryField() throws {
        let stanza = Stanza(parsing: """
            <message xmlns="jabber:client" type="chat" id="m-17" to="bob@example.com"><body>Hello</body>\
            <thread>t-9</thread><attachment>aGVsbG8=</attachment>\
            <delay xmlns="urn:xmpp:delay" from="example.com" stamp="2024-05-01T09:30:00Z"/>\
            <active xmlns="http://jabber.org/protocol/chatstates"/>\
            <x xmlns="jabber:x:oob"><url>https://example.com/files/a%20b.pdf</url></x>\
            <request xmlns="urn:xmpp:receipts"/></message>
            """)
        #expect(stanza.problems == [])
        #expect(stanza.type == "chat")
        #expect(stanza.id == "m-17")
        #expect(stanza.body == "Hello")
        #expect(stanza.thread == "t-9")
        #expect(stanza.attachment == Data("hello".utf8))
        #expect(stanza.delayedSince == Date(timeIntervalSince1970: 1_714_555_800))
        #expect(stanza.chatState == "active")
        #expect(stanza.outOfBandURL == "https://example.com/files/a%20b.pdf")
        #expect(stanza.receiptRequested)
        #expect(stanza.receiptFor == nil)
    }

    @Test func readsAReceipt() {
        let stanza = Stanza(parsing: "<message to='a@b'><received xmlns='urn:xmpp:receipts' id='m-3'/></message>")
        #expect(stanza.problems == [])
        #expect(stanza.receiptFor == "m-3")
        #expect(stanza.receiptRequested == false)
        #expect(stanza.body == nil)
    }

    @Test(arguments: ["composing", "paused", "active", "inactive", "gone"])
    func readsEachChatState(state: String) {
        let stanza = Stanza(parsing: "<message xmlns='jabber:client'><\(state) xmlns='http://jabber.org/protocol/chatstates'/></message>")
        #expect(stanza.chatState == state)
        #expect(stanza.problems == [])
    }

    @Test func resolvesEntitiesAndCDATAInTheBody() {
        let stanza = Stanza(parsing: "<message><body>a &amp; b &lt;c&gt; &quot;&apos; &#x1F600;<![CDATA[ <i>raw</i> & ]]></body></message>")
        #expect(stanza.body == "a & b <c> \"' 😀 <i>raw</i> & ")
    }

    @Test func keepsTheBodyExactlyIncludingWhitespaceAndNewlines() {
        let stanza = Stanza(parsing: "<message><body>  two\nlines  </body></message>")
        #expect(stanza.body == "  two\nlines  ")
    }

    @Test func ignoresElementsInOtherNamespaces() {
        let stanza = Stanza(parsing: """
            <message xmlns='jabber:client'><delay xmlns='urn:example:delay' stamp='2024-05-01T09:30:00Z'/>\
            <composing xmlns='urn:example:states'/><x xmlns='jabber:x:data'><url>https://no</url></x>\
            <request xmlns='urn:xmpp:receipts:old'/><body xmlns='urn:example:other'>not the body</body>\
            <attachment xmlns='urn:example:files'>aGVsbG8=</attachment></message>
            """)
        #expect(stanza.problems == [])
        #expect(stanza.delayedSince == nil)
        #expect(stanza.chatState == nil)
        #expect(stanza.outOfBandURL == nil)
        #expect(stanza.receiptRequested == false)
        #expect(stanza.body == nil)
        #expect(stanza.attachment == nil)
    }

    @Test func matchesNamespacesByURINotByPrefix() {
        let stanza = Stanza(parsing: """
            <cl:message xmlns:cl='jabber:client' xmlns:d='urn:xmpp:delay' xmlns:cs='http://jabber.org/protocol/chatstates'>\
            <cl:body>prefixed</cl:body><d:delay stamp='2024-05-01T09:30:00.5Z'/><cs:paused/></cl:message>
            """)
        #expect(stanza.problems == [])
        #expect(stanza.body == "prefixed")
        #expect(stanza.delayedSince == Date(timeIntervalSince1970: 1_714_555_800.5))
        #expect(stanza.chatState == "paused")
    }

    @Test func ignoresTheBodyOfANestedMessage() {
        let stanza = Stanza(parsing: """
            <message xmlns='jabber:client'><forwarded xmlns='urn:xmpp:forward:0'>\
            <message xmlns='jabber:client'><body>inner</body></message></forwarded></message>
            """)
        #expect(stanza.body == nil)
        #expect(stanza.problems == [])
    }

    @Test func takesTheFirstBody() {
        let stanza = Stanza(parsing: "<message><body>first</body><body xml:lang='de'>zweite</body></message>")
        #expect(stanza.body == "first")
    }

    @Test func decodesBase64WithWhitespaceInside() {
        let stanza = Stanza(parsing: "<message><body>image</body><attachment>\n  aGVs\r\n\tbG8g d29y\nbGQ=\n</attachment></message>")
        #expect(stanza.attachment == Data("hello world".utf8))
        #expect(stanza.problems == [])
    }

    @Test func reportsInvalidBase64() {
        let stanza = Stanza(parsing: "<message><body>image</body><attachment>aGVs*bG8=</attachment></message>")
        #expect(stanza.attachment == nil)
        #expect(stanza.problems == ["invalid base64 in <attachment>"])
        #expect(stanza.body == "image")
    }

    @Test func reportsAnEmptyAttachment() {
        let stanza = Stanza(parsing: "<message><body>image</body><attachment>  </attachment></message>")
        #expect(stanza.problems == ["empty <attachment>"])
    }

    @Test func reportsABadDelayStamp() {
        let stanza = Stanza(parsing: "<message><body>x</body><delay xmlns='urn:xmpp:delay' stamp='yesterday'/></message>")
        #expect(stanza.problems == ["<delay> stamp 'yesterday' is not an XEP-0082 date-time"])
        let unstamped = Stanza(parsing: "<message><body>x</body><delay xmlns='urn:xmpp:delay'/></message>")
        #expect(unstamped.problems == ["<delay> has no stamp"])
    }

    @Test func refusesARootThatIsNotAMessage() {
        let stanza = Stanza(parsing: "<iq type='get' id='1'><body>no</body></iq>")
        #expect(stanza.problems == ["the stanza is <iq>, not a <message>"])
        #expect(stanza.body == nil)
        let foreign = Stanza(parsing: "<message xmlns='urn:example'><body>no</body></message>")
        #expect(foreign.problems == ["the stanza is <message> in namespace 'urn:example', not a <message>"])
    }
}

/// XEP-0082 date-times as `<delay stamp>` and the JSON format carry them.
@Suite struct XMPPDateTimeTests {
    @Test(arguments: [
        ("2024-05-01T09:30:00Z", 1_714_555_800.0),
        ("2024-05-01T09:30:00.250Z", 1_714_555_800.25),
        ("2024-05-01T11:30:00+02:00", 1_714_555_800.0),
        ("2024-05-01T04:00:00.5-05:30", 1_714_555_800.5),
        ("1970-01-01T00:00:00Z", 0.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parses(text: String, secondsSince1970: Double) throws {
        let date = try #require(XMPPDateTime.parse(text))
        #expect(date.timeIntervalSince1970 == secondsSince1970)
    }

    @Test(arguments: ["", "2024-05-01", "2024-05-01T09:30:00", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
                      "2024-05-01T24:00:00Z", "2024-05-01T09:30:00.Z", "2024-05-01 09:30:00Z",
                      "2024-05-01T09:30:00+0200", "2024-05-01T09:30:00Zjunk", "２０２４-05-01T09:30:00Z"])
    func refuses(text: String) {
        #expect(XMPPDateTime.parse(text) == nil)
    }

    @Test func formatsInUTCWithMillisecondsOnlyWhenThereAreAny() {
        #expect(XMPPDateTime.format(Date(timeIntervalSince1970: 1_714_555_800)) == "2024-05-01T09:30:00Z")
        #expect(XMPPDateTime.format(Date(timeIntervalSince1970: 1_714_555_800.25)) == "2024-05-01T09:30:00.250Z")
        #expect(XMPPDateTime.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(XMPPDateTime.format(Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01T00:00:00Z")
    }

    @Test func formatsImpossibleTimesAsInvalid() {
        #expect(XMPPDateTime.format(Date(timeIntervalSince1970: 1e300)) == "invalid")
        #expect(XMPPDateTime.format(Date(timeIntervalSince1970: -.infinity)) == "invalid")
        #expect(XMPPDateTime.format(Date(timeIntervalSince1970: .nan)) == "invalid")
        #expect(XMPPDateTime.format(Date(timeIntervalSinceReferenceDate: 1e12)) == "33689-09-27T01:46:40Z")
    }

    @Test func roundTripsEveryDayOfFourHundredYears() throws {
        for day in stride(from: -73_000, to: 73_000, by: 97) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 3_661)
            #expect(XMPPDateTime.parse(XMPPDateTime.format(date)) == date)
        }
    }
}

/// The whitespace-tolerant, otherwise strict base64 of `<attachment>`.
@Suite struct AttachmentBase64Tests {
    @Test func decodes() {
        #expect(AttachmentBase64.decode("aGVsbG8=") == Data("hello".utf8))
        #expect(AttachmentBase64.decode("aGVsbG8") == Data("hello".utf8))
        #expect(AttachmentBase64.decode(" a G V s\nb G 8 = ") == Data("hello".utf8))
        #expect(AttachmentBase64.decode("") == Data())
    }

    @Test(arguments: ["aGVsbG8=x", "aGVs-bG8", "aGVsbG8===", "a", "aGVsbG8_", "aGVsbG8=\u{00A0}"])
    func refuses(text: String) {
        #expect(AttachmentBase64.decode(text) == nil)
    }
}
