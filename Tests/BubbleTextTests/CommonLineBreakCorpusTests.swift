@testable import BubbleUnicode
import Testing

/// The common-class line-break path against ICU on every corpus text it takes (the golden messages,
/// the bench corpus beside the repo, the samples, the hard cases and the scripts corpus).
@Suite struct CommonLineBreakCorpusTests {
    @Test func everyCorpusTextItTakesIsICUs() throws {
        var taken = 0
        for text in try PreparedTextTests.texts() {
            let units = Array(text.utf16)
            guard let fast = units.withUnsafeBufferPointer({ CommonLineBreaks.opportunities(in: $0) }) else { continue }
            taken += 1
            let icu = try units.withUnsafeBufferPointer { try LineBreaks.icuOpportunities(in: $0) }
            #expect(fast == icu, "\(text.debugDescription)")
        }
        // The samples alone have 21 plain ASCII texts (the bench corpus 615 of its 2,000).
        #expect(taken >= 21)
    }
}
