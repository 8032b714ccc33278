import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes output files atomically: the bytes go to a temporary file in the same directory,
/// which is renamed over the target only once complete. A reader never sees half a PNG, and
/// after any failure neither a partial target nor the temporary file remains.
public enum OutputFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var problem: String
        public var description: String { "cannot write \(path): \(problem)" }
    }

    /// Replaces (or creates) the file at `path` with `data`. The file gets mode 0644.
    public static func write(_ data: Data, to path: String) throws {
        try write(data, to: path, beforeRename: {})
    }

    /// `beforeRename` runs after the temporary file is complete; tests use it to fail there.
    static func write(_ data: Data, to path: String, beforeRename: () throws -> Void) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw WriteError(path: path, problem: "not a file path")
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
