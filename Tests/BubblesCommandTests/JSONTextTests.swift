import Foundation
import Testing
@testable import BubblesCommand

/// Output JSON must stay JSON whatever number reaches it: Swift spells infinity `inf` and
/// NaN `nan`, which no JSON parser accepts.
@Suite struct JSONTextTests {
    @Test func nonFiniteNumbersAreNull() throws {
        #expect(JSONText.number(.infinity) == "null")
        #expect(JSONText.number(-.infinity) == "null")
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.number(.signalingNaN) == "null")
        let text = JSONText.array([1e308, .infinity, -2.5, .nan, 16].map(JSONText.number))
        #expect(text == "[1e+308, null, -2.5, null, 16]")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
        #expect(parsed?.count == 5)
    }
}
