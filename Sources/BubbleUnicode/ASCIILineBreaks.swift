/// Line-break opportunities for text made only of common ASCII characters, without ICU.
///
/// Opening ICU's iterator on a text and walking its state machine was a tenth of `measure`'s
/// time; most chat text is plain English, where UAX #14 (as ICU 72 applies it) reduces to a
/// few pairs. Only these classes are taken, each with the rules that involve it:
///
/// - AL: letters, `# & * < = > @ ^ _ ~` and the backtick; NU: digits;
/// - SP: space (LB7 × SP, LB18 SP ÷);
/// - IS `, . : ;` and EX `! ?`: no break before them, even after spaces (LB13), except
///   before a separator that starts a number after a space (" .5", ICU's number tailoring);
///   IS × AL and IS × NU (LB29, LB25); nothing keeps EX to a following letter or digit;
/// - QU `' "`: no break before or after (LB19), except after a space (LB18 comes first);
/// - HY `-`: no break before (LB21), none before a digit (LB25), and none before a letter
///   when there is a break opportunity (or the text's start) just before the hyphen (ICU's
///   rule 20.09, "-abc" and " -abc");
/// - LF: a mandatory break after it, none before it (LB4, LB6).
///
/// Any other character (brackets, `/`, `$`, `%`, `|`, tab, CR, other controls, anything above
/// U+007F) sends the whole text to ICU. Tests compare this with ICU on every string of up to
/// six characters over these classes, on random longer ones, and on every corpus.
enum ASCIILineBreaks {
    /// Line-break classes of the characters this path takes.
    enum Class: UInt8 {
        case other = 0, alphabetic, numeric, space, infix, exclamation, quotation, hyphen, lineFeed
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

    /// The opportunities ICU would give (every one after the text's start, its end included),
    /// or nil when the text has a character this path does not take.
    static func opportunities(in text: UnsafeBufferPointer<UInt16>) -> [LineBreakOpportunity]? {
        if text.isEmpty { return [] }
        return classes.withUnsafeBufferPointer { table -> [LineBreakOpportunity]? in
            @inline(__always) func classOf(_ unit: UInt16) -> Class {
                unit < 0x80 ? table[Int(unit)] : .other
            }
            var previous = classOf(text[0])
            if previous == .other { return nil }
            var result: [LineBreakOpportunity] = []
            result.reserveCapacity(text.count / 4 + 2)
            // Whether the opportunity list has one just before `previous` (or it starts the text).
            var breakBeforePrevious = true
            for index in 1..<text.count {
                let current = classOf(text[index])
                let breaks: Bool
                switch (previous, current) {
                case (.other, _), (_, .other): return nil
                case (.lineFeed, _): breaks = true
                case (.space, .infix):
                    // " .5": a number starts at the separator (ICU's number tailoring).
                    breaks = index + 1 < text.count && classOf(text[index + 1]) == .numeric
                case (_, .lineFeed), (_, .space), (_, .infix), (_, .exclamation): breaks = false
                case (.space, _): breaks = true
                case (_, .quotation), (.quotation, _), (_, .hyphen): breaks = false
                case (.exclamation, _): breaks = true
                case (.hyphen, .alphabetic): breaks = !breakBeforePrevious
                default: breaks = false
                }
                if breaks { result.append(LineBreakOpportunity(offset: index, isMandatory: previous == .lineFeed)) }
                breakBeforePrevious = breaks
                previous = current
            }
            result.append(LineBreakOpportunity(offset: text.count, isMandatory: previous == .lineFeed))
            return result
        }
    }
}
