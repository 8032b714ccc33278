import BubbleArchive
import Foundation
import Testing

/// Rows Core Data would never write: each is still returned, with its problems named, and the
/// rest of the conversation reads on. Only whole-file problems throw.
struct ArchiveHostileRowTests {
    let me = "me@chat.example"
    let mallory = "mallory@chat.example"

    func hostileRows() throws -> (rows: [ArchiveRow], archive: MessageArchive, directory: ScratchDirectory, seconds: Double) {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["schema_model2", "hostile_rows"], in: directory)
        let before = try DirectorySnapshot(directory)
        let ((archive, rows), seconds) = try timed {
            let archive = try MessageArchive(path: path)
            return (archive, try archive.rows(account: me, peer: mallory))
        }
        #expect(try DirectorySnapshot(directory) == before)
        return (rows, archive, directory, seconds)
    }

    func row(_ id: String, in rows: [ArchiveRow]) throws -> ArchiveRow {
        try #require(rows.first { $0.messageId == id }, "no row \(id)")
    }

    @Test func everyAddressableRowIsReturnedInOrderQuickly() throws {
        let (rows, archive, _, seconds) = try hostileRows()
        #expect(seconds < 2, "took \(seconds) s")
        // NULL timestamp sorts first, then numbers in order, the absurd one last among numbers,
        // then the text timestamp (SQLite orders numbers before text).
        #expect(rows.map(\.primaryKey) == [9, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 14, 15, 17, 18, 11, 16])
        #expect(try archive.conversations() == [ConversationSummary(
            account: me, peer: mallory, messageCount: 18, lastTime: nil, lastBody: "text time")])
        // Row 19 has no peer, row 20 a blob for its account.
        #expect(try archive.unassignedRowCount() == 2)
    }

    @Test func columnProblemsAreNamedPerRow() throws {
        let rows = try hostileRows().rows
        let blobBody = try row("hostile-body-blob", in: rows)
        #expect(blobBody.problems == ["ZBODY holds a 12-byte blob, not text"])
        #expect(blobBody.body == nil)
        #expect(blobBody.stanza?.hasSuffix("<body>blob body</body></message>") == true)

        let noStanza = try row("hostile-stanza-null", in: rows)
        #expect(noStanza.problems == ["ZMESSAGESTR is NULL (Core Data requires a value)"])
        #expect(noStanza.stanza == nil)
        #expect(noStanza.body == "only ZBODY survived")

        let noTime = try row("hostile-timestamp-null", in: rows)
        #expect(noTime.problems == ["ZTIMESTAMP is NULL (Core Data requires a value)"])
        #expect(noTime.timestamp == nil)
        #expect(noTime.time == nil)

        let flags = try row("hostile-flags", in: rows)
        #expect(flags.problems == ["ZOUTGOING is NULL (Core Data requires a value)", "ZCOMPOSING is 7, not 0 or 1"])
        #expect(flags.outgoing == nil)
        #expect(flags.composing == true)

        let future = try row("hostile-timestamp-absurd", in: rows)
        #expect(future.problems == ["ZTIMESTAMP 1000000000000.0 is not a plausible time (outside 1970–2100)"])
        #expect(future.timestamp == 1e12)

        let invalid = try row("hostile-invalid-utf8", in: rows)
        #expect(invalid.problems == ["ZBODY is not valid UTF-8 (2 bytes; bad bytes shown as U+FFFD)",
                                     "ZMESSAGESTR is not valid UTF-8 (138 bytes; bad bytes shown as U+FFFD)"])
        #expect(invalid.body == "\u{FFFD}(")

        let blobStanza = try row("hostile-stanza-blob", in: rows)
        #expect(blobStanza.problems == ["ZMESSAGESTR holds a 150-byte blob, not text"])
        #expect(blobStanza.stanza == nil)

        let textTime = try row("hostile-timestamp-text", in: rows)
        #expect(textTime.problems == ["ZTIMESTAMP holds the text '2024-03-03 10:15:00', not a number of seconds"])
        #expect(textTime.timestamp == nil)
    }

    @Test func hostileStanzasArriveVerbatimForTheStanzaParser() throws {
        // Their danger is in the XML; the archive reader passes them on untouched, problem-free.
        let rows = try hostileRows().rows
        let laughs = try row("hostile-billion-laughs", in: rows)
        #expect(laughs.problems.isEmpty)
        #expect(laughs.stanza?.contains("<!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">") == true)
        #expect(try row("hostile-external-entity", in: rows).stanza?.contains("SYSTEM \"file:///etc/passwd\"") == true)
        #expect(try row("hostile-malformed", in: rows).stanza?.hasSuffix("<body>half a message & no end") == true)
        #expect(try row("hostile-bad-base64", in: rows).stanza?.contains("<attachment>!!not*base64@@ %%% ==</attachment>") == true)
        #expect(try row("hostile-empty-stanza", in: rows).stanza == "")
        #expect(try row("hostile-not-a-message", in: rows).stanza?.hasPrefix("<iq ") == true)
        #expect(try row("hostile-huge-body", in: rows).stanza?.utf8.count == 2_000_136)
        #expect(try row("hostile-deep-nesting", in: rows).stanza?.components(separatedBy: "<a>").count == 5001)

        let giant = try #require(attachmentBytes(try row("hostile-giant-image", in: rows).stanza))
        #expect(pngSize(giant)! == (100_000, 100_000))
        #expect(giant.count < 200)
        let truncated = try #require(attachmentBytes(try row("hostile-truncated-jpeg", in: rows).stanza))
        #expect(truncated.count == 40)
        #expect(Array(truncated.prefix(2)) == [0xFF, 0xD8])
        let clean = ["hostile-malformed", "hostile-billion-laughs", "hostile-external-entity", "hostile-bad-base64",
                     "hostile-giant-image", "hostile-truncated-jpeg", "hostile-empty-stanza", "hostile-not-a-message",
                     "hostile-huge-body", "hostile-deep-nesting"]
        #expect(try clean.allSatisfy { try row($0, in: rows).problems.isEmpty })
    }
}
