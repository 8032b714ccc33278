@_implementationOnly import CICU
import Synchronization

/// ICU break iterators are expensive to open (rule data) and may not be shared between
/// threads, so each kind keeps a pool of clones: a thread takes one, uses it, and gives it back.
final class BreakIteratorPool: Sendable {
    private let prototype: UncheckedPointer
    private let idle = Mutex<[UncheckedPointer]>([])

    /// A raw ICU handle that only this pool hands out to one user at a time.
    struct UncheckedPointer: @unchecked Sendable { let raw: OpaquePointer }

    init(_ type: UBreakIteratorType) {
        var status = U_ZERO_ERROR
        // "en" is ICU's root line-breaking behaviour (UAX #14 with ICU's default tailoring);
        // fixed so results never depend on the machine's locale.
        guard let iterator = cb_ubrk_open(type, "en", nil, 0, &status), status.rawValue <= 0 else {
            fatalError("ICU could not open a break iterator (\(status.rawValue)): ICU data missing")
        }
        prototype = UncheckedPointer(raw: iterator)
    }

    deinit {
        cb_ubrk_close(prototype.raw)
        for iterator in idle.withLock({ $0 }) { cb_ubrk_close(iterator.raw) }
    }

    /// Runs `body` with an iterator set to `text`; the iterator never escapes.
    func withIterator<R>(over text: UnsafeBufferPointer<UInt16>, _ body: (OpaquePointer) throws -> R) throws -> R {
        let taken = idle.withLock { $0.popLast() }
        let iterator: OpaquePointer
        if let taken {
            iterator = taken.raw
        } else {
            var status = U_ZERO_ERROR
            guard let clone = cb_ubrk_clone(prototype.raw, &status) else {
                throw ICUError(operation: "ubrk_clone", code: status.rawValue)
            }
            try ICUError.check(status, "ubrk_clone")
            iterator = clone
        }
        defer { idle.withLock { $0.append(UncheckedPointer(raw: iterator)) } }
        var status = U_ZERO_ERROR
        cb_ubrk_setText(iterator, text.baseAddress, Int32(text.count), &status)
        try ICUError.check(status, "ubrk_setText")
        return try body(iterator)
    }
}
