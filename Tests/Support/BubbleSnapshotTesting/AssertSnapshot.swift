import BubbleCodec
import BubbleCairo
import Foundation
import Testing

/// Where references live and whether this run rewrites them.
public enum SnapshotSettings {
    /// Snapshots/ at the repository root (this file is in Tests/Support/BubbleSnapshotTesting).
    public static let defaultFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// `BUBBLES_RECORD=1 swift test` rewrites every reference a test asserts; look at each
    /// changed file before committing it.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["BUBBLES_RECORD"] == "1" }

    /// Actual files and comparison images of failed snapshots, one subfolder per reference.
    public static var failureFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("bubbles-snapshot-failures")
    }
}

/// Compares `value` with the reference `name.ext` in `folder` and returns the failure, never
/// recording and never writing: for tests that expect a difference (a removed element must be
/// seen) and for `assertSnapshot`.
public func compareSnapshot<Value>(of value: Value, as strategy: Snapshotting<Value>, named name: String,
                                   in folder: URL = SnapshotSettings.defaultFolder) throws -> SnapshotFailure? {
    let actual = try strategy.snapshot(value)
    let fileName = name + "." + strategy.pathExtension
    let url = folder.appendingPathComponent(fileName)
    guard let reference = try? Data(contentsOf: url) else {
        let message = "no reference; run BUBBLES_RECORD=1 swift test and look at the file it writes"
        return SnapshotFailure(referencePath: url.path, referenceExists: false, difference: SnapshotDifference(message: message),
                               actual: actual, actualName: fileName)
    }
    if reference == actual { return nil }
    guard let difference = try strategy.diffing.diff(reference, actual) else { return nil }
    return SnapshotFailure(referencePath: url.path, referenceExists: true, difference: difference,
                           actual: actual, actualName: fileName)
}

/// The one snapshot assertion: records an issue naming the reference, what differs and the
/// folder holding the actual file and its artefacts. With `BUBBLES_RECORD=1` it first writes
/// the reference (so the comparison then passes).
public func assertSnapshot<Value>(of value: Value, as strategy: Snapshotting<Value>, named name: String,
                                  in folder: URL = SnapshotSettings.defaultFolder,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    if SnapshotSettings.isRecording {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try strategy.snapshot(value).write(to: folder.appendingPathComponent(name + "." + strategy.pathExtension), options: .atomic)
    }
    guard let failure = try compareSnapshot(of: value, as: strategy, named: name, in: folder) else { return }
    let written = try writeArtefacts(of: failure)
    Issue.record("\(failure.referencePath): \(failure.difference.message)\nactual and artefacts in \(written.path)",
                 sourceLocation: sourceLocation)
}

/// Writes the actual snapshot and the failure's artefacts into a fresh subfolder of the
/// failure folder named after the reference; returns that subfolder.
@discardableResult
public func writeArtefacts(of failure: SnapshotFailure) throws -> URL {
    let folder = SnapshotSettings.failureFolder.appendingPathComponent(failure.actualName)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try failure.actual.write(to: folder.appendingPathComponent("actual-" + failure.actualName))
    for artefact in failure.difference.artefacts {
        try artefact.data.write(to: folder.appendingPathComponent(artefact.name))
    }
    return folder
}
