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
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw WriteError(path: path, problem: "not a file path")
        }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw WriteError(path: path, problem: "is a folder, not a file")
            default: return try writeInPlace(data, to: path)
            }
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw WriteError(path: path, problem: systemError(errno, "cannot create a temporary file in \(directory)"))
        }
        let temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var closed = false
        do {
            defer { if !closed { close(descriptor) } }
            try writeAll(data, to: descriptor, path: path)
            guard fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
                throw WriteError(path: path, problem: systemError(errno, "cannot finish the temporary file"))
            }
            closed = true
            guard close(descriptor) == 0 else {
                throw WriteError(path: path, problem: systemError(errno, "cannot close the temporary file"))
            }
            try beforeRename()
            guard rename(temporaryPath, path) == 0 else {
                throw WriteError(path: path, problem: systemError(errno, "cannot move the finished file into place"))
            }
        } catch {
            unlink(temporaryPath)
            throw error
        }
    }

    /// Writes into an existing device or named pipe. The open does not wait for a reader: a
    /// pipe nobody reads is an error at once (ENXIO), not a hang; the writes then block as
    /// usual while the reader takes the bytes.
    private static func writeInPlace(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let problem = errno == ENXIO ? "it is a named pipe that nothing is reading" : systemError(errno, "cannot open it")
            throw WriteError(path: path, problem: problem)
        }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw WriteError(path: path, problem: systemError(errno, "cannot set up writing"))
        }
        try writeAll(data, to: descriptor, path: path)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(path: path, problem: systemError(errno, "write failed"))
                }
                offset += written
            }
        }
    }

    private static func systemError(_ code: Int32, _ what: String) -> String {
        "\(what) (\(String(cString: strerror(code))))"
    }
}
