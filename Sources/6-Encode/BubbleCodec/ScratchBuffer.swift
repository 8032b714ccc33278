import BubbleCairo
/// Memory a worker reuses from one band to the next, never initialised: a band's encoder
/// writes before it reads, so zero-filling megabytes it mostly never touches (a deflate
/// output bound of twice the input, of which a twentieth is used) would only cost page faults.
package final class ScratchBuffer<Element> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    package init() {
        capacity = 0
        pointer = UnsafeMutablePointer<Element>.allocate(capacity: 0)
    }

    deinit { pointer.deallocate() }

    /// The buffer, grown (without keeping its contents) to at least `count` elements.
    package func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            pointer.deallocate()
            pointer = UnsafeMutablePointer<Element>.allocate(capacity: count)
            capacity = count
        }
        return pointer
    }
}
