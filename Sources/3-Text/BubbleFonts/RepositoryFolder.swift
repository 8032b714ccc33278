#if canImport(Glibc)
import Glibc
#endif

/// Where the repository's resource folders (`Fonts/`, `Themes/`) are when no environment
/// variable names them. Each folder is looked up on its own, so that `$BUBBLES_FONTS`
/// pointing elsewhere never moves the place themes are found (it used to: themes were
/// looked for beside the fonts folder).
public enum RepositoryFolder {
    /// Candidate paths of the top-level folder `name`, best first: in the source tree this
    /// file was compiled from (a clone, or a SwiftPM dependency checkout), then in each of
    /// the five folders above the running executable (`.build/<config>/bubbles` → `../../name`).
    public static func candidates(_ name: String) -> [String] {
        var candidates: [String] = []
        let parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        if let sources = parts.lastIndex(of: "Sources"), sources > 0 {
            candidates.append(parts[..<sources].joined(separator: "/") + "/" + name)
        }
        if let executable = executablePath() {
            var folder = executable
            for _ in 0..<5 {
                guard let slash = folder.lastIndex(of: "/") else { break }
                folder = String(folder[..<slash])
                candidates.append(folder + "/" + name)
            }
        }
        return candidates
    }

    /// The first candidate of `name` that holds the readable file `probe` (a relative path).
    public static func locate(_ name: String, containing probe: String) -> String? {
        candidates(name).first { access($0 + "/" + probe, R_OK) == 0 }
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? cString(buffer) : nil
    }
}
