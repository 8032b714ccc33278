import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a path names a regular file, checked before it is opened: opening a named pipe
/// for reading blocks until a writer comes (forever, if none does), and reading a device
/// may never end. Symbolic links are followed, so a link to a file is a file.
public enum RegularFile {
    /// nil for a regular file; otherwise what it is instead, as the end of a sentence that
    /// starts with the path: "no such file", "is a folder, not a file", or
    /// "is not a regular file (it is a named pipe)".
    public static func problem(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))"
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder, not a file"
        case S_IFIFO: return "is not a regular file (it is a named pipe)"
        case S_IFCHR: return "is not a regular file (it is a character device)"
        case S_IFBLK: return "is not a regular file (it is a block device)"
        case S_IFSOCK: return "is not a regular file (it is a socket)"
        default: return "is not a regular file"
        }
    }

    /// The size in bytes of the regular file at `path`; nil when there is none. One `stat`:
    /// Foundation's `attributesOfItem` also makes its file manager and looks up the owner's and
    /// group's names (reading `/etc/nsswitch.conf`, `/etc/passwd` and `/etc/group`), work a
    /// one-message `measure` had no use for.
    public static func size(at path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
