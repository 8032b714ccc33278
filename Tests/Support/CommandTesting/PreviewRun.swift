import BubblesCommand
import Foundation

/// Standard output, standard error and exit code of one in-process run of a tool (`bubbles` unless said).
public struct PreviewRun {
    public let output: String
    public let errors: String
    public let exitCode: Int32

    public init(_ arguments: [String], in folder: String, tool: CommandLineTool = Bubbles.tool) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0) }, writeError: { errors.append($0) },
                           currentDirectory: folder)
        exitCode = tool.main(arguments, io: io)
        self.output = output.text
        self.errors = errors.text
    }
}

public final class PreviewSink: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    public init() {}
    public func append(_ text: String) { lock.withLock { parts.append(text) } }
    public var text: String { lock.withLock { parts.joined() } }
}

/// A fresh folder under the temporary directory, removed when the test ends.
public final class PreviewFolder {
    public let path: String
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

