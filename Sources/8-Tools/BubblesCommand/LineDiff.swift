/// The lines two texts do not share, in file order, as `-N: line` (reference line N) and
/// `+N: line` (actual line N). Common head and tail are skipped before Swift's Myers
/// difference runs, so a long layout file with one changed row costs little.
package struct LineDiff {
    package let text: String
    package let removed: Int
    package let inserted: Int

    /// At most this many changed lines are printed; the counts are always complete.
    package static let shownLimit = 200

    package init(reference: String, actual: String) {
        let old = reference.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let oldMiddle = Array(old[head..<old.count - tail]), newMiddle = Array(new[head..<new.count - tail])
        let difference = newMiddle.difference(from: oldMiddle)
        var gone = Set<Int>(), added = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): gone.insert(offset)
            case .insert(let offset, _, _): added.insert(offset)
            }
        }
        var out: [String] = []
        var (i, j) = (0, 0)
        while i < oldMiddle.count || j < newMiddle.count {
            if gone.contains(i), i < oldMiddle.count {
                out.append("-\(head + i + 1): \(oldMiddle[i])"); i += 1
            } else if added.contains(j), j < newMiddle.count {
                out.append("+\(head + j + 1): \(newMiddle[j])"); j += 1
            } else {
                i += 1; j += 1
            }
        }
        var text = out.prefix(Self.shownLimit).joined(separator: "\n")
        if out.count > Self.shownLimit { text += "\n… \(out.count - Self.shownLimit) more changed lines" }
        self.text = text.isEmpty ? "" : text + "\n"
        removed = gone.count
        inserted = added.count
    }
}
