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
        .library(name: "BubbleUnicode", targets: ["BubbleUnicode"]),
        .library(name: "BubbleText", targets: ["BubbleText"]),
        .library(name: "BubbleArchive", targets: ["BubbleArchive"]),
        .library(name: "BubbleModel", targets: ["BubbleModel"]),
        .library(name: "BubbleLayout", targets: ["BubbleLayout"]),
        .library(name: "BubbleTheme", targets: ["BubbleTheme"]),
        .library(name: "BubbleRender", targets: ["BubbleRender"]),
        .library(name: "ChatBubbles", targets: ["ChatBubbles"]),
        .executable(name: "bubbles", targets: ["bubbles"]),
        /// The CLI's code as a library, so the fuzz package (`Fuzz/`) can feed `measure`'s
        /// NDJSON reader; not an API promise.
        .library(name: "BubblesCommand", targets: ["BubblesCommand"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        /// Cairo's rasteriser, for the one function `GoodFilterResampling` needs to place rows
        /// exactly as Cairo's own paint does (`pixman_transform_point_3d`); Cairo loads it anyway.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        /// libdeflate: the PNG encoder's SIMD adler32 (the same checksum as zlib's, faster).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        /// giflib: Debian 12's libgif-dev has no dependable pkg-config name, so the modulemap
        /// links `gif` from the default search path.
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        /// libwebp with its demuxer (the first frame of an animated WebP); the encoder header
        /// is there for the tests, which make their WebP inputs.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),

        /// The system ICU behind plain C types: the only code that sees ICU's headers, because
        /// Foundation's own ICU defines `UErrorCode` and friends differently and a Swift module
        /// that loads both fails to build. CICU only supplies the pkg-config flags.
        .target(name: "CICUBridge", dependencies: ["CICU"], linkerSettings: [.linkedLibrary("icuuc")]),
        /// ICU behind Swift types. Its `internal import CICUBridge` is still loaded by clients
        /// (non-resilient modules do not hide imports), which is harmless: the bridge's header
        /// names no ICU type.
        .target(name: "BubbleUnicode", dependencies: ["CICUBridge"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "BubbleText", dependencies: ["BubbleUnicode", "CHarfBuzz"]),
        .target(name: "BubbleArchive", dependencies: ["CSQLite"]),
        .target(name: "BubbleModel", dependencies: ["BubbleArchive", "BubbleText", "BubbleUnicode"]),
        .target(name: "BubbleLayout", dependencies: ["BubbleModel", "BubbleText"]),
        /// Theme files and their mapping to layout metrics and font roles: no Cairo, so a
        /// layout-only user links none.
        .target(name: "BubbleTheme", dependencies: ["BubbleLayout", "BubbleModel", "BubbleText"]),
        .target(name: "BubbleRender", dependencies: ["BubbleLayout", "BubbleText", "BubbleTheme", "CCairo", "CPixman", "CFreeType", "CGIF", "CTurboJPEG", "CWebP", "CZlib", "CDeflate"]),
        /// The front door: re-exports the pipeline and gives the short path for load, layout, render.
        .target(name: "ChatBubbles", dependencies: ["BubbleArchive", "BubbleModel", "BubbleText", "BubbleLayout", "BubbleTheme", "BubbleRender"]),
        .target(name: "BubblesCommand", dependencies: ["ChatBubbles"]),
        /// In release, Swift's runtime and Foundation are linked into `bubbles` statically: it
        /// then loads 39 shared objects instead of 54 and binds 5,900 symbols at start instead of
        /// 13,000 (README, Performance, Start-up). `-static-stdlib` alone leaves the C parts of
        /// the static Foundation unlinked (modules compiled against the shared ones do not name
        /// them), so the group names them; `--static-swift-stdlib` on the command line does the
        /// same for every target. Only this executable: a user's package that depends on a
        /// library product never sees these flags, and no test bundle links this target.
        .executableTarget(name: "bubbles", dependencies: ["BubblesCommand"],
                          linkerSettings: [.unsafeFlags(staticSwiftRuntime, .when(configuration: .release))]),
        /// The README's "Use as a library" example, built with the package so it cannot rot.
        .executableTarget(name: "chatbubbles-example", dependencies: ["ChatBubbles"], path: "Examples/LibraryExample"),

        /// The snapshot assertion shared by the test targets (they cannot import each other).
        /// Not a product: only tests use it.
        .target(name: "BubbleSnapshotTesting", dependencies: ["BubbleRender", "BubbleTheme"], path: "Tests/Support/BubbleSnapshotTesting"),
        /// A seeded generator for the tests' random inputs, shared the same way.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),

        .testTarget(name: "BubbleUnicodeTests", dependencies: ["BubbleUnicode", "SeededRandom"]),
        .testTarget(name: "BubbleTextTests", dependencies: ["BubbleText", "BubbleSnapshotTesting"], exclude: ["Goldens"]),
        .testTarget(name: "BubbleArchiveTests", dependencies: ["BubbleArchive", "BubblesCommand", "SeededRandom"], exclude: ["Fixtures"]),
        .testTarget(name: "BubbleModelTests", dependencies: ["BubbleModel", "BubbleArchive"]),
        .testTarget(name: "BubbleLayoutTests", dependencies: ["BubbleLayout", "BubbleModel", "BubbleText"]),
        .testTarget(name: "BubbleRenderTests", dependencies: ["BubbleRender", "BubbleLayout", "BubbleTheme", "ChatBubbles", "BubblesCommand", "BubbleSnapshotTesting",
                                                          "CGIF", "CWebP", "SeededRandom"],
                    exclude: ["Fixtures"]),
        /// The tests that run the `bubbles` binary find it beside the test bundle: `swift test`
        /// builds every product. Not a dependency, or the bundle would take its static link.
        .testTarget(name: "BubblesCommandTests", dependencies: ["BubblesCommand"]),
        .testTarget(name: "ChatBubblesTests", dependencies: ["ChatBubbles", "chatbubbles-example"]),
    ]
)
