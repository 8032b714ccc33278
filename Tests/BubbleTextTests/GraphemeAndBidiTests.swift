import BubbleText
import Testing

@Suite struct GraphemeSafetyTests {
    @Test(arguments: [
        String(repeating: "x", count: 300),
        String(repeating: "👨‍👩‍👧‍👦", count: 40),
        String(repeating: "🇨🇳🇺🇸🇯🇵", count: 20),
        String(repeating: "e\u{301}n\u{303}", count: 100),
        String(repeating: "👍🏽", count: 50),
        String(repeating: "ก่", count: 120),
        "prefix " + String(repeating: "longword", count: 40) + " suffix",
    ])
    func emergencyBreaksNeverSplitACluster(text: String) throws {
        let layout = try Fixture.layout(text, width: 100)
        #expect(layout.lines.count > 1)
        let boundaries = Fixture.graphemeBoundaries(text)
        var covered = 0
        for line in layout.lines {
            #expect(boundaries.contains(line.range.lowerBound), "line starts inside a cluster at \(line.range.lowerBound)")
            #expect(line.range.lowerBound == covered)
            covered = line.range.upperBound
            // A line holds at least one cluster, and more only if they fit.
            #expect(line.width <= 100 + 1e-6 || line.runs.flatMap(\.glyphs).count == 1)
        }
        #expect(covered == text.utf16.count)
        // Every cluster's glyphs are on one line.
        var lineOfCluster: [Int: Int] = [:]
        for (index, line) in layout.lines.enumerated() {
            for glyph in line.runs.flatMap(\.glyphs) {
                if let other = lineOfCluster.updateValue(index, forKey: glyph.cluster) { #expect(other == index) }
            }
        }
    }
}

@Suite struct BidiTests {
    @Test func arabicWithEnglishAndDigitsRunsInVisualOrder() throws {
        // Logical: Arabic, English, digits, Arabic.
        let text = "قال hello world 2024 مرحبا"
        let line = try #require(try Fixture.layout(text).lines.first)
        #expect(line.direction == .rightToLeft)
        let visual = line.runs.sorted { $0.x < $1.x }
        let texts = visual.map { String(decoding: Array(text.utf16)[$0.range], as: UTF16.self) }
        // Right-to-left paragraph: the logically last Arabic word is leftmost, the first rightmost,
        // and the English and digits in between keep their left-to-right order.
        #expect(texts.first?.contains("مرحبا") == true, "\(texts)")
        #expect(texts.last?.contains("قال") == true, "\(texts)")
        let english = try #require(visual.firstIndex { String(decoding: Array(text.utf16)[$0.range], as: UTF16.self).contains("hello") })
        let digits = try #require(visual.firstIndex { String(decoding: Array(text.utf16)[$0.range], as: UTF16.self).contains("2024") })
        #expect(english <= digits) // "hello world 2024" reads left to right inside the RTL line
        #expect(visual[english].bidiLevel == 2)
        #expect(visual.allSatisfy { $0.bidiLevel == 1 || $0.bidiLevel == 2 })
        // Runs tile the line without gaps.
        var x = visual[0].x
        for run in visual { #expect(abs(run.x - x) < 1e-9); x += run.width }
    }

    @Test func directionComesFromTheFirstStrongCharacter() throws {
        #expect(try Fixture.layout("שלום world").lines[0].direction == .rightToLeft)
        #expect(try Fixture.layout("world שלום").lines[0].direction == .leftToRight)
        #expect(try Fixture.layout("123 مرحبا").lines[0].direction == .rightToLeft)
        let twoParagraphs = try Fixture.layout("hello\nمرحبا")
        #expect(twoParagraphs.lines.map(\.direction) == [.leftToRight, .rightToLeft])
    }

    @Test func rightToLeftLinesAlignRight() throws {
        let layout = try Fixture.layout("short\nمرحبا بالعالم كيف حالك اليوم")
        let rtl = layout.lines[1]
        #expect(abs(rtl.x + rtl.width - layout.width) < 1e-9)
        #expect(layout.lines[0].x == 0)
    }
}
