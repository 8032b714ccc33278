import BubbleModel
import Testing

/// Which texts are "only a few emoji": decided per grapheme cluster, with Unicode's emoji
/// properties, so a sequence the reader sees as one emoji counts once.
@Suite struct JumbomojiTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let count: Int?
        let why: String
        var testDescription: String { "\(why): \(text.unicodeScalars.map { String($0.value, radix: 16) })" }
    }

    static let cases: [Case] = [
        Case(text: "😀", count: 1, why: "emoji presentation"),
        Case(text: "👍🏽", count: 1, why: "skin-tone modifier joins its base"),
        Case(text: "👨\u{200D}👩\u{200D}👧", count: 1, why: "ZWJ family is one cluster"),
        Case(text: "🇫🇷", count: 1, why: "a flag is a pair of regional indicators"),
        Case(text: "1\u{FE0F}\u{20E3}", count: 1, why: "keycap"),
        Case(text: "❤\u{FE0F}", count: 1, why: "text-default heart with VS16"),
        Case(text: "😀😀😀", count: 3, why: "three is the most"),
        Case(text: " 😀 👍🏽\n", count: 2, why: "whitespace around and between is allowed"),
        Case(text: "😀😀😀😀", count: nil, why: "four are ordinary text"),
        Case(text: "ok 😀", count: nil, why: "words with an emoji"),
        Case(text: "1", count: nil, why: "a digit is emoji-capable but text by default"),
        Case(text: "©", count: nil, why: "copyright sign without VS16"),
        Case(text: "❤", count: nil, why: "heart without VS16 is text"),
        Case(text: "", count: nil, why: "empty"),
        Case(text: "  ", count: nil, why: "only whitespace"),
    ]

    @Test(arguments: cases)
    func detection(_ item: Case) {
        #expect(Jumbomoji.count(in: item.text) == item.count, "\(item.why)")
    }

    @Test func eachClusterIsJudgedWhole() {
        #expect(Jumbomoji.isEmoji("🏳\u{FE0F}\u{200D}🌈"), "rainbow flag: text-default base made emoji by VS16 and ZWJ")
        #expect(!Jumbomoji.isEmoji("a"))
        #expect(!Jumbomoji.isEmoji("#"), "number sign is emoji-capable, text by default")
        #expect(Jumbomoji.isEmoji("#\u{FE0F}\u{20E3}"))
    }
}
