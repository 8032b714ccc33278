import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleSnapshotTesting
import Foundation
import RenderTesting
import Testing

/// The bundled samples in the four modern themes through `bubbles render`, against
/// Snapshots/, pixel for pixel: the origin app's conversation (Samples/conversation.json) and
/// the current client's (Samples/modern.json: replies, reactions, corrections, a deleted
/// message, a lone emoji, ticks, two days).
@Suite(.serialized) struct ModernThemeSnapshotTests {
    static let themes = ["imessage-style", "imessage-style-dark", "telegram-style", "telegram-style-dark"]
    static let samples = [("json", "Samples/conversation.json"), ("modern", "Samples/modern.json")]
    static let cases: [(name: String, arguments: [String])] = samples.flatMap { sample in
        themes.map { ("\(sample.0)-\($0)", [sample.1, "--theme", $0]) }
    }

    @Test(arguments: cases.map(\.name))
    func renderMatchesTheReference(name: String) throws {
        let arguments = try #require(Self.cases.first { $0.name == name }).arguments
        try Snapshot.assertRender(arguments, matches: name)
    }

    /// Both columns of each theme's sheet are drawn and differ from each other (the dark
    /// variant is loaded, not the light one twice).
    @Test(arguments: ["imessage-style", "telegram-style"])
    func themePreviewDrawsLightAndDark(theme: String) throws {
        let output = try Snapshot.temporaryFile("preview-\(theme).png")
        let result = Snapshot.run(["theme", "preview", theme, "--scale", "1", "-o", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("4 columns"), "\(result.err)")
    }

    /// `--locale` words the day separators of a template theme: the modern sample's two days,
    /// 8 and 9 March 2024, in Chinese and by default in English.
    @Test func localeWordsTheDaySeparators() throws {
        func separators(_ extra: [String]) throws -> [String] {
            let run = Snapshot.run(["layout", "Samples/modern.json", "--theme", "imessage-style", "--json"] + extra)
            #expect(run.code == 0, "\(run.err)")
            let rows = try #require((try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])?["rows"] as? [[String: Any]])
            return rows.filter { $0["kind"] as? String == "day_separator" }.compactMap { $0["text"] as? String }
        }
        #expect(try separators([]) == ["Fri, Mar 8", "Sat, Mar 9"])
        #expect(try separators(["--locale", "zh_CN"]) == ["3月8日 周五", "3月9日 周六"])
        #expect(try separators(["--locale", "de-DE"]) == ["Fr. 8. März", "Sa. 9. März"])
        // The lone 🎉 of the sample is laid out large, at the theme's size for one emoji.
        let layout = Snapshot.run(["layout", "Samples/modern.json", "--theme", "telegram-style", "--json"])
        let rows = try #require((try JSONSerialization.jsonObject(with: Data(layout.out.utf8)) as? [String: Any])?["rows"] as? [[String: Any]])
        #expect(rows.compactMap { $0["jumbomoji_size"] as? NSNumber }.map(\.doubleValue) == [56])
        let bad = Snapshot.run(["layout", "Samples/modern.json", "--theme", "imessage-style", "--locale", "xx_YY"])
        #expect(bad.code == 2)
        #expect(bad.err.contains("unknown --locale xx_YY (use a locale ID such as en_US, zh_CN or de_DE)"), "\(bad.err)")
    }
}
