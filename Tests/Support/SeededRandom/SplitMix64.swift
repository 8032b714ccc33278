/// SplitMix64: a small generator whose sequence depends only on its seed, so that random test
/// inputs (texts, noise, damaged files) are the same on every machine and a failure names a
/// seed that repeats it. The standard library's generator is seeded at random.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
