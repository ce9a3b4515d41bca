/// A burst of confetti as a pure function of time: each piece flies on a parabola, spins,
/// and fades at the end, so a burst can be drawn at any moment (and scrubbed) from its
/// seed. Its randomness is cosmetic: a generator of its own, never the game's.
public struct ConfettiBurst: Sendable {
    public struct Piece: Sendable {
        public var x: Double
        public var y: Double
        /// Rotation in radians.
        public var angle: Double
        /// Index into the palette of block colours, 0...7.
        public var color: Int
        public var size: Double
        public var opacity: Double
    }

    struct Seed: Sendable {
        var x, y, vx, vy, spin, angle, size: Double
        var color: Int
    }

    /// How long a burst lasts, in seconds.
    public let duration: Double
    private let seeds: [Seed]
    private let gravity: Double

    /// A burst of `count` pieces from `origin` in a viewport of `size`, drawn from `random`
    /// (a cosmetic generator, never the game's: the shell seeds one for each burst).
    public init(count: Int, origin: Point, size: Size, random: inout some RandomNumberGenerator, duration: Double = 2.4) {
        // 53 random bits a number in 0..<1.
        func next() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let scale = min(size.width, size.height)
        self.duration = duration
        gravity = scale * 1.6
        seeds = (0..<max(count, 0)).map { _ in
            let angle = -Double.pi / 2 + (next() - 0.5) * Double.pi * 0.9
            let speed = scale * (0.9 + next() * 1.1)
            return Seed(
                x: origin.x + (next() - 0.5) * scale * 0.2, y: origin.y, vx: cos(angle) * speed, vy: sin(angle) * speed,
                spin: (next() - 0.5) * 14, angle: next() * 6.28, size: scale * (0.012 + next() * 0.014), color: Int(next() * 8) % 8)
        }
    }

    /// The pieces `t` seconds after the burst began (none after `duration`).
    public func pieces(at t: Double) -> [Piece] {
        guard t >= 0, t < duration else { return [] }
        let fade = t > duration * 0.7 ? 1 - (t - duration * 0.7) / (duration * 0.3) : 1
        // Air drag: velocity decays, so pieces float down rather than fall like stones.
        let drag = 1.8
        let decay = (1 - exp(-drag * t)) / drag
        return seeds.map { seed in
            Piece(
                x: seed.x + seed.vx * decay,
                y: seed.y + seed.vy * decay + gravity * 0.35 * t * t,
                angle: seed.angle + seed.spin * t, color: seed.color, size: seed.size, opacity: fade)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
