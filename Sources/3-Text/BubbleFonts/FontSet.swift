#if canImport(Glibc)
import Glibc
#endif

/// One fallback chain: the fonts a piece of text may use, in order, its primary font first.
///
/// Every cluster gets the first font that covers it, so the order is part of the result:
/// the bundled order is Inter → Noto Sans CJK SC → Noto Sans Arabic UI → Noto Sans Hebrew →
/// the other scripts' Noto fonts → Noto Color Emoji: the order of the benchmarks in
/// `../shared/bench` (which stop at Hebrew) with the newer scripts added before emoji.
public struct FontSet: Sendable {
    public let fonts: [OpenTypeFont]

    public init(fonts: [OpenTypeFont]) throws {
        guard !fonts.isEmpty else { throw TextEngineError.fontsNotFound("a font set needs at least one font") }
        guard fonts.count < 256 else { throw TextEngineError.fontsNotFound("at most 255 fonts") }
        self.fonts = fonts
    }

    public var primary: OpenTypeFont { fonts[0] }

    /// The bundled files, in fallback order after the primary font. `#2` is the Simplified
    /// Chinese face of the Noto Sans CJK collection (faces 0–4: JP, KR, SC, TC, HK; all five
    /// map the same characters, and differ in which regional glyph forms they default to).
    /// The script fonts prefer the `UI` variants, whose vertical metrics are made for UI lines
    /// (as the fonts iOS falls back to are); Armenian, Georgian and Ethiopic have none.
    public static let bundledFallbackFiles = [
        "NotoSansCJK-Regular.ttc#2", "NotoSansArabicUI-Regular.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSansThaiUI-Regular.ttf", "NotoSansLaoUI-Regular.ttf", "NotoSansKhmerUI-Regular.ttf",
        "NotoSansMyanmarUI-Regular.ttf", "NotoSansDevanagariUI-Regular.ttf", "NotoSansBengaliUI-Regular.ttf",
        "NotoSansTamilUI-Regular.ttf", "NotoSansTeluguUI-Regular.ttf", "NotoSansGujaratiUI-Regular.ttf",
        "NotoSansGurmukhiUI-Regular.ttf", "NotoSansKannadaUI-Regular.ttf", "NotoSansMalayalamUI-Regular.ttf",
        "NotoSansSinhalaUI-Regular.ttf", "NotoSansArmenian-Regular.ttf", "NotoSansGeorgian-Regular.ttf",
        "NotoSansEthiopic-Regular.ttf", "NotoColorEmoji.ttf",
    ]

    /// A chain entry's file and face: `NAME.ttc#N` is face N of a font collection, any other
    /// name face 0.
    public static func fileAndFace(_ entry: String) -> (file: String, face: Int) {
        guard let hash = entry.lastIndex(of: "#"), let face = Int(entry[entry.index(after: hash)...]), face >= 0 else {
            return (entry, 0)
        }
        return (String(entry[..<hash]), face)
    }

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
package func cString(_ pointer: UnsafePointer<CChar>) -> String {
    String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
}

package func cString(_ buffer: [CChar]) -> String {
    buffer.withUnsafeBufferPointer { cString($0.baseAddress!) }
}

extension FontRoles {
    /// Every role from the bundled `Fonts/`, each primary file followed by the bundled fallbacks.
    public static func bundled(directory: String? = nil) throws -> FontRoles {
        try FontRoles(files: FontSet.bundledPrimaryFiles.mapValues { [$0] + FontSet.bundledFallbackFiles },
                      directory: directory)
    }

    /// Each role's chain given as file names in `directory` (the bundled `Fonts/` when nil),
    /// `NAME.ttc#N` for face N of a collection; `files[.text]` is required. Each file is
    /// opened once, however many chains name it.
    public init(files: [FontRole: [String]], directory: String? = nil) throws {
        let folder = try directory ?? FontSet.locateBundledFonts()
        var opened: [String: OpenTypeFont] = [:]
        func font(_ file: String) throws -> OpenTypeFont {
            if let font = opened[file] { return font }
            let (name, face) = FontSet.fileAndFace(file)
            let font = try OpenTypeFont(path: folder + "/" + name, faceIndex: face)
            opened[file] = font
            return font
        }
        var sets: [FontRole: FontSet] = [:]
        for (role, chain) in files { sets[role] = try FontSet(fonts: chain.map(font)) }
        guard let text = sets[.text] else { throw TextEngineError.fontsNotFound("no font files for the text role") }
        self.init(text: text, others: sets)
    }
}
