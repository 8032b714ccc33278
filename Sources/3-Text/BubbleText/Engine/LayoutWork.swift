/// What one layout asked of each stage, counted so that tests can check that the engine stays
/// linear in the length of any text without timing anything (a timing test is flaky on a
/// shared machine; a count is exact).
package struct LayoutWork: Sendable, Equatable, CustomStringConvertible {
    /// UAX #14 opportunities the paragraph loop examined.
    package var breakOpportunities = 0
    /// Grapheme clusters given a font.
    package var clusters = 0
    /// Segments made (and looked up in or stored to the shaping cache).
    package var segments = 0
    /// HarfBuzz runs asked for, cached or not (the count must not depend on the cache's state).
    package var shapingRuns = 0
    /// Σ n² over those runs of n UTF-16 units: HarfBuzz's worst case, because its lookups may
    /// scan the rest of a run for every glyph (a run of 20,000 soft hyphens took 1.75 s).
    package var shapingCost = 0
    package var longestShapingRun = 0
    /// Glyphs placed in lines, and atoms (unsplittable glyph groups) tried at emergency breaks.
    package var glyphs = 0
    package var breakCandidates = 0
    /// Parts of lines reordered and merged into runs.
    package var lineParts = 0

    /// The longest run HarfBuzz is given: longer segments are shaped in pieces of at most this
    /// many UTF-16 units (one more where a cut would split a surrogate pair).
    package static let shapingRunBound = 256

    package var total: Int {
        breakOpportunities + clusters + segments + shapingRuns + shapingCost + glyphs + breakCandidates + lineParts
    }

    package var description: String {
        "opportunities \(breakOpportunities), clusters \(clusters), segments \(segments), runs \(shapingRuns) "
            + "(cost \(shapingCost), longest \(longestShapingRun)), glyphs \(glyphs), candidates \(breakCandidates), "
            + "parts \(lineParts): \(total)"
    }
}

/// The counter one layout fills in; layouts that nobody counts carry none and pay one nil check
/// per stage.
final class WorkTally {
    var work = LayoutWork()
}
