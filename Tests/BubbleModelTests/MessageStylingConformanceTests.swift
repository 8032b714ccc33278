import BubbleModel
import BubbleText
import Testing

/// XEP-0393 (Message Styling 1.1) conformance: every example of the specification, with the
/// text that remains once the directives are hidden and the runs it is drawn with.
@Suite struct MessageStylingConformanceTests {
    static let specificationExamples: [StylingCase] = [
        // §5.1.1 Plain blocks: spans never cross a line.
        StylingCase("(There are three blocks in this body marked by parens,)\n(but there is no *formatting)\n(as spans* may not escape blocks.)",
                    ["(There are three blocks in this body marked by parens,)\n(but there is no *formatting)\n(as spans* may not escape blocks.)|"]),
        // §5.1.2 Preformatted text: the fence lines go, the block keeps its lines as written.
        StylingCase("```ignored\n(println \"Hello, world!\")\n```\n\nThis should show up as monospace, preformatted text ⤴",
                    ["(println \"Hello, world!\")|m", "\n\nThis should show up as monospace, preformatted text ⤴|"]),
        // No closing fence: the block runs to the end of the quotation around it.
        StylingCase("> ```\n> (println \"Hello, world!\")\n\nThe entire blockquote is a preformatted text block, but this line is plaintext!",
                    ["(println \"Hello, world!\")|mQ", "\n\nThe entire blockquote is a preformatted text block, but this line is plaintext!|"]),
        // §5.1.3 Quotations, nested ones in the same colour.
        StylingCase("> That that is, is.\n\nSaid the old hermit of Prague.",
                    ["That that is, is.|Q", "\n\nSaid the old hermit of Prague.|"]),
        StylingCase(">> That that is, is.\n> Said the old hermit of Prague.\n\nWho?",
                    ["That that is, is.\nSaid the old hermit of Prague.|Q", "\n\nWho?|"]),
        // §5.2 Spans: styled as the specification shows.
        StylingCase("*strong*", ["strong|b"]),
        StylingCase("plain *strong* plain", ["plain |", "strong|b", " plain|"]),
        StylingCase("*strong* plain *strong*", ["strong|b", " plain |", "strong|b"]),
        StylingCase("*strong*plain*", ["strong|b", "plain*|"]),
        StylingCase("* plain *strong*", ["* plain |", "strong|b"]),
        // … and nothing styled in these.
        StylingCase("not strong*", ["not strong*|"]),
        StylingCase("*not strong", ["*not strong|"]),
        StylingCase("*not \n strong*", ["*not \n strong*|"]),
        StylingCase("*not *strong", ["*not *strong|"]),
        StylingCase("**", ["**|"]),
        StylingCase("****", ["****|"]),
        // §4 Glossary: spans and their children.
        StylingCase("plain span", ["plain span|"]),
        StylingCase("_emphasized span_", ["emphasized span|i"]),
        StylingCase("_emphasized span containing *strong span*_", ["emphasized span containing |i", "strong span|bi"]),
        StylingCase("span one *span two*", ["span one |", "span two|b"]),
        // §5.2.1–5.2.5 examples.
        StylingCase("Two spans, both *alike in dignity*", ["Two spans, both |", "alike in dignity|b"]),
        StylingCase("The full title is _Twelfth Night, or What You Will_ but\n_most_ people shorten it.",
                    ["The full title is |", "Twelfth Night, or What You Will|i", " but\n|", "most|i", " people shorten it.|"]),
        StylingCase("The full title is \"Twelfth Night, or What You Will\" but\n*most* people shorten it.",
                    ["The full title is \"Twelfth Night, or What You Will\" but\n|", "most|b", " people shorten it.|"]),
        StylingCase("Everyone ~dis~likes cake.", ["Everyone |", "dis|s", "likes cake.|"]),
        StylingCase("This is `monospace`", ["This is |", "monospace|m"]),
        StylingCase("This is `*monospace*`", ["This is |", "*monospace*|m"]),
        StylingCase("This is *`monospace and bold`*", ["This is |", "monospace and bold|bm"]),
        StylingCase("Wow, I can write in `monospace`!", ["Wow, I can write in |", "monospace|m", "!|"]),
    ]

