import BubbleArchive
import Foundation

/// Loads the one conversation a command works on, from either input the tool accepts: an
/// XMPPFramework archive (SQLite) or a JSON conversation file. The file's first bytes decide,
/// not its name, so a renamed archive still works and a wrong file gets a clear error.
///
/// For an archive, `account` and `peer` pick the conversation; when they are missing (or only
/// one is given) and exactly one conversation matches, that one is used, and otherwise the error
/// lists the candidates. A JSON file holds one conversation: `account`/`peer`, if given, must
/// match its participants. Errors are `CommandError`s naming the file as the user typed it.
public func loadConversation(path: String, account: String?, peer: String?, vcards: String?,
                             io: CommandIO) throws -> Conversation {
    let resolved = io.resolve(path)
    switch try ConversationFileKind(path: path, resolved: resolved) {
    case .archive:
        return try loadArchiveConversation(path: path, resolved: resolved, account: account, peer: peer,
                                           vcards: vcards, io: io)
    case .json:
        if vcards != nil { throw CommandError.usage("--vcards applies to XMPP archives, not to a JSON conversation") }
        let conversation: Conversation
        do {
            conversation = try JSONConversationReader().read(path: resolved, displayPath: path)
        } catch let error as JSONConversationError {
            throw CommandError(error.description)
        }
        for (option, value, participant) in [("--account", account, conversation.account), ("--peer", peer, conversation.peer)] {
            if let value, value != participant.jid {
                throw CommandError("\(path): \(option) \(value) does not match the JSON conversation's "
                                   + "\(option.dropFirst(2)) '\(participant.jid)'")
            }
        }
        return conversation
    }
}

/// What the first bytes of an input say it is.
enum ConversationFileKind {
    case archive, json

    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    init(path: String, resolved: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) else {
            throw CommandError("\(path): no such file")
        }
        guard !isFolder.boolValue else { throw CommandError("\(path): is a folder, not a file") }
        guard let handle = FileHandle(forReadingAtPath: resolved) else { throw CommandError("\(path): cannot be read") }
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
        guard !head.isEmpty else { throw CommandError("\(path): is empty") }
        let shown = head.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        throw CommandError("\(path): neither an XMPP message archive (SQLite) nor a JSON conversation "
                           + "(it starts with the bytes \(shown))")
    }
}

private func loadArchiveConversation(path: String, resolved: String, account: String?, peer: String?,
                                     vcards: String?, io: CommandIO) throws -> Conversation {
    do {
        let archive = try MessageArchive(path: resolved)
        var chosen = (account: account ?? "", peer: peer ?? "")
        if account == nil || peer == nil {
            let matching = try archive.conversations().filter {
                (account == nil || $0.account == account) && (peer == nil || $0.peer == peer)
            }
            guard matching.count == 1, let only = matching.first else {
                throw CommandError(conversationChoiceProblem(path: path, matching: matching, account: account, peer: peer),
                                   exitCode: matching.isEmpty ? ExitCode.failure : ExitCode.usage)
            }
            chosen = (only.account, only.peer)
        }
        var store: VCardStore?
        if let vcards {
            do {
                store = try VCardStore(path: io.resolve(vcards))
            } catch var error as ArchiveError {
                error.path = vcards
                throw CommandError(error.description)
            }
        }
        let conversation = try XMPPConversationReader(archive: archive, vCards: store)
            .conversation(account: chosen.account, peer: chosen.peer)
        if conversation.messages.isEmpty, account != nil, peer != nil {
            // Most likely a mistyped JID: say which conversations there are.
            let all = try archive.conversations()
            if !all.contains(where: { $0.account == chosen.account && $0.peer == chosen.peer }) {
                throw CommandError(conversationChoiceProblem(path: path, matching: all, account: nil, peer: nil,
                                                             missing: "no conversation of \(chosen.account) with \(chosen.peer)"))
            }
        }
        return conversation
    } catch var error as ArchiveError {
        error.path = path  // name the file as the user did
        throw CommandError(error.description)
    }
}

/// `archive.sqlite: holds 3 conversations; choose one:` and one `--account … --peer …` line each.
private func conversationChoiceProblem(path: String, matching: [ConversationSummary], account: String?, peer: String?,
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
