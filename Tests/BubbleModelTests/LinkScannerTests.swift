import BubbleModel
import BubbleText
import Testing

/// URLs, e-mail addresses and @mentions: what is marked, and where it ends.
@Suite struct LinkScannerTests {
    /// The marked texts of `text`, each with its kind.
    func found(_ text: String) -> [String] {
        let units = Array(text.utf16)
        return LinkScanner.matches(in: text).map { "\($0.kind.rawValue):" + String(decoding: units[$0.range], as: UTF16.self) }
    }

    @Test func webLinks() {
        #expect(found("see https://example.org/a?b=1#c now") == ["url:https://example.org/a?b=1#c"])
        #expect(found("HTTP://EXAMPLE.ORG") == ["url:HTTP://EXAMPLE.ORG"])
        #expect(found("http://example.org:8080/x") == ["url:http://example.org:8080/x"])
        #expect(found("go to www.example.org/path today") == ["url:www.example.org/path"])
    }

    @Test func trailingPunctuationIsNotPartOfALink() {
        #expect(found("see https://example.org.") == ["url:https://example.org"])
        #expect(found("https://example.org/a, https://example.org/b; ok?") == ["url:https://example.org/a", "url:https://example.org/b"])
        #expect(found("Really https://example.org!?") == ["url:https://example.org"])
        #expect(found("\"https://example.org/q\"") == ["url:https://example.org/q"])
        #expect(found("<https://example.org/x>") == ["url:https://example.org/x"])
    }

    @Test func parenthesesCountOnlyWhenBalanced() {
        #expect(found("(see https://example.org/x)") == ["url:https://example.org/x"])
        #expect(found("https://en.wikipedia.org/wiki/Swift_(language)") == ["url:https://en.wikipedia.org/wiki/Swift_(language)"])
        #expect(found("(https://en.wikipedia.org/wiki/Swift_(language))") == ["url:https://en.wikipedia.org/wiki/Swift_(language)"])
        #expect(found("[https://example.org/a]") == ["url:https://example.org/a"])
    }

    @Test func otherSchemes() {
        #expect(found("join xmpp:room@conference.example.org?join please") == ["url:xmpp:room@conference.example.org?join"])
        #expect(found("write to mailto:ann@example.com.") == ["url:mailto:ann@example.com"])
        #expect(found("meet at geo:37.786971,-122.399677;u=35") == ["url:geo:37.786971,-122.399677;u=35"])
        #expect(found("geo:-33.8,151.2") == ["url:geo:-33.8,151.2"])
    }

    @Test func notLinks() {
        #expect(found("http:// is a prefix") == [])
        #expect(found("https:///path") == [])
        #expect(found("foohttps://example.org") == [])
        #expect(found("awww.example.org and www.example") == [])
        #expect(found("xmpp: nothing, mailto:nobody, geo:here") == [])
        #expect(found("version 1.2.3 and file.txt") == [])
    }

    @Test func linksInTextWithoutSpaces() {
        #expect(found("请看https://example.org/路径，谢谢") == ["url:https://example.org/路径"])
        #expect(found("（www.example.org）") == ["url:www.example.org"])
    }

    @Test func emailAddresses() {
        #expect(found("mail ann@example.com!") == ["email:ann@example.com"])
        #expect(found("first.last+tag@mail.example.co.uk.") == ["email:first.last+tag@mail.example.co.uk"])
        #expect(found("<ann@example.com>") == ["email:ann@example.com"])
        #expect(found("见ann@example.com") == ["email:ann@example.com"])
    }

    @Test func notEmailAddresses() {
        // No dot in the domain, a one-letter or numeric top-level domain, nothing before @.
        #expect(found("a@b") == [])
        #expect(found("x a@b y") == [])
        #expect(found("ann@localhost") == [])
        #expect(found("ann@example.c and ann@10.0.0.1") == [])
        #expect(found("ann@-example.com") == [])
    }

    @Test func mentions() {
        #expect(found("hi @ann.") == ["mention:@ann"])
        #expect(found("@ann_lee, @bob-2 and @c.d") == ["mention:@ann_lee", "mention:@bob-2", "mention:@c.d"])
        #expect(found("(@ann)") == ["mention:@ann"])
        #expect(found("@张三 你好") == ["mention:@张三"])
    }

    @Test func emailIsNotAMention() {
        #expect(found("ann@example.com") == ["email:ann@example.com"])
        // Inside a word an @ is neither: `a@b`, `x@`, a lone `@`.
        #expect(found("a@b x@ @ @. @_") == [])
        #expect(found("@ann@example.com") == ["email:ann@example.com"])
    }

    @Test func matchesUseUTF16Offsets() {
        let text = "😀 https://example.org @ann"
        #expect(LinkScanner.matches(in: text) == [LinkScanner.Match(.url, 3..<22), LinkScanner.Match(.mention, 23..<27)])
    }

    /// In a styled body: links colour and underline, mentions colour; never inside
    /// preformatted text; directives around a link are not part of it.
    @Test func linksInStyledText() {
        #expect(runsDescription(MessageStyling.styled("*https://example.org*", directives: .hidden)) == ["https://example.org|buL"])
        #expect(runsDescription(MessageStyling.styled("_see https://a.org/x_ @ann", directives: .hidden))
                == ["see |i", "https://a.org/x|iuL", " |", "@ann|@"])
        // Spans match lazily (XEP-0393 §5.2): the first `_` after the opening one closes it,
        // even inside what reads as an address.
        #expect(runsDescription(MessageStyling.styled("_https://a.org/x_y_", directives: .hidden))
                == ["https://a.org/x|iuL", "y_|"])
        #expect(runsDescription(MessageStyling.styled("`https://example.org` @ann", directives: .hidden))
                == ["https://example.org|m", " |", "@ann|@"])
        #expect(runsDescription(MessageStyling.styled("```\nhttps://example.org @ann\n```", directives: .hidden))
                == ["https://example.org @ann|m"])
        #expect(runsDescription(MessageStyling.styled("> mail ann@example.com", directives: .dimmed))
                == ["> |D", "mail |Q", "ann@example.com|uL"])
        #expect(runsDescription(MessageStyling.styled("*https://example.org*", directives: .dimmed))
                == ["*|bD", "https://example.org|buL", "*|bD"])
    }
}
