import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleTheme
import Foundation

/// A bubble as drawn: its nine-slice image and whether to mirror it left–right.
public struct BubbleStyle: Sendable {
    public var image: NineSliceImage
    public var mirrored: Bool
}

/// A theme's bubble images, loaded and checked: every scale present, decodable, and cap
/// insets that leave something to stretch. Errors name the theme file and the key.
public struct BubbleImages: Sendable {
    public var outgoing: BubbleStyle
    public var incoming: BubbleStyle
    /// Without the tail, for bubbles inside a group; nil: the images with tails serve.
    public var outgoingTailless: BubbleStyle?
    public var incomingTailless: BubbleStyle?

    public init(theme: Theme) throws {
        let root = JSONNode(value: nil, path: "", file: theme.directory + "/theme.json")
        let bubbles = theme.document.bubbles
        let directory = theme.directory
        func load(_ spec: BubbleImageSpec, _ key: String) throws -> (NineSliceImage, NineSliceImage?) {
            let node = root["bubbles"][key]
            var tailless = spec
            tailless.image = spec.taillessImage ?? ""
            return (try Self.loadBubble(spec, key: node, directory: directory),
                    try spec.taillessImage.map { _ in try Self.loadBubble(tailless, key: node, imageKey: "tailless_image", directory: directory) })
        }
        let outgoing = try load(bubbles.outgoing, "outgoing")
        let incoming = try bubbles.incoming.map { try load($0, "incoming") }
        self.outgoing = BubbleStyle(image: outgoing.0, mirrored: false)
        self.incoming = BubbleStyle(image: incoming?.0 ?? outgoing.0, mirrored: incoming == nil)
        outgoingTailless = outgoing.1.map { BubbleStyle(image: $0, mirrored: false) }
        incomingTailless = incoming.map { $0.1.map { BubbleStyle(image: $0, mirrored: false) } }
            ?? outgoing.1.map { BubbleStyle(image: $0, mirrored: true) }
    }

    /// The image for a bubble on this side, with or without its tail.
    public func style(outgoing isOutgoing: Bool, tail: Bool = true) -> BubbleStyle {
        if !tail, let tailless = isOutgoing ? outgoingTailless : incomingTailless { return tailless }
        return isOutgoing ? outgoing : incoming
    }

    /// The image files of one bubble, `NAME@1x.png` … `NAME@3x.png`, each checked to stay
    /// inside the theme directory (no `..`, no absolute path, no symlink leading out).
    static func imageFiles(named name: String, key: JSONNode, directory: String) throws -> [(scale: Int, path: String)] {
        try checkRelativeName(name, key: key)
        let base = realPath(directory) ?? directory
        var found: [(Int, String)] = []
        for scale in Canvas.scales {
            let path = directory + "/" + name + "@\(scale)x.png"
            guard FileManager.default.fileExists(atPath: path) || isSymlink(path) else { continue }
            guard let resolved = realPath(path) else {
                throw key.error("\(name)@\(scale)x.png is a symlink to nothing")
            }
            guard resolved.hasPrefix(base + "/") else {
                throw key.error("\(name)@\(scale)x.png leads outside the theme directory (to \(resolved))")
            }
            found.append((scale, path))
        }
        guard !found.isEmpty else {
            throw key.error("no image file \(name)@1x.png, \(name)@2x.png or \(name)@3x.png in \(directory)")
        }
        return found
    }

    /// Whether `name` could be a path inside the theme directory, judged by its text.
    static func checkRelativeName(_ name: String, key: JSONNode) throws {
        guard !name.hasPrefix("/") else {
            throw key.error("'\(name)' is an absolute path: name an image inside the theme directory")
        }
        guard !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }),
              !name.contains("\\") else {
            throw key.error("'\(name)' leaves the theme directory: name an image inside it")
        }
    }

    private static func loadBubble(_ spec: BubbleImageSpec, key: JSONNode, imageKey: String = "image",
                                   directory: String) throws -> NineSliceImage {
        let files = try imageFiles(named: spec.image, key: key[imageKey], directory: directory)
        let assets = try files.map { file -> ScaledImage in
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            do {
                return ScaledImage(scale: file.scale, image: try RasterImage(contentsOfFile: file.path), name: name)
            } catch let error as ImageDecodingError {
                throw key[imageKey].error("\(name): \(error.problem)")
            }
        }
        do {
            return try NineSliceImage(assets: assets, capInsets: spec.capInsets, mode: spec.mode)
        } catch let error as NineSliceImage.SliceError {
            throw key["cap_insets"].error(error.description)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isSymlink(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }
}
