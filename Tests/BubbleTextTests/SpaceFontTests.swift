import BubbleText
import Testing

/// Which font a space between two fonts takes, as Pango's itemizer gives it: the font before
/// it, except before a digit, punctuation or symbol (script Common, no new run), whose font it
/// takes; after right-to-left letters a digit starts a new bidi run, so the space stays.
@Suite struct SpaceFontTests {
    static func fontOfSpace(_ text: String) throws -> String {
        let offset = Array(text.utf16).firstIndex(of: 0x20)!
        let layout = try Fixture.layout(text, width: 10_000)
        let run = layout.lines[0].runs.first { $0.range.contains(offset) }!
        return run.font.familyName
    }

    @Test(arguments: [("国 3", "Inter"), ("国 .", "Inter"), ("国 %", "Inter"), ("の 3", "Inter"), ("国  3", "Inter"),
                      ("国 a", "Noto Sans CJK SC"), ("国 国", "Noto Sans CJK SC"), ("a 3", "Inter"),
                      ("שלום 123", "Noto Sans Hebrew")])
    func spaceFont(text: String, family: String) throws {
        #expect(try Self.fontOfSpace(text) == family, "\(text)")
    }
}
