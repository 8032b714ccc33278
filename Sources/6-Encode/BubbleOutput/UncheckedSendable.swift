/// A value handed to worker threads that only read it, or that one thread hands to another
/// and never touches again (the renderer's theme images while bands are drawn; a stream the
/// committer's thread finishes). Shared by the drawing and output modules, hence `package`.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
