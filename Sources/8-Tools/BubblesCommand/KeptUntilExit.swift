import Foundation

/// What a command is done with, kept until the process exits so that it is never freed: the
/// command's last step is the process's, and freeing what it built (a long conversation's row
/// layouts, the shaping cache, the fonts' tables and mappings) only hands memory back to a
/// process about to end, whose pages the kernel reclaims in one sweep anyway (docs/performance.md
/// has what it saves); clang skips it the same way (`-disable-free`).
///
/// Only `main`'s streams keep (`ProcessStreams`), and not under LeakSanitizer; tests run many
/// commands in one process and pass no keeper, so their values are freed as usual.
package final class KeptUntilExit: @unchecked Sendable {
    // @unchecked: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [Any] = []

    /// Keeps `value`, and everything it references, alive until the process exits.
    package func keep(_ value: Any) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
