import CHarfBuzz

/// HarfBuzz's interned language (a pointer to a static table entry, valid for the process):
/// wrapped so that an engine holding one stays `Sendable`.
struct ShapingLanguage: @unchecked Sendable {
    let value: hb_language_t?

    init(_ tag: String?) {
        value = tag.flatMap { $0.isEmpty ? nil : hb_language_from_string($0, -1) }
    }
}
