import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What one archived `<message>` stanza (ZMESSAGESTR, the row's source of truth) says.
/// Parsing never fails as a whole: whatever is wrong becomes a line in `problems`, so one bad
/// row costs one placeholder bubble and never the conversation.
public struct Stanza: Sendable, Equatable {
    /// The `type` attribute: `chat`, `groupchat`, `error`, …
    public var type: String?
    /// The `id` attribute.
    public var id: String?
    /// The first `<body>`'s text, entities and CDATA resolved.
    public var body: String?
    public var thread: String?
    /// The decoded bytes of the `<attachment>` (the origin app's image or voice payload).
    public var attachment: Data?
    /// The XEP-0203 `<delay xmlns='urn:xmpp:delay' stamp=…/>`.
    public var delayedSince: Date?
    /// The XEP-0085 chat state: `composing`, `paused`, `active`, `inactive` or `gone`.
    public var chatState: String?
    /// The XEP-0066 `<x xmlns='jabber:x:oob'><url>`.
    public var outOfBandURL: String?
    /// XEP-0184 `<request xmlns='urn:xmpp:receipts'/>`.
    public var receiptRequested = false
    /// XEP-0184 `<received id=…/>`: the id of the message this stanza acknowledges.
    public var receiptFor: String?
    /// Everything that made part of the stanza unusable, each a short sentence.
    public var problems: [String] = []

    public init() {}

    /// Parses `text` with FoundationXML, namespaces on. Stanzas with a DTD are refused before
    /// the parser sees them: XMPP forbids DTDs, and libxml2 would spend seconds of CPU on an
    /// entity-amplification ("billion laughs") stanza before giving up.
    public init(parsing text: String, limits: StanzaLimits = .standard) {
        let byteCount = text.utf8.count
        guard byteCount <= limits.maximumStanzaBytes else {
            problems.append("stanza of \(byteCount) bytes exceeds the limit of \(limits.maximumStanzaBytes) bytes")
            return
        }
        if let declaration = Stanza.firstDTDDeclaration(in: text) {
            problems.append("stanza refused: it contains \(declaration) (XMPP forbids DTDs and entity declarations)")
            return
        }
        let collector = StanzaCollector(limits: limits)
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        _ = parser.parse()  // returns true for some malformed input: `parserError` decides
        self = collector.stanza
        if let error = parser.parserError, !collector.refusedRoot {
            let code = (error as NSError).code
            let position = collector.errorPosition ?? (parser.lineNumber, parser.columnNumber)
            problems.append("malformed stanza: \(StanzaParseErrors.describe(code: code)) (libxml2 error \(code))"
                + " at line \(position.line), column \(position.column)")
        } else if collector.rootName == nil {
            problems.append("malformed stanza: no element")
        }
    }

    /// `<!DOCTYPE` or `<!ENTITY` (any letter case), found by a byte scan of the raw text.
    static func firstDTDDeclaration(in text: String) -> String? {
        let doctype = Array("DOCTYPE".utf8), entity = Array("ENTITY".utf8)
        let bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "!") {
                if matches(bytes, at: index + 2, uppercase: doctype) { return "<!DOCTYPE" }
                if matches(bytes, at: index + 2, uppercase: entity) { return "<!ENTITY" }
            }
            index += 1
        }
        return nil
    }

    private static func matches(_ bytes: [UInt8], at start: Int, uppercase word: [UInt8]) -> Bool {
        guard start + word.count <= bytes.count else { return false }
        for (offset, letter) in word.enumerated() where bytes[start + offset] & 0xDF != letter {
            return false
        }
        return true
    }
}

/// Size bounds that keep one hostile row from costing more than a moment and a few megabytes.
public struct StanzaLimits: Sendable, Equatable {
    /// A whole stanza, base64 attachment included (a 12 MB photo is 16 MB of base64).
    public var maximumStanzaBytes: Int
    /// The `<body>` text: longer bodies are a problem, not a message (nobody types a megabyte).
    public var maximumBodyBytes: Int

    public init(maximumStanzaBytes: Int, maximumBodyBytes: Int) {
        self.maximumStanzaBytes = maximumStanzaBytes
        self.maximumBodyBytes = maximumBodyBytes
    }

    public static let standard = StanzaLimits(maximumStanzaBytes: 16 << 20, maximumBodyBytes: 1 << 20)
}

/// Namespaces the stanza's parts are recognised in; an element of the same name in any other
/// namespace is someone else's extension and is ignored.
enum StanzaNamespace {
    static let stanza: Set<String> = ["", "jabber:client", "jabber:server", "jabber:component:accept"]
    static let delay = "urn:xmpp:delay"
    static let chatStates = "http://jabber.org/protocol/chatstates"
    static let outOfBand = "jabber:x:oob"
    static let receipts = "urn:xmpp:receipts"
    static let chatStateNames: Set<String> = ["composing", "paused", "active", "inactive", "gone"]
}
