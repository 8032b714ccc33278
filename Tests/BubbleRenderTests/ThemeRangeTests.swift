import BubbleTheme
import Foundation
import RenderTesting
import Testing

/// Every theme length, size and duration has a range checked when the theme loads: a huge
/// number (1e308 is valid JSON) used to trap in a Double → Int conversion or hang Cairo,
/// and must instead be exit 1 with the key, the value and the range, quickly.
@Suite struct ThemeRangeTests {
    /// A key set to a value outside its range, with what the error must say. `setup` makes
    /// the key reachable (grouping's spacing needs its window).
    struct Hostile: CustomTestStringConvertible, Sendable {
        let key: String
        let value: Double
        let range: String
        var setup: [(String, Double)] = []
        var testDescription: String { "\(key) = \(value)" }
    }

    static let hostile: [Hostile] = [
        Hostile(key: "layout.margin", value: 1e308, range: "0 to 1000 pt"),
        Hostile(key: "layout.text_insets.left", value: 1e308, range: "0 to 1000 pt"),
        Hostile(key: "layout.text_insets.bottom", value: 1001, range: "0 to 1000 pt"),
        Hostile(key: "layout.avatar_gap", value: 1e308, range: "0 to 1000 pt"),
        Hostile(key: "layout.avatar.size", value: 1e308, range: "1 to 1000 pt"),
        Hostile(key: "layout.avatar.size", value: 0.5, range: "1 to 1000 pt"),
        Hostile(key: "layout.avatar.radius", value: 1e308, range: "0 to 1000 pt", setup: [("layout.avatar.size", 40)]),
        Hostile(key: "fonts.text.size", value: 1e20, range: "1 to 500 pt"),
        Hostile(key: "fonts.name.size", value: 501, range: "1 to 500 pt"),
        Hostile(key: "fonts.time.size", value: 1e308, range: "1 to 500 pt"),
        Hostile(key: "layout.grouping.window_seconds", value: 1e308, range: "0 to 86400 s"),
        Hostile(key: "layout.grouping.spacing", value: 1e308, range: "0 to 1000 pt",
                setup: [("layout.grouping.window_seconds", 60)]),
        Hostile(key: "bubbles.outgoing.cap_insets.top", value: 1e308, range: "0 to 1000 pt"),
        Hostile(key: "bubbles.incoming.cap_insets.right", value: 1e308, range: "0 to 1000 pt"),
        Hostile(key: "generate.size.width", value: 1e308, range: "1 to 1000 pt"),
        Hostile(key: "generate.corner_radius", value: 1e308, range: "0 to 1000 pt"),
        Hostile(key: "generate.tail.tip", value: 1e308, range: "0 to 1000 pt"),
        Hostile(key: "generate.border_pixels", value: 1e308, range: "0 to 100 px"),
    ]

    @Test(arguments: hostile)
    func outOfRangeValueIsAnErrorFromRenderAndPreview(_ item: Hostile) throws {
        let sandbox = try ThemeSandbox()
        if item.key == "layout.avatar.radius" { try sandbox.set("layout.avatar.shape", "rounded") }
        for (key, value) in item.setup { try sandbox.set(key, value) }
        try sandbox.set(item.key, item.value)
        let expected = "\(sandbox.file): \(item.key): \(JSONNode.format(item.value)) is out of range (\(item.range))"
        let output = sandbox.root + "/out.png"
        for arguments in [["render", "Samples/conversation.json", "--theme", sandbox.classic, "-o", output],
                          ["theme", "preview", sandbox.classic, "-o", output]] {
            let start = Date()
            let run = Snapshot.run(arguments)
            #expect(Date().timeIntervalSince(start) < 10, "\(arguments[0]) took too long")
            #expect(run.code == 1, "\(arguments[0]): \(run.err)")
            #expect(run.err.contains(expected), "\(arguments[0]): \(run.err)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    /// The other end: every length at the top of its range is a usable theme, so the ranges
    /// are ones the renderer can draw (the layout's JSON holds finite numbers only).
    @Test func largestAllowedValuesRenderAndLayOut() throws {
        let sandbox = try ThemeSandbox()
        for key in ["layout.margin", "layout.avatar_gap", "layout.avatar.size", "layout.text_insets.left",
                    "layout.text_insets.top", "layout.text_insets.right", "layout.text_insets.bottom"] {
            try sandbox.set(key, 1000)
        }
        try sandbox.set("fonts.text.size", 500)
        try sandbox.set("layout.grouping.window_seconds", 86_400)
        try sandbox.set("layout.grouping.spacing", 1000)
        let output = sandbox.root + "/big.png"
        let render = Snapshot.run(["render", "Samples/conversation.json", "--theme", sandbox.classic, "-o", output])
        #expect(render.code == 0 || render.code == 3, "\(render.err)")
        #expect(FileManager.default.fileExists(atPath: output))
        let layout = Snapshot.run(["layout", "Samples/conversation.json", "--theme", sandbox.classic, "--json"])
        #expect(layout.code == 0 || layout.code == 3, "\(layout.err)")
        let parsed = try JSONSerialization.jsonObject(with: Data(layout.out.utf8)) as? [String: Any]
        #expect((parsed?["height"] as? Double).map(\.isFinite) == true)
        #expect(!Self.containsNull(parsed as Any), "a number was not finite")
    }

    /// Whether a parsed JSON value holds a null anywhere (how a non-finite number is written).
    static func containsNull(_ value: Any) -> Bool {
        switch value {
        case is NSNull: true
        case let array as [Any]: array.contains(where: containsNull)
        case let object as [String: Any]: object.values.contains(where: containsNull)
        default: false
        }
    }
}
