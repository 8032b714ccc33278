import BubbleLayout
import BubbleModel
import BubbleRender
import BubbleText
import Foundation

/// A phone screen in points and its usual scale.
struct Device: Sendable {
    let name: String
    let width: Double
    let height: Double
    let scale: Int

    static let all = [
        Device(name: "iphone-se", width: 320, height: 568, scale: 2),
        Device(name: "iphone-8", width: 375, height: 667, scale: 2),
        Device(name: "iphone-13", width: 390, height: 844, scale: 3),
        Device(name: "iphone-14-pro-max", width: 430, height: 932, scale: 3),
    ]

    static func named(_ name: String) throws -> Device {
        guard let device = all.first(where: { $0.name == name.lowercased() }) else {
            throw CommandError.usage("unknown --device \(name); one of \(all.map(\.name).joined(separator: ", "))")
        }
        return device
    }
}

/// Everything from an input file to bubbles laid out in a theme: the path `render`, `layout`,
/// `demo` and `bench render` share.
struct RenderJob {
    let theme: Theme
    let layouter: ConversationLayouter
    let renderer: ConversationRenderer

    /// The repository's Themes/ folder (beside Fonts/).
    static func themesDirectory() throws -> String {
        URL(fileURLWithPath: try FontSet.locateBundledFonts()).deletingLastPathComponent().appendingPathComponent("Themes").path
    }

    /// A theme by name (in Themes/) or by directory path.
    static func loadTheme(_ nameOrPath: String, io: CommandIO) throws -> Theme {
        let path = nameOrPath.contains("/") ? io.resolve(nameOrPath) : try themesDirectory() + "/" + nameOrPath
        do {
            return try Theme.load(directory: path)
        } catch let error as ThemeError {
            throw CommandError("theme \(nameOrPath): \(error)")
        }
    }

    init(theme: Theme, timeZone: TimeZone) throws {
        self.theme = theme
        let fonts = try theme.fontSets()
        let text = try TextEngine(fonts: fonts.text)
        layouter = ConversationLayouter(metrics: theme.layoutMetrics, textEngine: text,
                                        nameEngine: try TextEngine(fonts: fonts.name), timeZone: timeZone)
        renderer = ConversationRenderer(theme: theme, initialsEngine: layouter.nameEngine)
    }

    static func timeZone(_ identifier: String?) throws -> TimeZone {
        guard let identifier else { return TimeZone(identifier: "UTC")! }
        guard let zone = TimeZone(identifier: identifier) else {
            throw CommandError.usage("unknown --time-zone \(identifier) (use an IANA name such as Asia/Shanghai)")
        }
        return zone
    }
}
