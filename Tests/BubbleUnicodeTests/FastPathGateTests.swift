import BubbleFastPaths
@testable import BubbleUnicode
import Testing

/// With another ICU loaded (faked), the rules of ICU 72 are not used: ICU answers, and the
/// answers are ICU's own. With ICU 72 the rules answer, the same.
@Suite struct FastPathGateTests {
    static let icu76 = FastPaths(versions: LibraryVersions([.icu: "76.1", .harfBuzz: "6.0.0", .cairo: "1.16.0", .zlib: "1.2.13"]), exact: false)
    static let icu72 = FastPaths(versions: LibraryVersions([.icu: "72.1", .harfBuzz: "6.0.0", .cairo: "1.16.0", .zlib: "1.2.13"]), exact: false)
    static let texts = ["Hello, world! How are you?", "中文的句子。还有一句", "mixed 中文 and emoji 👍🏽 text", "a\r\nb\u{2028}c"]

    @Test(arguments: texts)
    func lineBreaksAreICUsOnEitherVersion(text: String) throws {
        let units = Array(text.utf16)
        #expect(!Self.icu76.isOn(.lineBreakRules) && Self.icu72.isOn(.lineBreakRules))
        let icu = try units.withUnsafeBufferPointer { try LineBreaks.icuOpportunities(in: $0) }
        #expect(try LineBreaks.opportunities(in: units, fastPaths: Self.icu76) == icu)
        #expect(try LineBreaks.opportunities(in: units, fastPaths: Self.icu72) == icu)
        #expect(try LineBreaks.opportunities(in: units, fastPaths: .exact) == icu)
    }

    @Test(arguments: texts + ["e\u{301}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} 🇫🇷 क्षि"])
    func graphemesAreICUsOnEitherVersion(text: String) throws {
        let units = Array(text.utf16)
        let icu = try units.withUnsafeBufferPointer { try GraphemeClusters.icuBoundaries(in: $0) }
        #expect(try GraphemeClusters.boundaries(in: units, fastPaths: Self.icu76) == icu)
        #expect(try GraphemeClusters.boundaries(in: units, fastPaths: Self.icu72) == icu)
    }
}
