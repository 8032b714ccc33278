import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes output files atomically: the bytes go to a temporary file in the same directory,
/// which is renamed over the target only once complete. A reader never sees half a PNG, and
/// after any failure neither a partial target nor the temporary file remains.
///
/// The temporary file has no name until it is complete (`O_TMPFILE`), so a process killed
/// while drawing (Ctrl-C, SIGKILL, a crash) leaves nothing behind either: the kernel frees an
/// unnamed file when its last descriptor closes. Where the file system cannot make one, or
/// `/proc` is missing (the name is given through `/proc/self/fd`), it is a hidden named file
/// (`.NAME.XXXXXX`) from the start, as before.
///
/// Only regular files (and new names) are replaced that way. An existing device or named pipe
/// (`-o /dev/stdout`, a FIFO a viewer reads) is written straight into: renaming over it would
/// swap the device for a plain file. A folder is refused before anything is written.
public enum OutputFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var problem: String
        public var description: String { "cannot write \(path): \(problem)" }
    }

    /// Replaces (or creates) the file at `path` with `data`. The file gets mode 0644. A device
    /// or named pipe at `path` is written into instead; a folder is an error.
    public static func write(_ data: Data, to path: String) throws {
        try write(data, to: path, beforeRename: {})
    }

    /// `beforeRename` runs after the temporary file is complete; tests use it to fail there.
    package static func write(_ data: Data, to path: String, beforeRename: () throws -> Void) throws {
        let stream = try Stream(path: path)
        try data.withUnsafeBytes { try stream.write($0) }
        try stream.commit(beforeRename: beforeRename)
    }

    /// An output file written piece by piece (a PNG band by band while later bands are still
    /// being drawn) and put in place by `commit`, with the same guarantees as `write`: until
    /// then the target is untouched, and a stream dropped or `discard`ed uncommitted removes
    /// its temporary file. One writer at a time: it has no lock of its own.
    public final class Stream {
        public let path: String
        private let descriptor: Int32
        /// Where the bytes wait for `commit`: nil when writing straight into a device or named pipe.
        private let temporary: Temporary?
        private enum Temporary {
            /// A hidden file made by `mkstemp`, at this path.
            case named(String)
            /// An `O_TMPFILE` file, named `prefix` + six random letters at `commit`.
            case unnamed(prefix: String)
        }
        private var open = true
        /// Bytes written so far.
        public private(set) var written: Int64 = 0
        /// Bytes already handed to the kernel's writeback.
        private var flushed: Int64 = 0
        /// The background syncs of a temporary file (see `write`): at most one runs at a time,
        /// and `commit` and `discard` wait for it before the descriptor is closed.
        private let syncs = DispatchGroup()
        private let syncFailure = SyncFailure()
        /// Bytes covered by the background syncs started so far, and how many were started.
        private var synced: Int64 = 0
        private(set) var backgroundSyncs = 0

        public convenience init(path: String) throws {
            try self.init(path: path, unnamedIfPossible: true)
        }

        /// `unnamedIfPossible: false` makes the hidden named file at once (tests use it).
        package init(path: String, unnamedIfPossible: Bool) throws {
            guard !path.isEmpty, !path.hasSuffix("/") else {
                throw WriteError(path: path, problem: "not a file path")
            }
            self.path = path
            var info = stat()
            if stat(path, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFREG: break
                case S_IFDIR: throw WriteError(path: path, problem: "is a folder, not a file")
                default:
                    descriptor = try OutputFile.openInPlace(path)
                    temporary = nil
                    return
                }
            }
            let url = URL(fileURLWithPath: path)
            let directory = url.deletingLastPathComponent().path
            let hidden = directory + "/." + url.lastPathComponent + "."
            if unnamedIfPossible, let unnamed = OutputFile.openUnnamed(in: directory) {
                descriptor = unnamed
                temporary = .unnamed(prefix: hidden)
                return
            }
            var template = Array((hidden + "XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot create a temporary file in \(directory)"))
            }
            self.descriptor = descriptor
            temporary = .named(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }

        deinit { discard() }

        /// Whether the bytes go to a temporary file renamed into place by `commit` (false for a
        /// device or named pipe, which is written straight into: a reader sees every byte, so
        /// such a target should get only complete output).
        public var isAtomic: Bool { temporary != nil }

        /// Whether the temporary file has no name until `commit` (see `OutputFile`).
        package var isUnnamed: Bool {
            if case .unnamed = temporary { return true }
            return false
        }

        /// Appends `bytes`. Into a temporary file, every few megabytes the kernel is asked to
        /// start writing them to disk, and an `fdatasync` of what is written so far runs on a
        /// queue of its own while the caller goes on. An fsync's cost is the disk (on a virtual
        /// machine, the host) flushing every byte since the last flush, whether or not their
        /// writeback had finished, so syncing the earlier megabytes while later bands are drawn
        /// leaves less for the end.
        public func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard open else { throw WriteError(path: path, problem: "the file is already closed") }
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "write failed"))
                }
                offset += count
            }
            written += Int64(bytes.count)
            if temporary != nil && written - flushed >= 1 << 21 {
                OutputFile.startWriteback(descriptor, from: flushed, count: written - flushed)
                flushed = written
            }
            if temporary != nil && written - synced >= 1 << 21 && syncs.wait(timeout: .now()) == .success {
                synced = written
                backgroundSyncs += 1
                let descriptor = self.descriptor, failure = syncFailure
                syncs.enter()
                OutputFile.syncQueue.async { [syncs] in
                    // An error is kept for `commit`: Linux reports a writeback error to one sync
                    // of an open file only, so the final fsync alone would not see it.
                    if fdatasync(descriptor) != 0 { failure.code = errno }
                    syncs.leave()
                }
            }
        }

        /// Asks the kernel to start writing what is not on its way to disk yet, so that a
        /// later `commit` waits less (advice: nothing changes if it is not taken).
        package func startWritebackOfRest() {
            guard open, temporary != nil, written > flushed else { return }
            OutputFile.startWriteback(descriptor, from: flushed, count: written - flushed)
            flushed = written
        }

        /// Makes the file durable and puts it in place of the target.
        public func commit() throws { try commit(beforeRename: {}) }

        package func commit(beforeRename: () throws -> Void) throws {
            guard open else { throw WriteError(path: path, problem: "the file is already closed") }
            guard let temporary else {
                open = false
                close(descriptor)
                return
            }
            syncs.wait()
            // The hidden file's path once it has one: from the start, or from `nameUnnamedFile`.
            var named: String?
            if case .named(let path) = temporary { named = path }
            do {
                if let code = syncFailure.code {
                    throw WriteError(path: path, problem: OutputFile.systemError(code, "cannot finish the temporary file"))
                }
                guard fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot finish the temporary file"))
                }
                if case .unnamed(let prefix) = temporary { named = try nameUnnamedFile(prefix: prefix) }
                open = false
                guard close(descriptor) == 0 else {
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot close the temporary file"))
                }
                try beforeRename()
                guard let named, rename(named, path) == 0 else {
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot move the finished file into place"))
                }
            } catch {
                if open {
                    open = false
                    close(descriptor)
                }
                if let named { unlink(named) }
                throw error
            }
        }

        /// Gives the complete unnamed file a hidden name beside the target (`prefix` + six
        /// random letters, another six if that name is taken), to be renamed over it.
        private func nameUnnamedFile(prefix: String) throws -> String {
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            // AT_SYMLINK_FOLLOW through /proc, as open(2) gives it for O_TMPFILE: linking by the
            // descriptor itself (AT_EMPTY_PATH) needs CAP_DAC_READ_SEARCH.
            for _ in 0..<100 {
                let name = prefix + String((0..<6).map { _ in letters.randomElement()! })
                if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 { return name }
                guard errno == EEXIST else {
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot name the finished file"))
                }
            }
            throw WriteError(path: path, problem: "cannot name the finished file (100 hidden names taken)")
        }

        /// Closes without putting anything in place: the temporary file is removed.
        public func discard() {
            if open {
                syncs.wait()
                open = false
                close(descriptor)
                if case .named(let path) = temporary { unlink(path) }
            }
        }
    }

    /// Where every stream's background syncs run, one at a time.
    private static let syncQueue = DispatchQueue(label: "ChatBubbles.OutputFile.sync")

    /// The errno of a failed background sync, kept for `commit`.
    private final class SyncFailure: @unchecked Sendable {
        // @unchecked: `stored` is only touched under `lock`.
        private let lock = NSLock()
        private var stored: Int32?
        package var code: Int32? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// An unnamed regular file in `directory` (`O_TMPFILE`), or nil where the file system has
    /// none or `/proc/self/fd`, through which `commit` names it, is missing; then a named
    /// temporary file is made instead, and its errors are the ones reported.
    private static func openUnnamed(in directory: String) -> Int32? {
        guard access("/proc/self/fd", X_OK) == 0 else { return nil }
        // O_TMPFILE is a macro Swift does not import: `__O_TMPFILE | O_DIRECTORY`, where
        // __O_TMPFILE is 020000000 on x86-64, ARM and the other architectures Swift runs on.
        let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY
        let descriptor = open(directory, unnamedFile | O_WRONLY | O_CLOEXEC, 0o600)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Opens an existing device or named pipe for writing. The open does not wait for a
    /// reader: a pipe nobody reads is an error at once (ENXIO), not a hang; the writes then
    /// block as usual while the reader takes the bytes.
    private static func openInPlace(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let problem = errno == ENXIO ? "it is a named pipe that nothing is reading" : systemError(errno, "cannot open it")
            throw WriteError(path: path, problem: problem)
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            close(descriptor)
            throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot set up writing"))
        }
        return descriptor
    }

    /// Starts writing a range of the file to disk without waiting: on Linux, POSIX_FADV_DONTNEED
    /// starts the writeback of the range's dirty pages (and drops the pages already written;
    /// an output file is not read back). Advice only: a failure changes nothing.
    fileprivate static func startWriteback(_ descriptor: Int32, from offset: Int64, count: Int64) {
        _ = posix_fadvise(descriptor, off_t(offset), off_t(count), POSIX_FADV_DONTNEED)
    }

    private static func systemError(_ code: Int32, _ what: String) -> String {
        "\(what) (\(String(cString: strerror(code))))"
    }
}
