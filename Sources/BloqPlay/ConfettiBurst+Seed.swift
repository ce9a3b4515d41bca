import BloqEngine
import BloqGame

extension ConfettiBurst {
    /// A burst from a cosmetic seed, through the package's seeded generator: the same seed
    /// gives the same burst everywhere.
    public init(count: Int, origin: Point, size: Size, seed: UInt64, duration: Double = 2.4) {
        var random = SeededGenerator(seed: seed &+ 0x9E37_79B9_7F4A_7C15)
        self.init(count: count, origin: origin, size: size, random: &random, duration: duration)
    }
}
