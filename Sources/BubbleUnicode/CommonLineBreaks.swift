internal import CICUBridge

/// Line-break opportunities for text made only of a few common line-break classes, without ICU.
///
/// Opening ICU's iterator on a text and walking its state machine was a tenth of `measure`'s
/// time; most chat text is words of letters or ideographs with a little punctuation, where
/// UAX #14 (as ICU 72 applies it) reduces to a few pairs. Only these classes are taken, each
/// with the rules that involve it:
///
/// - AL: letters, `# & * < = > @ ^ _ ~` and the backtick, and every character from U+0080 to
///   U+06FF (Latin, Greek, Cyrillic, Armenian, Arabic) whose Line_Break is AL; NU: digits, ASCII
///   and Arabic-Indic;
/// - HL: Hebrew letters, as AL but for LB21a (no break after a hyphen that follows one) and
///   for rule 20.09 below, which ICU applies to AL only;
/// - CM: combining marks of U+0300–U+06FF (Arabic's shadda and tanwin, Hebrew points) on a
///   letter: no break before one, and the letter stays a letter (LB9); a mark after anything
///   else (LB9 on other classes, LB10 after a space, ICU's tailorings of both) goes to ICU;
/// - ID: the CJK Unified Ideographs (U+3400–U+4DBF, U+4E00–U+9FFF), the Hangul syllables, and
///   the kana, CJK symbols and Hangul compatibility jamo (U+3000–U+318F) whose Line_Break is ID
///   (H2 and H3 for the syllables: ICU breaks between them as between ideographs): a break
///   before and after each (LB31), except where a rule below keeps them;
/// - CL: the closing punctuation of U+3000–U+30FF and U+FF00–U+FFEF (`、。」，`): no break
///   before it, even after spaces (LB13), a break after it before an ID, AL or NU (LB31);
/// - SP: space (LB7 × SP, LB18 SP ÷);
/// - IS `, . : ;` and EX `! ?` (and the same classes in those ranges, `！？`): no break before
///   them, even after spaces (LB13), except before a separator that starts a number after a
///   space (" .5", ICU's number tailoring); IS × AL and IS × NU (LB29, LB25); nothing keeps EX
///   to a following letter or digit;
/// - QU `' "`: no break before or after (LB19), except after a space (LB18 comes first);
/// - HY `-`: no break before (LB21), none before a digit (LB25), and none before a letter
///   when there is a break opportunity (or the text's start) just before the hyphen (ICU's
///   rule 20.09, "-abc" and " -abc");
/// - LF: a mandatory break after it, none before it (LB4, LB6).
///
/// Any other character (brackets, `/`, `$`, `%`, `|`, tab, CR, other controls, marks beyond
/// U+06FF, jamo, emoji, small kana, anything not listed) sends the whole text to ICU. The
/// classes beyond ASCII are read from ICU's own Line_Break data. Tests compare this with ICU on
/// every string of up to six characters over the first classes and of up to five with the
/// later ones, on random longer ones, and on every corpus.
enum CommonLineBreaks {
    /// Line-break classes of the characters this path takes.
    enum Class: UInt8 {
        case other = 0, alphabetic, numeric, space, infix, exclamation, quotation, hyphen, lineFeed, ideographic, closing,
             hebrewLetter, combiningMark
    }

