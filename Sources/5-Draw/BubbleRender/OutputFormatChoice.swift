import BubbleOutput
import BubbleCodec
import BubbleCairo
import Foundation

/// The format of an output file, from the format asked for and the file's extension, which
/// must agree: `-o chat.webp` never silently holds PNG bytes.
public enum OutputFormatChoice {
    /// Why a path and a requested format do not agree.
    public enum Conflict: Error, Equatable, CustomStringConvertible {
        /// The path's extension names one format and another was asked for.
        case mismatch(path: String, fileExtension: String, requested: OutputFormat)
        /// The path's extension is not a format this library writes, and none was asked for.
        case unknownExtension(path: String, fileExtension: String)

        public var description: String {
            switch self {
            case let .mismatch(path, fileExtension, requested):
                return "\(path): the extension .\(fileExtension) does not match the format \(requested.rawValue)"
            case let .unknownExtension(path, fileExtension):
                return "\(path): .\(fileExtension) is not a format ChatBubbles writes (\(OutputFormat.names))"
            }
        }
    }

    /// The format to write `path` in. A path without an extension (`-o /dev/stdout`, a pipe)
    /// takes `requested`, else PNG; a path with one must name `requested` when it is given
    /// (`.PNG` counts as `.png`), and must name a format this library writes when it is not.
    public static func format(for path: String, requested: OutputFormat?) throws(Conflict) -> OutputFormat {
        let fileExtension = URL(fileURLWithPath: path).pathExtension
        guard !fileExtension.isEmpty else { return requested ?? .png }
        let named = OutputFormat(rawValue: fileExtension.lowercased())
        if let requested {
            guard named == requested else {
                throw .mismatch(path: path, fileExtension: fileExtension, requested: requested)
            }
            return requested
        }
        guard let named else { throw .unknownExtension(path: path, fileExtension: fileExtension) }
        return named
    }
}

extension OutputFormat {
    /// "png, pdf, svg, webp": the names `--format` takes, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
