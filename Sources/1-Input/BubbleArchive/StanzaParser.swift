import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The XMLParser delegate behind `Stanza(parsing:)`. Only the root `<message>` and its direct
/// children count: a `<body>` inside a forwarded or quoted message is not this message's body.
final class StanzaCollector: NSObject, XMLParserDelegate {
    private(set) var stanza = Stanza()
    private(set) var rootName: String?
    /// The root is not a `<message>`: parsing stopped on purpose, not on an XML error.
    private(set) var refusedRoot = false
    /// libxml2's errors: the first one's place, and how many (parsing stops at a limit).
    private(set) var errors = XMLErrorTally()
    private let limits: StanzaLimits
    private var rootNamespace = ""
    private var depth = 0
    private var insideOutOfBand = false
    /// The depth-2 extension element whose children are being read.
    private var openExtension: OpenExtension?
    private var capture: CapturedField?
    private var text = ""
    private var textBytes = 0
    private var bodyWasTooLong = false

    /// The element whose text is being collected.
    private enum CapturedField { case body, thread, attachment, outOfBandURL, reaction }

    /// Extension elements whose children matter: v0.x retraction's `<apply-to>`, a
    /// `<fallback>`'s `<body start end>` ranges, `<reactions>`' emoji.
    private enum OpenExtension {
        case applyTo(id: String)
        case fallback(namespace: String, ranges: [Range<Int>], sawBody: Bool)
        case reactions(id: String, emojis: [String])
    }

