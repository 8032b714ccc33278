import BubbleText
import Foundation
import Testing

/// Styled text through the one engine: spans pick fonts by role, cut segments, size lines,
/// and plain text is laid out exactly as before.
@Suite struct StyledTextTests {
    static let engine = try! TextEngine(fonts: FontRoles.bundled())
    static let style = Fixture.style

    func layout(_ text: StyledText, width: Double = Fixture.width) throws -> TextLayout {
        try Self.engine.layout(text, style: TextStyle(fontSize: 16, maxWidth: width))
    }

    /// Run fonts in visual order with the text each shows.
    func runs(_ layout: TextLayout) -> [(face: String, text: String)] {
        let utf16 = Array(layout.text.utf16)
        return layout.lines.flatMap { line in
            line.runs.map { ($0.font.fullName, String(decoding: utf16[$0.range], as: UTF16.self)) }
        }
    }

    /// The held corpus both ways: through the plain path, and through the styled path with a
    /// span that changes nothing the layout reads (a colour role). Every line, run and glyph
    /// must be the same; only the runs' attributes say `link`.
    @Test func plainTextIsTheSameThroughTheStyledPath() throws {
        let texts = try ConsistencyTests.corpus()
        #expect(texts.count >= 48)
        for text in texts {
            let plain = try Self.engine.layout(text, style: Self.style)
            let styled = try Self.engine.layout(StyledText(text, spans: [.init(0..<text.utf16.count, TextAttributes(color: .link))]),
                                                style: Self.style)
            #expect(styled.width == plain.width && styled.height == plain.height, "\(text)")
            #expect(styled.lines.count == plain.lines.count, "\(text)")
            for (a, b) in zip(styled.lines, plain.lines) {
                #expect(a.range == b.range && a.width == b.width && a.ascent == b.ascent && a.x == b.x)
                #expect(a.runs.map(\.glyphs) == b.runs.map(\.glyphs), "\(text)")
                #expect(a.runs.allSatisfy { $0.attributes.color == .link } || text.isEmpty)
            }
        }
        // And the role engine lays plain text out as the one-chain engine of the goldens does
        // (its fonts are other objects of the same files: compare the golden descriptions).
        for (id, text) in try Fixture.goldenMessages() {
            #expect(GoldenLayoutTests.describe(id, try Self.engine.layout(text, style: Self.style))
                    == GoldenLayoutTests.describe(id, try Fixture.layout(text)))
        }
    }

    @Test func boldItalicAndMonoSpansTakeTheirRolesFontsOnOneLine() throws {
        var text = StyledText("Hello ")
        text.append("bold", .bold)
        text.append(" and ")
        text.append("slanted", .italic)
        text.append(" and ")
        text.append("code()", .monospace)
        let layout = try layout(text)
        #expect(layout.lines.count == 1)
        let runs = runs(layout)
        #expect(runs.map(\.face) == ["Inter Regular", "Inter Bold", "Inter Regular", "Inter Italic", "Inter Regular",
                                     "DejaVu Sans Mono"])
        #expect(runs.map(\.text) == ["Hello ", "bold", " and ", "slanted", " and ", "code()"])
    }

    @Test func boldIsWiderThanRegularAndMonospaceHasOneAdvance() throws {
        let regular = try layout(StyledText("bold words"))
        let bold = try layout(StyledText("bold words", spans: [.init(0..<10, .bold)]))
        #expect(bold.width > regular.width + 1)
        let narrow = try layout(StyledText("iiii", spans: [.init(0..<4, .monospace)]))
        let wide = try layout(StyledText("MMMM", spans: [.init(0..<4, .monospace)]))
        #expect(abs(narrow.width - wide.width) < 1e-9)
        #expect(abs(try layout(StyledText("iiii")).width - (try layout(StyledText("MMMM"))).width) > 10)
    }

    @Test func nestedSpansCombineAndSemiboldItalicFallsBackToBoldItalic() throws {
        let text = StyledText("one two three", spans: [.init(0..<13, .bold), .init(4..<7, .italic)])
        #expect(text.runs.map(\.range) == [0..<4, 4..<7, 7..<13])
        #expect(runs(try layout(text)).map(\.face) == ["Inter Bold", "Inter Bold Italic", "Inter Bold"])
        let semibold = StyledText("word", spans: [.init(0..<4, TextAttributes(weight: .semibold, italic: true))])
        #expect(runs(try layout(semibold)).map(\.face) == ["Inter Bold Italic"])
        let semiboldFace = try layout(StyledText("word", spans: [.init(0..<4, TextAttributes(weight: .semibold))]))
            .lines[0].runs[0].font
        #expect(semiboldFace.path.hasSuffix("/Inter-SemiBold.otf"), "\(semiboldFace.fullName)")
    }

    @Test func aSizeFactorScalesTheRunAndTheLineHeight() throws {
        let plain = try layout(StyledText("Big"))
        let big = try layout(StyledText("Big", spans: [.init(0..<3, TextAttributes(sizeFactor: 2))]))
        #expect(abs(big.width - 2 * plain.width) < 1e-9)
        #expect(abs(big.lines[0].ascent - 2 * plain.lines[0].ascent) < 1e-9)
        let mixed = try layout(StyledText("small Big", spans: [.init(6..<9, TextAttributes(sizeFactor: 2))]))
        #expect(mixed.lines.count == 1 && abs(mixed.height - big.height) < 1e-9)
    }

    @Test func aStyleChangeInsideAClusterMovesToTheClustersStart() throws {
        // "é" as e + U+0301: a span starting at the combining mark styles the whole cluster.
        let text = StyledText("cafe\u{301} ok", spans: [.init(4..<5, .bold)])
        let layout = try layout(text)
        let faces = runs(layout)
        #expect(faces.map(\.face) == ["Inter Regular", "Inter Regular"] || faces.map(\.face) == ["Inter Regular"])
        let split = try self.layout(StyledText("cafe\u{301} ok", spans: [.init(3..<5, .bold)]))
        #expect(runs(split).map(\.text) == ["caf", "e\u{301}", " ok"])
    }

    @Test func aStyleChangeIsNoBreakOpportunity() throws {
        // "ab" with "b" bold is one word: at a width that fits one word per line it stays whole.
        let text = StyledText("aaaa bbbb", spans: [.init(2..<4, .bold), .init(7..<9, .bold)])
        let narrow = try layout(text, width: try layout(StyledText("aaaa")).width + 8)
        #expect(narrow.lines.count == 2)
        // "aa", bold "aa", then the plain space: three runs; "bb" and bold "bb": two.
        #expect(narrow.lines.map { $0.runs.count } == [3, 2])
    }

    @Test func textInOtherScriptsFallsBackFromTheStyledRole() throws {
        let layout = try layout(StyledText("粗体 bold 😀", spans: [.init(0..<11, .bold)]))
        #expect(runs(layout).map(\.face) == ["Noto Sans CJK SC", "Inter Bold", "Noto Color Emoji"])
        #expect(layout.lines[0].runs.allSatisfy { $0.attributes.weight == .bold })
    }

    @Test func decorationsAndColoursNeverChangeTheLayout() throws {
        let text = "underlined, struck and a link"
        let plain = try layout(StyledText(text))
        let decorated = try layout(StyledText(text, spans: [
            .init(0..<10, TextAttributes(underline: true)), .init(12..<17, TextAttributes(strikethrough: true)),
            .init(25..<29, TextAttributes(underline: true, color: .link)),
        ]))
        #expect(decorated.width == plain.width && decorated.height == plain.height)
        #expect(decorated.lines[0].runs.count == 5)
        let font = decorated.lines[0].runs[0].font
        #expect(font.underline.thickness > 0 && font.underline.offset < 0 && font.strikeout.offset > 0)
    }

    @Test func spansAreClampedAndAppendingMergesEqualNeighbours() {
        let clamped = StyledText("abc", spans: [.init(2..<10, .bold), .init(5..<6, .italic)])
        #expect(clamped.runs == [.init(0..<2, .plain), .init(2..<3, .bold)])
        #expect(StyledText("abc", spans: [.init(0..<3, .plain)]).isPlain)
        var built = StyledText("")
        built.append("a", .bold)
        built.append("b", .bold)
        built.append("c")
        #expect(built.string == "abc" && built.runs == [.init(0..<2, .bold), .init(2..<3, .plain)])
        var plain = StyledText("x")
        plain.append("y")
        #expect(plain.isPlain)
    }
}
