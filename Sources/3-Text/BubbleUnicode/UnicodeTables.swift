/// The tables this module reads from ICU once per process, the first time a text needs each:
/// character properties, scripts, grapheme and line-break classes of the BMP and the emoji
/// blocks (a few milliseconds of one core, all told: docs/performance.md).
public enum UnicodeTables {
    /// Builds every one of them now (those already built cost nothing). Whoever asks first
    /// builds a table and every other thread that needs it meanwhile waits, so a program that
    /// is about to lay text out on several threads calls this on a thread of its own while it
    /// sets up (`bubbles measure` does, while it reads the fonts), and its workers find them
    /// ready instead of waiting for each other at their first texts.
    public static func build() {
        let sizes = [UnicodeScalars.bmpFlags.count, Scripts.tableCodes.count, GraphemeRules.aloneBits.count,
                     GraphemeRules.pairJoins.count, GraphemeRules.emojiProperties.count, CommonLineBreaks.classes.count,
                     CommonLineBreaks.beyondASCII.count, CommonLineBreaks.pairActions.count]
        precondition(!sizes.contains(0), "a Unicode table is empty")
    }
}
