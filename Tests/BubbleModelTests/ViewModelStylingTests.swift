import BubbleArchive
import BubbleModel
import BubbleText
import Foundation
import Testing

/// Styling as the view-model applies it: only when the options ask, after truncation.
@Suite struct ViewModelStylingTests {
    static let me = Participant(jid: "me@example.com", nickname: "Me")
    static let ann = Participant(jid: "ann@example.com")
    static let body = "> _quoted_\n*Hi* @ann, see https://example.org."

    func texts(_ bodies: [String], options: ViewModelOptions) -> [StyledText] {
        let start = Date(timeIntervalSince1970: 1_714_555_800)
        let messages = bodies.enumerated().map { index, body in
            Message(source: "row \(index)", outgoing: false, time: start + Double(index) * 60, body: body)
        }
        let model = ConversationViewModel(conversation: Conversation(account: Self.me, peer: Self.ann, messages: messages),
                                          options: options)
        return model.messages.map { message in
            if case .text(let text) = message.content { return text }
            return StyledText("not a text")
        }
    }

    @Test func hiddenStylingReachesTheModel() {
        let styled = texts([Self.body], options: ViewModelOptions(styling: .hidden))
        #expect(styled.map(runsDescription) == [[
            "quoted|iQ", "\n|", "Hi|b", " |", "@ann|@", ", see |", "https://example.org|uL", ".|",
        ]])
        #expect(styled.first?.string == "quoted\nHi @ann, see https://example.org.")
    }

    @Test func dimmedStylingReachesTheModel() {
        let styled = texts([Self.body], options: ViewModelOptions(styling: .dimmed))
        #expect(styled.first?.string == Self.body)
        #expect(styled.first.map(runsDescription)?.prefix(3) == ["> |D", "_|iD", "quoted|iQ"])
    }

    /// The classic options (no styling) keep every body exactly as it was drawn before.
    @Test func classicOptionsLeaveTextUnchanged() {
        let bodies = [Self.body, "*bold* _it_ ~no~ `code`", "```\ncode\n```", "mail ann@example.com"]
        #expect(ViewModelOptions.classic.styling == nil)
        #expect(texts(bodies, options: .classic) == bodies.map { StyledText($0) })
        #expect(texts(bodies, options: .classic).allSatisfy { $0.isPlain })
    }

    /// The text is cut first, then styled: a span whose closing directive was cut off is
    /// plain text.
    @Test func truncationHappensBeforeStyling() {
        var options = ViewModelOptions(styling: .hidden)
        options.maximumTextBytes = 10
        let styled = texts(["*bold words* more", "*bold* and more"], options: options)
        #expect(styled.map(\.string) == ["*bold word…", "bold and…"])
        #expect(styled.map(runsDescription) == [["*bold word…|"], ["bold|b", " and…|"]])
    }
}
