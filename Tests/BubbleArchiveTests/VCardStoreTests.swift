import BubbleArchive
import Foundation
import Testing

/// Nicknames and avatars from XMPPFramework's vCard store, read-only like the archive.
struct VCardStoreTests {
    func store() throws -> (VCardStore, ScratchDirectory, String) {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["vcard_store"], in: directory, name: "vcards.sqlite")
        return (try VCardStore(path: path), directory, path)
    }

    /// The avatar bytes as stored in the avatar entity's table.
    func storedPhoto(_ path: String, jid: String) throws -> Data? {
        let rows = try SQLiteDatabase(path: path, mode: .readOnly).query("""
            SELECT a.ZPHOTODATA FROM ZXMPPVCARDCOREDATASTORAGEOBJECT c
            JOIN ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT a ON a.Z_PK = c.ZVCARDAVATARREL WHERE c.ZJIDSTR = ?
            """, [.text(jid)])
        if case .blob(let bytes)? = rows.first?.first { return bytes }
        return nil
    }

    @Test func nicknameAndAvatarPerJID() throws {
        let (vCards, directory, path) = try store()
        let before = try DirectorySnapshot(directory)
        let li = try #require(vCards.participant(jid: "li.lei@chat.example"))
        #expect(li.jid == "li.lei@chat.example")
        #expect(li.nickname == "李雷")  // NICKNAME wins over FN "Li Lei"
        #expect(li.avatar == (try storedPhoto(path, jid: "li.lei@chat.example")))
        #expect(pngSize(try #require(li.avatar))! == (8, 8))
        let me = try #require(vCards.participant(jid: "me@chat.example"))
        #expect(me.nickname == "Me")
        #expect(me.avatar != li.avatar)
        #expect(vCards.access == .inPlace)
        #expect(try DirectorySnapshot(directory) == before)
    }

    @Test func fullNameAndVCardPhotoStandInWhenTheRestIsMissing() throws {
        let (vCards, _, _) = try store()
        let han = try #require(vCards.participant(jid: "han.meimei@chat.example"))
        #expect(han.nickname == "Han Meimei")  // no NICKNAME: FN
        // No avatar entity: the vCard's own PHOTO/BINVAL.
        let photo = try #require(han.avatar)
        #expect(pngSize(photo)! == (8, 8))
        #expect(photo.count == 88)
    }

    @Test func unknownAndPendingJIDsHaveNoParticipant() throws {
        let (vCards, _, _) = try store()
        #expect(vCards.participant(jid: "stranger@chat.example") == nil)
        #expect(try vCards.entry(jid: "stranger@chat.example") == nil)
        // A record whose fetch is still pending knows nothing yet.
        #expect(vCards.participant(jid: "waiting@chat.example") == nil)
        #expect(try vCards.entry(jid: "waiting@chat.example")
                == VCardStore.Entry(jid: "waiting@chat.example", nickname: nil, photo: nil, problems: []))
    }

    @Test func jidsMatchAsXMPPFrameworkStoresThemLowerCased() throws {
        let (vCards, _, _) = try store()
        #expect(vCards.participant(jid: "Li.Lei@Chat.Example")?.nickname == "李雷")
    }

    @Test func damagedVCardValuesAreProblemsNotFailures() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["vcard_store"], in: directory, name: "vcards.sqlite")
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE v [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
            + "<vCard xmlns=\"vcard-temp\"><NICKNAME>&b;</NICKNAME></vCard>"
        try SQLiteDatabase(path: path, mode: .readWrite).execute("""
            UPDATE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT SET ZVCARDTEMP = X'00010203' WHERE ZVCARD = 1;
            UPDATE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT SET ZVCARDTEMP = '\(bomb)' WHERE ZVCARD = 2;
            UPDATE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT
                SET ZVCARDTEMP = '<vCard xmlns="vcard-temp"><FN>Han</FN><PHOTO><BINVAL>@@not base64@@</BINVAL></PHOTO></vCard>'
                WHERE ZVCARD = 3;
            """)
        let before = try DirectorySnapshot(directory)
        let (vCards, seconds) = try timed { try VCardStore(path: path) }
        #expect(seconds < 2)
        defer { #expect((try? DirectorySnapshot(directory)) == before) }
        let me = try #require(try vCards.entry(jid: "me@chat.example"))
        #expect(me.problems == ["the vCardTemp value is neither an archived XMPPvCardTemp nor vCard XML (4 bytes)"])
        #expect(me.nickname == nil)
        #expect(me.photo != nil)  // the avatar entity is intact
        let li = try #require(try vCards.entry(jid: "li.lei@chat.example"))
        #expect(li.problems == ["the vCard XML contains a DTD, which XMPP forbids"])
        #expect(li.nickname == nil)
        // Plain XML text (not an archive) is accepted; a bad BINVAL only loses the photo.
        let han = try #require(try vCards.entry(jid: "han.meimei@chat.example"))
        #expect(han.nickname == "Han")
        #expect(han.photo == nil)
        #expect(han.problems == ["the vCard's PHOTO/BINVAL is not base64"])
    }

    @Test func theArchiveGivenAsTheVCardStoreIsRefused() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.main(in: directory)
        let error = archiveError { _ = try VCardStore(path: path) }
        #expect(error?.description == path + ": a Core Data store, but not an XMPPFramework vCard store: it has no "
                + "ZXMPPVCARDCOREDATASTORAGEOBJECT table (its tables: ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT, "
                + "ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT, Z_METADATA, Z_MODELCACHE, Z_PRIMARYKEY)")
    }

    @Test func aVCardStoreInWALModeIsReadWithoutTouchingIt() throws {
        let directory = try ScratchDirectory()
        let path = try ArchiveFixture.build(["vcard_store"], in: directory, name: "vcards.sqlite")
        let writer = try SQLiteDatabase(path: path, mode: .readWrite)
        try writer.execute("""
            PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
            UPDATE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT
                SET ZVCARDTEMP = '<vCard xmlns="vcard-temp"><NICKNAME>小李</NICKNAME></vCard>' WHERE ZVCARD = 2;
            """)
        let before = try DirectorySnapshot(directory)
        #expect(try VCardStore(path: path).participant(jid: "li.lei@chat.example")?.nickname == "小李")
        #expect(try DirectorySnapshot(directory) == before)
        withExtendedLifetime(writer) {}
    }
}
