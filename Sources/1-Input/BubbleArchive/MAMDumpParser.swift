import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The XMLParser delegate behind `MAMDump`: finds each XEP-0313 `<result>`, its forwarded
/// `<delay>` and `<message>`, and hands the forwarded message's events to a `StanzaCollector`,
/// so a message in a dump is read by exactly the rules an archived stanza is.
final class MAMDumpCollector: NSObject, XMLParserDelegate {
    /// One `<result>` as found: its archive id, the account it was sent to, when the server
    /// archived the message, and the message itself.
    struct Found {
        var id: String?
        var account: String?
        var stamp: String?
        var stanza: Stanza?
        var line: Int
        var problems: [String] = []
    }

    private(set) var results: [Found] = []
    /// libxml2's errors: the first one's place, and how many (parsing stops at a limit).
    private(set) var errors = XMLErrorTally()
    /// The open elements: name, namespace, and for `<message>` its `to`.
    private var stack: [(name: String, namespace: String, to: String?)] = []
    private var current: Found?
    private var forwardedDepth: Int?
    private var messageCollector: StanzaCollector?
    private var messageDepth = 0
    private let limits: StanzaLimits

    static let mamNamespaces: Set<String> = ["urn:xmpp:mam:2", "urn:xmpp:mam:1", "urn:xmpp:mam:0"]
    static let forwardNamespace = "urn:xmpp:forward:0"
    static let delayNamespace = "urn:xmpp:delay"

    init(limits: StanzaLimits) { self.limits = limits }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let namespace = namespaceURI ?? ""
        defer { stack.append((name, namespace, name == "message" ? attributes["to"] : nil)) }
        if let collector = messageCollector {
            messageDepth += 1
            collector.parser(parser, didStartElement: name, namespaceURI: namespaceURI, qualifiedName: qualifiedName,
                             attributes: attributes)
            return
        }
        if name == "result", Self.mamNamespaces.contains(namespace), current == nil {
            // The result's wrapper `<message to=…>` names the account whose archive this is.
            let wrapperTo = stack.last { $0.name == "message" }?.to
            current = Found(id: attributes["id"], account: wrapperTo, line: parser.lineNumber)
        } else if current != nil, name == "forwarded", namespace == Self.forwardNamespace, forwardedDepth == nil {
            forwardedDepth = stack.count + 1
        } else if let depth = forwardedDepth, stack.count == depth {
            if name == "delay", namespace == Self.delayNamespace, current?.stamp == nil {
                current?.stamp = attributes["stamp"] ?? ""
            } else if name == "message", current?.stanza == nil, !StanzaNamespace.stanza.contains(namespace) {
                // XEP-0297 forwards stanzas with their own `xmlns='jabber:client'`; without it
                // the message is in `forwarded`'s namespace and is no stanza.
                current?.problems.append("the forwarded <message> is in namespace '\(namespace)', not jabber:client")
            } else if name == "message", current?.stanza == nil {
                let collector = StanzaCollector(limits: limits)
                messageCollector = collector
                messageDepth = 1
                collector.parser(parser, didStartElement: name, namespaceURI: namespaceURI, qualifiedName: qualifiedName,
                                 attributes: attributes)
            }
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
        if let collector = messageCollector {
            collector.parser(parser, didEndElement: name, namespaceURI: namespaceURI, qualifiedName: qualifiedName)
            messageDepth -= 1
            if messageDepth == 0 {
                current?.stanza = collector.stanza
                messageCollector = nil
            }
            return
        }
        if let depth = forwardedDepth, stack.count == depth - 1 { forwardedDepth = nil }
        if name == "result", Self.mamNamespaces.contains(namespaceURI ?? ""), let found = current {
            results.append(found)
            current = nil
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        messageCollector?.parser(parser, foundCharacters: string)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        messageCollector?.parser(parser, foundCDATA: block)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        errors.note(parser)
    }
}
