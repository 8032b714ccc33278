import ChatBubbles
import Foundation

/// `bubbles list`: what an XMPPFramework archive (or a XEP-0313 dump) holds, per account and
/// per peer, so that the right `--account`/`--peer` can be picked for rendering.
package struct ListCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let json = parsed[Self.json]
        let inputs = parsed.positionals
        guard inputs.count == 1, let input = inputs.first else {
            throw CommandError.usage(inputs.isEmpty ? "give the archive to list" : "give one archive")
        }
        let path = io.resolve(input)
        if isMAMDump(path) {
            let conversations: [ConversationSummary]
            do {
                conversations = try MAMDump(path: path, displayPath: input).conversations()
            } catch {
                throw CommandError(error.description)
            }
            io.write(json ? jsonText(input: input, source: ("mam_dump", "XEP-0313"), conversations: conversations, unassigned: 0)
                          : table(conversations))
            return ExitCode.success
        }
        let archive: MessageArchive
        let conversations: [ConversationSummary]
        let unassigned: Int
        do {
            archive = try MessageArchive(path: path)
            conversations = try archive.conversations()
            unassigned = try archive.unassignedRowCount()
        } catch var error as ArchiveError {
            error.path = input  // name the file as the user did
            throw CommandError(error.description)
        }

        io.write(json ? jsonText(input: input, source: ("model_version", archive.modelVersion.rawValue),
                                 conversations: conversations, unassigned: unassigned)
                      : table(conversations))
        guard unassigned == 0 else {
            io.writeError("bubbles list: \(input): \(unassigned) row\(unassigned == 1 ? " has" : "s have") no account "
                          + "or peer (ZSTREAMBAREJIDSTR/ZBAREJIDSTR) and belong\(unassigned == 1 ? "s" : "") to no conversation\n")
            return ExitCode.partial
        }
        return ExitCode.success
    }

    package static func table(_ conversations: [ConversationSummary]) -> String {
        let header = ["ACCOUNT", "PEER", "MESSAGES", "LAST MESSAGE (UTC)"]
        let rows = conversations.map {
            [$0.account, $0.peer, String($0.messageCount), $0.lastTime.map(isoTime) ?? "-"]
        }
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { displayWidth($0[column]) }.max() ?? 0 }
        var text = ""
        for row in all {
            let cells = row.enumerated().map { column, cell -> String in
                let padding = String(repeating: " ", count: widths[column] - displayWidth(cell))
                return column == 2 ? padding + cell : cell + padding  // counts align right
            }
            text += cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }
        if conversations.isEmpty { text += "(no conversations)\n" }
        return text
    }

    /// A regular file whose first bytes are XML: a XEP-0313 dump, not an SQLite archive.
    package static func isMAMDump(_ path: String) -> Bool {
        guard RegularFile.problem(at: path) == nil, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return MAMDump.looksLikeXML(Array((try? handle.read(upToCount: 64)) ?? Data()))
    }

    /// `source` is what kind of file it is: the archive's Core Data model version, or
    /// `"mam_dump": "XEP-0313"`.
    package static func jsonText(input: String, source: (key: String, value: String), conversations: [ConversationSummary],
                         unassigned: Int) -> String {
        let items = conversations.map { summary in
            "  " + JSONText.object([
                ("account", JSONText.string(summary.account)),
                ("peer", JSONText.string(summary.peer)),
                ("messages", String(summary.messageCount)),
                ("last_time", summary.lastTime.map { JSONText.string(isoTime($0)) } ?? "null"),
                ("last_body", summary.lastBody.map(JSONText.string) ?? "null"),
            ])
        }
        let head = JSONText.object([
            ("archive", JSONText.string(input)),
            (source.key, JSONText.string(source.value)),
            ("unassigned_rows", String(unassigned)),
        ]).dropLast()
        let opening = String(head)
        let list = items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n]"
        return opening + ", \"conversations\": " + list + "}\n"
    }

    /// `2024-03-01T08:07:00Z` (whole seconds, rounded down). Times Core Data could not have
    /// written (beyond ±10^11 s) print as `invalid` rather than as a year nobody can read.
    package static func isoTime(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e11 else { return "invalid" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                            from: Date(timeIntervalSince1970: seconds.rounded(.down)))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// Terminal columns of `text`: East Asian wide and fullwidth characters and emoji take
    /// two, combining marks none, so JIDs in any script line up.
    package static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { width, character in
            guard let first = character.unicodeScalars.first else { return width }
            if first.properties.isEmojiPresentation || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
                return width + 2
            }
            switch first.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                return width + 2
            default:
                return width + (first.properties.generalCategory == .nonspacingMark ? 0 : 1)
            }
        }
    }
}
