import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes output files atomically: the bytes go to a temporary file in the same directory,
/// which is renamed over the target only once complete. A reader never sees half a PNG, and
/// after any failure neither a partial target nor the temporary file remains.
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
    static func write(_ data: Data, to path: String, beforeRename: () throws -> Void) throws {
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
        /// Nil when writing straight into a device or named pipe.
        private let temporaryPath: String?
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

        public init(path: String) throws {
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
                    temporaryPath = nil
                    return
                }
            }
            let url = URL(fileURLWithPath: path)
            let directory = url.deletingLastPathComponent().path
            var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot create a temporary file in \(directory)"))
            }
            self.descriptor = descriptor
            temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }

        deinit { discard() }

        /// Whether the bytes go to a temporary file renamed into place by `commit` (false for a
        /// device or named pipe, which is written straight into: a reader sees every byte, so
        /// such a target should get only complete output).
        public var isAtomic: Bool { temporaryPath != nil }

        /// Appends `bytes`. Into a temporary file, every few megabytes the kernel is asked to
        /// start writing them to disk, and an `fdatasync` of what is written so far runs on a
        /// queue of its own while the caller goes on. An fsync's cost is the disk (on a virtual
        /// machine, the host) flushing every byte since the last flush, whether or not their
        /// writeback had finished: 9–11 ms for the 200-message bench render's 8 MB PNG, 3 ms
        /// when the earlier megabytes were synced while later bands were drawn.
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
            if temporaryPath != nil && written - flushed >= 1 << 21 {
                OutputFile.startWriteback(descriptor, from: flushed, count: written - flushed)
                flushed = written
            }
            if temporaryPath != nil && written - synced >= 1 << 21 && syncs.wait(timeout: .now()) == .success {
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
        func startWritebackOfRest() {
            guard open, temporaryPath != nil, written > flushed else { return }
            OutputFile.startWriteback(descriptor, from: flushed, count: written - flushed)
            flushed = written
        }

        /// Makes the file durable and puts it in place of the target.
        public func commit() throws { try commit(beforeRename: {}) }

        func commit(beforeRename: () throws -> Void) throws {
            guard open else { throw WriteError(path: path, problem: "the file is already closed") }
            guard let temporaryPath else {
                open = false
                close(descriptor)
                return
            }
            syncs.wait()
            do {
                if let code = syncFailure.code {
                    throw WriteError(path: path, problem: OutputFile.systemError(code, "cannot finish the temporary file"))
                }
                guard fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot finish the temporary file"))
                }
                open = false
                guard close(descriptor) == 0 else {
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot close the temporary file"))
                }
                try beforeRename()
                guard rename(temporaryPath, path) == 0 else {
                    throw WriteError(path: path, problem: OutputFile.systemError(errno, "cannot move the finished file into place"))
                }
            } catch {
                if open {
                    open = false
                    close(descriptor)
                }
                unlink(temporaryPath)
                throw error
            }
        }

        /// Closes without putting anything in place: the temporary file is removed.
        public func discard() {
            if open {
                syncs.wait()
                open = false
                close(descriptor)
                if let temporaryPath { unlink(temporaryPath) }
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
        var code: Int32? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
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
