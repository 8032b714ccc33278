import BubbleLayout
@testable import BubbleThemeLint
import BubbleTheme
import BubblesCommand
import ChatBubbles
import Foundation
import RenderTesting
import Testing

/// `bubbles theme lint`: the shipped themes are clean, and each check finds what it is for,
/// naming the key, the measured value and the limit.
@Suite struct ThemeLintTests {
    static let shipped = ["classic", "classic-dark", "imessage-style", "imessage-style-dark", "telegram-style", "telegram-style-dark"]

    func lint(_ sandbox: ThemeSandbox) -> ThemeLintReport {
        ThemeLint.lint(sandbox.classic, fontsDirectory: TestSupport.fontsDirectory)
    }

    @Test func classicIsClean() {
        let run = Snapshot.run(["theme", "lint", "classic"])
        #expect(run.code == 0, "\(run.out)\(run.err)")
        // Its three greys and blue are the origin app's, kept on purpose with a reason each.
        #expect(run.out.hasSuffix("classic: 0 errors, 0 warnings, 3 accepted\n"))
        #expect(run.out.split(separator: "\n").filter { $0.hasPrefix("accepted warning: ") }.count == 3)
        #expect(!run.out.contains("\nerror:") && !run.out.hasPrefix("error:") && !run.out.contains("\nwarning:"))
    }

    @Test(arguments: shipped) func shippedThemesAreClean(_ name: String) {
        let report = ThemeLint.lint(name, fontsDirectory: TestSupport.fontsDirectory)
        #expect(report.errors.isEmpty && report.warnings.isEmpty, "\(report.findings.map(\.description))")
        #expect(report.passes)
    }

