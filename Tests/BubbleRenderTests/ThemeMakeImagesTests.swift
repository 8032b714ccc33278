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
            #expect(try ThemeMakeImagesCommand.difference(between: directory + "/" + file.name, and: file) == nil,
                    "\(theme)/\(file.name) shows other pixels than its drawing")
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
            #expect(try Self.pixels(sandbox.classic + "/" + name) == Self.pixels(TestSupport.themesDirectory + "/classic/" + name), "\(name)")
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

    /// A PNG file's size and straight RGBA pixels.
    static func pixels(_ path: String) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let reader = try PNGRowReader(data: try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
        return (reader.width, reader.height, try reader.rows(reader.height))
    }

    /// Pixels, not bytes: the committed images written again by another encoder (zlib's
    /// compress, the Paeth filter on every row; so other bytes) still match, and so does one whose
    /// transparent pixels store a colour; one channel of one pixel changed by one does not.
    @Test func checkComparesPixelsNotBytes() throws {
        let sandbox = try ThemeSandbox()
        let names = ["bubble_out@1x.png", "bubble_out@2x.png", "bubble_out@3x.png", "bubble_in@1x.png", "bubble_in@2x.png", "bubble_in@3x.png"]
        for name in names {
            let path = sandbox.classic + "/" + name
            var image = try Self.pixels(path)
            // A colour under every fully transparent pixel, as some optimisers leave it.
            for i in stride(from: 0, to: image.rgba.count, by: 4) where image.rgba[i + 3] == 0 {
                image.rgba.replaceSubrange(i..<i + 3, with: [12, 34, 56])
            }
            let again = PNGRowReaderTests.png(width: image.width, height: image.height, channels: 4, pixels: image.rgba, filters: [4])
            #expect(again != (try Data(contentsOf: URL(fileURLWithPath: path))))
            try again.write(to: URL(fileURLWithPath: path))
        }
        var run = CapturedRun(["theme", "make-images", sandbox.classic, "--check"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "6 images match theme.json\n")

        let path = sandbox.classic + "/bubble_out@2x.png"
        var image = try Self.pixels(path)
        let middle = (image.height / 2 * image.width + image.width / 2) * 4
        #expect(image.rgba[middle + 3] == 255)
        image.rgba[middle + 1] ^= 1
        try PNGRowReaderTests.png(width: image.width, height: image.height, channels: 4, pixels: image.rgba, filters: [4])
            .write(to: URL(fileURLWithPath: path))
        run = CapturedRun(["theme", "make-images", sandbox.classic, "--check"])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "bubbles theme make-images: differ from theme.json: bubble_out@2x.png\n")
    }

    @Test func checkNamesAnImageOfAnotherSizeOrNoImage() throws {
        let sandbox = try ThemeSandbox()
        try TestSupport.flatPNG(width: 20, height: 10, color: .black).write(to: URL(fileURLWithPath: sandbox.classic + "/bubble_in@1x.png"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: sandbox.classic + "/bubble_in@2x.png"))
        try FileManager.default.removeItem(atPath: sandbox.classic + "/bubble_in@3x.png")
        let run = CapturedRun(["theme", "make-images", sandbox.classic, "--check"])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "bubbles theme make-images: differ from theme.json: bubble_in@1x.png (20×10 px, drawn 24×24 px), "
                + "bubble_in@2x.png (not a PNG image (it does not start with the PNG signature)), bubble_in@3x.png (missing)\n")
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
