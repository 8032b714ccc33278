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
/// - CM and ZWJ: combining marks (Arabic's shadda and tanwin, Hebrew points, variation
///   selectors, the keycap, tag characters) and the zero-width joiner on a letter, an
///   ideograph, an emoji or a digit: no break before one, and its base keeps its class (LB9);
///   none after a joiner (LB8a); after anything else (LB10 after a space, ICU's tailorings of
///   LB9 on punctuation) the text goes to ICU;
/// - emoji (U+2000–U+2BFF and U+1F000–U+1FBFF by ICU's data): ID, EB and EM as ideographs,
///   but an emoji base keeps a skin tone (LB30b; a skin tone after anything else goes to ICU),
///   and regional indicators pair into flags (LB30a);
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
/// - NS and CJ (`ー`, small kana, `々`, `・`; ICU's default rules take CJ as NS): no break
///   before one (LB21), but after spaces, where LB16 may keep it, the text goes to ICU; a
///   break after it as after an ideograph;
/// - SY `/`: no break before it (LB13), a break after it (LB31) but before a Hebrew letter
///   (LB21b); next to a digit (LB25 and ICU's number tailoring) and after a space the text
///   goes to ICU; AI (`♀ ♂ ™`): as AL, as ICU resolves it;
/// - QU `' "` and the curly quotes: no break before or after (LB19), except after a space
///   (LB18 comes first);
/// - HY `-`: no break before (LB21), none before a digit (LB25), and none before a letter
///   when there is a break opportunity (or the text's start) just before the hyphen (ICU's
///   rule 20.09, "-abc" and " -abc");
/// - LF: a mandatory break after it, none before it (LB4, LB6).
///
/// Any other character (brackets, `$`, `%`, `|`, `…`, dashes, tab, CR, other controls,
/// Indic and Thai text, jamo, anything not listed) sends the whole text to ICU. The classes
/// beyond ASCII are read from ICU's own Line_Break data. Tests compare this with ICU on every
/// string of up to six characters over the first ten classes, of up to five over fifteen and of
/// up to four over 22 with emoji, on random longer ones, and on every corpus.
enum CommonLineBreaks {
    /// Line-break classes of the characters this path takes.
    enum Class: UInt8 {
        case other = 0, alphabetic, numeric, space, infix, exclamation, quotation, hyphen, lineFeed, ideographic, closing,
             hebrewLetter, combiningMark, emojiBase, emojiModifier, regionalIndicator, joiner, nonstarter, solidus
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
        table[Int(UInt8(ascii: "/"))] = .solidus
        for unit in "'\"".utf8 { table[Int(unit)] = .quotation }
        table[Int(UInt8(ascii: "-"))] = .hyphen
        table[0x0A] = .lineFeed
        return table
    }()

    /// The ranges beyond ASCII whose characters are looked up in ICU's data (once, about
    /// 5,400 lookups); the ideographs' blocks and the Hangul syllables are ID throughout and
    /// are not looked up.
    static let lookedUp: [Range<UInt16>] = [0x80..<0x700, 0x2000..<0x2C00, 0x3000..<0x3190, 0xFE00..<0xFE10, 0xFF00..<0xFFF0]
    /// Where each of `lookedUp` after the first starts in `beyondASCII`.
    private static let punctuationStart = 0x700 - 0x80, cjkSymbolsStart = punctuationStart + 0xC00,
                       selectorsStart = cjkSymbolsStart + 0x190, fullwidthStart = selectorsStart + 0x10
    /// The emoji blocks beyond the BMP (U+1F000–U+1FBFF), also looked up.
    static let emoji: Range<UInt32> = 0x1F000..<0x1FC00

