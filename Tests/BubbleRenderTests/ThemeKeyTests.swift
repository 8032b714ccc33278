import BubbleLayout
import BubbleModel
import BubbleTheme
import Foundation
import RenderTesting
import Testing

/// The theme keys of modern themes, good and bad values: each bad one is an error naming
/// the file, the key and the problem; classic, which sets none of them, keeps the origin
/// app's behaviour.
@Suite struct ThemeKeyTests {
    @Test func classicSetsNoneOfThem() throws {
        let theme = try ThemeSandbox().load()
        #expect(theme.layoutMetrics.grouping == nil)
        #expect(theme.layoutMetrics.jumbomojiSizes == nil)
        #expect(theme.layoutMetrics.maxImageHeight == LayoutMetrics.classic.maxImageHeight)
        let options = theme.viewModelOptions(timeZone: TimeZone(identifier: "UTC")!)
        #expect(options == ViewModelOptions.classic)
        #expect(options.styling == nil && options.tombstoneText == PlaceholderText.deleted && !options.daySeparators)
    }

    @Test func groupingTail() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("layout.grouping", [String: Any]())
        // An empty grouping object groups within a minute, as current apps do.
        #expect(try sandbox.load().layoutMetrics.grouping == LayoutMetrics.Grouping(window: 60, spacing: 2, tail: .last))
        try sandbox.set("layout.grouping.window_seconds", 90)
        #expect(try sandbox.load().layoutMetrics.grouping?.window == 90)
        try sandbox.set("layout.grouping.window_seconds", 60)
        #expect(try sandbox.load().layoutMetrics.grouping?.tail == .last)
        try sandbox.set("layout.grouping.tail", "first")
        #expect(try sandbox.load().layoutMetrics.grouping == LayoutMetrics.Grouping(window: 60, spacing: 2, tail: .first))
        try sandbox.set("layout.grouping.tail", "middle")
        sandbox.expectError("layout.grouping.tail", "unknown place 'middle': use first or last")
        try sandbox.set("layout.grouping.tail", true)
        sandbox.expectError("layout.grouping.tail", "expected a string, found true or false")
    }

    @Test func imageLimits() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("layout.images", ["max_height": 300])
        var metrics = try sandbox.load().layoutMetrics
        #expect(metrics.maxImageHeight == 300 && metrics.maxImageWidth == 220)
        try sandbox.set("layout.images", ["max_width": 240, "max_height_ratio": 1.5])
        metrics = try sandbox.load().layoutMetrics
        #expect(metrics.maxImageWidth == 240 && metrics.maxImageHeight == 360)
        try sandbox.set("layout.images", ["max_height_ratio": 2])
        #expect(try sandbox.load().layoutMetrics.maxImageHeight == 440, "a ratio of the classic width")
        try sandbox.set("layout.images", ["max_height": 300, "max_height_ratio": 2])
        sandbox.expectError("layout.images.max_height_ratio", "give either max_height or max_height_ratio, not both")
        try sandbox.set("layout.images", ["max_height_ratio": 50])
        sandbox.expectError("layout.images.max_height_ratio", "50 is out of range (0.1 to 10 × the width)")
        try sandbox.set("layout.images", ["max_height": 0])
        sandbox.expectError("layout.images.max_height", "0 is out of range (1 to 1000 pt)")
        try sandbox.set("layout.images", ["max_heigth": 300])
        sandbox.expectError("layout.images.max_heigth", "unknown key (known keys: max_width, max_height, max_height_ratio)")
    }

    @Test func stringsAndStyling() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("strings", ["deleted": "This message was deleted"])
        try sandbox.set("styling", ["directives": "hidden"])
        var options = try sandbox.load().viewModelOptions(timeZone: TimeZone(identifier: "UTC")!)
        #expect(options.tombstoneText == "This message was deleted" && options.styling == .hidden)
        try sandbox.set("styling", ["directives": "dimmed"])
        options = try sandbox.load().viewModelOptions(timeZone: TimeZone(identifier: "UTC")!)
        #expect(options.styling == .dimmed)
        try sandbox.set("styling", ["directives": "off"])
        #expect(try sandbox.load().viewModelOptions(timeZone: TimeZone(identifier: "UTC")!).styling == nil)
        try sandbox.set("styling", ["directives": "bold"])
        sandbox.expectError("styling.directives", "unknown value 'bold': use hidden, dimmed or off")
        try sandbox.set("styling", [String: String]())
        sandbox.expectError("styling.directives", "missing (required)")
        try sandbox.set("styling", nil)
        try sandbox.set("strings", ["deleted": ""])
        sandbox.expectError("strings.deleted", "must not be empty")
        try sandbox.set("strings", ["retracted": "gone"])
        sandbox.expectError("strings.retracted", "unknown key (known keys: deleted)")
    }

    @Test func jumbomojiSizes() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("layout.jumbomoji", [48, 40, 32])
        #expect(try sandbox.load().layoutMetrics.jumbomojiSizes == [48, 40, 32])
        try sandbox.set("layout.jumbomoji", [56])
        #expect(try sandbox.load().layoutMetrics.jumbomojiSizes == [56])
        try sandbox.set("layout.jumbomoji", [48, 40, 32, 24])
        sandbox.expectError("layout.jumbomoji", "lists 4 sizes: give 1 to 3, for one, two and three emoji")
        try sandbox.set("layout.jumbomoji", [Int]())
        sandbox.expectError("layout.jumbomoji", "lists 0 sizes: give 1 to 3, for one, two and three emoji")
        try sandbox.set("layout.jumbomoji", [48, 0])
        sandbox.expectError("layout.jumbomoji[1]", "0 is out of range (1 to 500 pt)")
        try sandbox.set("layout.jumbomoji", 48)
        sandbox.expectError("layout.jumbomoji", "expected a list, found a number")
    }

    @Test func daySeparatorFormatOrTemplate() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("layout.day_separators", [String: String]())
        var theme = try sandbox.load()
        #expect(theme.viewModelOptions(timeZone: TimeZone(identifier: "UTC")!).daySeparators)
        #expect(theme.layoutMetrics.daySeparatorFormat == nil)
        #expect(theme.layoutMetrics.daySeparatorTemplate == LayoutMetrics.classic.daySeparatorTemplate)
        try sandbox.set("layout.day_separators", ["template": "MMMMdEEEE"])
        theme = try sandbox.load()
        #expect(theme.layoutMetrics.daySeparatorTemplate == "MMMMdEEEE" && theme.layoutMetrics.daySeparatorFormat == nil)
        try sandbox.set("layout.day_separators", ["format": "d MMM"])
        #expect(try sandbox.load().layoutMetrics.daySeparatorFormat == "d MMM")
        try sandbox.set("layout.day_separators", ["format": "d MMM", "template": "MMMd"])
        sandbox.expectError("layout.day_separators.template", "give either a fixed format or a template, not both")
        try sandbox.set("layout.day_separators", ["template": "d, MMM"])
        sandbox.expectError("layout.day_separators.template", "'d, MMM' is not a date template: letters of date fields only, such as MMMEEEd")
    }
}

