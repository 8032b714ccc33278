import Foundation

/// Where a command reads and writes. `main` wires the process's streams (`ProcessStreams`);
/// tests pass buffers, so every subcommand is tested in-process with its exact output and
/// exit code.
public struct CommandIO: Sendable {
    public var readStandardInput: @Sendable () -> Data
    /// Reads the next bytes of standard input into the buffer, 0 at its end: what streaming
    /// commands (`measure`) read, so that a piped input of any length is never held whole.
    /// Nil when standard input only comes whole (tests), then `readStandardInput` is used.
    public var readStandardInputBlock: (@Sendable (UnsafeMutableRawBufferPointer) -> Int)?
    public var write: @Sendable (String) -> Void
    /// Writes UTF-8 bytes to standard output as they are: what `measure` writes, so that its
    /// megabytes of records are not checked and copied into a `String` first. Nil when only
    /// `write` is given (tests); then `write(bytes:)` goes through it.
    public var writeBytes: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    public var writeError: @Sendable (String) -> Void
    /// Progress lines are only for people watching a terminal.
    public var standardErrorIsTerminal: Bool
    /// Relative paths in arguments are resolved against this directory.
    public var currentDirectory: String
    /// Takes what a command is done with when the process ends right after it, so that it is
    /// never freed (`KeptUntilExit`); does nothing by default, so values are freed as usual.
    public var keepUntilExit: @Sendable (Any) -> Void

    public init(readStandardInput: @escaping @Sendable () -> Data,
                write: @escaping @Sendable (String) -> Void,
                writeError: @escaping @Sendable (String) -> Void,
                standardErrorIsTerminal: Bool = false,
                currentDirectory: String = FileManager.default.currentDirectoryPath,
                readStandardInputBlock: (@Sendable (UnsafeMutableRawBufferPointer) -> Int)? = nil,
                writeBytes: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil,
                keepUntilExit: @escaping @Sendable (Any) -> Void = { _ in }) {
        self.readStandardInput = readStandardInput
        self.writeBytes = writeBytes
        self.keepUntilExit = keepUntilExit
        self.readStandardInputBlock = readStandardInputBlock
        self.write = write
        self.writeError = writeError
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.currentDirectory = currentDirectory
    }

    /// Writes UTF-8 bytes to standard output (`writeBytes`, else `write`).
    public func write(bytes: UnsafeRawBufferPointer) {
        if let writeBytes { writeBytes(bytes) } else { write(String(decoding: bytes, as: UTF8.self)) }
    }

    /// An absolute path for a path given on the command line.
    public func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }
}

/// Exit codes shared by every subcommand, documented in the README.
public enum ExitCode {
    public static let success: Int32 = 0
    /// A whole input could not be used (missing file, corrupt archive, broken theme).
    public static let failure: Int32 = 1
    /// The command line itself is wrong.
    public static let usage: Int32 = 2
    /// The job finished, but some input lines or rows were skipped (each reported on stderr).
    public static let partial: Int32 = 3
    /// `measure --expect`: at least one row height differs from the expected one.
    public static let mismatch: Int32 = 4
    /// `snapshot`: the rendering (or layout) differs from the reference.
    public static let different: Int32 = 5

    /// The codes as `help` lists them.
    package static let summary = """
        0 done, 1 an input could not be used, 2 bad command line,
                    3 done but some inputs were skipped, 4 measured heights differ from --expect,
                    5 a snapshot differs from its reference
        """
}

/// An error that ends a command with a message for the user and an exit code.
public struct CommandError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = ExitCode.failure) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }

    public static func usage(_ message: String) -> CommandError {
        CommandError(message, exitCode: ExitCode.usage)
    }
}
