import BubbleText
import Testing

/// Words are shaped whole and sliced into break units, so kerning across a break opportunity
/// is kept; a line cut where HarfBuzz flags the glyph unsafe to break is reshaped on both sides.
@Suite struct KerningAcrossBreaksTests {
    static let fonts = try! FontSet.bundled()

    static func font(named family: String) -> OpenTypeFont {
        fonts.fonts.first { $0.familyName == family }!
    }

    /// x of every glyph of a one-line layout, and the same from shaping the whole text once.
    static func positions(_ text: String, family: String) throws -> (engine: [Double], whole: [Double], width: Double, wholeWidth: Double) {
        let layout = try Fixture.layout(text, width: 10_000)
        #expect(layout.lines.count == 1)
        let engine = layout.lines[0].runs.flatMap(\.glyphs).map(\.x)
        let font = font(named: family)
        let shaped = ShapingFloor(font: font).shapeWhole(text)
        let scale = 16 / Double(font.unitsPerEm)
        var pen = 0.0
        var whole: [Double] = []
        for glyph in shaped.glyphs {
            whole.append(pen + Double(glyph.xOffset) * scale)
            pen += Double(glyph.advance) * scale
        }
        return (engine, whole, layout.width, Double(shaped.advance) * scale)
    }

    @Test(arguments: [("A-V", "Inter"), ("ニュース", "Noto Sans CJK SC"), ("AV-To/Ya-Te-VA", "Inter"),
                      ("LT-AV/Wa", "Inter"), ("ヴァージョン・テスト", "Noto Sans CJK SC")])
    func glyphPositionsEqualShapingTheWholeRun(text: String, family: String) throws {
        let result = try Self.positions(text, family: family)
        #expect(result.engine.count == result.whole.count)
        for (engine, whole) in zip(result.engine, result.whole) { #expect(abs(engine - whole) < 1e-9, "\(text)") }
        #expect(abs(result.width - result.wholeWidth) < 1e-9, "\(text): \(result.width) vs \(result.wholeWidth)")
    }

    @Test func aMinusVAndNewsKeepTheirKerning() throws {
        // Shaped piece by piece these were 29.0 and 64.0 px; HarfBuzz on the whole string says less.
        for (text, family) in [("A-V", "Inter"), ("ニュース", "Noto Sans CJK SC")] {
            let result = try Self.positions(text, family: family)
            let pieces = try text.map { try Fixture.layout(String($0), width: 10_000).width }.reduce(0, +)
            #expect(result.width < pieces - 0.5, "\(text): \(result.width) vs pieces \(pieces)")
            #expect(abs(result.width - result.wholeWidth) < 1e-9)
        }
    }

    /// Every line of a wrapped text is as wide as its own text shaped alone: a cut between "-"
    /// and "V" (a kerning pair HarfBuzz flags unsafe to break) is reshaped on both sides.
    @Test func aLineCutAtAnUnsafePositionIsReshaped() throws {
        let text = String(repeating: "VA-", count: 20) + "V"
        let layout = try Fixture.layout(text, width: 100)
        #expect(layout.lines.count > 3)
        let utf16 = Array(text.utf16)
        let inter = Self.font(named: "Inter")
        let floor = ShapingFloor(font: inter)
        let scale = 16 / Double(inter.unitsPerEm)
        var sumOfLines = 0.0
        for line in layout.lines {
            let lineText = String(decoding: utf16[line.range], as: UTF16.self)
            let alone = Double(floor.shapeWhole(lineText).advance) * scale
            #expect(abs(line.width - alone) < 1e-9, "\(lineText): \(line.width) vs \(alone)")
            // The drawn glyphs end where the line's width says.
            let glyphs = line.runs.flatMap(\.glyphs)
            #expect(glyphs.count == line.range.count)
            sumOfLines += line.width
        }
        let whole = Double(floor.shapeWhole(text).advance) * scale
        // The whole text keeps a "-V" pair at every cut that the lines lose.
        #expect(sumOfLines > whole + 0.1)
    }

    @Test func cachedAndUncachedEnginesAgreeOnReshapedEdges() throws {
        let uncached = try TextEngine(fonts: Fixture.engine.fonts, cachesShaping: false)
        for text in [String(repeating: "VA-", count: 20), String(repeating: "ニュース", count: 20), "Tô-Vô-Wa/AV " + String(repeating: "LT-", count: 30)] {
            for width in [60.0, 100, 150] {
                let style = TextStyle(fontSize: 16, maxWidth: width)
                #expect(try Fixture.engine.layout(text, style: style) == uncached.layout(text, style: style))
            }
        }
    }
}
