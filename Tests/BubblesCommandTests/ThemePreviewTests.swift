import BubblesCommand
import CommandTesting
import Foundation
import Testing

/// Width and height from a PNG's IHDR chunk (bytes 16…23), after checking the signature.
func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](data)
    try #require(bytes.count > 24)
    try #require(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    try #require(Array(bytes[12..<16]) == Array("IHDR".utf8))
    func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}

@Suite struct ThemePreviewTests {
    /// classic names classic-dark as its dark variant: four columns, 320 + 430 + 320 + 430 pt.
    @Test func classicSheetHasFourColumnsAndIsReproducible() throws {
        let folder = try PreviewFolder()
        let first = PreviewRun(["theme", "preview", "classic", "-o", "a.png", "--scale", "1"], in: folder.path)
        #expect(first.exitCode == 0, "\(first.errors)")
        #expect(first.errors.contains("4 columns"))
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.png"))
        let size = try pngSize(a)
        #expect(size.width == 320 + 430 + 320 + 430)
        // Label band plus the tallest column (the 320 pt one: its texts wrap the most); every
        // kind adds at least one 60 pt row, so twelve messages are well over 720 pt.
        #expect(size.height > 12 * 60 + 32)

        let second = PreviewRun(["theme", "preview", "classic", "-o", "b.png", "--scale", "1"], in: folder.path)
        #expect(second.exitCode == 0)
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b.png"))
        #expect(a == b, "two runs must give the same bytes")
    }

    /// The scale multiplies both sides; the sheet at 2x is the 1x sheet's size doubled.
    @Test func scaleDoublesThePixels() throws {
        let folder = try PreviewFolder()
        #expect(PreviewRun(["theme", "preview", "classic", "-o", "one.png", "--scale", "1"], in: folder.path).exitCode == 0)
        #expect(PreviewRun(["theme", "preview", "classic", "-o", "two.png", "--scale", "2"], in: folder.path).exitCode == 0)
        let one = try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/one.png")))
        let two = try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/two.png")))
        #expect(two.width == 2 * one.width)
        #expect(abs(two.height - 2 * one.height) <= 1)
    }

    /// classic-dark has no dark variant of its own: two columns, 320 + 430 pt.
    @Test func themeWithoutDarkVariantHasTwoColumns() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["theme", "preview", "classic-dark", "-o", "dark.png", "--scale", "1"], in: folder.path)
        #expect(run.exitCode == 0, "\(run.errors)")
        let size = try pngSize(Data(contentsOf: URL(fileURLWithPath: folder.path + "/dark.png")))
        #expect(size.width == 320 + 430)
    }

    @Test func missingThemeIsNamedAndWritesNothing() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["theme", "preview", "no-such-theme", "-o", "x.png"], in: folder.path)
        #expect(run.exitCode == 1)
        #expect(run.errors.contains("no-such-theme"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.png"))
    }

    @Test func badCommandLinesAreUsageErrors() throws {
        let folder = try PreviewFolder()
        #expect(PreviewRun(["theme", "preview", "classic"], in: folder.path).exitCode == 2)
        #expect(PreviewRun(["theme", "preview", "-o", "x.png"], in: folder.path).exitCode == 2)
        #expect(PreviewRun(["theme", "preview", "classic", "-o", "x.png", "--scale", "4"], in: folder.path).exitCode == 2)
        let missingKinds = PreviewRun(["theme", "preview", "classic", "-o", "x.png", "--kinds", "nope.json"], in: folder.path)
        #expect(missingKinds.exitCode == 1)
        #expect(missingKinds.errors.contains("nope.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.png"))
    }
}
