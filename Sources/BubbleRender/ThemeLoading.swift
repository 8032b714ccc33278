import Foundation

extension Theme {
    /// Loads and checks the theme in `directory`: `theme.json`, its bubble images (every
    /// scale present), their cap insets, and, when `fontsDirectory` is given, that every font
    /// file is there. A `dark_variant` must be a sibling theme directory.
    public static func load(directory: String, fontsDirectory: String? = nil) throws -> Theme {
        let document = try ThemeDocument(directory: directory)
        let file = directory + "/theme.json"
        let root = JSONNode(value: nil, path: "", file: file)
        if let fontsDirectory { try checkFonts(document.fonts, in: fontsDirectory, root: root) }
        if let variant = document.darkVariant {
            let key = root["dark_variant"]
            guard variant != document.name, variant != URL(fileURLWithPath: directory).lastPathComponent else {
                throw key.error("names this theme itself")
            }
            let sibling = URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent(variant).path
            guard FileManager.default.fileExists(atPath: sibling + "/theme.json") else {
                throw key.error("no theme '\(variant)' beside this one (\(sibling)/theme.json does not exist)")
            }
        }
        let bubbles = document.bubbles
        let outgoing = try loadBubble(bubbles.outgoing, key: root["bubbles"]["outgoing"], directory: directory)
        let incoming = try bubbles.incoming.map { try loadBubble($0, key: root["bubbles"]["incoming"], directory: directory) }
        return Theme(document: document, directory: directory,
                     outgoingBubble: BubbleStyle(image: outgoing, mirrored: false),
                     incomingBubble: BubbleStyle(image: incoming ?? outgoing, mirrored: incoming == nil))
    }

    /// Loads a theme from the directory beside this one named by `darkVariant`.
    public func loadDarkVariant(fontsDirectory: String? = nil) throws -> Theme? {
        guard let darkVariant else { return nil }
        let sibling = URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent(darkVariant).path
        return try Theme.load(directory: sibling, fontsDirectory: fontsDirectory)
    }

    private static func checkFonts(_ fonts: ThemeFonts, in fontsDirectory: String, root: JSONNode) throws {
        var named = [("fonts.text.file", fonts.text.file), ("fonts.name.file", fonts.name.file), ("fonts.time.file", fonts.time.file)]
        named += fonts.fallbacks.enumerated().map { ("fonts.fallbacks[\($0)]", $1) }
        for (key, file) in named where !FileManager.default.fileExists(atPath: fontsDirectory + "/" + file) {
            throw ThemeError(file: root.file, key: key, problem: "'\(file)' is not in \(fontsDirectory)")
        }
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

    private static func loadBubble(_ spec: BubbleImageSpec, key: JSONNode, directory: String) throws -> NineSliceImage {
        let files = try imageFiles(named: spec.image, key: key["image"], directory: directory)
        let assets = try files.map { file -> ScaledImage in
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            do {
                return ScaledImage(scale: file.scale, image: try RasterImage(contentsOfFile: file.path), name: name)
            } catch let error as ImageDecodingError {
                throw key["image"].error("\(name): \(error.problem)")
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