    /// The class of each ASCII code unit (`.other`: not taken).
    static let classes: [Class] = {
        var table = [Class](repeating: .other, count: 128)
        for unit in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(unit)] = .alphabetic }
        for unit in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(unit)] = .alphabetic }
        for unit in "#&*<=>@^_`~".utf8 { table[Int(unit)] = .alphabetic }
        for unit in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(unit)] = .numeric }
        table[0x20] = .space
        for unit in ",.:;".utf8 { table[Int(unit)] = .infix }
        for unit in "!?".utf8 { table[Int(unit)] = .exclamation }
        for unit in "'\"".utf8 { table[Int(unit)] = .quotation }
        table[Int(UInt8(ascii: "-"))] = .hyphen
        table[0x0A] = .lineFeed
        return table
    }()

    /// The ranges beyond ASCII whose characters are looked up in ICU's data (once, about
    /// 2,200 lookups); the ideographs' blocks and the Hangul syllables are ID throughout and
    /// are not looked up.
    static let lookedUp: [Range<UInt16>] = [0x80..<0x700, 0x3000..<0x3190, 0xFF00..<0xFFF0]
    /// Where each of `lookedUp` starts in `beyondASCII`.
    private static let cjkSymbolsStart = 0x700 - 0x80, fullwidthStart = cjkSymbolsStart + 0x190

    /// The classes of `lookedUp`'s characters, one range after another.
    private static let beyondASCII: [Class] = lookedUp.flatMap { range in
        range.map { unit -> Class in
            switch cb_line_break_class_of(Int32(unit)) {
            case CB_LB_ALPHABETIC: .alphabetic
            case CB_LB_IDEOGRAPHIC: .ideographic
            case CB_LB_CLOSE_PUNCTUATION: .closing
            case CB_LB_INFIX_SEPARATOR: .infix
            case CB_LB_EXCLAMATION: .exclamation
            case CB_LB_NUMERIC: .numeric
            case CB_LB_HEBREW_LETTER: .hebrewLetter
            case CB_LB_COMBINING_MARK: .combiningMark
            default: .other
            }
        }
    }

    /// The class of a UTF-16 code unit (`.other` for surrogates and everything not taken).
    @inline(__always)
    static func classOf(_ unit: UInt16, _ ascii: UnsafeBufferPointer<Class>, _ beyond: UnsafeBufferPointer<Class>) -> Class {
        if unit < 0x80 { return ascii[Int(unit)] }
        if unit < 0x700 { return beyond[Int(unit) - 0x80] }
        if unit < 0x3000 { return .other }
        if unit < 0x3190 { return beyond[cjkSymbolsStart + Int(unit) - 0x3000] }
        if (0x3400...0x4DBF).contains(unit) || (0x4E00...0x9FFF).contains(unit) || (0xAC00...0xD7A3).contains(unit) {
            return .ideographic
        }
        if unit >= 0xFF00 && unit < 0xFFF0 { return beyond[fullwidthStart + Int(unit) - 0xFF00] }
        return .other
    }

    /// The opportunities ICU would give (every one after the text's start, its end included),
    /// or nil when the text has a character this path does not take.
    static func opportunities(in text: UnsafeBufferPointer<UInt16>) -> [LineBreakOpportunity]? {
        if text.isEmpty { return [] }
        return classes.withUnsafeBufferPointer { ascii -> [LineBreakOpportunity]? in
            beyondASCII.withUnsafeBufferPointer { beyond -> [LineBreakOpportunity]? in
                // Hebrew letters are letters but for LB21a and ICU's rule 20.09.
                var previous = classOf(text[0], ascii, beyond)
                var previousIsHebrew = previous == .hebrewLetter
                if previousIsHebrew { previous = .alphabetic }
                var hyphenAfterHebrew = false
                if previous == .other || previous == .combiningMark { return nil }
                var result: [LineBreakOpportunity] = []
                result.reserveCapacity(text.count / 4 + 2)
                // Whether the opportunity list has one just before `previous` (or it starts the text).
                var breakBeforePrevious = true
                for index in 1..<text.count {
                    let unit = text[index]
                    // An ASCII letter after a letter (most of any Latin text): no break, no state but this.
                    if previous == .alphabetic && unit < 0x80 && ascii[Int(unit)] == .alphabetic {
                        breakBeforePrevious = false
                        previousIsHebrew = false
                        hyphenAfterHebrew = false
                        continue
                    }
                    var current = classOf(unit, ascii, beyond)
                    if current == .combiningMark {
                        // LB9: no break before a mark on a letter, which stays a letter.
                        guard previous == .alphabetic else { return nil }
                        continue
                    }
                    let isHebrew = current == .hebrewLetter
                    if isHebrew { current = .alphabetic }
                    let breaks: Bool
                    switch (previous, current) {
                    case (.other, _), (_, .other): return nil
                    case (.lineFeed, _): breaks = true
                    case (.space, .infix):
                        // " .5": a number starts at the separator (ICU's number tailoring).
                        breaks = index + 1 < text.count && classOf(text[index + 1], ascii, beyond) == .numeric
                    case (_, .lineFeed), (_, .space), (_, .infix), (_, .exclamation), (_, .closing): breaks = false
                    case (.space, _): breaks = true
                    case (_, .quotation), (.quotation, _), (_, .hyphen): breaks = false
                    case (.hyphen, _) where hyphenAfterHebrew: breaks = false // LB21a
                    case (.exclamation, _): breaks = true
                    case (.hyphen, .alphabetic): breaks = isHebrew || !breakBeforePrevious
                    case (.ideographic, _), (_, .ideographic), (.closing, _): breaks = true
                    default: breaks = false
                    }
                    if breaks { result.append(LineBreakOpportunity(offset: index, isMandatory: previous == .lineFeed)) }
                    breakBeforePrevious = breaks
                    hyphenAfterHebrew = current == .hyphen && previousIsHebrew
                    previousIsHebrew = isHebrew
                    previous = current
                }
                result.append(LineBreakOpportunity(offset: text.count, isMandatory: previous == .lineFeed))
                return result
            }
        }
    }
}
