#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The one seam that decides which fast paths are on. The decision is made once, from the
/// libraries loaded and `BUBBLES_EXACT`, before the first text is measured; `--exact` makes it
/// exact before any work starts. Code with a fast path asks `FastPaths.current` (or takes a
/// `FastPaths` value, as the tests that run both ways do) and otherwise calls the library.
public struct FastPaths: Sendable, Equatable {
    /// Why each fast path is on or off, for `bubbles doctor`.
    public let reasons: [FastPath: String]
    private let on: Set<FastPath>

    /// Every fast path whose library version matches, unless `exact`; `off` names fast paths
    /// turned off one by one (`BUBBLES_EXACT=own-deflate,grapheme-rules`, to measure each).
    public init(versions: LibraryVersions, exact: Bool, off: Set<FastPath> = []) {
        var on = Set<FastPath>(), reasons: [FastPath: String] = [:]
        for path in FastPath.allCases {
            let loaded = versions[path.library]
            if exact {
                reasons[path] = "off: exact mode (--exact or BUBBLES_EXACT=1)"
            } else if off.contains(path) {
                reasons[path] = "off: BUBBLES_EXACT names it"
            } else if let reproduced = path.reproducedVersions {
                if reproduced.contains(where: loaded.hasPrefix) {
                    on.insert(path)
                    reasons[path] = "on: reproduces \(path.library.rawValue) \(Self.shown(reproduced)), \(loaded) loaded"
                } else {
                    reasons[path] = "off: reproduces \(path.library.rawValue) \(Self.shown(reproduced)), \(loaded) loaded"
                }
            } else {
                on.insert(path)
                reasons[path] = "on: reproduces no library's internals (\(path.library.rawValue) \(loaded) loaded)"
            }
        }
        self.on = on
        self.reasons = reasons
    }

    public func isOn(_ path: FastPath) -> Bool { on.contains(path) }

    /// `["72."]` as "72.x".
    private static func shown(_ versions: [String]) -> String {
        versions.map { $0.hasSuffix(".") ? $0 + "x" : $0 }.joined(separator: ", ")
    }

    /// True when no fast path is on.
    public var isExact: Bool { on.isEmpty }

    /// Every fast path off: every text shaped by HarfBuzz, broken by ICU, drawn by Cairo.
    public static let exact = FastPaths(versions: .loaded, exact: true)

    /// What `BUBBLES_EXACT` asks for: unset, empty or `0` nothing; a comma-separated list of
    /// fast path names (`FastPath.rawValue`) those; any other value (`1`) every fast path off.
    public static func environmentChoice(_ value: String?) -> (exact: Bool, off: Set<FastPath>) {
        guard let value, !value.isEmpty, value != "0" else { return (false, []) }
        let names = value.split(separator: ",").map { $0.trimmingPrefix(" ") }
        let paths = names.compactMap { FastPath(rawValue: String($0)) }
        return paths.count == names.count ? (false, Set(paths)) : (true, [])
    }

    private static let exactChosen = Atomic<Bool>(false)
    private static let decided: FastPaths = {
        let choice = environmentChoice(getenv("BUBBLES_EXACT").map { String(cString: $0) })
        return FastPaths(versions: .loaded, exact: choice.exact, off: choice.off)
    }()

    /// The process's decision.
    public static var current: FastPaths {
        exactChosen.load(ordering: .relaxed) ? exact : decided
    }

    /// Turns every fast path off for the rest of the process (`--exact`): call it before any
    /// text is measured or drawn.
    public static func chooseExact() { exactChosen.store(true, ordering: .relaxed) }
}
