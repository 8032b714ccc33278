@testable import BubbleText
import BubbleUnicode
import Testing

/// Which scripts' shaping keys carry the neighbouring characters: the literal cases must be
/// HarfBuzz's values for the sixteen context-free scripts, and every other script reads context.
@Suite struct ShapeKeyContextTests {
    static let contextFree = ["Latn", "Cyrl", "Grek", "Armn", "Geor", "Hani", "Hira", "Kana", "Hang", "Bopo",
                              "Hebr", "Zyyy", "Zinh", "Thai", "Ethi", "Cher"]

    @Test func theSixteenContextFreeScriptsAndNoOther() {
        for name in Self.contextFree {
            #expect(!ShapeKey.readsContext(harfBuzzScript(ScriptRun.tag(name))), "\(name)")
        }
        for name in ["Arab", "Syrc", "Mong", "Nkoo", "Deva", "Beng", "Taml", "Khmr", "Mymr", "Sinh", "Tibt", "Zzzz"] {
            #expect(ShapeKey.readsContext(harfBuzzScript(ScriptRun.tag(name))), "\(name)")
        }
    }

    @Test func arabicKeysHoldTheirNeighboursAndLatinKeysDoNot() {
        let text = Array("ab cd".utf16)
        text.withUnsafeBufferPointer { buffer in
            let latin = ShapeKey(text: buffer, paragraph: 0..<5, segment: 1..<4, font: 0, rightToLeft: false,
                                 script: harfBuzzScript(ScriptRun.tag("Latn")))
            let arabic = ShapeKey(text: buffer, paragraph: 0..<5, segment: 1..<4, font: 0, rightToLeft: true,
                                  script: harfBuzzScript(ScriptRun.tag("Arab")))
            #expect(latin.before == 0 && latin.after == 0)
            #expect(arabic.before == UInt16(UInt8(ascii: "a")) && arabic.after == UInt16(UInt8(ascii: "d")))
        }
    }
}
