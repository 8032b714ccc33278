/// A value whose fields are rarely set (a stanza's chat state and receipts, its XEP extensions),
/// held behind one shared, immutable reference: nothing at all while the value is empty, so a
/// message without them pays one pointer, and copying a message copies that pointer. A
/// 100,000-message conversation holds every message at once.
struct RareFields<Value: EmptyInitializable & Equatable & Sendable>: Sendable, Equatable {
    /// Never written after init: a change makes a new box, so copies never see each other's.
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
    private var box: Box?

    init(_ value: Value = Value()) {
        self.value = value
    }

    /// Empty values are stored as no box, so that equal values compare equal.
    var value: Value {
        get { box?.value ?? Value() }
        set { box = newValue == Value() ? nil : Box(newValue) }
    }

    static func == (lhs: RareFields, rhs: RareFields) -> Bool { lhs.value == rhs.value }
}

/// A value with an empty state, made by `init()`.
protocol EmptyInitializable {
    init()
}
