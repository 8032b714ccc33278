import BubbleText
import Testing

/// `standard` breaks between Hangul syllables (what boundingRectWithSize measures);
/// `hangulWordPriority` keeps Korean words together (what UILabel draws on iOS 14+).
@Suite struct KoreanLineBreakTests {
    static let text = "안녕하세요 반갑습니다 오늘도 좋은 하루 되세요 3개만 주세요 카톡ID로 연락주세요"

    static func lines(_ strategy: LineBreakStrategy, width: Double) throws -> [String] {
        let style = TextStyle(fontSize: 16, maxWidth: width, lineBreakStrategy: strategy)
        let layout = try Fixture.engine.layout(text, style: style)
        let utf16 = Array(text.utf16)
        return layout.lines.map { String(decoding: utf16[$0.range], as: UTF16.self) }
    }

    /// Widths where every word fits on a line (narrower ones break inside a word, as in Latin).
    @Test(arguments: [100.0, 130, 170])
    func wordPriorityBreaksOnlyAtSpaces(width: Double) throws {
        let lines = try Self.lines(.hangulWordPriority, width: width)
        let words = Self.text.split(separator: " ").map(String.init)
        for line in lines.dropLast() { #expect(line.hasSuffix(" "), "\(line)") }
        #expect(lines.joined() == Self.text)
        // Every line is whole words.
        #expect(lines.flatMap { $0.split(separator: " ").map(String.init) } == words)
    }

    @Test(arguments: [70.0, 100, 130])
    func standardBreaksBetweenSyllables(width: Double) throws {
        let lines = try Self.lines(.standard, width: width)
        #expect(lines.joined() == Self.text)
        #expect(lines.dropLast().contains { !$0.hasSuffix(" ") }, "\(lines)")
    }

    @Test func theStrategyLeavesOtherScriptsAlone() throws {
        for text in ["日本語の文章はどこでも折り返せます", "Hello wonderful world of text"] {
            for width in [60.0, 90] {
                let standard = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
                let korean = try Fixture.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width,
                                                                              lineBreakStrategy: .hangulWordPriority))
                #expect(standard.lines.map(\.range) == korean.lines.map(\.range))
            }
        }
    }

    @Test func namesParse() {
        #expect(LineBreakStrategy(rawValue: "hangul-word-priority") == .hangulWordPriority)
        #expect(LineBreakStrategy(rawValue: "standard") == .standard)
    }
}
