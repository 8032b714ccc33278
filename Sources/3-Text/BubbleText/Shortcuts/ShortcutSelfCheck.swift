import BubbleFastPaths

/// Whether the OpenType shortcuts may measure text in fonts the project did not ship (a user's
/// `--fonts`, a theme's own files): they were proven against the shipped faces only. At load,
/// words made of each such font's own characters (a spread sample of its cmap, and Latin,
/// kerning and punctuation where it has them) are laid out twice, with the shortcuts and by
/// HarfBuzz and ICU alone, at three widths; one difference and the engine stays exact. A font
/// whose tables cannot be read (a broken or hostile file) fails the check, never the process.
enum ShortcutSelfCheck {
    /// How many of a font's characters the sample takes, spread over its cmap.
    static let sampledScalars = 240

    /// `fastPaths`: the engine's own, so that the check compares the shortcuts it would take.
    static func passes(fonts: FontRoles, language: String?, unshipped: [OpenTypeFont], fastPaths: FastPaths) -> Bool {
        let texts = unshipped.flatMap(sampleTexts)
        guard !texts.isEmpty,
              let fast = try? TextEngine(fonts: fonts, language: language, cachesShaping: false, cutsInertRuns: true,
                                         fastPaths: fastPaths, trustsAllFonts: true),
              let exact = try? TextEngine(fonts: fonts, language: language, cachesShaping: false, cutsInertRuns: true,
                                          fastPaths: .exact) else { return false }
        for text in texts {
            for width in [285.0, 120, 37.5] {
                let style = TextStyle(fontSize: 16, maxWidth: width)
                guard let shortcut = try? fast.layout(text, style: style),
                      let library = try? exact.layout(text, style: style), shortcut == library else { return false }
            }
        }
        return true
    }

    /// Words of the font's own characters, eight to a text, plus the Latin pairs kerning and
    /// ligatures act on when the font has Latin letters.
    static func sampleTexts(of font: OpenTypeFont) -> [String] {
        let scalars = font.coveredScalars().filter { $0 > 0x20 && !(0xD800...0xDFFF).contains($0) && $0 != 0x7F }
        guard !scalars.isEmpty else { return [] }
        let step = max(1, scalars.count / sampledScalars)
        let sample = stride(from: 0, to: scalars.count, by: step).compactMap { Unicode.Scalar(scalars[$0]) }
        var texts: [String] = []
        var words: [String] = []
        for start in stride(from: 0, to: sample.count, by: 5) {
            var word = ""
            word.unicodeScalars.append(contentsOf: sample[start..<min(start + 5, sample.count)])
            words.append(word)
            if words.count == 8 {
                texts.append(words.joined(separator: " "))
                words.removeAll()
            }
        }
        if !words.isEmpty { texts.append(words.joined(separator: " ")) }
        if font.covers(0x41) && font.covers(0x61) {
            texts.append("AVATAR Ta To Ty Wa We Yo LT-AV office affluent, “quoted” 1,234.56 (x) — fin.")
            texts.append("The quick brown fox jumps over the lazy dog; WAVE after wave… ok?")
        }
        return texts
    }
}
