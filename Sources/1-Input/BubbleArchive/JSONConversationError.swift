/// Why a JSON conversation file cannot be used: every problem found, each naming the JSON path
/// (`messages[3].time`) and what is wrong there, so one run fixes a whole file.
public struct JSONConversationError: Error, CustomStringConvertible, Equatable, Sendable {
    /// One problem at one place in the document.
    public struct Issue: Equatable, Sendable {
        /// A JSON path such as `messages[3].time`; empty for the document as a whole.
        public var location: String
        public var problem: String

        public init(location: String, problem: String) {
            self.location = location
            self.problem = problem
        }
    }

    /// The file as the caller named it.
    public var file: String
    public var issues: [Issue]

    public init(file: String, issues: [Issue]) {
        self.file = file
        self.issues = issues
    }

    public init(file: String, problem: String) {
        self.init(file: file, issues: [Issue(location: "", problem: problem)])
    }

    /// At most this many issues are listed; the rest are counted.
    public static let listedIssues = 20

    /// One line per issue: `chat.json: messages[3].time: 'yesterday' is not …`.
    public var description: String {
        var lines = issues.prefix(Self.listedIssues).map { issue in
            issue.location.isEmpty ? "\(file): \(issue.problem)" : "\(file): \(issue.location): \(issue.problem)"
        }
        if issues.count > Self.listedIssues {
            lines.append("\(file): … and \(issues.count - Self.listedIssues) more problems")
        }
        return lines.joined(separator: "\n")
    }
}
