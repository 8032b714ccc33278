// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets, one per parser of untrusted input. A separate package so the main one
/// builds without sanitizers; `Fuzz/run` builds this with `--sanitize=fuzzer --sanitize=address`,
/// which instruments every module (ours and the parsers we call), not only these files, and
/// with `-enable-testing`, so a target may `@testable import` an internal parser
/// (`VCardFields`, `MessageLines`) without widening its access in `Sources/`.
///
/// The parent package is a path dependency; its identity is its folder's name, which differs
/// between clones (`ChatBubbles`, a CI checkout, a worktree), so it is read from the path.
let parent = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "ChatBubbles"

func fuzzTarget(_ name: String, _ products: String...) -> Target {
    .executableTarget(name: "fuzz-\(name)",
                      dependencies: products.map { .product(name: $0, package: parent) })
}

let package = Package(
    name: "ChatBubblesFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        fuzzTarget("stanza", "BubbleArchive"),
        fuzzTarget("vcard", "BubbleArchive"),
        fuzzTarget("json-conversation", "BubbleArchive"),
        fuzzTarget("mam-dump", "BubbleArchive"),
        fuzzTarget("theme", "BubbleTheme"),
        fuzzTarget("measure-lines", "BubblesCommand"),
        fuzzTarget("image-header", "BubbleModel"),
        fuzzTarget("raster-image", "BubbleCodec"),
        fuzzTarget("opentype-lookups", "BubbleFonts"),
        fuzzTarget("fast-paths", "BubbleText", "BubbleFastPaths"),
    ]
)
