import BubbleUnicode
import CHarfBuzz

/// An engine's tables of one kind (`InertCharacters`, `KernedCharacters`) per font and script,
/// each made the first time a word needs it: making one reads the font's lookups (a
/// millisecond or two), and most texts need one or two.
///
/// A proof depends on the script and language only through the lookups HarfBuzz applies, so
/// scripts with the same lookups in a font share one table: Inter gives Latin and Common text
/// the same lookups, Noto Sans CJK Han and kana, and a 200-message render made five proofs
/// where it now makes three.
final class ProvenTables<Table: Sendable>: Sendable {
    private let fonts: [OpenTypeFont]
    private let language: ShapingLanguage
    /// The lookups a proof for the font, script and language reads.
    private let lookups: @Sendable (OpenTypeFont, UInt32, hb_language_t?) -> AppliedLookups
    private let make: @Sendable (OpenTypeFont, AppliedLookups) -> Table?
    /// By font and script.
    private let tables = Locked<[UInt64: Table?]>([:])
    /// By font and lookups: the table, once made.
    private let slots = Locked<[SharedKey: Slot]>([:])

    private struct SharedKey: Hashable {
        let font: UInt8
        let lookups: AppliedLookups
    }

    private final class Slot: Sendable {
        let table = Locked<Table??>(nil)
    }

    /// `make` gives nil when the font cannot be proven for those lookups.
    init(fonts: [OpenTypeFont], language: ShapingLanguage,
         lookups: @escaping @Sendable (OpenTypeFont, UInt32, hb_language_t?) -> AppliedLookups,
         make: @escaping @Sendable (OpenTypeFont, AppliedLookups) -> Table?) {
        self.fonts = fonts
        self.language = language
        self.lookups = lookups
        self.make = make
    }

    /// Nil when the font cannot be proven for the script.
    func table(font: UInt8, script: UInt32) -> Table? {
        let key = UInt64(font) << 32 | UInt64(script)
        if let known = tables.withLock({ $0[key] }) { return known }
        let sharedKey = SharedKey(font: font, lookups: lookups(fonts[Int(font)], script, language.value))
        let slot = slots.withLock { slots in
            if let slot = slots[sharedKey] { return slot }
            let slot = Slot()
            slots[sharedKey] = slot
            return slot
        }
        // Made under the slot's lock: a thread asking meanwhile (the layout's prefetch and main
        // threads often want the same table first) waits for it instead of making it again.
        let made = slot.table.withLock { table in
            if let table { return table }
            let made = make(fonts[Int(font)], sharedKey.lookups)
            table = .some(made)
            return made
        }
        tables.withLock { $0[key] = made }
        return made
    }
}

typealias InertCharacterTables = ProvenTables<InertCharacters>
typealias KernedCharacterTables = ProvenTables<KernedCharacters>

extension ProvenTables where Table == InertCharacters {
    convenience init(fonts: [OpenTypeFont], language: ShapingLanguage) {
        self.init(fonts: fonts, language: language, lookups: InertCharacters.lookups, make: InertCharacters.init)
    }
}

extension ProvenTables where Table == KernedCharacters {
    convenience init(fonts: [OpenTypeFont], language: ShapingLanguage) {
        self.init(fonts: fonts, language: language, lookups: KernedCharacters.lookups, make: KernedCharacters.init)
    }
}
