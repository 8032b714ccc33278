import Dispatch
import Foundation
import RenderTesting
import Testing
@testable import BubbleOutput

/// Files handed to a committer end up exactly as `OutputFile.write` leaves them, from any
/// thread; a failed commit stops the rest and leaves no temporary file.
@Suite struct OutputFileCommitterTests {
    static func stream(_ path: String, _ bytes: Data) throws -> OutputFile.Stream {
        let stream = try OutputFile.Stream(path: path)
        try bytes.withUnsafeBytes { try stream.write($0) }
        return stream
    }

    @Test func everyFileHandedOverFromTwoThreadsIsInPlaceAfterFinish() throws {
        let directory = try TestSupport.temporaryDirectory()
        let committer = OutputFile.Committer(pending: 3)
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            do {
                let bytes = Data(repeating: UInt8(index), count: 1_000 + index * 4_000)
                try committer.commitLater(Self.stream(directory + "/page-\(index).png", bytes))
            } catch {
                failures.add()
            }
        }
        try committer.finish()
        #expect(failures.count == 0)
        for index in 0..<40 {
            let bytes = FileManager.default.contents(atPath: directory + "/page-\(index).png")
            #expect(bytes == Data(repeating: UInt8(index), count: 1_000 + index * 4_000), "page \(index)")
            let mode = try FileManager.default.attributesOfItem(atPath: directory + "/page-\(index).png")[.posixPermissions] as? Int
            #expect(mode == 0o644)
        }
        #expect(TestSupport.contents(of: directory).count == 40) // no temporary file left
    }

    @Test func aFailedCommitIsThrownAndLaterFilesAreDiscarded() throws {
        let directory = try TestSupport.temporaryDirectory()
        let committer = OutputFile.Committer()
        try committer.commitLater(Self.stream(directory + "/first.png", Data("first".utf8)))
        // A folder where the second file goes: its rename fails.
        let blocked = directory + "/second.png"
        let second = try Self.stream(blocked, Data("second".utf8))
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        try committer.commitLater(second)
        #expect(throws: OutputFile.WriteError.self) { try committer.finish() }
        // Handing over after the failure throws it and removes the stream's temporary file.
        #expect(throws: OutputFile.WriteError.self) {
            try committer.commitLater(Self.stream(directory + "/third.png", Data("third".utf8)))
        }
        #expect(FileManager.default.contents(atPath: directory + "/first.png") == Data("first".utf8))
        #expect(TestSupport.contents(of: directory).sorted() == ["first.png", "second.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: blocked) == [])
    }
}

/// Failures counted from several threads.
private final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
