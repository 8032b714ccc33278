import BubbleLayout
import ChatBubbles
import Foundation
import RenderTesting
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// Text in PDF and SVG output is real text: `pdftotext` gives back exactly the drawn strings
/// (no U+FFFD for glyphs OpenType features chose, emoji included), and an SVG holds every drawn
/// line as a `<text>` element.
@Suite struct SearchableTextTests {
    /// Message texts that each fit on one line: digits with colons and hyphens between them,
    /// ligature-prone words, right-to-left scripts, CJK, emoji and emoji sequences, markup.
    /// The Arabic has no lam-alef: Debian 12's pdftotext reverses the characters of a ligature
    /// inside right-to-left words (it takes a multi-character mapping for visual order), so
    /// "السلام" comes back as "السالم" though the PDF maps the glyph to "لا" in reading order,
    /// as PDF readers expect (`TextClusterMapTests` checks that map).
    static let bodies = [
        "05-01 09:30:00 and a-b", "office fi ffi affluent waffle", "مرحبا بالعالم", "你好，世界。東京",
        "👍", "🎉🎉🎉 party 👍🏽👍🏽", "Family 👨‍👩‍👧 and 🇯🇵 flags", "שלום עולם", "x < y & z > \"w\"",
    ]
    /// A word too long for a line, broken inside itself (glyphs taken from the middle of a run).
    static let longWord = "https://example.com/a/very/long/path/that/cannot/possibly/fit/on/one/line/of/a/bubble"
    static let start = Date(timeIntervalSince1970: 1_714_555_800)  // 2024-05-01 09:30:00 UTC

    static func layout() throws -> (ConversationLayout, ChatScreen) {
        let me = Participant(jid: "me@example.com", nickname: "Me")
        let ann = Participant(jid: "ann@example.com", nickname: "Ann")
        let messages = (bodies + [longWord]).enumerated().map { index, body in
            Message(source: "\(index)", outgoing: index % 2 == 1, time: start + Double(index) * 61, body: body)
        }
        let screen = try ChatScreen(theme: "classic")
        return (try screen.layout(Conversation(account: me, peer: ann, messages: messages), screenWidth: 375), screen)
    }

    /// The time labels as the classic theme writes them (`MM-dd HH:mm:ss`, UTC).
    static var timeLabels: [String] {
        (0...bodies.count).map { index in
            let seconds = index * 61
            return String(format: "05-01 09:%02d:%02d", 30 + seconds / 60, seconds % 60)
        }
    }

    // MARK: PDF

    @Test func pdftotextGivesBackEveryDrawnString() throws {
        let (layout, screen) = try Self.layout()
        let text = try Self.pdftotext(try screen.render(layout, format: .pdf, scale: 1))
        #expect(!text.unicodeScalars.contains("\u{FFFD}"), "pdftotext found characters it could not map: \(text)")
        let found = Self.withoutBidiControls(text)
        for string in Self.bodies + Self.timeLabels + ["Ann", "Me"] {
            #expect(found.contains(string), "pdftotext did not give back \(string) in:\n\(text)")
        }
        // Every line the drawing showed, including the pieces of the broken word, is there:
        // the SVG of the same layout lists them.
        let drawn = try Self.svgTexts(try screen.render(layout, format: .svg, scale: 1))
        #expect(drawn.count > Self.bodies.count * 2)
        for string in drawn {
            #expect(found.contains(string), "pdftotext did not give back drawn line \(string)")
        }
        let brokenWord = found.split(whereSeparator: \.isNewline).filter { Self.longWord.contains($0) && $0.count > 3 }
        #expect(brokenWord.count >= 2, "the long word is drawn on several lines")
        #expect(brokenWord.joined() == Self.longWord)
    }

