import BubbleFastPaths
import Testing

@Suite struct FastPathsTests {
    static let reproduced = LibraryVersions([.icu: "72.1", .harfBuzz: "6.0.0", .cairo: "1.16.0", .zlib: "1.2.13"])

    @Test func everyFastPathIsOnWithTheVersionsItReproduces() {
        let paths = FastPaths(versions: Self.reproduced, exact: false)
        for path in FastPath.allCases {
            #expect(paths.isOn(path), "\(path): \(paths.reasons[path] ?? "")")
            #expect(paths.reasons[path]?.hasPrefix("on: ") == true)
        }
        #expect(!paths.isExact)
    }

    /// Debian 13's libraries: every shortcut that copies a library's internals is off, with the
    /// versions in its reason; the encoder of our own stays on.
    @Test func anotherVersionTurnsItsFastPathsOff() {
        let next = LibraryVersions([.icu: "76.1", .harfBuzz: "10.2.0", .cairo: "1.18.2", .zlib: "1.3.1"])
        let paths = FastPaths(versions: next, exact: false)
        for path in [FastPath.lineBreakRules, .graphemeRules, .openTypeShortcuts, .plainParagraphs, .colourGlyphImages] {
            #expect(!paths.isOn(path))
            #expect(paths.reasons[path]?.hasPrefix("off: reproduces \(path.library.rawValue)") == true, "\(paths.reasons[path] ?? "")")
        }
        #expect(paths.reasons[.openTypeShortcuts]?.contains("10.2.0 loaded") == true)
        #expect(paths.isOn(.ownDeflate))
        // One library at a time: only the paths of the changed library go off.
        var cairoOnly = Self.reproduced
        cairoOnly.versions[.cairo] = "1.18.0"
        let mixed = FastPaths(versions: cairoOnly, exact: false)
        #expect(!mixed.isOn(.colourGlyphImages))
        #expect(mixed.isOn(.openTypeShortcuts) && mixed.isOn(.lineBreakRules))
        // A prefix is a version boundary, not a string prefix: ICU 720 is not ICU 72.
        var icu720 = Self.reproduced
        icu720.versions[.icu] = "720.1"
        #expect(!FastPaths(versions: icu720, exact: false).isOn(.lineBreakRules))
    }

    @Test func exactTurnsEveryFastPathOff() {
        let paths = FastPaths(versions: Self.reproduced, exact: true)
        #expect(paths.isExact)
        #expect(FastPath.allCases.allSatisfy { !paths.isOn($0) && paths.reasons[$0]!.contains("exact mode") })
        #expect(FastPaths.exact.isExact)
    }

    @Test func theEnvironmentTurnsAllOrNamedFastPathsOff() {
        #expect(FastPaths.environmentChoice(nil) == (false, []))
        #expect(FastPaths.environmentChoice("") == (false, []))
        #expect(FastPaths.environmentChoice("0") == (false, []))
        #expect(FastPaths.environmentChoice("1") == (true, []))
        #expect(FastPaths.environmentChoice("yes") == (true, []))
        #expect(FastPaths.environmentChoice("own-deflate,grapheme-rules") == (false, [.ownDeflate, .graphemeRules]))
        // A list with a name that is no fast path is taken as "everything off", never ignored.
        #expect(FastPaths.environmentChoice("own-deflate,nonsense") == (true, []))
        let some = FastPaths(versions: Self.reproduced, exact: false, off: [.ownDeflate])
        #expect(!some.isOn(.ownDeflate) && some.isOn(.openTypeShortcuts))
        #expect(some.reasons[.ownDeflate] == "off: BUBBLES_EXACT names it")
    }

    /// The loaded libraries report real versions (Debian 12: ICU 72, HarfBuzz 6.0.0, Cairo 1.16).
    @Test func loadedVersionsAreRead() {
        for library in Library.allCases {
            let version = LibraryVersions.loaded[library]
            #expect(version.first?.isNumber == true && version.contains("."), "\(library): \(version)")
        }
    }
}
