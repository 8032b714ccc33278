import BubbleSnapshotTesting
import BubblesCommand
import Foundation
import Testing

/// The `bubbles` tool in-process, from the repository root, for the snapshot tests; the
/// comparison itself is BubbleSnapshotTesting's `assertSnapshot`.
package enum Snapshot {
    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the `bubbles` tool in-process; returns exit code, stdout and stderr.
    package static func run(_ arguments: [String], input: Data = Data()) -> (code: Int32, out: String, err: String) {
        final class Buffer: @unchecked Sendable { var out = "", err = ""; let lock = NSLock() }
        let buffer = Buffer()
        let io = CommandIO(readStandardInput: { input },
                           write: { text in buffer.lock.lock(); buffer.out += text; buffer.lock.unlock() },
                           writeError: { text in buffer.lock.lock(); buffer.err += text; buffer.lock.unlock() },
                           currentDirectory: repository.path)
        let code = Bubbles.main(arguments, io: io)
        return (code, buffer.out, buffer.err)
    }

    /// `bubbles render ARGUMENTS -o NAME.png` must succeed and match Snapshots/NAME.png.
    package static func assertRender(_ arguments: [String], matches name: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = try temporaryFile("\(name).png")
        let result = run(["render"] + arguments + ["-o", output])
        #expect(result.code == 0, "\(result.err)", sourceLocation: sourceLocation)
        try assertSnapshot(of: try Data(contentsOf: URL(fileURLWithPath: output)), as: .image, named: name,
                           sourceLocation: sourceLocation)
    }

    package static func temporaryFile(_ name: String) throws -> String {
        try TestScratch.folder("bubbles-snapshots") + "/" + name
    }
}
