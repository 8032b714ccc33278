import BubbleFastPaths
@testable import BubbleText
import Foundation
import Testing

/// The OpenType shortcuts were proven against the fonts the project ships; a font a user brings
/// (even one saved under a bundled name) takes them only after `ShortcutSelfCheck` compares
/// them with HarfBuzz on its own characters, and gives the same layouts either way.
@Suite struct UserFontTests {
    static let fonts = URL(fileURLWithPath: try! FontSet.locateBundledFonts())

    /// `Inter-Regular.otf` with one byte of its `head` checksum changed: the same glyphs, but
    /// not a file the project ships.
    static func alteredInter(in folder: URL) throws -> OpenTypeFont {
        var bytes = [UInt8](try Data(contentsOf: fonts.appendingPathComponent("Inter-Regular.otf")))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let head = try #require((0..<tables).map { 12 + 16 * $0 }.first { Array(bytes[$0..<$0 + 4]) == Array("head".utf8) })
        let offset = bytes[(head + 8)..<(head + 12)].reduce(0) { $0 << 8 | Int($1) }
        bytes[offset + 8] ^= 0x5A
        let file = folder.appendingPathComponent("Inter-Regular.otf")
        try Data(bytes).write(to: file)
        return try OpenTypeFont(path: file.path)
    }

    @Test func onlyShippedFontsTakeTheShortcuts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("user-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try OpenTypeFont(path: Self.fonts.appendingPathComponent("Inter-Regular.otf").path)
        let user = try Self.alteredInter(in: folder)
        #expect(shipped.isShipped)
        #expect(!user.isShipped)
        let fallbacks = try FontSet.bundledFallbackFiles.map { entry in
            let (file, face) = FontSet.fileAndFace(entry)
            return try OpenTypeFont(path: Self.fonts.appendingPathComponent(file).path, faceIndex: face)
        }
        let shippedEngine = try TextEngine(fonts: FontSet(fonts: [shipped] + fallbacks))
        let userFonts = try FontSet(fonts: [user] + fallbacks)
        let userEngine = try TextEngine(fonts: userFonts)
        #expect(shippedEngine.takesShortcuts)
        // The copy passes the self-check (its glyphs are Inter's), so it takes the shortcuts
        // too; an engine whose check is forced off takes none.
        #expect(userEngine.takesShortcuts)
        let untrusted = try TextEngine(fonts: userFonts, fastPaths: .exact)
        #expect(!untrusted.takesShortcuts && untrusted.kernedTables == nil && untrusted.inertTables == nil)
        #expect(!ShortcutSelfCheck.sampleTexts(of: user).isEmpty)
        let texts = try Fixture.goldenMessages().map { StyledText($0.text) }
        // Layouts hold their fonts by identity: the user's engines are compared with each other,
        // and with the shipped one by their lines' breaks, positions and widths.
        #expect(try Fixture.expectSameLayouts(texts, reference: userEngine, [untrusted]) > 100)
        for text in texts {
            let style = TextStyle(fontSize: 16, maxWidth: 120)
            let ours = try shippedEngine.layout(text, style: style), theirs = try userEngine.layout(text, style: style)
            #expect(ours.lines.map { $0.runs.map { [$0.x, $0.width, Double($0.range.lowerBound)] } }
                    == theirs.lines.map { $0.runs.map { [$0.x, $0.width, Double($0.range.lowerBound)] } }, "\(text.string.prefix(40))")
            #expect(ours.height == theirs.height && ours.width == theirs.width)
        }
    }

    /// Exact mode gives every engine HarfBuzz's shaping and ICU's breaks, with the same layouts.
    @Test func exactEnginesLayOutAsTheFastOnes() throws {
        let fonts = try FontSet.bundled()
        let fast = try TextEngine(fonts: fonts), exact = try TextEngine(fonts: fonts, fastPaths: .exact)
        #expect(fast.takesShortcuts && !exact.takesShortcuts)
        let texts = try Fixture.goldenMessages().map { StyledText($0.text) }
        #expect(try Fixture.expectSameLayouts(texts, reference: fast, [exact]) > 100)
    }
}

/// On a library version the fast paths were not written for (faked here: Debian 13's), the
/// seam turns them off and the library runs: the engine takes no shortcut and still gives the
/// same layouts, which are then HarfBuzz's and ICU's own.
@Suite struct OtherLibraryVersionTests {
    static let debian13 = LibraryVersions([.icu: "76.1", .harfBuzz: "10.2.0", .cairo: "1.18.2", .zlib: "1.3.1"])

    @Test func anEngineOnAnotherHarfBuzzShapesEverythingWithHarfBuzz() throws {
        let paths = FastPaths(versions: Self.debian13, exact: false)
        #expect(!paths.isOn(.openTypeShortcuts) && !paths.isOn(.lineBreakRules) && !paths.isOn(.graphemeRules))
        let fonts = try FontSet.bundled()
        let engine = try TextEngine(fonts: fonts, fastPaths: paths)
        #expect(!engine.takesShortcuts && engine.kernedTables == nil && engine.inertTables == nil)
        let texts = try Fixture.goldenMessages().map { StyledText($0.text) }
        #expect(try Fixture.expectSameLayouts(texts, reference: TextEngine(fonts: fonts), [engine]) > 100)
    }
}
