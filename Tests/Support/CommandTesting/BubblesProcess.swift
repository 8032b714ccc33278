import Foundation
import Testing

/// Runs the built `bubbles` binary through bash, for what only a real process shows: closed
/// or full standard streams, SIGPIPE, FIFOs, device files and process-wide environment
/// variables. Every run is bounded by coreutils `timeout`, which kills the whole process
/// group, so a regression that blocks makes the test fail (exit 124) instead of hanging.
package struct BubblesProcess {
    package struct Run {
        package var status: Int32
        /// `timeout` ran out: it exits 124, or dies of its own SIGKILL (`-k`) with the group.
        package var timedOut: Bool
        package var output: String
        package var errors: String
    }

    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary is built beside the test bundle (`swift test` builds every product).
    package static let binary: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("bubbles").path
    }()

    /// `bubbles-bench`, beside `bubbles`.
    package static let benchBinary = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("bubbles-bench").path

    /// Runs `script` with bash in `folder`; `$BUBBLES` is the binary, `$BUBBLES_BENCH` the
    /// benchmarks' and `$REPO` the repository.
    /// The script's own stdout and stderr are captured through files (no pipe to drain).
    package static func run(_ script: String, in folder: String, environment: [String: String] = [:],
                    seconds: Int = 60) throws -> Run {
        #expect(FileManager.default.isExecutableFile(atPath: binary), "no bubbles binary at \(binary)")
        let out = folder + "/.script-out", err = folder + "/.script-err"
        #expect(FileManager.default.createFile(atPath: out, contents: nil))
        #expect(FileManager.default.createFile(atPath: err, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: err) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-k", "5", String(seconds), "/bin/bash", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var variables = ProcessInfo.processInfo.environment
        variables["BUBBLES"] = binary
        variables["BUBBLES_BENCH"] = benchBinary
        variables["REPO"] = repository.path
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Run(status: process.terminationStatus, timedOut: killed || process.terminationStatus == 124,
                   output: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                   errors: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}

/// A temporary directory removed when the value goes.
package final class TemporaryFolder {
    package let path: String

    package init() throws {
        var template = Array((NSTemporaryDirectory() + "/bubbles-process-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
