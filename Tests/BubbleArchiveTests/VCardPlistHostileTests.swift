import BubbleArchive
import Foundation
import Testing

/// vCardTemp values that crash Foundation's binary property-list reader on Linux: any `bplist00`
/// holding a set object (marker 0xC_) makes `PropertyListSerialization` segfault while bridging
/// it (found by Fuzz/Sources/fuzz-vcard, input kept in Fuzz/crashes-found/). NSKeyedArchiver
/// never writes a set object, so such a value is refused as damaged before Foundation reads it.
struct VCardPlistHostileTests {
    /// A `bplist00` of `objects` (each its encoded bytes), one-byte offsets and references.
    static func binaryPlist(_ objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [UInt64(objects.count), 0, tableOffset] {
            bytes += withUnsafeBytes(of: value.bigEndian, Array.init)
        }
        return Data(bytes)
    }

    /// A set of two strings at the top; the same set inside an array; inside a dictionary.
    /// Made per test, not kept in a static: test arguments held by the test runner are reported
    /// as leaks under AddressSanitizer.
    static func setPlists() -> [Data] { [
        binaryPlist([[0xC2, 1, 2], [0x51, 0x61], [0x51, 0x62]]),
        binaryPlist([[0xA1, 1], [0xC1, 2], [0x51, 0x61]]),
        binaryPlist([[0xD1, 1, 2], [0x51, 0x6B], [0xC1, 3], [0x51, 0x61]]),
    ] }

    /// The jid of the fixture's contact whose vCardTemp is replaced with `value`.
    static func store(withVCardTemp value: Data, in directory: ScratchDirectory) throws -> VCardStore {
        let path = try ArchiveFixture.build(["vcard_store"], in: directory, name: "vcards.sqlite")
        let database = try SQLiteDatabase(path: path, mode: .readWrite)
        _ = try database.query("""
            UPDATE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT SET ZVCARDTEMP = ? WHERE Z_PK =
            (SELECT ZVCARDTEMPREL FROM ZXMPPVCARDCOREDATASTORAGEOBJECT WHERE ZJIDSTR = 'li.lei@chat.example')
            """, [.blob(value)])
        return try VCardStore(path: path)
    }

    @Test(arguments: 0..<3) func aSetObjectIsRefusedNotACrash(case index: Int) throws {
        let plist = Self.setPlists()[index]
        let directory = try ScratchDirectory()
        let vCards = try Self.store(withVCardTemp: plist, in: directory)
        let entry = try #require(try vCards.entry(jid: "li.lei@chat.example"))
        #expect(entry.nickname == nil)
        #expect(entry.problems == ["the vCardTemp value is a damaged binary property list (it holds a set, which NSKeyedArchiver never writes)"])
    }

    /// The fuzzer's own input: the fixture's archived vCard with one dictionary turned into a set.
    @Test func theFuzzerInputIsRefused() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/crashes-found/vcard-bplist-set-segv.bplist").path
        let directory = try ScratchDirectory()
        let vCards = try Self.store(withVCardTemp: try #require(FileManager.default.contents(atPath: file)), in: directory)
        let entry = try #require(try vCards.entry(jid: "li.lei@chat.example"))
        #expect(entry.problems.count == 1)
        #expect(entry.problems.first?.contains("holds a set") == true)
    }

    /// Table offsets, counts and object offsets that point outside the value are damage too,
    /// found without reading out of bounds.
    @Test func aTrailerPointingOutsideTheValueIsRefused() throws {
        var plist = [UInt8](Self.binaryPlist([[0x51, 0x61]]))
        plist[plist.count - 1] = 0xFF  // offset table far past the end
        let directory = try ScratchDirectory()
        let vCards = try Self.store(withVCardTemp: Data(plist), in: directory)
        let entry = try #require(try vCards.entry(jid: "li.lei@chat.example"))
        #expect(entry.problems.first?.hasPrefix("the vCardTemp value is a damaged binary property list") == true)
    }

    /// The fixture's real archives still read: the check refuses only what Foundation cannot take.
    @Test func archivedVCardsStillRead() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["vcard_store"], in: directory, name: "vcards.sqlite")
        let entry = try #require(try VCardStore(path: path).entry(jid: "li.lei@chat.example"))
        #expect(entry.nickname == "李雷")
        #expect(entry.problems.isEmpty)
    }
}