/// The keys the modern themes needed beyond the task's list: the account's own avatar and
/// name, and the colours of what sits on an outgoing bubble or a label.
@Suite struct ThemeSideKeyTests {
    @Test func outgoingAvatarAndName() throws {
        let sandbox = try ThemeSandbox()
        #expect(try sandbox.load().layoutMetrics.showsOwnAvatarAndName, "classic shows them")
        try sandbox.set("layout.avatar.outgoing", false)
        #expect(try sandbox.load().layoutMetrics.showsOwnAvatarAndName == false)
        try sandbox.set("layout.avatar.outgoing", "no")
        sandbox.expectError("layout.avatar.outgoing", "expected true or false, found a string")
    }

    @Test func outgoingAndLabelColours() throws {
        let sandbox = try ThemeSandbox()
        var colors = try sandbox.load().colors
        #expect(colors.outgoingTime == nil && colors.outgoingLink == nil && colors.labelText == colors.time)
        try sandbox.set("colors.outgoing_time", "#FFFFFFB3")
        try sandbox.set("colors.outgoing_link", "#FFFFFF")
        try sandbox.set("colors.label_text", "#123456")
        colors = try sandbox.load().colors
        #expect(colors.outgoingTime == RGBAColor(hex: "#FFFFFFB3") && colors.outgoingLink == .white)
        #expect(colors.labelText == RGBAColor(hex: "#123456"))
        try sandbox.set("colors.label_text", "grey")
        sandbox.expectError("colors.label_text", "'grey' is not a colour: use #RRGGBB or #RRGGBBAA")
    }

    /// Every bundled theme loads with its fonts and images, and names a dark variant that loads.
    @Test(arguments: ["imessage-style", "telegram-style"])
    func modernThemesLoadWithTheirDarkVariants(name: String) throws {
        let theme = try Theme.loadWithImages(directory: TestSupport.themesDirectory + "/" + name, fontsDirectory: TestSupport.fontsDirectory)
        let dark = try #require(try theme.loadDarkVariant(fontsDirectory: TestSupport.fontsDirectory))
        #expect(dark.name == name + "-dark" && dark.darkVariant == nil)
        for variant in [theme, dark] {
            let metrics = variant.layoutMetrics
            #expect(metrics.timePlacement == .bubble && metrics.grouping != nil && metrics.jumbomojiSizes?.count == 3)
            #expect(!metrics.showsOwnAvatarAndName)
            let options = variant.viewModelOptions(timeZone: TimeZone(identifier: "UTC")!)
            #expect(options.daySeparators && options.styling == .hidden && options.deliveryTicks)
            #expect(dark.layoutMetrics == theme.layoutMetrics, "light and dark share their geometry")
        }
    }
}
