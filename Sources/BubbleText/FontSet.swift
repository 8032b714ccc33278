#if canImport(Glibc)
import Glibc
#endif

/// One fallback chain: the fonts a piece of text may use, in order, its primary font first.
///
/// Every cluster gets the first font that covers it, so the order is part of the result:
/// the bundled order is Inter → Noto Sans CJK SC → Noto Sans Arabic → Noto Sans Hebrew →
/// Noto Color Emoji, the order of the benchmarks in `../shared/bench` that we compare with.
public struct FontSet: Sendable {
    public let fonts: [OpenTypeFont]

    public init(fonts: [OpenTypeFont]) throws {
        guard !fonts.isEmpty else { throw TextEngineError.fontsNotFound("a font set needs at least one font") }
        guard fonts.count < 256 else { throw TextEngineError.fontsNotFound("at most 255 fonts") }
        self.fonts = fonts
    }

    public var primary: OpenTypeFont { fonts[0] }

    /// The bundled files, in fallback order after the primary font.
    public static let bundledFallbackFiles = [
        "NotoSansCJKsc-Regular-subset.otf", "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf", "NotoColorEmoji.ttf",
    ]

    /// The primary font file of each role in `Fonts/`: Inter for text, names and times,
    /// DejaVu Sans Mono (the design Menlo, iOS's monospace font, grew from) for code.
    public static let bundledPrimaryFiles: [FontRole: String] = [
        .text: "Inter-Regular.otf", .semibold: "Inter-SemiBold.otf", .bold: "Inter-Bold.otf",
        .italic: "Inter-Italic.otf", .boldItalic: "Inter-BoldItalic.otf",
        .mono: "DejaVuSansMono.ttf", .monoBold: "DejaVuSansMono-Bold.ttf",
        .name: "Inter-SemiBold.otf", .time: "Inter-Regular.otf",
    ]

    /// The bundled body-text chain from `Fonts/` (see `locateBundledFonts`), never a system font.
    public static func bundled(directory: String? = nil) throws -> FontSet {
        try FontRoles.bundled(directory: directory).text
    }

    /// Finds the repository's `Fonts/` folder: `$BUBBLES_FONTS` if set, else as
    /// `RepositoryFolder.candidates` says (the source tree, then beside the executable).
    public static func locateBundledFonts() throws -> String {
        var candidates: [String] = []
        if let fromEnvironment = getenv("BUBBLES_FONTS") { candidates.append(cString(fromEnvironment)) }
        candidates += RepositoryFolder.candidates("Fonts")
        for candidate in candidates where access(candidate + "/" + bundledPrimaryFiles[.text]!, R_OK) == 0 {
            return candidate
        }
        throw TextEngineError.fontsNotFound("looked in \(candidates.joined(separator: ", ")); set BUBBLES_FONTS")
    }
}

/// A NUL-terminated C string as a Swift string (invalid UTF-8 repaired).
func cString(_ pointer: UnsafePointer<CChar>) -> String {
    String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
}

func cString(_ buffer: [CChar]) -> String {
    buffer.withUnsafeBufferPointer { cString($0.baseAddress!) }
}

extension FontRoles {
    /// Every role from the bundled `Fonts/`, each primary file followed by the bundled fallbacks.
    public static func bundled(directory: String? = nil) throws -> FontRoles {
        try FontRoles(files: FontSet.bundledPrimaryFiles.mapValues { [$0] + FontSet.bundledFallbackFiles },
                      directory: directory)
    }

    /// Each role's chain given as file names in `directory` (the bundled `Fonts/` when nil);
    /// `files[.text]` is required. Each file is opened once, however many chains name it.
    public init(files: [FontRole: [String]], directory: String? = nil) throws {
        let folder = try directory ?? FontSet.locateBundledFonts()
        var opened: [String: OpenTypeFont] = [:]
        func font(_ file: String) throws -> OpenTypeFont {
            if let font = opened[file] { return font }
            let font = try OpenTypeFont(path: folder + "/" + file)
            opened[file] = font
            return font
        }
        var sets: [FontRole: FontSet] = [:]
        for (role, chain) in files { sets[role] = try FontSet(fonts: chain.map(font)) }
        guard let text = sets[.text] else { throw TextEngineError.fontsNotFound("no font files for the text role") }
        self.init(text: text, others: sets)
    }
}
