import BubbleLayout
import BubbleText
import Testing

/// The origin app's row-height formula, as `LayoutMetrics` holds it for `measure` and the
/// layouter alike: h > 20 ? h + 80 : 100 over the measured text height.
@Suite struct RowHeightFormulaTests {
    static let engine = Result { try TextEngine(fonts: FontRoles.bundled()) }

    func layout(_ text: String) throws -> TextLayout {
        try Self.engine.get().layout(text, style: TextStyle(fontSize: 16, maxWidth: LayoutMetrics.classic.maxTextWidth(screenWidth: 375)))
    }

    @Test func oneLineEnglishIsTheOneLineMinimum() throws {
        let layout = try layout("See you at the station at six")
        #expect(layout.lines.count == 1)
        #expect(layout.height < 20) // Inter at 16 pt: (2728 + 680) / 2816 × 16 = 19.36
        #expect(LayoutMetrics.classic.textRowHeight(textHeight: layout.height) == 100)
    }

    @Test func twoLinesAddTheirHeightToEighty() throws {
        let layout = try layout("Could you bring the charger and the blue notebook when you come?")
        #expect(layout.lines.count == 2)
        let h = layout.lines[0].height + layout.lines[1].height
        #expect(layout.height == h)
        #expect(LayoutMetrics.classic.textRowHeight(textHeight: layout.height) == h + 80)
        #expect(abs(h - 2 * 3408.0 / 2816 * 16) < 1e-9)
    }

    @Test func formulaMatchesTheOriginApp() {
        #expect(LayoutMetrics.classic.textRowHeight(textHeight: 0) == 100)
        #expect(LayoutMetrics.classic.textRowHeight(textHeight: 20) == 100)
        #expect(LayoutMetrics.classic.textRowHeight(textHeight: 20.5) == 100.5)
        #expect(LayoutMetrics.classic.textRowHeight(textHeight: 38.7) == 118.7)
        #expect(LayoutMetrics.classic.maxTextWidth(screenWidth: 375) == 285)
    }

    @Test func mediaSizesAreTheOriginAppsFormulas() {
        let metrics = LayoutMetrics.classic
        #expect(metrics.imageDisplaySize(pixelWidth: 440, pixelHeight: 300) == (220, 150))
        #expect(metrics.imageDisplaySize(pixelWidth: 219, pixelHeight: 50) == (219, 50))
        #expect(metrics.audioBubbleWidth(duration: 0) == 100)
        #expect(abs(metrics.audioBubbleWidth(duration: 3.2) - (100 + 100 * 3.2 / 30)) < 1e-12)
        #expect(metrics.audioBubbleWidth(duration: 30) == 200)
        #expect(metrics.audioBubbleWidth(duration: 600) == 200)
    }
}
