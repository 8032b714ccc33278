import BubbleArchive
import Foundation

/// Why a conversation could not be loaded. Every case names the file as the caller named it;
/// `description` is the sentence `bubbles` prints.
public enum ConversationLoadError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Missing, a folder, not a regular file (a named pipe, a device), unreadable, empty, or
    /// neither SQLite nor JSON.
    case unusableFile(path: String, problem: String)
    /// The XMPP archive or vCard store could not be read.
    case archive(ArchiveError)
    /// The JSON conversation has problems (each with its JSON path).
    case json(JSONConversationError)
    /// The XEP-0313 dump is not XML, holds no results, or is refused (a DTD).
    case mamDump(MAMDumpError)
    /// The archive holds several conversations (or none) that match: pick one with
    /// `account` and `peer`. `candidates` lists those there are.
    case chooseConversation(path: String, problem: String, candidates: [ConversationSummary])
    /// `account` and `peer` name a conversation the archive does not hold.
    case noSuchConversation(path: String, problem: String, candidates: [ConversationSummary])
    /// An `account` or `peer` was given that a JSON conversation does not have.
    case participantMismatch(path: String, problem: String)
    /// `vcards` was given for a JSON conversation, which has its own nicknames.
    case vCardsWithJSON(path: String)

    public var description: String {
        switch self {
        case .unusableFile(let path, let problem): "\(path): \(problem)"
        case .archive(let error): error.description
        case .json(let error): error.description
        case .mamDump(let error): error.description
        case .chooseConversation(_, let problem, _), .noSuchConversation(_, let problem, _): problem
        case .participantMismatch(let path, let problem): "\(path): \(problem)"
        case .vCardsWithJSON: "--vcards applies to XMPP archives, not to a JSON conversation"
        }
    }
}

extension Conversation {
    /// Loads one conversation from an XMPPFramework archive (SQLite, read-only, never changed),
    /// a XEP-0313 (MAM) dump or a JSON conversation file; the file's first bytes decide, not
    /// its name.
    ///
    /// For an archive or a dump, `account` and `peer` pick the conversation; when they are missing (or
    /// only one is given) and exactly one conversation matches, that one is used. A JSON file
    /// holds one conversation: `account`/`peer`, if given, must match its participants.
    /// `displayPath` is how errors name the file (the path as typed; `path` by default).
    public static func load(path: String, account: String? = nil, peer: String? = nil, vCards: String? = nil,
                            displayPath: String? = nil) throws(ConversationLoadError) -> Conversation {
        let shown = displayPath ?? path
        switch try ConversationFileKind(path: path, shown: shown) {
        case .archive:
            return try loadArchive(path: path, shown: shown, account: account, peer: peer, vCards: vCards)
        case .mamDump:
            return try loadMAMDump(path: path, shown: shown, account: account, peer: peer, vCards: vCards)
        case .json:
            if vCards != nil { throw .vCardsWithJSON(path: shown) }
            let conversation: Conversation
            do {
                conversation = try JSONConversationReader().read(path: path, displayPath: shown)
            } catch let error as JSONConversationError {
                throw .json(error)
            } catch {
                throw .unusableFile(path: shown, problem: "\(error)")
            }
            for (option, value, participant) in [("--account", account, conversation.account), ("--peer", peer, conversation.peer)] {
                if let value, value != participant.jid {
                    throw .participantMismatch(path: shown, problem: "\(option) \(value) does not match the JSON conversation's "
                                                                      + "\(option.dropFirst(2)) '\(participant.jid)'")
                }
            }
            return conversation
        }
    }

    private static func loadArchive(path: String, shown: String, account: String?, peer: String?,
                                    vCards: String?) throws(ConversationLoadError) -> Conversation {
        do {
            let archive = try MessageArchive(path: path)
            let chosen = try choose(archive.conversations(), shown: shown, account: account, peer: peer)
            let store = try vCardStore(vCards)
            let conversation = try XMPPConversationReader(archive: archive, vCards: store)
                .conversation(account: chosen.account, peer: chosen.peer)
            if conversation.messages.isEmpty, account != nil, peer != nil {
                // Most likely a mistyped JID: say which conversations there are.
                let all = try archive.conversations()
                if !all.contains(where: { $0.account == chosen.account && $0.peer == chosen.peer }) {
                    throw ConversationLoadError.noSuchConversation(
                        path: shown, problem: choiceProblem(path: shown, matching: all, account: nil, peer: nil,
                                                            missing: "no conversation of \(chosen.account) with \(chosen.peer)"),
                        candidates: all)
                }
            }
            return conversation
        } catch let error as ConversationLoadError {
            throw error
        } catch var error as ArchiveError {
            error.path = shown  // name the file as the user did
            throw .archive(error)
        } catch {
            throw .unusableFile(path: shown, problem: "\(error)")
        }
    }

