extension Array where Element: Comparable {
    /// The index of `value` in this ascending array (a binary search), if it is there: cluster
    /// ends, the glyphs a font-table proof asks about.
    package func sortedIndex(of value: Element) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value ? low : nil
    }

    /// Whether this ascending array holds `value`.
    package func sortedContains(_ value: Element) -> Bool { sortedIndex(of: value) != nil }
}
