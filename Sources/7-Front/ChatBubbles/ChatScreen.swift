import Foundation

/// A theme's chat screen, ready to lay out and draw any number of conversations at any
/// width: the theme, its fonts (one text engine with every font role) and its bubble images,
/// loaded once. Safe to share between threads.
///
/// The three jobs, in the spirit of libraqm's create → set text → layout:
///
///     let conversation = try Conversation.load(path: "chat.sqlite")
///     let screen = try ChatScreen(theme: "classic")
///     let layout = try screen.layout(conversation, screenWidth: 375)
///     try screen.write(layout, to: "chat.png")
///
/// Fonts and themes come from the package's `Fonts/` and `Themes/` folders, found from the
/// source location the package was built from (a clone or a SwiftPM checkout), so a binary
/// works from any directory; `BUBBLES_FONTS` and `BUBBLES_THEMES` override the lookup.
public struct ChatScreen: Sendable {
    public let theme: Theme
    public let timeZone: TimeZone
    /// The language of day separators that the theme words by template (`--locale`).
    public let locale: Locale
    /// Where out-of-band (HTTP upload) images are found by file name; nil draws them as
    /// placeholders with their names. Nothing is ever fetched.
    public let mediaDirectory: String?
    public let layouter: ConversationLayouter
    public let renderer: ConversationRenderer

    /// A bundled theme by name (`classic`, `classic-dark`) or a theme directory by path.
    public init(theme nameOrPath: String = "classic", timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                locale: Locale = ChatScreen.defaultLocale, fontsDirectory: String? = nil, mediaDirectory: String? = nil) throws {
        try self.init(theme: Theme.named(nameOrPath, fontsDirectory: fontsDirectory), timeZone: timeZone, locale: locale,
                      fontsDirectory: fontsDirectory, mediaDirectory: mediaDirectory)
    }

    public init(theme: Theme, timeZone: TimeZone = TimeZone(identifier: "UTC")!, locale: Locale = ChatScreen.defaultLocale,
                fontsDirectory: String? = nil, mediaDirectory: String? = nil) throws {
        self.theme = theme
        self.timeZone = timeZone
        self.locale = locale
        self.mediaDirectory = mediaDirectory
        let engine = try TextEngine(fonts: theme.fontRoles(fontsDirectory: fontsDirectory), language: theme.fonts.language)
        layouter = ConversationLayouter(metrics: theme.layoutMetrics, engine: engine, timeZone: timeZone, locale: locale)
        renderer = try ConversationRenderer(theme: theme, initialsEngine: engine)
    }

    /// English words in a fixed, setup-independent way: the same bytes on every machine.
    public static let defaultLocale = Locale(identifier: "en_US_POSIX")

    /// The conversation as items (bubbles, typing row, and day separators when the theme
    /// has them), with the view-model's warnings. Every image is judged by the decoder that
    /// draws it: one it cannot decode is a placeholder and a warning here, not a silent
    /// broken-image box in the picture.
    public func items(of conversation: Conversation) -> ConversationViewModel {
        var options = theme.viewModelOptions(timeZone: timeZone)
        options.mediaDirectory = mediaDirectory
        return ConversationViewModel(conversation: conversation, options: options, images: RasterImageVerifier())
    }

    /// Every row's frames at a screen width, in points; `rows.map(\.height)` are the row heights.
    public func layout(_ conversation: Conversation, screenWidth: Double = 375) throws -> ConversationLayout {
        try layouter.layout(items(of: conversation).items, screenWidth: screenWidth)
    }

    public func layout(_ items: [ConversationItem], screenWidth: Double = 375) throws -> ConversationLayout {
        try layouter.layout(items, screenWidth: screenWidth)
    }

    /// The file bytes of `viewport` (the whole conversation when nil) at `scale` pixels per point.
    /// A whole conversation as PDF is a document of pages `pageHeight` tall, cut between rows.
    /// WebP is lossless unless `webp` says lossy.
    public func render(_ layout: ConversationLayout, format: OutputFormat = .png, scale: Int = 2,
                       viewport: ConversationRenderer.Viewport? = nil, pageHeight: Double = 667,
                       webp: WebPCompression = .lossless) throws -> Data {
        try renderer.render(layout, viewport: viewport, format: format, scale: scale, pageHeight: pageHeight, webp: webp)
    }

    /// Renders and writes atomically (no partial file on failure); the format comes from the
    /// path's extension unless given, and a given one must match the extension (see
    /// `OutputFormatChoice`). Returns the number of bytes written.
    @discardableResult
    public func write(_ layout: ConversationLayout, to path: String, format: OutputFormat? = nil, scale: Int = 2,
                      viewport: ConversationRenderer.Viewport? = nil, pageHeight: Double = 667,
                      webp: WebPCompression = .lossless) throws -> Int {
        try renderer.write(layout, viewport: viewport, format: try OutputFormatChoice.format(for: path, requested: format),
                           scale: scale, pageHeight: pageHeight, webp: webp, to: path)
    }
}