    private static func loadMAMDump(path: String, shown: String, account: String?, peer: String?,
                                    vCards: String?) throws(ConversationLoadError) -> Conversation {
        let dump: MAMDump
        do {
            dump = try MAMDump(path: path, displayPath: shown)
        } catch {
            throw .mamDump(error)
        }
        let all = dump.conversations()
        let chosen: (account: String, peer: String)
        do {
            chosen = try choose(all, shown: shown, account: account, peer: peer)
        } catch let error as ConversationLoadError {
            throw error
        } catch {
            throw .unusableFile(path: shown, problem: "\(error)")
        }
        guard all.contains(where: { $0.account == chosen.account && $0.peer == chosen.peer }) else {
            throw .noSuchConversation(path: shown, problem: choiceProblem(
                path: shown, matching: all, account: nil, peer: nil,
                missing: "no conversation of \(chosen.account) with \(chosen.peer)"), candidates: all)
        }
        return dump.conversation(account: chosen.account, peer: chosen.peer, vCards: try vCardStore(vCards))
    }

    /// `account` and `peer` as given, else the one conversation that matches what was given.
    private static func choose(_ all: @autoclosure () throws -> [ConversationSummary], shown: String, account: String?,
                               peer: String?) throws -> (account: String, peer: String) {
        if let account, let peer { return (account, peer) }
        let matching = try all().filter { (account == nil || $0.account == account) && (peer == nil || $0.peer == peer) }
        guard matching.count == 1, let only = matching.first else {
            throw ConversationLoadError.chooseConversation(
                path: shown, problem: choiceProblem(path: shown, matching: matching, account: account, peer: peer),
                candidates: matching)
        }
        return (only.account, only.peer)
    }

    private static func vCardStore(_ path: String?) throws(ConversationLoadError) -> VCardStore? {
        guard let path else { return nil }
        do {
            return try VCardStore(path: path)
        } catch var error as ArchiveError {
            error.path = path
            throw .archive(error)
        } catch {
            throw .unusableFile(path: path, problem: "\(error)")
        }
    }

    /// `archive.sqlite: holds 3 conversations; choose one:` and one `--account … --peer …` line each.
    private static func choiceProblem(path: String, matching: [ConversationSummary], account: String?, peer: String?,
                                      missing: String? = nil) -> String {
        let filter = [account.map { "account \($0)" }, peer.map { "peer \($0)" }].compactMap { $0 }
        let scope = filter.isEmpty ? "" : " with " + filter.joined(separator: " and ")
        guard !matching.isEmpty else { return "\(path): holds no conversation\(scope)" }
        let choices = matching.map {
            "  --account \($0.account) --peer \($0.peer)   (\($0.messageCount) message\($0.messageCount == 1 ? "" : "s"))"
        }
        let count = matching.count == 1 ? "1 conversation" : "\(matching.count) conversations"
        let head = missing.map { "\(path): \($0); it holds \(count):" } ?? "\(path): holds \(count)\(scope); choose one:"
        return head + "\n" + choices.joined(separator: "\n")
    }
}

/// What the first bytes of an input say it is.
enum ConversationFileKind {
    case archive, json, mamDump

    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    /// Only a regular file is opened: a named pipe would block here until a writer came.
    init(path: String, shown: String) throws(ConversationLoadError) {
        if let problem = RegularFile.problem(at: path) { throw .unusableFile(path: shown, problem: problem) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unusableFile(path: shown, problem: "cannot be read") }
        defer { try? handle.close() }
        let head = Array((try? handle.read(upToCount: 512)) ?? Data())
        if head.starts(with: Self.sqliteMagic) {
            self = .archive
            return
        }
        // JSON: optional UTF-8 byte order mark, whitespace, then an object.
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        if body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            self = .json
            return
        }
        if MAMDump.looksLikeXML(head) {
            self = .mamDump
            return
        }
        guard !head.isEmpty else { throw .unusableFile(path: shown, problem: "is empty") }
        let bytes = head.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        throw .unusableFile(path: shown, problem: "neither an XMPP message archive (SQLite), a XEP-0313 dump (XML) nor a "
                                                  + "JSON conversation (it starts with the bytes \(bytes))")
    }
}
