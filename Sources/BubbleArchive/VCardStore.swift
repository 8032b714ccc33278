import Foundation

/// An XMPPFramework vCard store (`XMPPvCardCoreDataStorage`), opened read-only like the archive:
/// nicknames and avatar photos per bare JID.
public struct VCardStore: Sendable {
    public let path: String

    public init(path: String) throws {
        throw ArchiveError(path: path, problem: "reading vCard stores is not implemented yet")
    }

    /// The nickname (vCard NICKNAME, else FN) and photo bytes of `jid`; nil when the store
    /// has no vCard for it.
    public func participant(jid: String) -> Participant? {
        nil
    }
}
