import BubbleArchive
import BubblesCommand
import Foundation
import Testing

/// The committed sample (Samples/chat.sqlite and vcards.sqlite, written by
/// Samples/make_sample_archive.py) opens, lists both conversations and holds what the README
/// says it holds; reading it changes nothing.
struct SampleArchiveTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    let archivePath = samples.appendingPathComponent("chat.sqlite").path
    let vCardsPath = samples.appendingPathComponent("vcards.sqlite").path

    /// The sample files' bytes and whether any sidecar exists beside them.
    func state() throws -> [String: Data] {
        var state: [String: Data] = [:]
        for path in [archivePath, vCardsPath] {
            state[path] = try Data(contentsOf: URL(fileURLWithPath: path))
            for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
                state[path + suffix] = Data()
            }
        }
        return state
    }

    @Test func theSampleListsBothConversations() throws {
        let before = try state()
        #expect(before.count == 2)  // committed without WAL sidecars
        let bytes = try #require(before[archivePath])
        #expect([bytes[18], bytes[19]] == [1, 1])  // rollback-journal mode in the header: WAL off

        let output = SampleOutput()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.add($0) }, writeError: { output.add("stderr: " + $0) })
        #expect(Bubbles.main(["list", archivePath], io: io) == 0)
        #expect(output.text == """
            ACCOUNT          PEER                     MESSAGES  LAST MESSAGE (UTC)
            me@chat.example  han.meimei@chat.example         4  2024-03-02T11:06:30Z
            me@chat.example  li.lei@chat.example            35  2024-03-02T19:01:00Z

            """)
        #expect(try state() == before)
    }

    @Test func theSampleHoldsEveryKindOfMessage() throws {
        let before = try state()
        let archive = try MessageArchive(path: archivePath)
        #expect(archive.modelVersion == .withComposingAndMessageId)
        let rows = try archive.rows(account: "me@chat.example", peer: "li.lei@chat.example")
        #expect(rows.count == 35)
        #expect(rows.allSatisfy { $0.problems.isEmpty && $0.stanza?.hasPrefix("<message xmlns=\"jabber:client\" type=\"chat\"") == true })
        #expect(rows.last?.composing == true)
        #expect(rows.last?.body == nil)
        #expect(rows.dropLast().allSatisfy { $0.composing == false && $0.body != nil })
        #expect(rows.filter { $0.outgoing == true }.count == 16)

        let images = rows.filter { $0.body == "image" }.compactMap { attachmentBytes($0.stanza) }
        #expect(images.count == 2)
        #expect(images.first.map { Array($0.prefix(3)) } == [0xFF, 0xD8, 0xFF])  // the wide JPEG
        #expect(images.first?.count == 8726)
        #expect(pngSize(images[1])! == (120, 260))  // the tall PNG
        #expect(rows.compactMap(\.body).filter { $0.hasPrefix("audio：") } == ["audio：3.2″", "audio：7.5″", "audio：12.0″", "audio：2.0″"])
        #expect(rows.filter { $0.body?.hasPrefix("audio：") == true }.allSatisfy {
            attachmentBytes($0.stanza)?.starts(with: Array("#!AMR\n".utf8)) == true
        })
        #expect(rows.contains { $0.stanza?.contains("<delay xmlns=\"urn:xmpp:delay\"") == true })
        #expect(rows.contains { $0.stanza?.contains("<x xmlns=\"jabber:x:oob\">") == true })
        #expect(rows.contains { ($0.body?.count ?? 0) > 300 })  // the long paragraph
        #expect(try state() == before)
    }

    @Test func theSampleVCardsNameEveryone() throws {
        let before = try state()
        let vCards = try VCardStore(path: vCardsPath)
        let names = ["me@chat.example", "li.lei@chat.example", "han.meimei@chat.example"].map {
            vCards.participant(jid: $0)?.nickname
        }
        #expect(names == ["Me", "李雷", "Han Meimei"])
        for jid in ["me@chat.example", "li.lei@chat.example", "han.meimei@chat.example"] {
            let avatar = try #require(vCards.participant(jid: jid)?.avatar)
            #expect(pngSize(avatar)! == (80, 80))
        }
        #expect(try state() == before)
    }
}

final class SampleOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    func add(_ text: String) { lock.lock(); stored += text; lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return stored }
}
