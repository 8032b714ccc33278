import Foundation

/// Scratch files and folders of the bench commands, in the temporary directory.
package enum ScratchPath {
    /// A path no other run uses: named per run, not per process, since two runs in one process
    /// (the tests' parallel cases) once shared a file and read each other's output.
    package static func unique(_ prefix: String, extension suffix: String = "") -> String {
        let name = "\(prefix)-\(getpid())-\(UUID().uuidString)\(suffix.isEmpty ? "" : "." + suffix)"
        return FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    }
}
