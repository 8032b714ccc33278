import Foundation

/// An XMPPFramework message archive (`XMPPMessageArchivingCoreDataStorage`), opened read-only
/// (see `ReadOnlyStore` for how, and why). A value: copies share one SQLite connection, closed
/// (and any private copy deleted) when the last copy goes. Each call reads one consistent
/// snapshot of the store; whole-file problems throw `ArchiveError`, row problems never do.
public struct MessageArchive: Sendable {
    /// The file as the caller named it.
    public let path: String
    /// Which Core Data model version wrote the store.
    public let modelVersion: ArchiveModelVersion
    /// Whether the user's file itself or a private copy of it is being read.
    public var access: StoreAccess { store.access }
    /// Seconds any one call may take before it is stopped with an error.
    public let timeLimit: Double
    private let store: ReadOnlyStore

    static let table = "ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT"
    /// Columns both model versions have (the entity's attributes plus Core Data's own).
    static let commonColumns = ["Z_PK", "Z_ENT", "Z_OPT", "ZOUTGOING", "ZTIMESTAMP", "ZBAREJIDSTR", "ZBODY",
                                "ZMESSAGESTR", "ZSTREAMBAREJIDSTR", "ZTHREAD"]
    /// Columns only the newer model version has.
    static let newerColumns = ["ZCOMPOSING", "ZMESSAGEID"]

    /// Opens and checks the store: readable, SQLite, undamaged (SQLite's quick check), and an
    /// XMPPFramework message archive of a known model version. Throws `ArchiveError` naming
    /// the file and the problem.
    public init(path: String, timeLimit: Double = 30) throws {
        self.path = path
        self.timeLimit = timeLimit
        let store = try ReadOnlyStore.open(path: path, timeLimit: timeLimit)
        self.store = store
        modelVersion = try store.read(timeLimit: timeLimit) { database in
            let schema = try CoreDataSchema(database)
            let kind = "an XMPPFramework message archive"
            if let problem = try schema.problem(table: Self.table, storeKind: kind, required: Self.commonColumns,
                                                database: database) {
                throw ArchiveError(path: path, problem: problem)
            }
            let present = try CoreDataSchema.columns(of: Self.table, in: database)
            switch Self.newerColumns.filter(present.contains).count {
            case 0: return .withoutComposingAndMessageId
            case 2: return .withComposingAndMessageId
            default:
                let has = Self.newerColumns.first(where: present.contains)!
                let lacks = Self.newerColumns.first(where: { !present.contains($0) })!
                throw ArchiveError(path: path, problem: "\(Self.table) has \(has) but not \(lacks): "
                                   + "not a model version of \(kind) this reader knows")
            }
        }
    }

    /// Every conversation, per account and per peer, sorted by account then peer. Rows whose
    /// account or peer is not text belong to none (see `unassignedRowCount`).
    public func conversations() throws -> [ConversationSummary] {
        try store.read(timeLimit: timeLimit) { database in
            let sql = """
                SELECT account, peer, messages, ZTIMESTAMP, ZBODY FROM (
                    SELECT ZSTREAMBAREJIDSTR AS account, ZBAREJIDSTR AS peer, ZTIMESTAMP, ZBODY,
                           count(*) OVER conversation AS messages,
                           row_number() OVER (conversation ORDER BY ZTIMESTAMP DESC, Z_PK DESC) AS newest
                    FROM \(Self.table)
                    WHERE typeof(ZSTREAMBAREJIDSTR) = 'text' AND typeof(ZBAREJIDSTR) = 'text'
                    WINDOW conversation AS (PARTITION BY ZSTREAMBAREJIDSTR, ZBAREJIDSTR))
                WHERE newest = 1 ORDER BY account, peer
                """
            return try database.query(sql).map { row in
                var decoder = ColumnDecoder()
                let account = decoder.text(row[0], column: "ZSTREAMBAREJIDSTR", required: true) ?? ""
                let peer = decoder.text(row[1], column: "ZBAREJIDSTR", required: true) ?? ""
                var messages = 0
                if case .integer(let count) = row[2] { messages = Int(count) }
                var lastTime: Date?
                switch row[3] {
                case .real(let seconds): lastTime = Date(timeIntervalSinceReferenceDate: seconds)
                case .integer(let seconds): lastTime = Date(timeIntervalSinceReferenceDate: Double(seconds))
                default: lastTime = nil
                }
                var lastBody: String?
                if case .text(let body) = row[4] { lastBody = body }
                return ConversationSummary(account: account, peer: peer, messageCount: messages,
                                           lastTime: lastTime, lastBody: lastBody)
            }
        }
    }

    /// How many rows belong to no conversation because ZSTREAMBAREJIDSTR or ZBAREJIDSTR is
    /// NULL or not text.
    public func unassignedRowCount() throws -> Int {
        try store.read(timeLimit: timeLimit) { database in
            let rows = try database.query("""
                SELECT count(*) FROM \(Self.table)
                WHERE NOT (typeof(ZSTREAMBAREJIDSTR) = 'text' AND typeof(ZBAREJIDSTR) = 'text')
                """)
            if case .integer(let count)? = rows.first?.first { return Int(count) }
            return 0
        }
    }

    /// One conversation's rows: ZSTREAMBAREJIDSTR = account AND ZBAREJIDSTR = peer,
    /// ORDER BY ZTIMESTAMP, Z_PK. Each row carries the problems of its columns.
    public func rows(account: String, peer: String) throws -> [ArchiveRow] {
        let newer = modelVersion == .withComposingAndMessageId
        let sql = """
            SELECT Z_PK, ZOUTGOING, \(newer ? "ZCOMPOSING" : "NULL"), ZTIMESTAMP, ZBAREJIDSTR,
                   ZSTREAMBAREJIDSTR, ZBODY, \(newer ? "ZMESSAGEID" : "NULL"), ZMESSAGESTR, ZTHREAD
            FROM \(Self.table)
            WHERE ZSTREAMBAREJIDSTR = ?1 AND ZBAREJIDSTR = ?2
            ORDER BY ZTIMESTAMP, Z_PK
            """
        return try store.read(timeLimit: timeLimit) { database in
            try database.query(sql, [.text(account), .text(peer)]).map { Self.row($0, newer: newer) }
        }
    }

    /// One stored row, typed, with a problem for each column Core Data would not have written.
    static func row(_ values: [SQLiteValue], newer: Bool) -> ArchiveRow {
        var decoder = ColumnDecoder()
        var row = ArchiveRow(primaryKey: decoder.primaryKey(values[0]))
        row.outgoing = decoder.flag(values[1], column: "ZOUTGOING")
        if newer { row.composing = decoder.flag(values[2], column: "ZCOMPOSING") }
        row.timestamp = decoder.timestamp(values[3], column: "ZTIMESTAMP")
        row.peer = decoder.text(values[4], column: "ZBAREJIDSTR", required: true)
        row.account = decoder.text(values[5], column: "ZSTREAMBAREJIDSTR", required: true)
        row.body = decoder.text(values[6], column: "ZBODY", required: false)
        if newer { row.messageId = decoder.text(values[7], column: "ZMESSAGEID", required: false) }
        row.stanza = decoder.text(values[8], column: "ZMESSAGESTR", required: true)
        row.thread = decoder.text(values[9], column: "ZTHREAD", required: false)
        row.problems = decoder.problems
        return row
    }
}