    /// The class this path gives a code point, by ICU's Line_Break (`.other`: not taken).
    private static func taken(_ codePoint: Int32) -> Class {
        switch cb_line_break_class_of(codePoint) {
        case CB_LB_ALPHABETIC: .alphabetic
        case CB_LB_IDEOGRAPHIC: .ideographic
        case CB_LB_CLOSE_PUNCTUATION: .closing
        case CB_LB_INFIX_SEPARATOR: .infix
        case CB_LB_EXCLAMATION: .exclamation
        case CB_LB_NUMERIC: .numeric
        case CB_LB_HEBREW_LETTER: .hebrewLetter
        case CB_LB_COMBINING_MARK: .combiningMark
        case CB_LB_QUOTATION: .quotation
        case CB_LB_EMOJI_BASE: .emojiBase
        case CB_LB_EMOJI_MODIFIER: .emojiModifier
        case CB_LB_REGIONAL_INDICATOR: .regionalIndicator
        case CB_LB_ZWJ: .joiner
        case CB_LB_NONSTARTER: .nonstarter
        case CB_LB_SOLIDUS: .solidus
        case CB_LB_AMBIGUOUS: .alphabetic // ICU resolves AI to AL
        default: .other
        }
    }

    /// The classes of `lookedUp`'s characters, one range after another, then of `emoji`'s.
    static let beyondASCII: [Class] = lookedUp.flatMap { range in range.map { taken(Int32($0)) } }
        + emoji.map { taken(Int32($0)) }

    /// The class of a UTF-16 code unit (`.other` for surrogates and everything not taken).
    @inline(__always)
    static func classOf(_ unit: UInt16, _ ascii: UnsafeBufferPointer<Class>, _ beyond: UnsafeBufferPointer<Class>) -> Class {
        if unit < 0x80 { return ascii[Int(unit)] }
        if unit < 0x700 { return beyond[Int(unit) - 0x80] }
        if unit < 0x2000 { return .other }
        if unit < 0x2C00 { return beyond[punctuationStart + Int(unit) - 0x2000] }
        if unit < 0x3000 { return .other }
        if unit < 0x3190 { return beyond[cjkSymbolsStart + Int(unit) - 0x3000] }
        if (0x3400...0x4DBF).contains(unit) || (0x4E00...0x9FFF).contains(unit) || (0xAC00...0xD7A3).contains(unit) {
            return .ideographic
        }
        if unit >= 0xFE00 && unit < 0xFE10 { return beyond[selectorsStart + Int(unit) - 0xFE00] }
        if unit >= 0xFF00 && unit < 0xFFF0 { return beyond[fullwidthStart + Int(unit) - 0xFF00] }
        return .other
    }

    /// The class of a code unit, for tests.
    static func lineBreakClass(of unit: UInt16) -> Class {
        classes.withUnsafeBufferPointer { ascii in beyondASCII.withUnsafeBufferPointer { classOf(unit, ascii, $0) } }
    }

