import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The process's standard streams, written with `write(2)` rather than `FileHandle`, whose
/// `write` traps (`try!`) on a full disk, a closed descriptor or a closed pipe.
///
/// A write that fails is remembered, not thrown: the command runs on (its files are still
/// written whole), later writes to that stream are dropped, and `finish` turns the failure
/// into exit 1 with one message on stderr, or exit 1 silently when stderr is the broken one.
/// A reader that went away (EPIPE: `bubbles … | head -1`) is not a failure: output stops and
/// the command's own exit code stands, as with any Unix tool. SIGPIPE is ignored so that
/// EPIPE arrives as an error instead of killing the process with status 141.
public final class ProcessStreams: Sendable {
    private struct State {
        /// Why standard output or input failed, as the message printed at the end.
        package var failure: String?
        package var outputGone = false
        package var errorGone = false
        package var errorFailed = false
    }

    private let state = Mutex(State())
    /// What commands are done with, freed by the process's exit instead of one by one.
    private let kept = KeptUntilExit()

    /// Whether LeakSanitizer checks the process at exit (the AddressSanitizer builds CI runs):
    /// then nothing is kept, since it cannot follow Swift's enum-tagged references from a
    /// global and would report everything kept as leaked.
    package static let leaksAreCheckedAtExit: Bool = dlsym(dlopen(nil, RTLD_LAZY), "__lsan_do_leak_check") != nil

    /// Ignores SIGPIPE and makes sure descriptors 0, 1 and 2 exist (see `reserveStandardDescriptors`).
    public init() {
        signal(SIGPIPE, SIG_IGN)
        Self.reserveStandardDescriptors()
    }

    /// The streams as a `CommandIO`.
    public var io: CommandIO {
        let kept = Self.leaksAreCheckedAtExit ? nil : self.kept
        return CommandIO(
            readStandardInput: { [self] in readStandardInput() },
            write: { [self] in write($0, to: STDOUT_FILENO) },
            writeError: { [self] in write($0, to: STDERR_FILENO) },
            standardErrorIsTerminal: isatty(STDERR_FILENO) != 0,
            readStandardInputBlock: { [self] in readStandardInput(into: $0) },
            writeBytes: { [self] in write(bytes: $0, to: STDOUT_FILENO) },
            keepUntilExit: { kept?.keep($0) })
    }

    /// The exit code for a command that returned `code`: 1 after a failed write or read, with
    /// the message on stderr when stderr still works.
    public func finish(_ code: Int32) -> Int32 {
        let (failure, errorFailed) = state.withLock { ($0.failure, $0.errorFailed) }
        if let failure { write("bubbles: \(failure)\n", to: STDERR_FILENO) }
        return failure != nil || errorFailed ? ExitCode.failure : code
    }

    private func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0), to: descriptor) }
    }

    private func write(bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        let output = descriptor == STDOUT_FILENO
        guard !state.withLock({ output ? $0.outputGone : $0.errorGone }) else { return }
        let error = Self.writeAll(bytes, to: descriptor)
        guard error != 0 else { return }
        state.withLock {
            if output {
                $0.outputGone = true
                if error != EPIPE, $0.failure == nil { $0.failure = "cannot write standard output: \(Self.describe(error))" }
            } else {
                $0.errorGone = true
                if error != EPIPE { $0.errorFailed = true }
            }
        }
    }

    /// Reads standard input to its end; a read error keeps what came before it and is
    /// reported by `finish`.
    private func readStandardInput() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { readStandardInput(into: $0) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The next bytes of standard input, 0 at its end; a read error ends the input there and
    /// is reported by `finish`.
    private func readStandardInput(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(STDIN_FILENO, buffer.baseAddress!, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            let error = errno
            state.withLock { if $0.failure == nil { $0.failure = "cannot read standard input: \(Self.describe(error))" } }
            return 0
        }
    }

    /// Writes all of `bytes`, looping over partial writes; 0, or the `errno` that stopped it.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0, errno == EINTR { continue }
            return written < 0 ? errno : EIO
        }
        return 0
    }

    /// A descriptor among 0, 1 and 2 that was closed when the process started (`>&-`) would be
    /// handed to the next file the command opens, and output meant for the terminal would go
    /// into that file. Each closed one is taken by `/dev/null` opened read-only: reading it
    /// gives end of file, and writing it fails with EBADF, reported like any failed write.
    private static func reserveStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    private static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
