import SeededRandom
import Testing

/// Passes every text of one to `maxLength` characters over `alphabet` (each character one or
/// two code units) to `check`, which says whether the text passed; stops extending after 20
/// failures. Returns how many texts were checked.
func checkEveryText(over alphabet: [[UInt16]], upTo maxLength: Int, _ check: ([UInt16]) throws -> Bool) throws -> Int {
    var text: [UInt16] = []
    var checked = 0, failures = 0
    func extend(_ length: Int) throws {
        if length > 0 {
            checked += 1
            if try !check(text) { failures += 1 }
        }
        guard length < maxLength, failures < 20 else { return }
        for character in alphabet {
            text.append(contentsOf: character)
            try extend(length + 1)
            text.removeLast(character.count)
        }
    }
    try extend(0)
    return checked
}

/// Passes `count` random texts of one to `maxLength` characters from `pool` to `check` (a
/// fixed seed: the same texts every run) and returns how many failed, stopping at 20.
func failuresOverRandomTexts(_ count: Int, seed: UInt64, pool: [[UInt16]], maxLength: Int,
                             _ check: ([UInt16]) throws -> Bool) throws -> Int {
    var generator = SplitMix64(seed: seed)
    var failures = 0
    for _ in 0..<count where failures < 20 {
        let length = Int.random(in: 1...maxLength, using: &generator)
        let text = (0..<length).flatMap { _ in pool.randomElement(using: &generator)! }
        if try !check(text) { failures += 1 }
    }
    return failures
}

/// One line of a Unicode conformance file (LineBreakTest.txt, GraphemeBreakTest.txt): its
/// number, its text and the offsets where the file says it breaks.
struct ConformanceCase { let line: Int; let text: [UInt16]; let breaks: [Int] }

/// Every test line of the Unicode conformance file at `path` (Debian's unicode-data).
func conformanceCases(_ path: String) throws -> [ConformanceCase] {
    let file = try #require(readTextFile(path), "install unicode-data: \(path) is missing")
    var result: [ConformanceCase] = []
    for (number, rawLine) in file.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.first == "×" || fields.first == "÷" else { continue }
        var text: [UInt16] = []
        var breaks: [Int] = []
        for field in fields.dropFirst() {
            if field == "÷" { breaks.append(text.count) } else if field == "×" { continue } else {
                let scalar = try #require(UInt32(field, radix: 16).flatMap(Unicode.Scalar.init))
                text.append(contentsOf: Character(scalar).utf16)
            }
        }
        result.append(ConformanceCase(line: number + 1, text: text, breaks: breaks))
    }
    return result
}
