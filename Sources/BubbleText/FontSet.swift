#if canImport(Glibc)
import Glibc
#endif

/// The fonts a layout may use, in fallback order, with the primary (UI) font first.
///
/// Every cluster gets the first font that covers it, so the order is part of the result:
/// the bundled order is Inter → Noto Sans CJK SC → Noto Sans Arabic → Noto Sans Hebrew →
/// Noto Color Emoji, the order of the benchmarks in `../shared/bench` that we compare with.
public struct FontSet: Sendable {
    public let fonts: [OpenTypeFont]
    /// The colour emoji font, which emoji-presentation clusters try first.
    public let emojiIndex: Int?

    public init(fonts: [OpenTypeFont]) throws {
        guard !fonts.isEmpty else { throw TextEngineError.fontsNotFound("a font set needs at least one font") }
        guard fonts.count < 256 else { throw TextEngineError.fontsNotFound("at most 255 fonts") }
        self.fonts = fonts
        emojiIndex = fonts.firstIndex { $0.isColor }
    }

    public var primary: OpenTypeFont { fonts[0] }

    /// The bundled files, in fallback order after the primary font.
    public static let bundledFallbackFiles = [
        "NotoSansCJKsc-Regular-subset.otf", "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf", "NotoColorEmoji.ttf",
    ]

    /// The primary font of each bundled weight.
    public enum Weight: String, Sendable {
        case regular = "Inter-Regular.otf"
        /// For sender names.
        case semibold = "Inter-SemiBold.otf"
    }

    /// The bundled fonts from `Fonts/` (see `locateBundledFonts`), never a system font.
    public static func bundled(_ weight: Weight = .regular, directory: String? = nil) throws -> FontSet {
        let folder = try directory ?? locateBundledFonts()
        let files = [weight.rawValue] + bundledFallbackFiles
        return try FontSet(fonts: files.map { try OpenTypeFont(path: folder + "/" + $0) })
    }

    /// Finds the repository's `Fonts/` folder: `$BUBBLES_FONTS` if set, else the folder this
    /// source file was compiled from (works for a clone and for a SwiftPM dependency checkout),
    /// else next to the running executable's package (`.build/<config>/bubbles` → `../../Fonts`).
    public static func locateBundledFonts() throws -> String {
        var candidates: [String] = []
        if let fromEnvironment = getenv("BUBBLES_FONTS") { candidates.append(String(cString: fromEnvironment)) }
        let source = "\(#filePath)"
        let parts = source.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 3, parts[parts.count - 3] == "Sources" {
            candidates.append(parts.dropLast(3).joined(separator: "/") + "/Fonts")
        }
        if let executable = executablePath() {
            var folder = executable
            for _ in 0..<5 {
                guard let slash = folder.lastIndex(of: "/") else { break }
                folder = String(folder[..<slash])
                candidates.append(folder + "/Fonts")
            }
        }
        for candidate in candidates where access(candidate + "/" + Weight.regular.rawValue, R_OK) == 0 {
            return candidate
        }
        throw TextEngineError.fontsNotFound("looked in \(candidates.joined(separator: ", ")); set BUBBLES_FONTS")
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(cString: buffer) : nil
    }
}
