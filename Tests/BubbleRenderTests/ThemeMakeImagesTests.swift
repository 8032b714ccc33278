import BubbleTheme
import BubblesCommand
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// Runs `bubbles …` in-process and keeps what it printed.
final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var output = ""
    private var errors = ""
    var standardOutput: String { lock.withLock { output } }
    var standardError: String { lock.withLock { errors } }
    private(set) var exitCode: Int32 = -1

    init(_ arguments: [String]) {
        let io = CommandIO(readStandardInput: { Data() },
                           write: { [self] text in lock.withLock { output += text } },
                           writeError: { [self] text in lock.withLock { errors += text } },
                           currentDirectory: TestSupport.repositoryRoot)
        exitCode = Bubbles.main(arguments, io: io)
    }
}

@Suite struct ThemeMakeImagesTests {
    typealias Pixel = PixelBuffer.Pixel

    @Test(arguments: ["classic", "classic-dark"])
    func committedImagesAreWhatTheCodeDraws(theme: String) throws {
        let directory = TestSupport.themesDirectory + "/" + theme
        let files = try BubbleArt.render(try ThemeDocument(directory: directory), file: directory + "/theme.json")
        #expect(files.map(\.name) == ["bubble_out@1x.png", "bubble_out@2x.png", "bubble_out@3x.png",
                                      "bubble_in@1x.png", "bubble_in@2x.png", "bubble_in@3x.png"])
        for file in files {
            #expect(FileManager.default.contents(atPath: directory + "/" + file.name) == file.png, "\(theme)/\(file.name) differs from its drawing")
        }
        let run = CapturedRun(["theme", "make-images", "Themes/" + theme, "--check"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "6 images match theme.json\n")
    }

    @Test func writesTheImagesIntoTheThemeDirectory() throws {
        let sandbox = try ThemeSandbox()
        let names = ["bubble_out@1x.png", "bubble_out@2x.png", "bubble_out@3x.png", "bubble_in@1x.png", "bubble_in@2x.png", "bubble_in@3x.png"]
        for name in names { try FileManager.default.removeItem(atPath: sandbox.classic + "/" + name) }
        let run = CapturedRun(["theme", "make-images", sandbox.classic])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput.split(separator: "\n").map { $0.split(separator: " ")[1] } == names.map { Substring($0) })
        for name in names {
            #expect(FileManager.default.contents(atPath: sandbox.classic + "/" + name)
                    == FileManager.default.contents(atPath: TestSupport.themesDirectory + "/classic/" + name))
        }
        #expect(TestSupport.contents(of: sandbox.classic) == (names + ["theme.json"]).sorted())
    }

    @Test func checkReportsADifferingImage() throws {
        let sandbox = try ThemeSandbox()
        try TestSupport.flatPNG(width: 48, height: 48, color: .black).write(to: URL(fileURLWithPath: sandbox.classic + "/bubble_in@2x.png"))
        let run = CapturedRun(["theme", "make-images", sandbox.classic, "--check"])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "bubbles theme make-images: differ from theme.json: bubble_in@2x.png\n")
    }

    @Test func classicImagesLookRight() throws {
        let theme = try Theme.loadWithImages(directory: TestSupport.themesDirectory + "/classic")
        let outgoing = try theme.outgoingBubble.image.asset(forScale: 2).image.pixels()
        let incoming = try theme.incomingBubble.image.asset(forScale: 2).image.pixels()
        #expect(outgoing.width == 48 && outgoing.height == 48)
        #expect(outgoing[24, 24] == Pixel(RGBAColor(hex: "#95EC69")!))
        #expect(incoming[24, 24] == Pixel(.white))
        // The white bubble's one-pixel border: the outermost body pixel, then white.
        #expect(incoming[47, 24] == Pixel(RGBAColor(hex: "#DDDDDD")!))
        #expect(incoming[46, 24] == Pixel(.white))
        #expect(incoming[24, 47] == Pixel(RGBAColor(hex: "#DDDDDD")!))
        #expect(outgoing[0, 24] == Pixel(RGBAColor(hex: "#95EC69")!))  // no border on green
        // Tails at 7pt (row 14), pointing to the avatar: right for outgoing, left for incoming.
        #expect(outgoing[46, 14].alpha > 0 && outgoing[1, 14].alpha == 255)
        #expect(incoming[1, 14].alpha > 0 && incoming[46, 14].alpha == 255)
        #expect(outgoing[46, 30].alpha == 0 && incoming[1, 30].alpha == 0)  // below the tails: clear
        #expect(outgoing[0, 0].alpha == 0 && outgoing[0, 47].alpha == 0)    // rounded corners
    }

    @Test func themeWithoutDrawingSpecIsRefused() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("generate", nil)
        let run = CapturedRun(["theme", "make-images", sandbox.classic])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "bubbles theme make-images: \(sandbox.file): generate: missing: this theme has no drawing spec for its bubble images\n")
    }

    @Test func artThatWouldStretchIsRefused() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("generate.tail.bottom", 12)
        var run = CapturedRun(["theme", "make-images", sandbox.classic])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "bubbles theme make-images: \(sandbox.file): generate.tail.bottom: 12 is below the top cap inset 10 of bubbles.outgoing: the tail would stretch\n")
        try sandbox.set("generate.tail.bottom", 10)
        try sandbox.set("generate.corner_radius", 5)
        run = CapturedRun(["theme", "make-images", sandbox.classic])
        #expect(run.standardError == "bubbles theme make-images: \(sandbox.file): generate.tail.width: 6 plus corner_radius 5 is wider than the cap inset 10 on the tail's side of bubbles.outgoing\n")
        try sandbox.set("generate.corner_radius", 4)
        try sandbox.set("generate.scales", [1, 4])
        run = CapturedRun(["theme", "make-images", sandbox.classic])
        #expect(run.standardError == "bubbles theme make-images: \(sandbox.file): generate.scales[1]: 4 is not a scale: use 1, 2 or 3\n")
    }

    @Test func neverWritesOutsideTheThemeDirectory() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.outgoing.image", "../stolen")
        let run = CapturedRun(["theme", "make-images", sandbox.classic])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "bubbles theme make-images: \(sandbox.file): bubbles.outgoing.image: '../stolen' leaves the theme directory: name an image inside it\n")
        #expect(!TestSupport.contents(of: sandbox.root).contains { $0.hasPrefix("stolen") })
    }

    @Test func usageErrors() {
        let none = CapturedRun(["theme", "make-images"])
        #expect(none.exitCode == 2)
        #expect(none.standardError.hasPrefix("bubbles theme make-images: missing THEME_DIR\n\nusage: bubbles theme make-images THEME_DIR [--check]"))
        let unknown = CapturedRun(["theme", "make-images", "Themes/classic", "--force"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.hasPrefix("bubbles theme make-images: unknown option --force\n"))
        let missing = CapturedRun(["theme", "make-images", "Themes/nope"])
        #expect(missing.exitCode == 1)
        #expect(missing.standardError == "bubbles theme make-images: \(TestSupport.repositoryRoot)/Themes/nope/theme.json: no theme directory \(TestSupport.repositoryRoot)/Themes/nope\n")
    }
}
