@testable import BubbleUnicode
import Testing

/// `Scripts` answers the BMP and the emoji blocks from a table read from ICU once: each
/// character alone must make the run ICU's script says (Common when it joins), and
/// `joinsRunAround` must agree.
@Suite struct ScriptsTests {
    func utf16(_ scalar: UInt32) -> [UInt16] {
        scalar < 0x10000 ? [UInt16(scalar)] : Array(String(Character(Unicode.Scalar(scalar)!)).utf16)
    }

    @Test func everyTableAnswerIsICUs() {
        let names = Dictionary(uniqueKeysWithValues: ["Latn", "Hani", "Hira", "Grek", "Brai", "Zzzz"].map { ($0, ScriptRun.tag($0)) })
        var joining = 0, starting = 0
        // Surrogates apart: `UnicodeScalars.decode` reads a lone one as U+FFFD.
        for scalar in Array(UInt32(0)..<0xD800) + Array(UInt32(0xE000)..<0x10000) + Array(Scripts.emojiBlocks)
            + [0x20000, 0xE0067, 0x10FFFF] {
            let runs = Scripts.runs(in: utf16(scalar))
            let icu = Scripts.icuCode(ofStrong: scalar)
            #expect(runs.count == 1)
            #expect(Scripts.joinsRunAround(scalar) == (icu == nil), "U+\(String(scalar, radix: 16))")
            if icu == nil {
                #expect(runs.first?.tag == ScriptRun.common, "U+\(String(scalar, radix: 16))")
                joining += 1
            } else {
                #expect(runs.first?.tag != ScriptRun.common, "U+\(String(scalar, radix: 16))")
                starting += 1
            }
        }
        // Hiragana's U+1F200, Greek's Ω (U+2126), Braille, Han, an unassigned code point (Unknown).
        #expect(Scripts.runs(in: utf16(0x1F200)).first?.tag == names["Hira"] && Scripts.runs(in: utf16(0x2126)).first?.tag == names["Grek"])
        #expect(Scripts.runs(in: utf16(0x2800)).first?.tag == names["Brai"] && Scripts.runs(in: utf16(0x4E00)).first?.tag == names["Hani"])
        #expect(Scripts.runs(in: utf16(0x1FAFF)).first?.tag == names["Zzzz"] && Scripts.runs(in: utf16(0x41)).first?.tag == names["Latn"])
        #expect(Scripts.joinsRunAround(0x1F600) && Scripts.joinsRunAround(0xFE0F) && Scripts.joinsRunAround(0x200D))
        #expect(joining > 5000 && starting > 50000, "\(joining) join, \(starting) start a run")
    }
}
