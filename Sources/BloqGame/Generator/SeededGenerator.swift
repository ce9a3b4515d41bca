/// SplitMix64 (as in swift-argument-parser's `roll` example): a small, fast generator whose
/// whole state is its seed, so what it makes is the same for the same seed on every
/// machine. Never seeded from a clock. The one generator of the package: levels and daily
/// boards (BloqGame), confetti and sound (cosmetic, each with a seed of its own, so they
/// never change a replay), and the tests' seeded sweeps.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in 0..<bound (bound > 0), without modulo bias worth noticing here.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// A number in 0..<1 with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
