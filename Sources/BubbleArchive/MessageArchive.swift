import Foundation

/// An XMPPFramework message archive (`XMPPMessageArchiving` Core Data store), opened read-only.
/// A value: copies share one read-only SQLite connection, closed when the last copy goes.
public struct MessageArchive: Sendable {
    /// The file as the caller named it.
    public let path: String
    /// Which Core Data model version wrote the store.
    public let modelVersion: ArchiveModelVersion

    /// Opens and checks the store. Throws `ArchiveError` naming the file and the problem
    /// (missing, not SQLite, damaged, not a message archive, locked too long).
    public init(path: String) throws {
        throw ArchiveError(path: path, problem: "reading archives is not implemented yet")
    }

    /// Every conversation, per account and per peer, sorted by account then peer.
    public func conversations() throws -> [ConversationSummary] {
        throw ArchiveError(path: path, problem: "reading archives is not implemented yet")
    }

    /// One conversation's rows: ZSTREAMBAREJIDSTR = account AND ZBAREJIDSTR = peer,
    /// ORDER BY ZTIMESTAMP, Z_PK.
    public func rows(account: String, peer: String) throws -> [ArchiveRow] {
        throw ArchiveError(path: path, problem: "reading archives is not implemented yet")
    }
}
