import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The errors libxml2 reports while one XMPP document (a stanza, a vCard, a MAM dump) is read:
/// where the first one was and how many came; after `limit` of them, parsing stops.
///
/// libxml2 goes on after the errors it can recover from (an undeclared prefix, a duplicate
/// attribute), and FoundationXML leaks about 80 bytes for every error it passes on (the domain
/// string it makes for each CFError is never released): a 6 MB MAM dump of a million `<x:y/>`
/// took 2.8 s and 144 MB before it was refused, and a 16 MB stanza in an archive row could
/// leak about 200 MB. A document with that many errors is malformed whatever follows, so the
/// readers report it as before (the first error's place, the latest error's code) without
/// reading on.
/// Real documents have none or one: `xmlns='vcard-temp'` is a warning (libxml2's 100, "not an
/// absolute URI") in every vCard.
struct XMLErrorTally {
    static let limit = 16

    /// Where libxml2 was at the first error: once `parse()` returns, the parser's position is
    /// the end of the input, not the fault.
    private(set) var firstPosition: (line: Int, column: Int)?
    private(set) var count = 0

    /// Notes an error the parser reported to its delegate; stops the parser at the limit.
    mutating func note(_ parser: XMLParser) {
        if firstPosition == nil { firstPosition = (parser.lineNumber, parser.columnNumber) }
        count += 1
        if count == Self.limit { parser.abortParsing() }
    }
}
