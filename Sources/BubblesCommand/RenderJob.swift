import BubbleLayout
import BubbleModel
import BubbleRender
import BubbleText
import BubbleTheme
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
    static func themesDirectory() throws -> String { try Theme.bundledThemesDirectory() }

    /// A theme by name (in Themes/) or by directory path.
    static func loadTheme(_ nameOrPath: String, io: CommandIO) throws -> Theme {
        do {
            return try Theme.named(nameOrPath, currentDirectory: io.currentDirectory)
        } catch let error as ThemeError {
            throw CommandError("theme \(nameOrPath): \(error)")
        }
    }

    init(theme: Theme, timeZone: TimeZone) throws {
        self.theme = theme
        let engine = try TextEngine(fonts: theme.fontRoles())
        layouter = ConversationLayouter(metrics: theme.layoutMetrics, engine: engine, timeZone: timeZone)
        do {
            renderer = try ConversationRenderer(theme: theme, initialsEngine: engine)
        } catch let error as ThemeError {
            throw CommandError("theme \(theme.name): \(error)")
        }
    }

    static func timeZone(_ identifier: String?) throws -> TimeZone {
        guard let identifier else { return TimeZone(identifier: "UTC")! }
        guard let zone = TimeZone(identifier: identifier) else {
            throw CommandError.usage("unknown --time-zone \(identifier) (use an IANA name such as Asia/Shanghai)")
        }
        return zone
    }
}
