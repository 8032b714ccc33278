// swift-tools-version:6.0
import PackageDescription

/// The static Swift runtime and Foundation with their C parts, in one group so that the order
/// of their mutual references does not matter.
let staticSwiftRuntime = ["-static-stdlib", "-Xlinker", "--start-group"]
    + ["FoundationXML", "_CFXMLInterface", "xml2", "Foundation", "FoundationInternationalization",
       "_FoundationICU", "FoundationEssentials", "_FoundationCShims", "_FoundationCollections",
       "CoreFoundation", "swiftSynchronization", "swiftDispatch", "dispatch", "BlocksRuntime",
       "swiftCore", "stdc++", "util"].flatMap { ["-Xlinker", "-l" + $0] }
    + ["-Xlinker", "--end-group"]

/// One system-library target per C library; everything else is Swift, and data flows
/// archive → messages → bubble models → measured layout → drawing → files.
let package = Package(
    name: "ChatBubbles",
    products: [
        .library(name: "BubbleFastPaths", targets: ["BubbleFastPaths"]),
        .library(name: "BubbleUnicode", targets: ["BubbleUnicode"]),
        .library(name: "BubbleFonts", targets: ["BubbleFonts"]),
        .library(name: "BubbleText", targets: ["BubbleText"]),
        .library(name: "BubbleArchive", targets: ["BubbleArchive"]),
        .library(name: "BubbleModel", targets: ["BubbleModel"]),
        .library(name: "BubbleLayout", targets: ["BubbleLayout"]),
        .library(name: "BubbleTheme", targets: ["BubbleTheme"]),
        .library(name: "BubbleCairo", targets: ["BubbleCairo"]),
        .library(name: "BubbleCodec", targets: ["BubbleCodec"]),
        .library(name: "BubbleOutput", targets: ["BubbleOutput"]),
        .library(name: "BubbleRender", targets: ["BubbleRender"]),
        .library(name: "BubbleThemeLint", targets: ["BubbleThemeLint"]),
        .library(name: "ChatBubbles", targets: ["ChatBubbles"]),
        .executable(name: "bubbles", targets: ["bubbles"]),
        .executable(name: "bubbles-bench", targets: ["bubbles-bench"]),
        /// The CLI's code as a library, so the fuzz package (`Fuzz/`) can feed `measure`'s
        /// NDJSON reader; not an API promise.
        .library(name: "BubblesCommand", targets: ["BubblesCommand"]),
    ],
    targets: [
        // 0. The C libraries, each behind a system-library target (pkg-config and its apt
        // package), and the one seam that decides which of their internals we may replace.
        .systemLibrary(name: "CFreeType", path: "Sources/0-System/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/0-System/CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/0-System/CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/0-System/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CICU", path: "Sources/0-System/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/0-System/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        /// libdeflate: the PNG encoder's SIMD adler32 (the same checksum as zlib's, faster).
        .systemLibrary(name: "CDeflate", path: "Sources/0-System/CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        /// libpng's row API: `bubbles snapshot` reads references a band of rows at a time.
        .systemLibrary(name: "CPNG", path: "Sources/0-System/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/0-System/CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        /// giflib: Debian 12's libgif-dev has no dependable pkg-config name, so the modulemap
        /// links `gif` from the default search path.
        .systemLibrary(name: "CGIF", path: "Sources/0-System/CGIF", providers: [.apt(["libgif-dev"])]),
        /// libwebp with its demuxer (the first frame of an animated WebP); the encoder header
        /// is there for the tests, which make their WebP inputs.
        .systemLibrary(name: "CWebP", path: "Sources/0-System/CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        /// The system ICU behind plain C types: the only code that sees ICU's headers, because
        /// Foundation's own ICU defines `UErrorCode` and friends differently and a Swift module
        /// that loads both fails to build. CICU only supplies the pkg-config flags.
        .target(name: "CICUBridge", dependencies: ["CICU"], path: "Sources/0-System/CICUBridge", linkerSettings: [.linkedLibrary("icuuc")]),
        /// The seam: which fast paths are on, from the loaded libraries' versions and `--exact`.
        .target(name: "BubbleFastPaths", dependencies: ["CICUBridge", "CHarfBuzz"], path: "Sources/0-System/BubbleFastPaths",
                linkerSettings: [.linkedLibrary("dl")]),

        // 1. Inputs: the Core Data archive, MAM dumps, JSON conversations, vCards → messages.
        .target(name: "BubbleArchive", dependencies: ["CSQLite"], path: "Sources/1-Input/BubbleArchive"),
        // 2. Messages → bubble models and conversation items.
        .target(name: "BubbleModel", dependencies: ["BubbleArchive", "BubbleText", "BubbleUnicode"], path: "Sources/2-Model/BubbleModel"),
        // 3. Text: ICU behind Swift types (no Foundation), then fonts, shaping and line breaking.
        /// ICU behind Swift types. Its `internal import CICUBridge` is still loaded by clients
        /// (non-resilient modules do not hide imports), which is harmless: the bridge's header
        /// names no ICU type.
        .target(name: "BubbleUnicode", dependencies: ["CICUBridge", "BubbleFastPaths"], path: "Sources/3-Text/BubbleUnicode", linkerSettings: [.linkedLibrary("m")]),
        /// Font files behind Swift types (HarfBuzz's faces, the bundled set, fallback chains) and
        /// the readers of their OpenType tables that the shaping shortcuts' proofs use.
        .target(name: "BubbleFonts", dependencies: ["BubbleUnicode", "CHarfBuzz"], path: "Sources/3-Text/BubbleFonts"),
        .target(name: "BubbleText", dependencies: ["BubbleFonts", "BubbleUnicode", "BubbleFastPaths", "CHarfBuzz"], path: "Sources/3-Text/BubbleText"),
        // 4. Row layout, and the theme files that set its metrics and fonts (no Cairo, so a
        // layout-only user links none).
        .target(name: "BubbleLayout", dependencies: ["BubbleModel", "BubbleText"], path: "Sources/4-Layout/BubbleLayout"),
        .target(name: "BubbleTheme", dependencies: ["BubbleLayout", "BubbleModel", "BubbleText"], path: "Sources/4-Layout/BubbleTheme"),
        // 5. Drawing: the Cairo and FreeType wrappers, then the chat drawing itself.
        .target(name: "BubbleCairo", dependencies: ["CCairo", "CFreeType", "BubbleText", "BubbleTheme"], path: "Sources/5-Draw/BubbleCairo"),
        .target(name: "BubbleRender", dependencies: ["BubbleCairo", "BubbleFastPaths", "BubbleCodec", "BubbleOutput", "BubbleLayout", "BubbleText", "BubbleTheme", "CCairo", "CFreeType"],
                path: "Sources/5-Draw/BubbleRender"),
        // 6. Pixels in and out: image decoders, PNG/WebP writers and deflate; output files.
        .target(name: "BubbleCodec", dependencies: ["BubbleCairo", "BubbleFastPaths", "BubbleOutput", "CCairo", "CGIF", "CTurboJPEG", "CWebP", "CZlib", "CDeflate", "CPNG"], path: "Sources/6-Encode/BubbleCodec"),
        .target(name: "BubbleOutput", path: "Sources/6-Encode/BubbleOutput"),
        // 7. The front door (load, lay out, render, write) and theme lint.
        .target(name: "ChatBubbles", dependencies: ["BubbleArchive", "BubbleModel", "BubbleText", "BubbleLayout", "BubbleTheme", "BubbleRender"],
                path: "Sources/7-Front/ChatBubbles"),
        .target(name: "BubbleThemeLint", dependencies: ["ChatBubbles", "BubbleRender", "BubbleCairo"], path: "Sources/7-Front/BubbleThemeLint"),
        // 8. Tools: the CLI's code, the `bubbles` executable, the benchmarks.
        .target(name: "BubblesCommand", dependencies: ["ChatBubbles", "BubbleThemeLint"], path: "Sources/8-Tools/BubblesCommand"),
        /// In release, Swift's runtime and Foundation are linked into `bubbles` statically: it
        /// then loads 39 shared objects instead of 54 and binds 5,900 symbols at start instead of
        /// 13,000 (docs/performance.md). `-static-stdlib` alone leaves the C parts of
        /// the static Foundation unlinked (modules compiled against the shared ones do not name
        /// them), so the group names them; `--static-swift-stdlib` on the command line does the
        /// same for every target. Only this executable: a user's package that depends on a
        /// library product never sees these flags, and no test bundle links this target.
        .executableTarget(name: "bubbles", dependencies: ["BubblesCommand"], path: "Sources/8-Tools/bubbles",
                          linkerSettings: [.unsafeFlags(staticSwiftRuntime, .when(configuration: .release))]),
        /// The benchmarks against Pango, Chromium and the HarfBuzz floor: not commands of the
        /// user's CLI, a tool of their own (a library, so that tests can reach their parts).
        .target(name: "BubblesBench", dependencies: ["BubblesCommand"], path: "Sources/8-Tools/BubblesBench"),
        .executableTarget(name: "bubbles-bench", dependencies: ["BubblesBench"], path: "Sources/8-Tools/bubbles-bench",
                          linkerSettings: [.unsafeFlags(staticSwiftRuntime, .when(configuration: .release))]),
        /// The README's "Use as a library" example, built with the package so it cannot rot.
        .executableTarget(name: "chatbubbles-example", dependencies: ["ChatBubbles"], path: "Examples/LibraryExample"),

        /// The snapshot assertion shared by the test targets (they cannot import each other).
        /// Not a product: only tests use it.
        .target(name: "BubbleSnapshotTesting", dependencies: ["BubbleRender", "BubbleCodec", "BubbleCairo", "BubbleTheme"], path: "Tests/Support/BubbleSnapshotTesting"),
        /// In-process runs of a command-line tool and scratch folders, for the command tests.
        .target(name: "CommandTesting", dependencies: ["BubblesCommand"], path: "Tests/Support/CommandTesting"),
        /// The repository's folders, scratch folders, theme sandboxes and in-process `bubbles`
        /// runs of the drawing tests, shared by the render, codec, output and lint tests.
        .target(name: "RenderTesting", dependencies: ["BubbleRender", "BubbleCairo", "BubbleCodec", "BubbleTheme", "BubblesCommand", "BubbleSnapshotTesting", "CommandTesting", "CGIF", "CWebP", "CTurboJPEG"],
                path: "Tests/Support/RenderTesting"),
        /// A seeded generator for the tests' random inputs, shared the same way.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),

        .testTarget(name: "BubbleFastPathsTests", dependencies: ["BubbleFastPaths"]),
        .testTarget(name: "BubbleUnicodeTests", dependencies: ["BubbleUnicode", "BubbleFastPaths", "SeededRandom"]),
        .testTarget(name: "BubbleFontsTests", dependencies: ["BubbleFonts", "CHarfBuzz"]),
        .testTarget(name: "BubbleTextTests", dependencies: ["BubbleText", "BubbleFastPaths", "BubbleSnapshotTesting"], exclude: ["Goldens"]),
        .testTarget(name: "BubbleArchiveTests", dependencies: ["BubbleArchive", "BubblesCommand", "SeededRandom"], exclude: ["Fixtures"]),
        .testTarget(name: "BubbleModelTests", dependencies: ["BubbleModel", "BubbleArchive"]),
        .testTarget(name: "BubbleLayoutTests", dependencies: ["BubbleLayout", "BubbleModel", "BubbleText"]),
        .testTarget(name: "BubbleThemeTests", dependencies: ["BubbleTheme"]),
        .testTarget(name: "BubbleCairoTests", dependencies: ["BubbleCairo"]),
        .testTarget(name: "BubbleCodecTests", dependencies: ["RenderTesting", "BubbleCodec", "BubbleCairo", "CZlib", "SeededRandom"]),
        .testTarget(name: "BubbleOutputTests", dependencies: ["RenderTesting", "BubbleOutput"]),
        .testTarget(name: "BubbleRenderTests", dependencies: ["RenderTesting", "BubbleRender", "BubbleCairo", "BubbleCodec", "BubbleOutput", "BubbleLayout", "BubbleTheme", "ChatBubbles", "BubblesCommand", "BubbleSnapshotTesting",
                                                          "CGIF", "CWebP", "SeededRandom"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "BubbleThemeLintTests", dependencies: ["RenderTesting", "BubbleThemeLint", "ChatBubbles"]),
        /// The tests that run `bubbles` (and `bubbles-bench`) find them beside the test bundle:
        /// `swift test` builds every product. Not a dependency, or the bundle would take its static link.
        .testTarget(name: "BubblesCommandTests", dependencies: ["BubblesCommand", "BubblesBench", "CommandTesting", "SeededRandom"]),
        .testTarget(name: "BubblesBenchTests", dependencies: ["BubblesBench", "BubblesCommand", "CommandTesting"]),
        .testTarget(name: "ChatBubblesTests", dependencies: ["ChatBubbles", "chatbubbles-example"]),

    ]
)
