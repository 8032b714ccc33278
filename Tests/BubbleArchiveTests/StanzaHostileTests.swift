import BubbleArchive
import Foundation
import Testing

/// Stanzas written to hurt: malformed XML, entity bombs, oversized payloads.
@Suite struct StanzaHostileTests {
    @Test func namesTheParserErrorAndItsPosition() {
        let stanza = Stanza(parsing: "<message><body>x</bod></message>")
        #expect(stanza.problems == ["malformed stanza: closing tag does not match the opening tag (libxml2 error 76) at line 1, column 23"])
    }

    @Test func reportsAnUnclosedStanza() {
        let stanza = Stanza(parsing: "<message>\n<body>x</body>")
        #expect(stanza.problems.count == 1)
        #expect(stanza.problems[0].hasPrefix("malformed stanza: "))
        #expect(stanza.problems[0].contains("at line 2"))
    }

    @Test func reportsAnUndeclaredEntity() {
        let stanza = Stanza(parsing: "<message><body>&nbsp;</body></message>")
        #expect(stanza.problems == ["malformed stanza: undeclared entity (libxml2 error 26) at line 1, column 22"])
    }

    @Test func reportsTextThatIsNotXML() {
        let stanza = Stanza(parsing: "hello")
        #expect(stanza.problems == ["malformed stanza: empty document (libxml2 error 4) at line 1, column 1"])
    }

    @Test func refusesBillionLaughsInMilliseconds() {
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE message [\(entities)]><message><body>&lol9;</body></message>"
        let clock = ContinuousClock()
        var stanza = Stanza()
        let elapsed = clock.measure { stanza = Stanza(parsing: bomb) }
        #expect(stanza.problems == ["stanza refused: it contains <!DOCTYPE (XMPP forbids DTDs and entity declarations)"])
        #expect(stanza.body == nil)
        #expect(elapsed < .milliseconds(50))
    }

    @Test func refusesDeclarationsInAnyLetterCase() {
        #expect(Stanza(parsing: "<!doctype message><message/>").problems.first?.contains("<!DOCTYPE") == true)
        #expect(Stanza(parsing: "<message><!EnTiTy x 'y'></message>").problems
            == ["stanza refused: it contains <!ENTITY (XMPP forbids DTDs and entity declarations)"])
    }

    @Test func refusesDeclarationTextEvenInCDATAButAcceptsCommentsAndCDATA() {
        let stanza = Stanza(parsing: "<message><!-- note --><body><![CDATA[<!ENTITY is just text here>]]></body></message>")
        #expect(stanza.problems == ["stanza refused: it contains <!ENTITY (XMPP forbids DTDs and entity declarations)"],
                "the raw-text check is deliberately blunt: it refuses before any parsing")
        let plain = Stanza(parsing: "<message><!-- note --><body><![CDATA[a<b]]></body></message>")
        #expect(plain.problems == [])
        #expect(plain.body == "a<b")
    }

    @Test func reportsABodyOfMegabytes() {
        let megabytes = String(repeating: "0123456789abcdef", count: 131_072)  // 2 MiB
        let stanza = Stanza(parsing: "<message><body>\(megabytes)</body></message>")
        #expect(stanza.body == nil)
        #expect(stanza.problems == ["<body> of 2097152 bytes exceeds the limit of 1048576 bytes"])
    }

    @Test func keepsABodyJustUnderTheLimit() {
        let limits = StanzaLimits(maximumStanzaBytes: 1000, maximumBodyBytes: 10)
        #expect(Stanza(parsing: "<message><body>0123456789</body></message>", limits: limits).body == "0123456789")
        #expect(Stanza(parsing: "<message><body>0123456789a</body></message>", limits: limits).problems
            == ["<body> of 11 bytes exceeds the limit of 10 bytes"])
    }

    @Test func refusesAStanzaOverTheSizeLimit() {
        let limits = StanzaLimits(maximumStanzaBytes: 64, maximumBodyBytes: 64)
        let stanza = Stanza(parsing: "<message><attachment>" + String(repeating: "QUFB", count: 20) + "</attachment></message>", limits: limits)
        #expect(stanza.problems == ["stanza of 124 bytes exceeds the limit of 64 bytes"])
        #expect(stanza.attachment == nil)
    }
}
