import ChatBubbles
/// One thing `bubbles theme lint` found in a theme: how bad it is, the key in `theme.json` to
/// change (a JSON path), and the measured value against its limit, so a designer knows what to
/// change and by how much without reading the renderer.
public struct ThemeLintFinding: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Equatable {
        /// The theme draws wrongly (squashed corners, a stretched tail, missing fonts).
        case error
        /// The theme draws as designed but is hard to read (contrast below WCAG AA).
        case warning
    }

    public var severity: Severity
    /// The JSON path of the key to change, e.g. `bubbles.outgoing.cap_insets`.
    public var key: String
    /// What is wrong, in a sentence that holds the measured value and the limit.
    public var problem: String
    /// The reason from `lint.accept` when the theme keeps this on purpose; accepted findings
    /// are printed but neither fail nor count as warnings.
    public var acceptedBecause: String?

    public init(_ severity: Severity, key: String, _ problem: String) {
        self.severity = severity
        self.key = key
        self.problem = problem
    }

    public var description: String {
        if let acceptedBecause { return "accepted \(severity.rawValue): \(key): \(problem) (lint.accept: \(acceptedBecause))" }
        return "\(severity.rawValue): \(key): \(problem)"
    }
}

/// Everything `ThemeLint` found in one theme, in the order of the checks.
public struct ThemeLintReport: Sendable, Equatable {
    /// The theme as named to the linter (a name in Themes/ or a directory).
    public var theme: String
    public var findings: [ThemeLintFinding]

    public var errors: [ThemeLintFinding] { findings.filter { $0.severity == .error && $0.acceptedBecause == nil } }
    public var warnings: [ThemeLintFinding] { findings.filter { $0.severity == .warning && $0.acceptedBecause == nil } }
    public var accepted: [ThemeLintFinding] { findings.filter { $0.acceptedBecause != nil } }

    /// Clean, or warnings only: the theme draws as designed.
    public var passes: Bool { errors.isEmpty }

    /// "classic: 0 errors, 0 warnings, 2 accepted".
    public var summary: String {
        "\(theme): \(Self.count(errors.count, "error")), \(Self.count(warnings.count, "warning")), \(accepted.count) accepted"
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
