#if canImport(Glibc)
import Glibc
#endif

/// A value that threads share behind a pthread mutex.
///
/// Not `Synchronization.Mutex`: on Linux it locks with raw futex calls inside the Swift
/// runtime, which ThreadSanitizer cannot see, so every access it guarded (the shaping cache's
/// buckets, the ICU iterator pools) was reported as a data race and real races would hide
/// among them. TSan intercepts `pthread_mutex_lock`, and uncontended it costs the same.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only reached inside `withLock`, between lock and unlock. Both
    // live at fixed addresses (a pthread mutex must not move; a pointer also spares the
    // class property's dynamic exclusivity check on every access).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; `body` must not call back into this lock.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
