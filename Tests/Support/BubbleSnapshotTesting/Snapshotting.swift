import BubbleCodec
import BubbleCairo
import Foundation

/// How one kind of value becomes a reference file and how two such files are told apart, in the
/// style of swift-snapshot-testing's `Snapshotting`: a value type of closures, so a new kind of
/// snapshot is a new static value, not a new assertion function.
public struct Snapshotting<Value> {
    /// The reference file's extension, without the dot (`png`, `json`, `txt`).
    public var pathExtension: String
    /// The bytes written as the reference and compared with it.
    public var snapshot: (Value) throws -> Data
    public var diffing: Diffing

    public init(pathExtension: String, diffing: Diffing, snapshot: @escaping (Value) throws -> Data) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// The same comparison over another kind of value (a rendered layout seen as its PNG bytes).
    public func pullback<Other>(_ transform: @escaping (Other) throws -> Value) -> Snapshotting<Other> {
        let snapshot = self.snapshot
        return Snapshotting<Other>(pathExtension: pathExtension, diffing: diffing) { try snapshot(transform($0)) }
    }
}

/// Compares a reference with an actual snapshot: nil when they count as the same, else what
/// differs in words and the files that show it.
public struct Diffing {
    public var diff: (_ reference: Data, _ actual: Data) throws -> SnapshotDifference?

    public init(diff: @escaping (_ reference: Data, _ actual: Data) throws -> SnapshotDifference?) {
        self.diff = diff
    }
}

/// What a failed comparison says, and the files (beside the actual one) a person looks at.
public struct SnapshotDifference: Sendable, Equatable {
    public var message: String
    public var artefacts: [SnapshotArtefact]

    public init(message: String, artefacts: [SnapshotArtefact] = []) {
        self.message = message
        self.artefacts = artefacts
    }
}

/// One file written to the failure folder: `name` is relative to it.
public struct SnapshotArtefact: Sendable, Equatable {
    public var name: String
    public var data: Data

    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}

/// A comparison that failed: the reference it was compared with and what differs.
public struct SnapshotFailure: Sendable, Equatable, CustomStringConvertible {
    public var referencePath: String
    /// False when there is no reference file at all.
    public var referenceExists: Bool
    public var difference: SnapshotDifference
    /// The actual snapshot, written beside the artefacts when the failure is reported.
    public var actual: Data
    public var actualName: String

    public var description: String { "\(referencePath): \(difference.message)" }
}
