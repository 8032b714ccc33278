internal import CHarfBuzz
internal import CICUBridge
#if canImport(Glibc)
import Glibc
#endif

/// A shortcut past a C library: code of ours that gives the library's own result for the
/// common case, faster. Each names the library and the version whose behaviour it reproduces;
/// `FastPaths` turns it on only when that version is the one loaded, and never under `--exact`.
public enum FastPath: String, CaseIterable, Sendable, Comparable {
    /// `CommonLineBreaks`: UAX #14 opportunities for text of the common line-break classes,
    /// as ICU 72's line break iterator finds them.
    case lineBreakRules = "line-break-rules"
    /// `GraphemeRules`: extended grapheme clusters (UAX #29) as ICU 72's character iterator.
    case graphemeRules = "grapheme-rules"
    /// Latin words and runs of ideographs measured from tables proven against HarfBuzz 6.0.0's
    /// shaping (`KernedCharacters`, `InertCharacters`, read by `SubstitutionReach` and
    /// `PairAdjustments`) instead of shaped, for the fonts the project ships and fonts that pass
    /// `ShortcutSelfCheck`.
    case openTypeShortcuts = "opentype-shortcuts"
    /// `Plain*Units`: paragraphs of plain Latin, Chinese and Japanese, emoji and other scripts
    /// turned into break units straight from those tables' advances, skipping the paragraph's
    /// analysis (fallback runs, bidi, scripts, segments); only where the OpenType shortcuts
    /// are on.
    case plainParagraphs = "plain-paragraphs"
    /// `ColourGlyphImages`: each colour emoji bitmap decoded and scaled once per size, as Cairo
    /// 1.16's FreeType backend scales it (which decodes it again for every glyph drawn).
    case colourGlyphImages = "colour-glyph-images"
    /// `FastDeflate`: the PNG encoder's own deflate (one dynamic Huffman block per band),
    /// reproducing no library: any valid deflate stream is the same pixels. Exact mode
    /// compresses with zlib instead.
    case ownDeflate = "own-deflate"

    /// The library whose result the fast path gives.
    public var library: Library {
        switch self {
        case .lineBreakRules, .graphemeRules: .icu
        case .openTypeShortcuts, .plainParagraphs: .harfBuzz
        case .colourGlyphImages: .cairo
        case .ownDeflate: .zlib
        }
    }

    /// The library versions it was written and proven against: a version string starting with
    /// one of these (`"72."` takes ICU 72.1 and 72.2); nil reproduces no library's internals.
    public var reproducedVersions: [String]? {
        switch self {
        case .lineBreakRules, .graphemeRules: ["72."]
        case .openTypeShortcuts, .plainParagraphs: ["6.0.0"]
        case .colourGlyphImages: ["1.16."]
        case .ownDeflate: nil
        }
    }

    public static func < (lhs: FastPath, rhs: FastPath) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The C libraries whose versions gate the fast paths.
public enum Library: String, CaseIterable, Sendable {
    case icu = "ICU", harfBuzz = "HarfBuzz", cairo = "Cairo", zlib = "zlib"
}

/// The versions of the loaded libraries, as each reports itself at run time (not the headers
/// the code was compiled with: a newer shared library may stand in for the one built against).
public struct LibraryVersions: Sendable, Equatable {
    public var versions: [Library: String]

    public init(_ versions: [Library: String]) { self.versions = versions }

    public subscript(library: Library) -> String { versions[library] ?? "unknown" }

    /// What this process has loaded. Cairo and zlib are looked up by symbol, so that a program
    /// that only lays out text (BubbleText, BubbleLayout) links neither: where one is not loaded,
    /// no fast path of its is used either.
    public static let loaded: LibraryVersions = {
        var icu = [CChar](repeating: 0, count: 32)
        cb_icu_version(&icu)
        return LibraryVersions([
            .icu: String(cString: icu),
            .harfBuzz: String(cString: hb_version_string()),
            .cairo: loadedVersion(of: "cairo_version_string") ?? "not loaded",
            .zlib: loadedVersion(of: "zlibVersion") ?? "not loaded",
        ])
    }()

    /// The string a loaded library's `name()` returns, if the process has that symbol.
    private static func loadedVersion(of name: String) -> String? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        typealias VersionFunction = @convention(c) () -> UnsafePointer<CChar>?
        return unsafeBitCast(symbol, to: VersionFunction.self)().map { String(cString: $0) }
    }
}
