import ChatBubbles
import BubblesCommand
import Foundation

/// The conversation `../shared/bench/chromium_render.sh` screenshots, as a ChatBubbles JSON
/// conversation, so `bench render --chromium-script` renders exactly the texts Chromium draws:
/// the corpus's first N texts in the script's sender runs (its fixed seed 375: runs of 1–4
/// messages, the side switching with probability 0.8), one message a second. The script's two
/// peers become one ("ann"): a JSON conversation has two participants.
package enum ChromiumConversation {
    /// The first `count` texts of an NDJSON corpus of {"id","text"} lines, as the script reads
    /// them; a bad line among them is an error naming it.
    package static func texts(corpus path: String, count: Int) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandError("cannot read \(path)") }
        let (messages, problems) = MessageLines.parse(data, source: path)
        let used = messages.prefix(count)
        if let problem = problems.first, used.count < count || problem.lineNumber < used.last?.lineNumber ?? 0 {
            throw CommandError(problem.message)
        }
        return used.map(\.text)
    }

    /// Whether each message is outgoing, drawn as the script draws its sender runs.
    package static func outgoing(count: Int) -> [Bool] {
        var random = PythonRandom(seed: 375)
        var outgoing = false, run = 0
        var sides: [Bool] = []
        for _ in 0..<count {
            if run == 0 {
                if random.random() < 0.8 { outgoing.toggle() }
                run = random.randint(1, 4)
                _ = random.randint(0, 1) // the script's choice of peer colour
            }
            run -= 1
            sides.append(outgoing)
        }
        return sides
    }

    /// The conversation's JSON.
    package static func json(texts: [String]) -> Data {
        let messages = zip(texts, outgoing(count: texts.count)).enumerated().map { index, message in
            let time = String(format: "2024-05-01T%02d:%02d:%02dZ", 9 + index / 3600, index / 60 % 60, index % 60)
            return JSONText.object([("id", JSONText.string(String(index))),
                                    ("sender", JSONText.string(message.1 ? "me@example.com" : "ann@example.com")),
                                    ("time", JSONText.string(time)), ("kind", JSONText.string("text")),
                                    ("text", JSONText.string(message.0))])
        }
        let participants = [JSONText.object([("id", JSONText.string("me@example.com")), ("name", JSONText.string("Me"))]),
                            JSONText.object([("id", JSONText.string("ann@example.com")), ("name", JSONText.string("Ann"))])]
        return Data((JSONText.object([("version", "1"), ("account", JSONText.string("me@example.com")),
                                      ("participants", JSONText.array(participants)),
                                      ("messages", JSONText.array(messages))]) + "\n").utf8)
    }
}

/// Python's `random.Random(seed)` for a small non-negative integer seed: the Mersenne Twister
/// MT19937 seeded by `init_by_array` with the seed as one 32-bit key, `random()` from two
/// draws (53 bits), and `randint` by rejection over `getrandbits` (CPython's `_randbelow`).
/// Only what the bench's sender runs need; the draws must match CPython's one for one.
package struct PythonRandom {
    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 624

    package init(seed: UInt32) {
        state[0] = 19_650_218
        for i in 1..<624 { state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i) }
        // init_by_array with the key [seed].
        var i = 1
        for _ in 0..<624 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ seed
            i += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
        }
        for _ in 0..<623 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 { state[0] = state[623]; i = 1 }
        }
        state[0] = 0x8000_0000
    }

    package mutating func next32() -> UInt32 {
        if index >= 624 { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// A float in [0, 1) with 53 random bits.
    package mutating func random() -> Double {
        let a = Double(next32() >> 5), b = Double(next32() >> 6)
        return (a * 67_108_864 + b) / 9_007_199_254_740_992
    }

    /// `bits` (1…32) random bits.
    package mutating func getrandbits(_ bits: Int) -> UInt32 { next32() >> UInt32(32 - bits) }

    /// An integer in `low...high`.
    package mutating func randint(_ low: Int, _ high: Int) -> Int {
        let n = high - low + 1
        let bits = Int.bitWidth - n.leadingZeroBitCount
        var r = Int(getrandbits(bits))
        while r >= n { r = Int(getrandbits(bits)) }
        return low + r
    }

    private mutating func twist() {
        for i in 0..<624 {
            let y = (state[i] & 0x8000_0000) | (state[(i + 1) % 624] & 0x7FFF_FFFF)
            state[i] = state[(i + 397) % 624] ^ (y >> 1) ^ (y & 1 == 0 ? 0 : 0x9908_B0DF)
        }
        index = 0
    }
}
