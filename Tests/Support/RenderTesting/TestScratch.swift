import CommandTesting
import Foundation

/// Throwaway folders for the render tests, all inside one folder per test process that goes
/// away when the process exits. Each test made its own folder in the temporary directory and
/// none removed it: a run of the tests left about a hundred behind, a developer's machine
/// thousands. These tests hand paths around as strings, so the folders cannot go with a value
/// as the archive tests' `ScratchDirectory` and the command tests' `PreviewFolder` do.
package enum TestScratch {
    /// Per process, so that two test processes at once (debug and a sanitizer) never remove
    /// each other's files.
    package static let root = NSTemporaryDirectory() + "chatbubbles-tests-\(getpid())"

    /// A new empty folder named `prefix-<UUID>` inside `root`.
    package static func folder(_ prefix: String) throws -> String {
        _ = registerRemovalAtExit
        let path = root + "/" + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A global's initialiser runs once, whichever thread asks first.
    private static let registerRemovalAtExit: Void = {
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.root) }
    }()
}

/// Peak resident memory of this process so far, in bytes (Linux reports kilobytes).
package func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}