    @Test func colonsAndHyphensBetweenDigitsAreNoLongerLost() throws {
        // The case issue 8 reported: the theme's time font turns ':' and '-' between digits into
        // glyphs that are in no character map; drawn without their text they read as U+FFFD.
        let engine = TextDrawingFixture.engine
        let label = try engine.layout("05-01 09:30:00", style: TextStyle(fontSize: 11, maxWidth: 200, role: .time))
        let canvas = try Canvas(format: .pdf, width: 120, height: 30)
        try TextDrawing.draw(label, at: CGPoint(x: 5, y: 5), color: .black, in: canvas.context, faces: try FreeTypeFaces())
        let text = try Self.pdftotext(try canvas.encoded())
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "05-01 09:30:00")
    }

    @Test func thePDFIsTheSameForTheSameInput() throws {
        let (layout, screen) = try Self.layout()
        #expect(try screen.render(layout, format: .pdf, scale: 1) == (try screen.render(layout, format: .pdf, scale: 1)))
    }

    // MARK: SVG

    @Test func theSVGHoldsEveryDrawnLineAsInvisibleText() throws {
        let (layout, screen) = try Self.layout()
        let svg = try screen.render(layout, format: .svg, scale: 1)
        let texts = try Self.svgTexts(svg)
        for string in Self.bodies + Self.timeLabels + ["Ann", "Me"] {
            #expect(texts.contains(string), "the SVG has no <text> for \(string)")
        }
        let pieces = texts.filter { Self.longWord.contains($0) && $0.count > 3 }
        #expect(pieces.count >= 2)
        #expect(pieces.joined() == Self.longWord)
        // All of it in one transparent group, and nowhere else.
        let elements = try SVGElements(svg)
        let groups = elements.all.filter { $0.name == "g" && $0.attributes["id"] == "searchable-text" }
        let group = try #require(groups.first)
        #expect(groups.count == 1)
        #expect(group.attributes["fill-opacity"] == "0")
        #expect(elements.all.filter { $0.name == "text" }.allSatisfy { $0.parent == "searchable-text" })
        #expect(try screen.render(layout, format: .svg, scale: 1) == svg, "the same input gives the same bytes")
    }

    @Test func aViewportSVGHoldsOnlyTheTextItShows() throws {
        let (layout, screen) = try Self.layout()
        let first = try #require(layout.rows.first)
        let svg = try screen.render(layout, format: .svg, scale: 1, viewport: .init(y: 0, height: first.y + first.height))
        let texts = try Self.svgTexts(svg)
        #expect(texts.contains(Self.bodies[0]))
        #expect(texts.contains(Self.timeLabels[0]))
        #expect(!texts.contains(Self.bodies[1]), "a row below the viewport is not in its text")
        #expect(!texts.contains(Self.bodies.last!))
    }

    @Test func rightToLeftLinesAreAnchoredAtTheirRightEnd() throws {
        let (layout, screen) = try Self.layout()
        let elements = try SVGElements(try screen.render(layout, format: .svg, scale: 1)).all.filter { $0.name == "text" }
        let arabic = try #require(elements.first { $0.text == Self.bodies[2] }).attributes
        let latin = try #require(elements.first { $0.text == Self.bodies[0] }).attributes
        #expect(arabic["direction"] == "rtl")
        #expect(latin["direction"] == nil)
        // Both are incoming bubbles whose text starts 70 pt from the left; the Arabic line's
        // anchor is its start, on the right: 70 + its width.
        let x = try #require(Double(arabic["x"] ?? ""))
        let width = try #require(Double(arabic["textLength"] ?? ""))
        #expect(latin["x"] == "70")
        #expect(abs(x - (70 + width)) < 0.002)
    }

    @Test func addingTextOnlyInsertsAGroupBeforeTheEnd() {
        let svg = Data("<svg>\n<g id=\"surface1\"></g>\n</svg>\n".utf8)
        #expect(SVGSearchableText.adding([], to: svg) == svg)
        let line = SearchableTextLine(text: "a<b & c>d", x: 1.5, baseline: -0.0004, width: 10.25, fontSize: 16, rightToLeft: false)
        let result = String(decoding: SVGSearchableText.adding([line], to: svg), as: UTF8.self)
        #expect(result.hasPrefix("<svg>\n<g id=\"surface1\"></g>\n<g id=\"searchable-text\""))
        #expect(result.hasSuffix("</text>\n</g>\n</svg>\n"))
        #expect(result.contains("<text x=\"1.5\" y=\"0\" font-size=\"16\" textLength=\"10.25\" lengthAdjust=\"spacingAndGlyphs\">a&lt;b &amp; c&gt;d</text>"))
    }

    @Test func numbersAndCharactersAreWrittenSafely() {
        #expect(SVGSearchableText.number(12) == "12")
        #expect(SVGSearchableText.number(-3.14159) == "-3.142")
        #expect(SVGSearchableText.number(0.0004) == "0")
        #expect(SVGSearchableText.number(-0.0) == "0")
        #expect(SVGSearchableText.number(1e-3) == "0.001")
        #expect(SVGSearchableText.number(.infinity) == "0")
        #expect(SVGSearchableText.escaped("a\u{0}b\u{1F}\tc\u{FFFE}") == "ab\tc")
    }

    // MARK: Helpers

    /// The text `pdftotext` (poppler-utils) reads from `pdf`. A missing pdftotext fails the
    /// test: CI installs it (`.ci/install-packages`).
    static func pdftotext(_ pdf: Data) throws -> String {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let tool = (paths.map { "\($0)/pdftotext" } + ["/usr/bin/pdftotext"]).first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            throw ToolMissing(problem: "pdftotext is not installed: install poppler-utils (bash .ci/install-packages)")
        }
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/text.pdf"
        try pdf.write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-enc", "UTF-8", path, "-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pdftotext exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    struct ToolMissing: Error, CustomStringConvertible {
        var problem: String
        var description: String { problem }
    }

    /// pdftotext wraps right-to-left text in embedding marks (U+202B … U+202C); the drawn
    /// strings have none.
    static func withoutBidiControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter {
            !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value)
        }))
    }

    /// The strings of an SVG's `<text>` elements, in document order.
    static func svgTexts(_ svg: Data) throws -> [String] {
        try SVGElements(svg).all.filter { $0.name == "text" }.map(\.text)
    }
}

/// An SVG's elements, read with FoundationXML's streaming parser (its `XMLDocument` keeps its
/// whole node graph alive, which AddressSanitizer reports as a leak).
final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The `id` of the element it is in, if that has one.
        var parent: String?
        var text = ""
    }

    struct ParseError: Error, CustomStringConvertible {
        var problem: String
        var description: String { problem }
    }

    private(set) var all: [Element] = []
    private var open: [Int] = []

    init(_ svg: Data) throws {
        super.init()
        let parser = XMLParser(data: svg)
        parser.delegate = self
        guard parser.parse() else {
            throw ParseError(problem: "the SVG does not parse: \(parser.parserError.map { "\($0)" } ?? "no reason given")")
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        all.append(Element(name: name, attributes: attributes, parent: open.last.flatMap { all[$0].attributes["id"] }))
        open.append(all.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { all[index].text += string }
    }
}
