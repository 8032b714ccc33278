import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A file of XEP-0313 (Message Archive Management) results, the form in which a client or a
/// server hands out history: `<message><result xmlns='urn:xmpp:mam:2' id=…><forwarded
/// xmlns='urn:xmpp:forward:0'><delay stamp=…/><message …/></forwarded></result></message>`,
/// either one after another or inside one root element (a saved XML stream). Each forwarded
/// message is read by the stanza parser's rules; the delay stamp is its time.
public struct MAMDump: Sendable {
    /// One archived message: the account it belongs to, the peer, and the message.
    public struct Entry: Sendable, Equatable {
        public var account: String
        public var peer: String
        public var message: Message
    }

    public var entries: [Entry]

    /// A dump larger than this is refused before parsing (as a JSON conversation is).
    public static let maximumFileBytes = 64 << 20

    /// Whether the first bytes look like XML (after an optional byte order mark and whitespace).
    public static func looksLikeXML(_ head: [UInt8]) -> Bool {
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        return body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<")
    }

    /// Reads the dump at `path`; errors name it as `displayPath`.
    public init(path: String, displayPath: String? = nil, limits: StanzaLimits = .standard) throws(MAMDumpError) {
        let shown = displayPath ?? path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        guard let size else { throw MAMDumpError(file: shown, problem: "no such file") }
        guard size <= Self.maximumFileBytes else {
            throw MAMDumpError(file: shown, problem: "\(size) bytes is more than the limit of \(Self.maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw MAMDumpError(file: shown, problem: "cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { throw MAMDumpError(file: shown, problem: "is not UTF-8") }
        try self.init(text: text, file: shown, limits: limits)
    }

    /// Reads a dump already in memory; `file` names it in errors.
    public init(text: String, file: String, limits: StanzaLimits = .standard) throws(MAMDumpError) {
        switch ForbiddenXML.first(in: text) {
        case .declaration(let declaration)?:
            throw MAMDumpError(file: file, problem: "refused: it contains \(declaration) (XMPP forbids DTDs and entity declarations)")
        case .processingInstruction(let instruction)?:
            throw MAMDumpError(file: file, problem: "refused: it contains the processing instruction \(instruction)"
                                                    + " (XMPP forbids processing instructions)")
        case nil:
            break
        }
        let (document, lineOffset) = Self.singleRooted(text)
        let collector = MAMDumpCollector(limits: limits)
        let parser = XMLParser.forXMPP(document, delegate: collector)
        _ = parser.parse()
        if let error = parser.parserError {
            let code = (error as NSError).code
            let position = collector.errors.firstPosition ?? (parser.lineNumber, parser.columnNumber)
            throw MAMDumpError(file: file, problem: "malformed XML: \(StanzaParseErrors.describe(code: code)) (libxml2 error \(code))"
                                                    + " at line \(position.line - lineOffset), column \(position.column)")
        }
        guard !collector.results.isEmpty else {
            throw MAMDumpError(file: file, problem: "holds no XEP-0313 <result> (urn:xmpp:mam:2) with a forwarded message")
        }
        entries = collector.results.enumerated().map { Self.entry($1, number: $0 + 1) }
    }

    /// Results one after another are not one XML document: they are read inside a root of our
    /// own (after the XML declaration, if any), which shifts line numbers by the one it adds.
    private static func singleRooted(_ text: String) -> (String, lineOffset: Int) {
        var body = Substring(text)
        var declaration = Substring("")
        if body.hasPrefix("<?xml"), let end = body.range(of: "?>") {
            declaration = body[..<end.upperBound]
            body = body[end.upperBound...]
        }
        let firstElement = body.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard firstElement.hasPrefix("<message") else { return (text, 0) }
        return (declaration + "<mam-dump>\n" + body + "\n</mam-dump>", 1)
    }

    private static func entry(_ found: MAMDumpCollector.Found, number: Int) -> Entry {
        let stanza = found.stanza
        var problems = found.problems
        if stanza == nil, problems.isEmpty { problems.append("<result> forwards no <message>") }
        var time = found.stamp.flatMap(XMPPDateTime.parse)
        if time == nil {
            problems.append(found.stamp.map { "<delay> stamp '\($0.prefix(64))' is not an XEP-0082 date-time" }
                            ?? "<forwarded> has no <delay> stamp")
            time = stanza?.delayedSince
        }
        let account = bare(found.account) ?? bare(stanza?.to) ?? ""
        let from = bare(stanza?.from)
        let outgoing = from == account
        let peer = (outgoing ? bare(stanza?.to) : from) ?? ""
        var message = Message(stanza: stanza, source: "result \(found.id ?? String(number))", outgoing: outgoing,
                              time: time ?? Date(timeIntervalSinceReferenceDate: 0), body: stanza?.body,
                              problems: problems)
        if let id = found.id, !message.extensions.archiveIds.contains(id) { message.extensions.archiveIds.append(id) }
        return Entry(account: account, peer: peer, message: message)
    }

    static func bare(_ jid: String?) -> String? {
        guard let jid, !jid.isEmpty else { return nil }
        return String(jid.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)[0]).lowercased()
    }

    /// Every conversation, account then peer, with its count and newest message.
    public func conversations() -> [ConversationSummary] {
        var order: [String: [Entry]] = [:]
        for entry in entries { order["\(entry.account)\n\(entry.peer)", default: []].append(entry) }
        return order.values.map { group in
            let newest = group.max { $0.message.time < $1.message.time }
            return ConversationSummary(account: group[0].account, peer: group[0].peer, messageCount: group.count,
                                       lastTime: newest?.message.time, lastBody: newest?.message.body)
        }.sorted { ($0.account, $0.peer) < ($1.account, $1.peer) }
    }

    /// The conversation of `account` with `peer`, in time order (equal times keep the file's).
    public func conversation(account: String, peer: String, vCards: VCardStore? = nil) -> Conversation {
        let messages = entries.enumerated()
            .filter { $0.element.account == account && $0.element.peer == peer }
            .sorted { ($0.element.message.time, $0.offset) < ($1.element.message.time, $1.offset) }
            .map(\.element.message)
        return Conversation(account: vCards?.participant(jid: account) ?? Participant(jid: account),
                            peer: vCards?.participant(jid: peer) ?? Participant(jid: peer), messages: messages)
    }
}

/// A MAM dump that cannot be read at all (one message's problems are warnings, not this).
public struct MAMDumpError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { "\(file): \(problem)" }
}
