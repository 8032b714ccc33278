/// Errors of the text engine, each naming the input it is about.
public enum TextEngineError: Error, CustomStringConvertible, Equatable {
    case fontFile(String, String)
    case fontsNotFound(String)
    case unicode(String)

    public var description: String {
        switch self {
        case .fontFile(let path, let problem): return "font file \(path) \(problem)"
        case .fontsNotFound(let detail): return "bundled fonts not found: \(detail)"
        case .unicode(let detail): return "Unicode analysis failed: \(detail)"
        }
    }
}
