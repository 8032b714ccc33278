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
    /// The `from` and `to` attributes (full JIDs); archives know the parties without them, a
    /// XEP-0313 dump does not.
    public var from: String?
    public var to: String?
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
    /// Corrections, retractions, replies, reactions, markers, fallbacks and ids of current clients.
    public var extensions = MessageExtensions()
    /// Everything that made part of the stanza unusable, each a short sentence.
    public var problems: [String] = []

    public init() {}

    /// Parses `text` with FoundationXML, namespaces on. Stanzas with a DTD or a processing
    /// instruction are refused before the parser sees them (see `ForbiddenXML`): XMPP forbids
    /// both, libxml2 would spend seconds of CPU on an entity-amplification ("billion laughs")
    /// stanza, and FoundationXML crashes the process on an instruction without data.
    public init(parsing text: String, limits: StanzaLimits = .standard) {
        let byteCount = text.utf8.count
        guard byteCount <= limits.maximumStanzaBytes else {
            problems.append("stanza of \(byteCount) bytes exceeds the limit of \(limits.maximumStanzaBytes) bytes")
            return
        }
        switch ForbiddenXML.first(in: text) {
        case .declaration(let declaration)?:
            problems.append("stanza refused: it contains \(declaration) (XMPP forbids DTDs and entity declarations)")
            return
        case .processingInstruction(let instruction)?:
            problems.append("stanza refused: it contains the processing instruction \(instruction) (XMPP forbids processing instructions)")
            return
        case nil:
            break
        }
        let collector = StanzaCollector(limits: limits)
        let parser = XMLParser.forXMPP(text, delegate: collector)
        _ = parser.parse()  // returns true for some malformed input: `parserError` decides
        self = collector.stanza
        if let error = parser.parserError, !collector.refusedRoot {
            let code = (error as NSError).code
            let position = collector.errors.firstPosition ?? (parser.lineNumber, parser.columnNumber)
            problems.append("malformed stanza: \(StanzaParseErrors.describe(code: code)) (libxml2 error \(code))"
                + " at line \(position.line), column \(position.column)")
        } else if collector.rootName == nil {
            problems.append("malformed stanza: no element")
        }
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