    /// The Done-when case: 24 + 24 pt caps on a bubble whose one-line height is 40 pt. The images
    /// are drawn 60 pt high so that they hold the caps: only the bubble is too small.
    @Test func capsTallerThanTheLowestBubble() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.outgoing.cap_insets", ["top": 24, "left": 10, "bottom": 24, "right": 10])
        try sandbox.set("generate.size.height", 60)
        let document = try ThemeDocument(directory: sandbox.classic)
        for file in try BubbleArt.render(document, file: sandbox.file) {
            try file.png.write(to: URL(fileURLWithPath: sandbox.classic + "/" + file.name))
        }
        // One line of text: the one-line minimum plus the insets, the origin app's 40 pt.
        let lowest = LayoutMetrics.classic.textBubbleHeight(contentHeight: 0)
        #expect(lowest == 40)
        let expected = "error: bubbles.outgoing.cap_insets: top 24 + bottom 24 = 48 pt is more than the 40 pt height "
            + "of the lowest outgoing bubble (one line of text): its corners are squashed"
        let report = lint(sandbox)
        #expect(report.errors.map(\.description) == [expected])
        let run = Snapshot.run(["theme", "lint", sandbox.classic])
        #expect(run.code == 1)
        #expect(run.out.split(separator: "\n").map(String.init).contains(expected), "\(run.out)")
        #expect(run.out.hasSuffix("classic: 1 error, 0 warnings, 3 accepted\n"))
    }

    @Test func capsWiderThanTheNarrowestBubble() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.incoming.cap_insets", ["top": 10, "left": 30, "bottom": 10, "right": 30])
        try sandbox.set("generate.size.width", 70)
        let document = try ThemeDocument(directory: sandbox.classic)
        for file in try BubbleArt.render(document, file: sandbox.file) {
            try file.png.write(to: URL(fileURLWithPath: sandbox.classic + "/" + file.name))
        }
        let errors = lint(sandbox).errors
        #expect(errors.map(\.key) == ["bubbles.incoming.cap_insets"])
        // The narrowest bubble is a one-character message: never narrower than both insets + 20.
        #expect(errors.first?.problem == "left 30 + right 30 = 60 pt is more than the 40 pt width of the narrowest "
                + "incoming bubble (a one-character message): its corners are squashed")
    }

    /// A mirrored incoming side is the outgoing image: its caps are judged against the incoming
    /// bubbles too, and named by the only key there is.
    @Test func mirroredIncomingSide() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.incoming_mirrors_outgoing", true)
        try sandbox.set("bubbles.incoming", nil)
        try sandbox.set("generate.incoming", nil)
        let clean = lint(sandbox)
        #expect(clean.errors.isEmpty && clean.warnings.isEmpty, "\(clean.findings.map(\.description))")
        try sandbox.set("bubbles.outgoing.cap_insets", ["top": 24, "left": 10, "bottom": 24, "right": 10])
        try sandbox.set("generate.size.height", 60)
        for file in try BubbleArt.render(try ThemeDocument(directory: sandbox.classic), file: sandbox.file) {
            try file.png.write(to: URL(fileURLWithPath: sandbox.classic + "/" + file.name))
        }
        let errors = lint(sandbox).errors
        #expect(errors.map(\.key) == ["bubbles.outgoing.cap_insets", "bubbles.outgoing.cap_insets"])
        #expect(errors.map { $0.problem.contains("lowest outgoing bubble") } == [true, false])
        #expect(errors.map { $0.problem.contains("lowest incoming bubble") } == [false, true])
    }

    /// Caps that start above the tail put it in the stretched middle, at every scale.
    @Test func tailInAStretchedZone() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.outgoing.cap_insets", ["top": 4, "left": 10, "bottom": 10, "right": 10])
        let errors = lint(sandbox).errors
        #expect(errors.map(\.key) == Array(repeating: "bubbles.outgoing.cap_insets", count: 3))
        for (error, scale) in zip(errors, 1...3) {
            #expect(error.problem.hasPrefix("bubble_out@\(scale)x.png: the tail (columns \(18 * scale)–\(24 * scale - 1), rows "))
            #expect(error.problem.contains("reaches the stretched middle (columns \(10 * scale)–\(14 * scale - 1), rows \(4 * scale)–\(14 * scale - 1))"))
        }
    }

    @Test func scalesThatDisagree() throws {
        let sandbox = try ThemeSandbox()
        let green = try #require(RGBAColor(hex: "#95EC69"))
        // 25 px is within a pixel of 24: allowed. 26 px is not.
        try TestSupport.flatPNG(width: 25, height: 24, color: green).write(to: URL(fileURLWithPath: sandbox.classic + "/bubble_out@1x.png"))
        #expect(lint(sandbox).errors.filter { $0.key == "bubbles.outgoing.image" }.isEmpty)
        try TestSupport.flatPNG(width: 26, height: 24, color: green).write(to: URL(fileURLWithPath: sandbox.classic + "/bubble_out@1x.png"))
        let errors = lint(sandbox).errors.filter { $0.key == "bubbles.outgoing.image" }
        #expect(errors.map(\.problem) == ["bubble_out@1x.png is 26×24 px, but bubble_out@3x.png (72×72 px) makes 24×24 px at @1x: "
                                          + "the scales disagree by more than 1 px"])
    }

    @Test func textInsetsThatLeaveNoLine() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("layout.text_insets", ["top": 10, "left": 300, "bottom": 10, "right": 10])
        let metrics = try Theme.load(directory: sandbox.classic).layoutMetrics
        let width = metrics.maxTextWidth(screenWidth: 320)
        #expect(width == -60)
        let errors = lint(sandbox).errors.filter { $0.key == "layout.text_insets" }
        #expect(errors.map(\.problem) == ["at 320 pt the text is -60 pt wide, less than one 16 pt character: no line fits "
                                          + "(margin, avatar, gap and the left inset take the screen)"])
    }

    @Test func missingFonts() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("fonts.italic.file", "Missing-Italic.otf")
        try sandbox.set("fonts.fallbacks", ["NotoColorEmoji.ttf", "Gone.ttf"])
        let errors = lint(sandbox).errors
        #expect(errors.map(\.description) == [
            "error: fonts.italic.file: 'Missing-Italic.otf' is not in Fonts/ (\(TestSupport.fontsDirectory))",
            "error: fonts.fallbacks[1]: 'Gone.ttf' is not in Fonts/ (\(TestSupport.fontsDirectory))",
        ])
    }

    /// Without its accept list, classic's origin-app colours are warnings: printed, exit 0.
    @Test func contrastWarningsAndAccepts() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("lint", nil)
        let run = Snapshot.run(["theme", "lint", sandbox.classic])
        #expect(run.code == 0)
        let time = ContrastRatio.ratio(RGBAColor(hex: "#A8A8A8")!, on: RGBAColor(hex: "#EDEDED")!)
        #expect(abs(time - 2.03) < 0.005)
        #expect(run.out.contains("warning: colors.time: #A8A8A8 on the background (#EDEDED) has contrast 2.03:1, below WCAG AA 4.5:1\n"))
        #expect(run.out.hasSuffix("classic: 0 errors, 3 warnings, 0 accepted\n"))

        // An accept that matches nothing is itself a warning, so the list cannot go stale;
        // an error cannot be accepted.
        try sandbox.set("lint", ["accept": ["colors.typing_dots": "never flagged", "bubbles.outgoing.cap_insets": "no"]])
        try sandbox.set("bubbles.outgoing.cap_insets", ["top": 4, "left": 10, "bottom": 10, "right": 10])
        let report = lint(sandbox)
        #expect(report.errors.count == 3 && report.accepted.isEmpty)
        #expect(report.warnings.map(\.key).suffix(2) == ["lint.accept.bubbles.outgoing.cap_insets", "lint.accept.colors.typing_dots"])
    }

    @Test func lintKeyIsChecked() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("lint", ["accept": ["colors.time"]])
        sandbox.expectError("lint.accept", "expected an object of finding keys and their reasons, e.g. {\"colors.time\": \"why\"}")
        try sandbox.set("lint", ["accept": ["colors.time": ""]])
        sandbox.expectError("lint.accept.colors.time", "must not be empty")
        try sandbox.set("lint", ["allow": [:]])
        sandbox.expectError("lint.allow", "unknown key (known keys: accept)")
    }

    /// WCAG's own reference points: black on white is 21:1, a colour on itself 1:1, and
    /// #767676 is the lightest grey that passes AA on white.
    @Test func contrastRatio() {
        #expect(abs(ContrastRatio.ratio(.black, on: .white) - 21) < 1e-9)
        #expect(ContrastRatio.ratio(.white, on: .white) == 1)
        #expect(ContrastRatio.ratio(RGBAColor(hex: "#767676")!, on: .white) >= 4.5)
        #expect(ContrastRatio.ratio(RGBAColor(hex: "#777777")!, on: .white) < 4.5)
        // Half-transparent black on white is drawn as mid grey.
        let half = ContrastRatio.ratio(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5), on: .white)
        #expect(abs(half - ContrastRatio.ratio(RGBAColor(red: 0.5, green: 0.5, blue: 0.5), on: .white)) < 1e-9)
    }

    /// The overlay marks a tail in its corner green, and one in a stretched zone red.
    @Test func overlayMarksTheTail() throws {
        let folder = try TestSupport.temporaryDirectory()
        let run = Snapshot.run(["theme", "lint", "classic", "--overlay", folder + "/classic.png"])
        #expect(run.code == 0)
        let clean = try RasterImage(contentsOfFile: folder + "/classic.png").pixels()
        // Two rows (outgoing, incoming) of three scales, each 24 pt × 12 px per point.
        #expect(clean.width >= 3 * 288 && clean.height >= 2 * 288)
        let green = PixelBuffer.Pixel(ThemeLintOverlay.tailInCorner), red = PixelBuffer.Pixel(ThemeLintOverlay.tailStretched)
        #expect(clean.pixels.contains(green) && !clean.pixels.contains(red))

        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.outgoing.cap_insets", ["top": 4, "left": 10, "bottom": 10, "right": 10])
        let bad = Snapshot.run(["theme", "lint", sandbox.classic, "--overlay", folder + "/bad.png"])
        #expect(bad.code == 1)
        let marked = try RasterImage(contentsOfFile: folder + "/bad.png").pixels()
        #expect(marked.pixels.contains(red) && marked.pixels.contains(green), "outgoing tails red, incoming green")
    }

    @Test func usage() {
        let none = Snapshot.run(["theme", "lint"])
        #expect(none.code == 2 && none.err.hasPrefix("bubbles theme lint: missing THEME\n"))
        let missing = Snapshot.run(["theme", "lint", "no-such-theme"])
        #expect(missing.code == 1)
        #expect(missing.out.hasPrefix("error: theme.json: no theme directory "))
    }
}