    /// The class of the character at `index` and how many code units it takes: a surrogate
    /// pair is an emoji of `emoji`, a tag character (marks, in flag sequences) or not taken.
    @inline(__always)
    private static func character(_ text: UnsafeBufferPointer<UInt16>, at index: Int, _ ascii: UnsafeBufferPointer<Class>,
                                  _ beyond: UnsafeBufferPointer<Class>) -> (class: Class, width: Int) {
        let unit = text[index]
        guard unit & 0xF800 == 0xD800 else { return (classOf(unit, ascii, beyond), 1) }
        guard unit & 0xFC00 == 0xD800, index + 1 < text.count, text[index + 1] & 0xFC00 == 0xDC00 else { return (.other, 1) }
        let scalar = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(text[index + 1]) - 0xDC00)
        if emoji.contains(scalar) { return (beyond[beyond.count - emoji.count + Int(scalar - emoji.lowerBound)], 2) }
        return ((0xE0020...0xE007F).contains(scalar) ? .combiningMark : .other, 2)
    }

    /// The opportunities ICU would give (every one after the text's start, its end included),
    /// or nil when the text has a character this path does not take.
    static func opportunities(in text: UnsafeBufferPointer<UInt16>) -> [LineBreakOpportunity]? {
        if text.isEmpty { return [] }
        return classes.withUnsafeBufferPointer { ascii in
            beyondASCII.withUnsafeBufferPointer { beyond in
                pairActions.withUnsafeBufferPointer { pairs in opportunities(in: text, ascii, beyond, pairs) }
            }
        }
    }

    /// `opportunities`' walk over a text that is not empty, with its tables.
    private static func opportunities(in text: UnsafeBufferPointer<UInt16>, _ ascii: UnsafeBufferPointer<Class>,
                                      _ beyond: UnsafeBufferPointer<Class>,
                                      _ pairs: UnsafeBufferPointer<PairAction>) -> [LineBreakOpportunity]? {
        // Hebrew letters are letters but for LB21a and ICU's rule 20.09; emoji bases and
        // modifiers and regional indicators are ideographs but for LB30a and LB30b.
        var (previous, width) = character(text, at: 0, ascii, beyond)
        switch previous {
        case .other, .combiningMark, .joiner, .emojiModifier: return nil
        default: break
        }
        var previousIsHebrew = previous == .hebrewLetter
        var previousIsEmojiBase = previous == .emojiBase
        // How many regional indicators (with their marks) the text so far ends with.
        var indicators = previous == .regionalIndicator ? 1 : 0
        if previousIsHebrew { previous = .alphabetic }
        if previousIsEmojiBase || indicators > 0 { previous = .ideographic }
        var hyphenAfterHebrew = false
        var afterJoiner = false
        var result: [LineBreakOpportunity] = []
        result.reserveCapacity(text.count / 4 + 2)
        // Whether the opportunity list has one just before `previous` (or it starts the text).
        var breakBeforePrevious = true
        var index = width
        while index < text.count {
            let unit = text[index]
            // An ASCII letter after a letter (most of any Latin text): no break, no state but this.
            if previous == .alphabetic && unit < 0x80 && ascii[Int(unit)] == .alphabetic {
                breakBeforePrevious = false
                previousIsHebrew = false
                hyphenAfterHebrew = false
                afterJoiner = false
                index += 1
                continue
            }
            var current: Class
            (current, width) = character(text, at: index, ascii, beyond)
            if current == .combiningMark || current == .joiner {
                // LB9: no break before a mark or a joiner on a letter, ideograph, emoji or
                // digit, which keeps its class; LB8a: none after a joiner.
                guard previous == .alphabetic || previous == .ideographic || previous == .numeric else { return nil }
                afterJoiner = current == .joiner
                index += width
                continue
            }
            let isHebrew = current == .hebrewLetter
            let isEmojiBase = current == .emojiBase
            let isIndicator = current == .regionalIndicator
            let isModifier = current == .emojiModifier
            // LB30b keeps a modifier to an emoji base; after anything else ICU decides.
            if isModifier && !previousIsEmojiBase { return nil }
            if isHebrew { current = .alphabetic }
            if isEmojiBase || isIndicator || isModifier { current = .ideographic }
            let decided: Bool?
            if afterJoiner || isModifier {
                decided = current == .other ? nil : false // LB8a, LB30b
            } else if isIndicator && indicators % 2 == 1 {
                decided = false // LB30a
            } else {
                decided = pairBreaks(PairState(previous: previous, current: current, hyphenAfterHebrew: hyphenAfterHebrew,
                                               isHebrew: isHebrew, breakBeforePrevious: breakBeforePrevious),
                                     at: index, text, ascii, beyond, pairs)
            }
            guard let breaks = decided else { return nil }
            if breaks { result.append(LineBreakOpportunity(offset: index, isMandatory: previous == .lineFeed)) }
            breakBeforePrevious = breaks
            hyphenAfterHebrew = current == .hyphen && previousIsHebrew
            previousIsHebrew = isHebrew
            previousIsEmojiBase = isEmojiBase
            indicators = isIndicator ? indicators + 1 : 0
            afterJoiner = false
            previous = current
            index += width
        }
        result.append(LineBreakOpportunity(offset: text.count, isMandatory: previous == .lineFeed))
        return result
    }

    /// A pair of classes as the pair rules see them (Hebrew letters, emoji bases, modifiers and
    /// indicators as letters and ideographs), with the state beyond the pair that `rule` reads.
    private struct PairState {
        let previous: Class
        let current: Class
        let hyphenAfterHebrew: Bool
        let isHebrew: Bool
        let breakBeforePrevious: Bool
    }

    /// Whether there is a break between the pair, `current` being the character at `index`:
    /// `pairs`' action, or `rule` where the state decides; nil when this path leaves the text to ICU.
    @inline(__always)
    private static func pairBreaks(_ pair: PairState, at index: Int, _ text: UnsafeBufferPointer<UInt16>,
                                   _ ascii: UnsafeBufferPointer<Class>, _ beyond: UnsafeBufferPointer<Class>,
                                   _ pairs: UnsafeBufferPointer<PairAction>) -> Bool? {
        let action = pairs[Int(pair.previous.rawValue) * classCount + Int(pair.current.rawValue)]
        // Without a jump on the action: keep and split are nearly every pair.
        if action.rawValue <= PairAction.split.rawValue { return action == .split }
        guard action == .decide else { return nil }
        // " .5": whether a number starts at the separator (ICU's number tailoring).
        let numberFollows = index + 1 < text.count && classOf(text[index + 1], ascii, beyond) == .numeric
        return rule(pair.previous, pair.current, hyphenAfterHebrew: pair.hyphenAfterHebrew, isHebrew: pair.isHebrew,
                    breakBeforePrevious: pair.breakBeforePrevious, numberFollows: numberFollows)
    }

    /// UAX #14's rules for a pair of classes as ICU 72 applies them (LB8a, LB30a and LB30b,
    /// which need more than the pair, are `opportunities`' own): whether there is a break
    /// between them, or nil when this path leaves the text to ICU. Hebrew letters, emoji bases,
    /// modifiers and indicators come as letters and ideographs, with `isHebrew` set for the first.
    private static func rule(_ previous: Class, _ current: Class, hyphenAfterHebrew: Bool, isHebrew: Bool,
                             breakBeforePrevious: Bool, numberFollows: Bool) -> Bool? {
        switch (previous, current) {
        case (.other, _), (_, .other): return nil
        case (.lineFeed, _): return true
        // After spaces LB16 ("。 ー") and ICU's number tailoring (" /5") decide.
        case (.space, .nonstarter), (.space, .solidus), (.solidus, .numeric), (.numeric, .solidus): return nil
        case (.space, .infix): return numberFollows // " .5": a number starts at the separator
        case (_, .lineFeed), (_, .space), (_, .infix), (_, .exclamation), (_, .closing), (_, .nonstarter), (_, .solidus):
            return false
        case (.space, _): return true
        case (_, .quotation), (.quotation, _), (_, .hyphen): return false
        case (.hyphen, _) where hyphenAfterHebrew: return false // LB21a
        case (.solidus, .alphabetic) where isHebrew: return false // LB21b
        case (.exclamation, _), (.solidus, _): return true
        case (.hyphen, .alphabetic): return isHebrew || !breakBeforePrevious
        case (.ideographic, _), (_, .ideographic), (.closing, _), (.nonstarter, _): return true
        default: return false
        }
    }

    /// What `rule` gives each pair of classes whatever the state, or that the state decides.
    enum PairAction: UInt8 { case keep, split, refuse, decide }
    /// Room for every `Class` (19 cases) in a row of `pairActions`.
    private static let classCount = 20
    static let pairActions: [PairAction] = (0..<classCount * classCount).map { pair in
        guard let previous = Class(rawValue: UInt8(pair / classCount)), let current = Class(rawValue: UInt8(pair % classCount))
        else { return .refuse }
        let answer = rule(previous, current, hyphenAfterHebrew: false, isHebrew: false, breakBeforePrevious: false, numberFollows: false)
        for state in 1..<16 where rule(previous, current, hyphenAfterHebrew: state & 1 != 0, isHebrew: state & 2 != 0,
                                       breakBeforePrevious: state & 4 != 0, numberFollows: state & 8 != 0) != answer {
            return .decide
        }
        return answer.map { $0 ? .split : .keep } ?? .refuse
    }
}
