@testable import BubbleArchive
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// libxml2 reads on after errors it recovers from, and FoundationXML leaks memory for each error
/// it reports: every reader stops a document at `XMLErrorTally.limit` errors and reports it as
/// it did when it read to the end.
@Suite struct XMLErrorLimitTests {
    /// `count` elements with an undeclared prefix: one recoverable error (libxml2's 201) each.
    static func undeclaredPrefixes(_ count: Int) -> String { String(repeating: "<x:y/>", count: count) }

    @Test func aStanzaStopsAtTheLimitAndNamesItsFirstError() {
        let text = "<message xmlns='jabber:client'><body>hi</body>" + Self.undeclaredPrefixes(100_000) + "</message>"
        let collector = StanzaCollector(limits: .standard)
        _ = XMLParser.forXMPP(text, delegate: collector).parse()
        #expect(collector.errors.count == XMLErrorTally.limit)
        #expect(collector.stanza.body == "hi")
        let stanza = Stanza(parsing: text)
        #expect(stanza.body == "hi")
        #expect(stanza.problems == ["malformed stanza: undefined namespace prefix (libxml2 error 201) at line 1, column 51"])
    }

    @Test func fewerErrorsThanTheLimitAreAllRead() {
        let text = "<message xmlns='jabber:client'>" + Self.undeclaredPrefixes(3) + "<body>after</body></message>"
        let collector = StanzaCollector(limits: .standard)
        _ = XMLParser.forXMPP(text, delegate: collector).parse()
        #expect(collector.errors.count == 3)
        #expect(Stanza(parsing: text).body == "after")
    }

    @Test func aMAMDumpStopsAtTheLimitWithTheSameError() throws {
        let text = MAMDumpTests.result("<message xmlns='jabber:client'><body>hi</body>" + Self.undeclaredPrefixes(100_000) + "</message>")
        let collector = MAMDumpCollector(limits: .standard)
        _ = XMLParser.forXMPP(text, delegate: collector).parse()
        #expect(collector.errors.count == XMLErrorTally.limit)
        #expect(throws: MAMDumpError(file: "d.xml", problem: "malformed XML: undefined namespace prefix (libxml2 error 201)"
                                      + " at line 1, column 246")) {
            try MAMDump(text: text, file: "d.xml")
        }
    }

    @Test func aVCardReadsPastItsNamespaceWarningButNotPastTheLimit() throws {
        // Every vCard has one error: libxml2 warns that `vcard-temp` is not an absolute URI.
        let plain = try VCardFields(xml: "<vCard xmlns='vcard-temp'>" + Self.undeclaredPrefixes(3) + "<NICKNAME>Ann</NICKNAME></vCard>")
        #expect(plain.nickname == "Ann")
        #expect(throws: VCardProblem.self) {
            try VCardFields(xml: "<vCard xmlns='vcard-temp'>" + Self.undeclaredPrefixes(XMLErrorTally.limit) + "<NICKNAME>Ann</NICKNAME></vCard>")
        }
    }
}
