import BubbleLayout
import BubblesCommand
import BubbleText
import BubbleTheme
import CommandTesting
import Foundation
import Testing

/// `--line-break-strategy`, `--tab-interval` and the theme's `text` keys, end to end.
@Suite struct LineBreakStrategyCommandTests {
    static let korean = "안녕하세요 반갑습니다 오늘도 좋은 하루 되세요"

    func measure(_ arguments: [String], text: String) -> (lines: [[String: Any]], errors: String, code: Int32) {
        let output = PreviewSink(), errors = PreviewSink()
        let input = try! JSONSerialization.data(withJSONObject: ["id": "k", "text": text]) + Data("\n".utf8)
        let io = CommandIO(readStandardInput: { input }, write: { output.append($0) },
                           writeError: { errors.append($0) }, currentDirectory: FileManager.default.temporaryDirectory.path)
        let code = Bubbles.main(["measure"] + arguments, io: io)
        let lines = output.text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return (lines, errors.text, code)
    }

    @Test func measureTakesEitherStrategyAndTheEnginesNumbers() throws {
        let engine = try TextEngine(fonts: FontSet.bundled())
        for strategy in LineBreakStrategy.allCases {
            let result = measure(["--text-width", "100", "--line-break-strategy", strategy.rawValue], text: Self.korean)
            #expect(result.code == 0, "\(result.errors)")
            let layout = try engine.layout(Self.korean, style: TextStyle(fontSize: 16, maxWidth: 100, lineBreakStrategy: strategy))
            #expect((result.lines.first?["lines"] as? NSNumber)?.intValue == layout.lines.count)
        }
        let standard = measure(["--text-width", "100"], text: Self.korean).lines.first?["width"] as? NSNumber
        let words = measure(["--text-width", "100", "--line-break-strategy", "hangul-word-priority"], text: Self.korean)
            .lines.first?["width"] as? NSNumber
        // Standard fills lines to the edge between syllables; word priority leaves them shorter.
        #expect(standard != nil && words != nil && standard!.doubleValue > words!.doubleValue)
    }

    @Test func anUnknownStrategyIsAUsageErrorNamingIt() {
        let result = measure(["--line-break-strategy", "keep-all"], text: "x")
        #expect(result.code != 0)
        #expect(result.errors.contains("keep-all"))
    }

    @Test func tabIntervalOption() throws {
        let engine = try TextEngine(fonts: FontSet.bundled())
        let b = try engine.layout("b", style: TextStyle(fontSize: 16, maxWidth: 285)).width
        let result = measure(["--tab-interval", "50"], text: "a\tb")
        let width = (result.lines.first?["width"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(width - (50 + b)) < 1e-6)
    }

    static func classicJSON() throws -> [String: Any] {
        let file = try Theme.bundledThemesDirectory() + "/classic/theme.json"
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
    }

    @Test func themeTextKeysReachTheLayoutMetrics() throws {
        var json = try Self.classicJSON()
        json["text"] = ["tab_interval": 40, "line_break_strategy": "hangul-word-priority"]
        let document = try ThemeDocument(data: JSONSerialization.data(withJSONObject: json), file: "theme.json")
        #expect(document.text == ThemeText(tabInterval: 40, lineBreakStrategy: .hangulWordPriority))
        let plain = try ThemeDocument(data: JSONSerialization.data(withJSONObject: try Self.classicJSON()), file: "theme.json")
        #expect(plain.text == ThemeText())
        json["text"] = ["line_break_strategy": "loose"]
        #expect(throws: ThemeError.self) { try ThemeDocument(data: JSONSerialization.data(withJSONObject: json), file: "theme.json") }
        json["text"] = ["tab_interval": -3]
        #expect(throws: ThemeError.self) { try ThemeDocument(data: JSONSerialization.data(withJSONObject: json), file: "theme.json") }
    }
}
