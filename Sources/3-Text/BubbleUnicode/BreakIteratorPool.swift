internal import CICUBridge

/// ICU break iterators are expensive to open (rule data) and may not be shared between
/// threads, so each kind keeps a pool of clones: a thread takes one, uses it, and gives it back.
final class BreakIteratorPool: Sendable {
    private let prototype: UncheckedPointer
    private let idle = Locked<[UncheckedPointer]>([])

    /// A raw ICU handle that only this pool hands out to one user at a time.
    struct UncheckedPointer: @unchecked Sendable { let raw: OpaquePointer }

    init(_ kind: cb_break_kind) {
        var status: Int32 = 0
        // ICU's root rules (UAX #14 with ICU's default tailoring), fixed in the bridge so
        // results never depend on the machine's locale.
        guard let iterator = cb_break_open(kind, &status), status <= 0 else {
            fatalError("ICU could not open a break iterator (\(status)): ICU data missing")
        }
        prototype = UncheckedPointer(raw: iterator)
    }

    deinit {
        cb_break_close(prototype.raw)
        for iterator in idle.withLock({ $0 }) { cb_break_close(iterator.raw) }
    }

    /// Runs `body` with an iterator set to `text`; the iterator never escapes.
    func withIterator<R>(over text: UnsafeBufferPointer<UInt16>, _ body: (OpaquePointer) throws -> R) throws -> R {
        let taken = idle.withLock { $0.popLast() }
        let iterator: OpaquePointer
        if let taken {
            iterator = taken.raw
        } else {
            var status: Int32 = 0
            guard let clone = cb_break_clone(prototype.raw, &status) else {
                throw ICUError(operation: "ubrk_clone", code: status)
            }
            try ICUError.check(status, "ubrk_clone")
            iterator = clone
        }
        defer { idle.withLock { $0.append(UncheckedPointer(raw: iterator)) } }
        var status: Int32 = 0
        cb_break_set_text(iterator, text.baseAddress, Int32(text.count), &status)
        try ICUError.check(status, "ubrk_setText")
        return try body(iterator)
    }
}