    /// Rules the examples leave implicit, each read from the specification's text.
    static let ruleCases: [StylingCase] = [
        // The first closing directive wins, so spans of one kind never overlap.
        StylingCase("*this cannot _overlap*_", ["this cannot _overlap|b", "_|"]),
        // Nothing is styled inside a preformatted span.
        StylingCase("_no pre `with *children*`_", ["no pre |i", "with *children*|im"]),
        StylingCase("***", ["***|"]),
        // An opening directive needs whitespace (or the line's start) before it …
        StylingCase("a*b* c", ["a*b* c|"]),
        // … not whitespace after it, and the closing one no whitespace before it.
        StylingCase("* a* and *a *", ["* a* and *a *|"]),
        // Right after a different opening directive counts as a start.
        StylingCase("~_*all three*_~", ["all three|bis"]),
        // A quotation's `>` takes one whitespace character with it, not more.
        StylingCase(">  two spaces", [" two spaces|Q"]),
        StylingCase(">\ttab", ["tab|Q"]),
        StylingCase(">no space\nplain", ["no space|Q", "\nplain|"]),
        // Quoted lines are parsed as blocks again: spans and fences inside a quote.
        StylingCase("> *bold* quote\n> ```\n> *code*\n> ```\n> after",
                    ["bold|bQ", " quote\n|Q", "*code*|mQ", "\nafter|Q"]),
        // A fence closes only on a line that is exactly ```.
        StylingCase("```\na\n``` not yet\n```\nb", ["a\n``` not yet|m", "\nb|"]),
        // Preformatted lines keep their spaces.
        StylingCase("```\n  two  spaces\n\tand a tab\n```", ["  two  spaces\n\tand a tab|m"]),
        // Windows line ends: the fence line is still exactly ```.
        StylingCase("```\r\ncode\r\n```\r\nafter", ["code|m", "\r\nafter|"]),
        // A fence on the last line hides with the line break before it.
        StylingCase("text\n```", ["text|"]),
        StylingCase("`", ["`|"]),
        StylingCase("", ["|"]),
    ]

    @Test(arguments: specificationExamples)
    func specificationExampleHidden(_ example: StylingCase) {
        #expect(runsDescription(MessageStyling.styled(example.input, directives: .hidden)) == example.runs)
    }

    @Test(arguments: ruleCases)
    func ruleHidden(_ example: StylingCase) {
        #expect(runsDescription(MessageStyling.styled(example.input, directives: .hidden)) == example.runs)
    }

    /// Dimmed directives stay in the text in the secondary colour, styled like the text they
    /// apply to (XEP-0393 §6).
    static let dimmedCases: [StylingCase] = [
        StylingCase("*strong*", ["*|bD", "strong|b", "*|bD"]),
        StylingCase("plain _emph_ ~gone~", ["plain |", "_|iD", "emph|i", "_|iD", " |", "~|sD", "gone|s", "~|sD"]),
        StylingCase("> quoted\nplain", ["> |D", "quoted|Q", "\nplain|"]),
        StylingCase(">> deep", [">> |D", "deep|Q"]),
        StylingCase("```swift\nlet x = 1\n```", ["```swift|mD", "\nlet x = 1\n|m", "```|mD"]),
        StylingCase("*strong*plain*", ["*|bD", "strong|b", "*|bD", "plain*|"]),
        StylingCase("****", ["****|"]),
    ]

    @Test(arguments: dimmedCases)
    func dimmed(_ example: StylingCase) {
        let styled = MessageStyling.styled(example.input, directives: .dimmed)
        #expect(styled.string == example.input)
        #expect(runsDescription(styled) == example.runs)
    }

    /// Every specification example keeps its text exactly when dimmed.
    @Test(arguments: specificationExamples)
    func specificationExampleDimmedKeepsText(_ example: StylingCase) {
        #expect(MessageStyling.styled(example.input, directives: .dimmed).string == example.input)
    }

    /// `<unstyled xmlns="urn:xmpp:styling:0"/>`: no XEP-0393 styling, links still marked.
    @Test func unstyledKeepsDirectivesButMarksLinks() {
        let body = "> *not bold* _nor_ `code`: https://example.org"
        for directives in StylingDirectives.allCases {
            let styled = MessageStyling.styled(body, directives: directives, unstyled: true)
            #expect(runsDescription(styled) == ["> *not bold* _nor_ `code`: |", "https://example.org|uL"])
        }
    }

    /// No directives setting is the origin app: the body exactly, no links, no styles.
    @Test func noDirectivesIsPlainText() {
        for body in ["*bold* https://example.org @ann", "> quote", "```\ncode\n```"] {
            #expect(MessageStyling.styled(body, directives: nil) == StyledText(body))
            #expect(MessageStyling.styled(body, directives: nil, unstyled: true) == StyledText(body))
        }
    }

    /// Hidden directives leave no trace: the runs cover exactly the text that remains.
    @Test(arguments: specificationExamples + ruleCases)
    func hiddenRunsCoverTheText(_ example: StylingCase) {
        let styled = MessageStyling.styled(example.input, directives: .hidden)
        guard !styled.isPlain else { return }
        #expect(styled.runs.first?.range.lowerBound == 0)
        #expect(styled.runs.last?.range.upperBound == styled.utf16Count)
        #expect(zip(styled.runs, styled.runs.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
    }
}
