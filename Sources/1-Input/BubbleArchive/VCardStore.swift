import Foundation

/// An XMPPFramework vCard store (`XMPPvCardCoreDataStorage`), opened read-only exactly like the
/// archive (see `ReadOnlyStore`): nicknames and avatar photos per bare JID.
///
/// Core Data layout (entities numbered alphabetically): ZXMPPVCARDCOREDATASTORAGEOBJECT
/// (ZJIDSTR, ZPHOTOHASH, ZLASTUPDATED, ZWAITINGFORFETCH and the one-to-one keys ZVCARDTEMPREL,
/// ZVCARDAVATARREL), ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT (ZVCARDTEMP: the archived
/// `<vCard xmlns='vcard-temp'>`, ZVCARD back to its owner) and
/// ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT (ZPHOTODATA: the avatar bytes, ZVCARD).
public struct VCardStore: Sendable {
    public let path: String
    public let timeLimit: Double
    public var access: StoreAccess { store.access }
    private let store: ReadOnlyStore
    /// The SELECT for one JID, joined through whichever side of each relationship has a key.
    private let lookup: String

    static let cardTable = "ZXMPPVCARDCOREDATASTORAGEOBJECT"
    static let tempTable = "ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT"
    static let avatarTable = "ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT"

    /// What the store knows of one contact.
    public struct Entry: Sendable, Equatable {
        public var jid: String
        /// vCard NICKNAME, else FN.
        public var nickname: String?
        /// The avatar store's photo, else the vCard's PHOTO/BINVAL.
        public var photo: Data?
        /// Why a part could not be read (damaged archive value, malformed XML, bad base64).
        public var problems: [String]

        public init(jid: String, nickname: String? = nil, photo: Data? = nil, problems: [String] = []) {
            self.jid = jid
            self.nickname = nickname
            self.photo = photo
            self.problems = problems
        }
    }

    public init(path: String, timeLimit: Double = 30) throws {
        self.path = path
        self.timeLimit = timeLimit
        let store = try ReadOnlyStore.open(path: path, timeLimit: timeLimit)
        self.store = store
        lookup = try store.read(timeLimit: timeLimit) { database in
            let schema = try CoreDataSchema(database)
            if let problem = try schema.problem(table: Self.cardTable, storeKind: "an XMPPFramework vCard store",
                                                required: ["Z_PK", "ZJIDSTR"], database: database) {
                throw ArchiveError(path: path, problem: problem)
            }
            let card = try CoreDataSchema.columns(of: Self.cardTable, in: database)
            func join(_ table: String, value: String, forwardKey: String) throws -> (column: String, join: String) {
                guard schema.objects[table] == "table" else { return ("NULL", "") }
                let columns = try CoreDataSchema.columns(of: table, in: database)
                guard columns.contains(value) else { return ("NULL", "") }
                let alias = table == Self.tempTable ? "t" : "a"
                if card.contains(forwardKey) {
                    return ("\(alias).\(value)", "LEFT JOIN \(table) \(alias) ON \(alias).Z_PK = c.\(forwardKey)")
                }
                guard columns.contains("ZVCARD") else { return ("NULL", "") }
                return ("\(alias).\(value)", "LEFT JOIN \(table) \(alias) ON \(alias).ZVCARD = c.Z_PK")
            }
            let temp = try join(Self.tempTable, value: "ZVCARDTEMP", forwardKey: "ZVCARDTEMPREL")
            let avatar = try join(Self.avatarTable, value: "ZPHOTODATA", forwardKey: "ZVCARDAVATARREL")
            return """
                SELECT \(temp.column), \(avatar.column) FROM \(Self.cardTable) c \(temp.join) \(avatar.join)
                WHERE c.ZJIDSTR = ?1 ORDER BY c.Z_PK DESC LIMIT 1
                """
        }
    }

    /// The nickname and photo of `jid` as a `Participant`; nil when the store knows neither
    /// (no record, or a fetch still pending), or the store cannot be read any more.
    public func participant(jid: String) -> Participant? {
        guard let entry = try? entry(jid: jid), entry.nickname != nil || entry.photo != nil else { return nil }
        return Participant(jid: jid, nickname: entry.nickname, avatar: entry.photo)
    }

    /// Everything the store has on `jid` (a bare JID; matched as stored, else lower-cased as
    /// XMPPFramework stores it), with the problems of its values; nil when it has no record.
    public func entry(jid: String) throws -> Entry? {
        let candidates = jid == jid.lowercased() ? [jid] : [jid, jid.lowercased()]
        for candidate in candidates {
            let rows = try store.read(timeLimit: timeLimit) { try $0.query(lookup, [.text(candidate)]) }
            if let row = rows.first { return Self.entry(jid: jid, temp: row[0], photo: row[1]) }
        }
        return nil
    }

    private static func entry(jid: String, temp: SQLiteValue, photo: SQLiteValue) -> Entry {
        var entry = Entry(jid: jid, nickname: nil, photo: nil, problems: [])
        if case .blob(let bytes) = photo, !bytes.isEmpty { entry.photo = bytes }
        let archived: Data?
        switch temp {
        case .blob(let bytes): archived = bytes
        case .text(let text): archived = Data(text.utf8)
        case .null: archived = nil
        default:
            entry.problems.append("ZVCARDTEMP holds \(ColumnDecoder.describe(temp)), not an archived vCard")
            archived = nil
        }
        guard let archived else { return entry }
        do {
            let fields = try VCardFields(xml: VCardFields.xml(fromTransformable: archived))
            entry.nickname = fields.nickname ?? fields.fullName
            if entry.photo == nil, let base64 = fields.photoBase64 {
                entry.photo = AttachmentBase64.decode(base64)
                if entry.photo == nil { entry.problems.append("the vCard's PHOTO/BINVAL is not base64") }
            }
        } catch {
            entry.problems.append("\(error)")
        }
        return entry
    }
}
