import ChatBubbles
import Dispatch

/// Tables and font proofs made on a thread of their own while a command reads its input, theme
/// and fonts, instead of by its workers at their first texts, where whoever asks first makes
/// one and the others wait. `wait()` joins the thread, which every command does before it
/// returns, so nothing runs while the process exits (HarfBuzz frees its statics then). Nothing
/// made here changes a result, only who waits for it.
package final class TablesAhead: Sendable {
    private let queue = DispatchQueue(label: "ChatBubbles.tablesAhead")
    private let group = DispatchGroup()

    /// Starts with BubbleUnicode's tables.
    package init() {
        queue.async(group: group) { TextEngine.prepareUnicodeTables() }
    }

    /// Then the proofs `engine` would make for the first texts in `role`'s fonts.
    package func prepare(_ engine: TextEngine, for role: FontRole) {
        queue.async(group: group) { engine.prepareTables(for: role) }
    }

    package func wait() { group.wait() }
}
