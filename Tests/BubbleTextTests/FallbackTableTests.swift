@testable import BubbleText
import BubbleUnicode
import Testing

/// `FontFallback.font(ofSingleUnit:)` answers from one table per chain, with whitespace,
/// invisible controls, emoji and surrogates marked in it: for every role and every BMP code
/// unit, the answer must be the definition's (nil for those, else the first font of the chain
/// that covers the character, or the primary font when none does).
@Suite struct FallbackTableTests {
    @Test func everyBMPUnitOfEveryRole() {
        let table = Fixture.engine.table
        var general = 0, uncovered = 0
        for role in FontRole.allCases {
            let fallback = table.fallback(for: role)
            for unit in UInt16(0)...0xFFFF {
                let scalar = UInt32(unit)
                let expected: UInt8? = unit & 0xF800 == 0xD800 || UnicodeScalars.isWhitespaceInvisibleOrEmoji(scalar) ? nil
                    : fallback.chain.first { table.fonts[Int($0)].covers(scalar) } ?? fallback.primary
                #expect(fallback.font(ofSingleUnit: unit) == expected, "\(role) U+\(String(unit, radix: 16))")
                if expected == nil { general += 1 }
                if !fallback.chain.contains(where: { table.fonts[Int($0)].covers(scalar) }) { uncovered += 1 }
            }
        }
        #expect(general > FontRole.allCases.count * 2048 && uncovered > 1000, "\(general) \(uncovered)")
    }
}