    init(limits: StanzaLimits) { self.limits = limits }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        let namespace = namespaceURI ?? ""
        if depth == 1 {
            startRoot(name: name, namespace: namespace, attributes: attributes, parser: parser)
        } else if depth == 2 {
            startChild(name: name, namespace: namespace, attributes: attributes)
        } else if depth == 3, insideOutOfBand, namespace == StanzaNamespace.outOfBand, name == "url",
                  stanza.outOfBandURL == nil {
            begin(.outOfBandURL)
        } else if depth == 3 {
            startGrandchild(name: name, namespace: namespace, attributes: attributes)
        }
    }

    private func startRoot(name: String, namespace: String, attributes: [String: String], parser: XMLParser) {
        rootName = name
        rootNamespace = namespace
        guard name == "message", StanzaNamespace.stanza.contains(namespace) else {
            let where_ = namespace.isEmpty ? "" : " in namespace '\(namespace)'"
            stanza.problems.append("the stanza is <\(name)>\(where_), not a <message>")
            refusedRoot = true
            parser.abortParsing()
            return
        }
        stanza.id = attributes["id"]
        stanza.type = attributes["type"]
        stanza.from = attributes["from"]
        stanza.to = attributes["to"]
    }

    private func startChild(name: String, namespace: String, attributes: [String: String]) {
        switch (namespace, name) {
        case (rootNamespace, "body") where stanza.body == nil && !bodyWasTooLong:
            begin(.body)
        case (rootNamespace, "thread") where stanza.thread == nil:
            begin(.thread)
        case (rootNamespace, "attachment") where stanza.attachment == nil:
            begin(.attachment)
        case (StanzaNamespace.delay, "delay") where stanza.delayedSince == nil:
            guard let stamp = attributes["stamp"] else {
                stanza.problems.append("<delay> has no stamp")
                return
            }
            if let date = XMPPDateTime.parse(stamp) {
                stanza.delayedSince = date
            } else {
                stanza.problems.append("<delay> stamp '\(stamp.prefix(64))' is not an XEP-0082 date-time")
            }
        case (StanzaNamespace.chatStates, _) where stanza.chatState == nil:
            if StanzaNamespace.chatStateNames.contains(name) { stanza.chatState = name }
        case (StanzaNamespace.outOfBand, "x"):
            insideOutOfBand = true
        case (StanzaNamespace.receipts, "request"):
            stanza.receiptRequested = true
        case (StanzaNamespace.receipts, "received"):
            stanza.receiptFor = attributes["id"] ?? ""
        default:
            startExtension(name: name, namespace: namespace, attributes: attributes)
        }
    }

    /// The XEPs of current clients (MessageExtensions); an element without the id it needs is
    /// a problem of this stanza, never a guess.
    private func startExtension(name: String, namespace: String, attributes: [String: String]) {
        let id = attributes["id"].flatMap { $0.isEmpty ? nil : $0 }
        func required(_ what: String) -> String? {
            if id == nil { stanza.problems.append("<\(name) xmlns='\(namespace)'> has no id: \(what) ignored") }
            return id
        }
        switch (namespace, name) {
        case (ExtensionNamespace.stanzaIds, "origin-id"):
            stanza.extensions.originId = stanza.extensions.originId ?? id
        case (ExtensionNamespace.stanzaIds, "stanza-id"):
            if let id { stanza.extensions.archiveIds.append(id) }
        case (ExtensionNamespace.correction, "replace"):
            stanza.extensions.replaces = required("the correction")
        case (ExtensionNamespace.retraction, "retract"):
            stanza.extensions.retracts = required("the retraction")
        case (ExtensionNamespace.retraction, "retracted"), (ExtensionNamespace.retractionV0, "retracted"):
            stanza.extensions.isRetracted = true
        case (ExtensionNamespace.fasten, "apply-to"):
            if let id = required("the fastening") { openExtension = .applyTo(id: id) }
        case (ExtensionNamespace.reply, "reply"):
            if let id = required("the reply") { stanza.extensions.reply = ReplyReference(id: id, to: attributes["to"]) }
        case (ExtensionNamespace.fallback, "fallback"):
            openExtension = .fallback(namespace: attributes["for"] ?? "", ranges: [], sawBody: false)
        case (ExtensionNamespace.reactions, "reactions"):
            if let id = required("the reactions") { openExtension = .reactions(id: id, emojis: []) }
        case (ExtensionNamespace.markers, let marker):
            if let kind = ChatMarker.Kind(rawValue: marker), let id = required("the chat marker") {
                stanza.extensions.marker = ChatMarker(kind: kind, messageId: id)
            }
        case (ExtensionNamespace.styling, "unstyled"):
            stanza.extensions.unstyled = true
        default:
            break
        }
    }

    private func startGrandchild(name: String, namespace: String, attributes: [String: String]) {
        switch (openExtension, namespace, name) {
        case (.applyTo(let id)?, ExtensionNamespace.retractionV0, "retract"):
            stanza.extensions.retracts = id
        case (.fallback(let target, var ranges, _)?, ExtensionNamespace.fallback, "body"):
            // XEP-0428: offsets in code points; both or neither.
            switch (attributes["start"].flatMap { Int($0) }, attributes["end"].flatMap { Int($0) }) {
            case (let start?, let end?) where 0 <= start && start <= end:
                ranges.append(start..<end)
            case (nil, nil) where attributes["start"] == nil && attributes["end"] == nil:
                break
            default:
                stanza.problems.append("<fallback for='\(target)'> body range start='\(attributes["start"] ?? "")'"
                                       + " end='\(attributes["end"] ?? "")' is not two offsets with start ≤ end")
            }
            openExtension = .fallback(namespace: target, ranges: ranges, sawBody: true)
        case (.reactions?, ExtensionNamespace.reactions, "reaction"):
            begin(.reaction)
        default:
            break
        }
    }

    /// A closing depth-2 extension element: what it gathered becomes part of the stanza.
    private func endExtension() {
        switch openExtension {
        case .fallback(let target, let ranges, let sawBody)?:
            // A `<fallback>` without `<body>` ranges marks the whole body.
            let parts = sawBody && !ranges.isEmpty ? ranges.map { Optional($0) } : [nil]
            stanza.extensions.fallbacks += parts.map { BodyFallback(namespace: target, range: $0) }
        case .reactions(let id, let emojis)?:
            stanza.extensions.reactions = ReactionUpdate(messageId: id, emojis: emojis)
        case .applyTo?, nil:
            break
        }
        openExtension = nil
    }

    private func begin(_ field: CapturedField) {
        capture = field
        text = ""
        textBytes = 0
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        append(String(decoding: block, as: UTF8.self))
    }

    private func append(_ string: String) {
        guard let capture else { return }
        textBytes += string.utf8.count
        if capture == .body, textBytes > limits.maximumBodyBytes { return }  // counted, not kept
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        if depth == 2, namespaceURI ?? "" == StanzaNamespace.outOfBand, name == "x" { insideOutOfBand = false }
        if depth == 2, openExtension != nil, capture == nil { endExtension() }
        guard let field = capture, depth == (field == .outOfBandURL || field == .reaction ? 3 : 2) else { return }
        capture = nil
        switch field {
        case .body:
            if textBytes > limits.maximumBodyBytes {
                bodyWasTooLong = true
                stanza.problems.append("<body> of \(textBytes) bytes exceeds the limit of \(limits.maximumBodyBytes) bytes")
            } else {
                stanza.body = text
            }
        case .thread:
            stanza.thread = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .attachment:
            if let bytes = AttachmentBase64.decode(text), !bytes.isEmpty {
                stanza.attachment = bytes
            } else {
                stanza.problems.append(bytesAreBlank ? "empty <attachment>" : "invalid base64 in <attachment>")
            }
        case .outOfBandURL:
            stanza.outOfBandURL = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .reaction:
            let emoji = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if case .reactions(let id, var emojis)? = openExtension, !emoji.isEmpty, !emojis.contains(emoji) {
                emojis.append(emoji)
                openExtension = .reactions(id: id, emojis: emojis)
            }
        }
        text = ""
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        errors.note(parser)
    }

    private var bytesAreBlank: Bool { text.allSatisfy { $0.isWhitespace } }
}

/// Words for libxml2's error codes (`xmlParserErrors`), which FoundationXML passes through as
/// bare numbers with no message.
enum StanzaParseErrors {
    static func describe(code: Int) -> String {
        names[code] ?? "XML error"
    }

    private static let names: [Int: String] = [
        3: "no element at the start of the document",
        4: "empty document",
        5: "the document ends too early or has content after its root element",
        6: "invalid hexadecimal character reference",
        7: "invalid decimal character reference",
        8: "invalid character reference",
        9: "invalid character",
        23: "entity reference without a semicolon",
        26: "undeclared entity",
        27: "undeclared entity",
        31: "unknown encoding",
        32: "unsupported encoding",
        38: "'<' in an attribute value",
        39: "attribute value without quotes",
        40: "unfinished attribute value",
        41: "attribute without a value",
        42: "attribute given twice",
        45: "unfinished comment",
        63: "unfinished CDATA section",
        64: "reserved XML name",
        65: "space required",
        68: "name required",
        73: "'>' required",
        74: "'</' required",
        76: "closing tag does not match the opening tag",
        77: "unfinished element",
        85: "unbalanced elements",
        86: "content after the root element",
        89: "entity loop",
        201: "undefined namespace prefix",
        202: "invalid qualified name",
        203: "namespaced attribute given twice",
        204: "empty namespace name",
    ]
}
