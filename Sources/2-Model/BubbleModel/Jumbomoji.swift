/// Messages that are only a few emoji, which current chat apps draw large and without a
/// bubble ("jumbomoji"). Decided on grapheme clusters, so a family (👨‍👩‍👧), a flag (🇫🇷)
/// or a skin-toned hand (👍🏽) counts as one emoji, as the reader sees it.
public enum Jumbomoji {
    /// The most emoji a message may have and still be drawn large (iMessage and Telegram: 3).
    public static let maximumCount = 3

    /// How many emoji `text` is (1…`maximumCount`) when it holds nothing else but whitespace;
    /// nil for any other text.
    public static func count(in text: String) -> Int? {
        var count = 0
        for character in text {
            if character.isWhitespace { continue }
            guard isEmoji(character) else { return nil }
            count += 1
            if count > maximumCount { return nil }
        }
        return count == 0 ? nil : count
    }

    /// Whether a grapheme cluster shows as a colour emoji: its first scalar is emoji by
    /// default (😀, 🇫🇷), or an emoji-capable scalar asked to be one (VS16 as in ❤️, a keycap
    /// as in 1️⃣, a ZWJ sequence). Digits, `#` and © are emoji-capable but text by default:
    /// without VS16 they stay text.
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D }
    }
}
