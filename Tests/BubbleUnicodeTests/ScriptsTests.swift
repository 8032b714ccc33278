@testable import BubbleUnicode
import Testing

/// `Scripts.joinsRunAround` answers the emoji blocks from a table read once: the answer must be
/// what `Scripts.runs` makes of each character (a run of Common when it joins, of its own
/// script when not), and the table must hold both kinds.
@Suite struct ScriptsTests {
    func utf16(_ scalar: UInt32) -> [UInt16] { Array(String(Character(Unicode.Scalar(scalar)!)).utf16) }

    @Test func joinsRunAroundIsWhatRunsMakeOfEachCharacter() {
        var joining = 0, starting = 0
        for scalar in Array(Scripts.emojiBlocks) + [0x41, 0xA9, 0x200D, 0x20E3, 0x2122, 0x2126, 0x2800, 0x3297, 0xFE0F, 0xE0067] {
            let runs = Scripts.runs(in: utf16(scalar))
            #expect(runs.count == 1)
            let joins = runs.first?.tag == ScriptRun.common
            #expect(Scripts.joinsRunAround(scalar) == joins, "U+\(String(scalar, radix: 16))")
            if joins { joining += 1 } else { starting += 1 }
        }
        // Hiragana's U+1F200, the unassigned code points (Unknown), Latin's A, Greek's Ω, Braille.
        #expect(!Scripts.joinsRunAround(0x1F200) && !Scripts.joinsRunAround(0x2126) && !Scripts.joinsRunAround(0x2800))
        #expect(Scripts.joinsRunAround(0x1F600) && Scripts.joinsRunAround(0xFE0F) && Scripts.joinsRunAround(0x200D))
        #expect(joining > 2000 && starting > 100, "\(joining) join, \(starting) start a run")
    }
}
