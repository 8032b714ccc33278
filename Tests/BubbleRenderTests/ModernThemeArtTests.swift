import BubbleTheme
import BubblesCommand
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// The generated bubbles of the modern themes: a curved tail at the bottom edge and the
/// tailless images of grouped bubbles, drawn by `bubbles theme make-images` only.
@Suite struct ModernThemeArtTests {
    typealias Pixel = PixelBuffer.Pixel
    static let modern = ["imessage-style", "imessage-style-dark", "telegram-style", "telegram-style-dark"]

    @Test(arguments: modern)
    func committedImagesAreWhatTheCodeDraws(theme: String) throws {
        let directory = TestSupport.themesDirectory + "/" + theme
        let files = try BubbleArt.render(try ThemeDocument(directory: directory), file: directory + "/theme.json")
        let names = ["bubble_out", "bubble_in", "bubble_out_tailless", "bubble_in_tailless"]
            .flatMap { name in [1, 2, 3].map { "\(name)@\($0)x.png" } }
        #expect(files.map(\.name) == names)
        for file in files {
            #expect(try ThemeMakeImagesCommand.difference(between: directory + "/" + file.name, and: file) == nil,
                    "\(theme)/\(file.name) shows other pixels than its drawing")
        }
        let run = CapturedRun(["theme", "make-images", "Themes/" + theme, "--check"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "12 images match theme.json\n")
    }

    /// iMessage's outgoing bubble at 2x: 96 × 80 px, 17 pt corners, a 6 pt tail whose point is
    /// the bottom-right pixel and which joins the body 14 pt above the bottom.
    @Test func curvedTailSitsAtTheBottomCornerOnTheAvatarsSide() throws {
        let theme = try Theme.loadWithImages(directory: TestSupport.themesDirectory + "/imessage-style")
        let outgoing = try theme.outgoingBubble.image.asset(forScale: 2).image.pixels()
        let incoming = try theme.incomingBubble.image.asset(forScale: 2).image.pixels()
        let blue = Pixel(try #require(theme.document.generate?.outgoing.fill))
        #expect(outgoing.width == 96 && outgoing.height == 80)
        #expect(outgoing[48, 40] == blue)
        #expect(outgoing[95, 79].alpha > 0, "the tail's point reaches the bottom-right corner")
        #expect(outgoing[95, 30].alpha == 0, "beside the body above the tail: clear")
        #expect(outgoing[95, 0].alpha == 0 && outgoing[0, 0].alpha == 0 && outgoing[0, 79].alpha == 0, "the other corners are round")
        #expect(outgoing[83, 79].alpha == 255, "no rounded corner where the tail is: the bottom edge runs on")
        // Incoming: the mirror image.
        #expect(incoming[0, 79].alpha > 0 && incoming[0, 30].alpha == 0 && incoming[95, 79].alpha == 0)
    }

    @Test func taillessBubbleIsTheSameBodyWithoutTheTail() throws {
        let theme = try Theme.loadWithImages(directory: TestSupport.themesDirectory + "/imessage-style")
        let style = try BubbleImages(theme: theme).style(outgoing: true, tail: false)
        let plain = try style.image.asset(forScale: 2).image.pixels()
        let tailed = try theme.outgoingBubble.image.asset(forScale: 2).image.pixels()
        #expect(plain.width == tailed.width && plain.height == tailed.height)
        #expect(plain[95, 79].alpha == 0, "no tail")
        #expect(plain[83, 40].alpha == 255 && plain[84, 40].alpha == 0, "the body ends 6 pt (12 px) from the edge, as with the tail")
        for y in 0..<40 { #expect(plain[48, y] == tailed[48, y], "the same body at row \(y)") }
    }

    @Test func tailEdgeAndShapeAreChecked() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("generate.tail.edge", "left")
        sandbox.expectError("generate.tail.edge", "unknown value 'left': use top or bottom")
        try sandbox.set("generate.tail.edge", "bottom")
        try sandbox.set("generate.tail.shape", "wavy")
        sandbox.expectError("generate.tail.shape", "unknown value 'wavy': use straight or curved")
        try sandbox.set("generate.tail.shape", "curved")
        sandbox.expectError("generate.tail.top", "only a straight tail has a top: a curved tail's outer side is the bubble's edge")
        try sandbox.set("generate.tail.top", nil)
        let document = try sandbox.load().document
        #expect(document.generate?.tailEdge == .bottom && document.generate?.tailShape == .curved)
        try sandbox.set("generate.tail.bottom", 11)
        let run = CapturedRun(["theme", "make-images", sandbox.classic])
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("generate.tail.bottom: 11 is above the bottom cap inset 10 of bubbles.outgoing: the tail would stretch"))
    }
}
