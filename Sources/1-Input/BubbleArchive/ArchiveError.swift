/// A whole-file problem with an archive or a vCard store: the file cannot be used at all.
/// (Per-row problems never throw; they travel in `ArchiveRow.problems`.)
/// The message always names the file, so a batch run's stderr says which input failed.
public struct ArchiveError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file as the caller named it.
    public var path: String
    /// What is wrong, in words for the user (never a bare SQLite code).
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
