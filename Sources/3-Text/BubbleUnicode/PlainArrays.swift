/// Arrays of plain values made without asking the Swift runtime for their storage class.
///
/// On Linux the standard library's `Array(repeating:count:)` and
/// `Array(unsafeUninitializedCapacity:initializingWith:)` allocate through a generic function
/// that the compiler does not specialise for the element type: every call looks
/// `_ContiguousArrayStorage<Element>` up in the runtime's metadata cache, hashing its generic
/// arguments, for every array (the text engine makes a few per message). Copying a `repeatElement` is code the compiler
/// specialises where it is called, whose storage class is looked up once per call site.
extension Array where Element: BitwiseCopyable {
    /// `count` copies of `value`, as `Array(repeating:count:)`.
    @inlinable
    public init(filledWith value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }

    /// Up to `capacity` elements written by `write` into storage first filled with `blank`;
    /// `write` returns how many it wrote, and the array is cut to that many. Filling first costs
    /// less than the unspecialised allocation `init(unsafeUninitializedCapacity:)` makes, and an
    /// empty result never writes into the shared empty-array singleton (which ThreadSanitizer
    /// reports as a race when two threads do so).
    @inlinable
    public init(capacity: Int, blank: Element, writing write: (UnsafeMutableBufferPointer<Element>) throws -> Int) rethrows {
        self.init(repeatElement(blank, count: capacity))
        let written = try withUnsafeMutableBufferPointer { try write($0) }
        precondition(written >= 0 && written <= capacity, "wrote \(written) elements into room for \(capacity)")
        if written < capacity { removeLast(capacity - written) }
    }
}
