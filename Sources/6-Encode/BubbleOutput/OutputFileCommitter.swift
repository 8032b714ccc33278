import Dispatch
import Foundation

extension OutputFile {
    /// Puts finished files in place on a queue of its own, in the order they are handed over,
    /// each with `Stream.commit`'s guarantees (made durable, then renamed). The page workers of
    /// `render --pages` hand each page over and go on drawing instead of waiting for its fsync,
    /// which was a sixth of the command's time at 555 pages.
    ///
    /// At most `pending` files wait at once (a worker handing over one more waits), so open
    /// descriptors stay bounded. After a failure the files still waiting are discarded, every
    /// later hand-over throws that failure, and `finish` throws it.
    public final class Committer: @unchecked Sendable {
        // @unchecked: `failure` is only touched under `lock`; each stream has one owner at a
        // time (the worker until `commitLater` enqueues it, then the queue).
        private let queue = DispatchQueue(label: "ChatBubbles.OutputFile.Committer")
        private let slots: DispatchSemaphore
        private let group = DispatchGroup()
        private let lock = NSLock()
        private var failure: Error?

        public init(pending: Int = 32) {
            slots = DispatchSemaphore(value: max(1, pending))
        }

        /// Hands over a complete stream to be committed after those handed over before it.
        public func commitLater(_ stream: Stream) throws {
            if let failure = firstFailure() {
                stream.discard()
                throw failure
            }
            stream.startWritebackOfRest()
            slots.wait()
            let handed = UncheckedSendable(stream)
            group.enter()
            queue.async { [self] in
                defer {
                    slots.signal()
                    group.leave()
                }
                if firstFailure() != nil {
                    handed.value.discard()
                    return
                }
                do {
                    try handed.value.commit()
                } catch {
                    lock.withLock { if failure == nil { failure = error } }
                }
            }
        }

        /// Waits until every file handed over is in place (or discarded after a failure);
        /// throws the first failure.
        public func finish() throws {
            group.wait()
            if let failure = firstFailure() { throw failure }
        }

        private func firstFailure() -> Error? { lock.withLock { failure } }
    }
}
