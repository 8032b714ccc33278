import BubbleArchive
import Foundation
import Testing

/// Reading the XMPPFramework archive of both model versions: conversations, row order, the
/// values of each column.
struct MessageArchiveTests {
    let me = "me@chat.example"
    let li = "li.lei@chat.example"

    @Test func listsEveryConversationPerAccountAndPeer() throws {
        let directory = try ScratchDirectory()
        let archive = try MessageArchive(path: ArchiveFixture.main(in: directory))
        #expect(archive.modelVersion == .withComposingAndMessageId)
        #expect(archive.access == .inPlace)
        let conversations = try archive.conversations()
        #expect(conversations == [
            ConversationSummary(account: me, peer: "han.meimei@chat.example", messageCount: 2,
                                lastTime: Date(timeIntervalSinceReferenceDate: 731_106_900), lastBody: "Yes! 周六见 😀"),
            // The newest row is the composing one: it has no body.
            ConversationSummary(account: me, peer: li, messageCount: 9,
                                lastTime: Date(timeIntervalSinceReferenceDate: 730_973_220), lastBody: nil),
            ConversationSummary(account: "work@corp.example", peer: "boss@corp.example", messageCount: 1,
                                lastTime: Date(timeIntervalSinceReferenceDate: 730_814_400),
                                lastBody: "Please send the quarterly numbers."),
        ])
        #expect(try archive.unassignedRowCount() == 0)
    }

    @Test func rowsComeInTimestampThenPrimaryKeyOrder() throws {
        let directory = try ScratchDirectory()
        let archive = try MessageArchive(path: ArchiveFixture.main(in: directory))
        // Row 7 was delivered late: its timestamp (the delay stamp) puts it first.
        #expect(try archive.rows(account: me, peer: li).map(\.primaryKey) == [7, 1, 2, 3, 4, 5, 6, 8, 9])
        // Rows 10 and 11 share a timestamp: Z_PK breaks the tie.
        #expect(try archive.rows(account: me, peer: "han.meimei@chat.example").map(\.primaryKey) == [10, 11])
        // Account and peer must both match.
        #expect(try archive.rows(account: "work@corp.example", peer: li).isEmpty)
        #expect(try archive.rows(account: me, peer: "nobody@chat.example").isEmpty)
    }

    @Test func rowValuesAreReadAsStored() throws {
        let directory = try ScratchDirectory()
        let rows = try MessageArchive(path: ArchiveFixture.main(in: directory)).rows(account: me, peer: li)
        let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0.primaryKey, $0) })
        let first = try #require(byKey[1])
        #expect(first.body == "你好！Are you there? 👋")
        #expect(first.outgoing == false)
        #expect(first.composing == false)
        #expect(first.timestamp == 730_972_800)
        #expect(first.time == Date(timeIntervalSince1970: 1_709_280_000))  // 2024-03-01T08:00:00Z
        #expect(first.account == me)
        #expect(first.peer == li)
        #expect(first.messageId == "li-001")
        #expect(first.thread == nil)
        #expect(first.stanza == "<message xmlns=\"jabber:client\" type=\"chat\" to=\"me@chat.example/iPhone\" "
                + "from=\"li.lei@chat.example/Android\" id=\"li-001\"><body>你好！Are you there? 👋</body>"
                + "<request xmlns=\"urn:xmpp:receipts\"/></message>")
        #expect(first.problems.isEmpty)
        #expect(byKey[2]?.outgoing == true)
        #expect(byKey[3]?.body == "مرحبا! كيف حالك اليوم؟")
        #expect(byKey[6]?.body == "audio：3.2″")
        #expect(byKey[7]?.stanza?.contains("<delay xmlns=\"urn:xmpp:delay\" from=\"chat.example\" stamp=\"2024-03-01T07:50:00Z\"/>") == true)
        #expect(byKey[8]?.stanza?.contains("<x xmlns=\"jabber:x:oob\"><url>https://files.chat.example/share/report-2024.pdf</url>") == true)
        let composing = try #require(byKey[9])
        #expect(composing.composing == true)
        #expect(composing.body == nil)
        #expect(composing.stanza?.contains("<composing xmlns=\"http://jabber.org/protocol/chatstates\"/>") == true)
        #expect(rows.allSatisfy { $0.problems.isEmpty })
    }

    @Test func imageRowsCarryRealPNGAndJPEGBytes() throws {
        let directory = try ScratchDirectory()
        let rows = try MessageArchive(path: ArchiveFixture.main(in: directory)).rows(account: me, peer: li)
        let png = try #require(attachmentBytes(rows.first { $0.primaryKey == 4 }?.stanza))
        #expect(png.count == 100)
        #expect(pngSize(png)! == (4, 3))
        let jpeg = try #require(attachmentBytes(rows.first { $0.primaryKey == 5 }?.stanza))
        #expect(jpeg.count == 302)
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        let audio = try #require(attachmentBytes(rows.first { $0.primaryKey == 6 }?.stanza))
        #expect(audio.starts(with: Array("#!AMR\n".utf8)))
    }

    @Test func readsTheOlderModelVersion() throws {
        let directory = try ScratchDirectory()
        let archive = try MessageArchive(path: ArchiveFixture.build(["schema_model1", "rows_model1"], in: directory))
        #expect(archive.modelVersion == .withoutComposingAndMessageId)
        let rows = try archive.rows(account: me, peer: li)
        #expect(rows.map(\.primaryKey) == [1, 2, 3])
        #expect(rows.map(\.body) == ["早上好 Good morning ☀️", "Morning! 🙂", "image"])
        #expect(rows.allSatisfy { $0.composing == nil && $0.messageId == nil && $0.problems.isEmpty })
        #expect(try archive.conversations().map(\.messageCount) == [3])
    }

    @Test func copiesOfTheValueShareOneConnection() throws {
        let directory = try ScratchDirectory()
        let original = try MessageArchive(path: ArchiveFixture.main(in: directory))
        let copy = original
        let rows = try copy.rows(account: me, peer: li)
        #expect(rows == (try original.rows(account: me, peer: li)))
        // Reading from several threads at once gives the same answer each time.
        let counts = Counts()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            counts.add((try? copy.rows(account: me, peer: li).count) ?? -1)
        }
        #expect(counts.values == Array(repeating: 9, count: 8))
    }

    @Test func aModelWithOnlyOneOfTheNewerColumnsIsRefused() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["schema_model1"], in: directory)
        try SQLiteDatabase(path: path, mode: .readWrite)
            .execute("ALTER TABLE ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT ADD COLUMN ZCOMPOSING INTEGER")
        let error = archiveError { _ = try MessageArchive(path: path) }
        #expect(error?.description == path + ": ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT has ZCOMPOSING but not "
                + "ZMESSAGEID: not a model version of an XMPPFramework message archive this reader knows")
    }
}

/// Thread-safe collection of results.
final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func add(_ value: Int) { lock.lock(); stored.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return stored }
}
