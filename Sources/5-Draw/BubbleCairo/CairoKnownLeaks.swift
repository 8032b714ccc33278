import Glibc

/// Cairo 1.16 allocates inside `cairo_surface_finish` (PDF and SVG documents) and inside
/// `cairo_pattern_destroy` when it lets go of an image pattern's snapshot, and loses those
/// blocks: a few hundred bytes a document that no caller can free.
///
/// Under LeakSanitizer (CI's `swift test --sanitize=address`) the blocks allocated inside exactly
/// those two calls are marked as expected, through LeakSanitizer's own `__lsan_disable` and
/// `__lsan_enable`. Suppressions in a file could only name the calls by reading each leak's
/// whole allocation stack through the system libraries, which have no frame pointers: that
/// needs the slow unwinder on every allocation of every test, and made the sanitized suite
/// seven times slower. A cairo object our code forgets to destroy is still reported: it is
/// allocated by a `cairo_*_create` call, outside these scopes.
///
/// In a build without the sanitizer the two functions do not exist, and this costs one
/// symbol lookup per process.
package enum CairoKnownLeaks {
    private typealias Switch = @convention(c) () -> Void

    private struct Switches: @unchecked Sendable {
        package let disable: Switch
        package let enable: Switch
    }

    private static let switches: Switches? = {
        guard let disable = dlsym(nil, "__lsan_disable"), let enable = dlsym(nil, "__lsan_enable") else { return nil }
        return Switches(disable: unsafeBitCast(disable, to: Switch.self), enable: unsafeBitCast(enable, to: Switch.self))
    }()

    /// Runs one of the two leaking Cairo calls; what it allocates on this thread is not a leak
    /// to LeakSanitizer.
    package static func expectingLeaks<Result>(_ call: () throws -> Result) rethrows -> Result {
        guard let switches else { return try call() }
        switches.disable()
        defer { switches.enable() }
        return try call()
    }
}
