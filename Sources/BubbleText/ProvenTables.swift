import BubbleUnicode
import CHarfBuzz

/// An engine's tables of one kind (`InertCharacters`, `KernedCharacters`) per font and script,
/// each made the first time a word needs it: making one reads the font's lookups (about a
/// millisecond), and most texts need one or two.
final class ProvenTables<Table: Sendable>: Sendable {
    private let fonts: [OpenTypeFont]
    private let language: ShapingLanguage
    private let make: @Sendable (OpenTypeFont, UInt32, hb_language_t?) -> Table?
    /// The script whose table serves `script` (scripts OpenType does not tell apart share one).
    private let sharing: @Sendable (UInt32) -> UInt32
    private let tables = Locked<[UInt64: Table?]>([:])

    /// `make` gives nil when the font cannot be proven for the script.
    init(fonts: [OpenTypeFont], language: ShapingLanguage, sharing: @escaping @Sendable (UInt32) -> UInt32 = { $0 },
         make: @escaping @Sendable (OpenTypeFont, UInt32, hb_language_t?) -> Table?) {
        self.fonts = fonts
        self.language = language
        self.sharing = sharing
        self.make = make
    }

    /// Nil when the font cannot be proven for the script.
    func table(font: UInt8, script: UInt32) -> Table? {
        let script = sharing(script)
        let key = UInt64(font) << 32 | UInt64(script)
        if let known = tables.withLock({ $0[key] }) { return known }
        // Made outside the lock; two threads making it at once make the same.
        let made = make(fonts[Int(font)], script, language.value)
        tables.withLock { $0[key] = made }
        return made
    }
}

typealias InertCharacterTables = ProvenTables<InertCharacters>
typealias KernedCharacterTables = ProvenTables<KernedCharacters>

extension ProvenTables where Table == InertCharacters {
    /// Hiragana and Katakana are one OpenType script ('kana'): one table for both.
    convenience init(fonts: [OpenTypeFont], language: ShapingLanguage) {
        self.init(fonts: fonts, language: language, sharing: { $0 == 0x4869_7261 ? 0x4B61_6E61 : $0 },
                  make: InertCharacters.init)
    }
}

extension ProvenTables where Table == KernedCharacters {
    convenience init(fonts: [OpenTypeFont], language: ShapingLanguage) {
        self.init(fonts: fonts, language: language, make: KernedCharacters.init)
    }
}
