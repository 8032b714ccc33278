import BubbleLayout
import BubbleModel
import BubbleText
import Foundation

/// A look for conversations, loaded from a theme directory (`theme.json` plus its bubble
/// images; Themes/README.md documents every key): colours, font roles, the layout's metrics.
///
/// Everything here is what layout needs and nothing of drawing, so a layout-only user links
/// no Cairo; BubbleRender loads the bubble images (`BubbleImages`) from the same value.
public struct Theme: Sendable, Equatable {
    public var document: ThemeDocument
    /// The theme directory, as given to `load`.
    public var directory: String

    public init(document: ThemeDocument, directory: String) {
        self.document = document
        self.directory = directory
    }

    public var name: String { document.name }
    public var colors: ThemeColors { document.colors }
    public var fonts: ThemeFonts { document.fonts }
    public var layout: ThemeLayout { document.layout }
    /// The name of the theme to use in dark mode, a sibling directory of this one.
    public var darkVariant: String? { document.darkVariant }

    /// Loads and checks `theme.json` in `directory` and, when `fontsDirectory` is given, that
    /// every font file it names is there. A `dark_variant` must be a sibling theme directory.
    public static func load(directory: String, fontsDirectory: String? = nil) throws -> Theme {
        let document = try ThemeDocument(directory: directory)
        let root = JSONNode(value: nil, path: "", file: directory + "/theme.json")
        if let fontsDirectory {
            for (key, file) in document.fonts.namedFiles
                where !FileManager.default.fileExists(atPath: fontsDirectory + "/" + FontSet.fileAndFace(file).file) {
                throw ThemeError(file: root.file, key: key, problem: "'\(file)' is not in \(fontsDirectory)")
            }
        }
        if let variant = document.darkVariant {
            let key = root["dark_variant"]
            guard variant != document.name, variant != URL(fileURLWithPath: directory).lastPathComponent else {
                throw key.error("names this theme itself")
            }
            let sibling = Self.sibling(variant, of: directory)
            guard FileManager.default.fileExists(atPath: sibling + "/theme.json") else {
                throw key.error("no theme '\(variant)' beside this one (\(sibling)/theme.json does not exist)")
            }
        }
        return Theme(document: document, directory: directory)
    }

    /// A bundled theme by name (`classic`, in `Themes/`) or a theme directory by path (any
    /// name with a `/`; relative paths against `currentDirectory`).
    public static func named(_ nameOrPath: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
                             fontsDirectory: String? = nil) throws -> Theme {
        let path = nameOrPath.contains("/")
            ? (nameOrPath.hasPrefix("/") ? nameOrPath : currentDirectory + "/" + nameOrPath)
            : try bundledThemesDirectory() + "/" + nameOrPath
        return try load(directory: path, fontsDirectory: fontsDirectory)
    }

    /// Loads the theme beside this one named by `darkVariant`.
    public func loadDarkVariant(fontsDirectory: String? = nil) throws -> Theme? {
        guard let darkVariant else { return nil }
        return try Theme.load(directory: Self.sibling(darkVariant, of: directory), fontsDirectory: fontsDirectory)
    }

    /// The bundled `Themes/` folder: `$BUBBLES_THEMES` if set, else the repository's `Themes/`,
    /// found the way fonts are by default (`RepositoryFolder`) but on its own: never beside
    /// `$BUBBLES_FONTS`, which may name a copy of the fonts anywhere.
    public static func bundledThemesDirectory() throws -> String {
        if let fromEnvironment = ProcessInfo.processInfo.environment["BUBBLES_THEMES"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        if let found = RepositoryFolder.locate("Themes", containing: "classic/theme.json") { return found }
        throw ThemeError(file: "Themes", key: nil, problem: "no bundled Themes/ folder (looked in "
                         + RepositoryFolder.candidates("Themes").joined(separator: ", ") + "); set BUBBLES_THEMES")
    }

    private static func sibling(_ name: String, of directory: String) -> String {
        URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The geometry the layout uses: the theme's lengths and font sizes over the origin
    /// app's numbers for everything the theme does not set.
    public var layoutMetrics: LayoutMetrics {
        var metrics = LayoutMetrics.classic
        metrics.margin = layout.margin
        metrics.avatarSize = layout.avatarSize
        metrics.avatarGap = layout.avatarGap
        metrics.textInsets = layout.textInsets
        metrics.textFontSize = fonts.text.size
        metrics.tabInterval = document.text.tabInterval
        metrics.lineBreakStrategy = document.text.lineBreakStrategy
        metrics.nameFontSize = fonts.name.size
        metrics.timeFontSize = fonts.time.size
        metrics.timeFormat = layout.timeFormat
        metrics.timePlacement = layout.timePlacement
        metrics.grouping = layout.grouping
        metrics.daySeparatorFormat = layout.daySeparatorFormat
        if let template = layout.daySeparatorTemplate { metrics.daySeparatorTemplate = template }
        if let width = layout.maxImageWidth { metrics.maxImageWidth = width }
        if let height = layout.maxImageHeight { metrics.maxImageHeight = height }
        metrics.jumbomojiSizes = layout.jumbomojiSizes
        metrics.showsOwnAvatarAndName = layout.outgoingAvatar
        return metrics
    }

    /// What the view-model adds for this theme: day separators when it has them, on the
    /// calendar days of `timeZone`; its styling of directives and its wording of tombstones;
    /// delivery ticks when the time is inside the bubble (the place current apps put them;
    /// the origin app's header band had none).
    public func viewModelOptions(timeZone: TimeZone) -> ViewModelOptions {
        ViewModelOptions(daySeparators: layout.daySeparators, timeZone: timeZone, styling: document.styling,
                         tombstoneText: document.strings.deleted, deliveryTicks: layout.timePlacement == .bubble)
    }

    /// Every font role's chain: its file from Fonts/ followed by its fallbacks (the role's own,
    /// else the theme's). Each file is opened once, however many roles name it.
    public func fontRoles(fontsDirectory: String? = nil) throws -> FontRoles {
        var files: [FontRole: [String]] = [.text: [fonts.text.file] + fonts.fallbacks,
                                           .name: [fonts.name.file] + fonts.fallbacks,
                                           .time: [fonts.time.file] + fonts.fallbacks]
        for (role, style) in fonts.styles { files[role] = [style.file] + (style.fallbacks ?? fonts.fallbacks) }
        return try FontRoles(files: files, directory: fontsDirectory)
    }
}
