#if canImport(Glibc)
    import Glibc
#endif

/// A damped spring from 0 to 1: x(0) = 0, x'(0) = the initial velocity, settling at 1.
struct Spring: Hashable, Sendable {
    /// The envelope's value at the settling time.
    static let settleThreshold = 1e-3
    /// Below this a spring would never settle; damping ratios are raised to it.
    static let minimumDampingRatio = 0.01

    /// Undamped angular frequency (radians per second).
    let omega: Double
    let dampingRatio: Double
    /// Initial velocity in distance per second (the whole distance is 1).
    let initialVelocity: Double

    init(omega: Double, dampingRatio: Double, initialVelocity: Double) {
        self.omega = omega.isFinite && omega > 0 ? omega : 1
        self.dampingRatio = dampingRatio.isFinite ? max(dampingRatio, Spring.minimumDampingRatio) : 1
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// The fraction of its duration by which a duration spring has settled, so that even
    /// the last frame before the snap at the duration is within `settleThreshold`.
    static let settledFraction = 0.98

    /// The softest spring that has settled by `settledFraction` of `duration` seconds: from
    /// then on its displacement |x(t) − 1| stays within `settleThreshold`, and so does its
    /// envelope (never above the displacement bound), at the duration and before it.
    /// Fitting only the envelope left a critically damped spring 7.9e-3 short at its
    /// duration, a visible snap.
    init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        let ratio = dampingRatio.isFinite ? max(dampingRatio, Spring.minimumDampingRatio) : 1
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        let time = (duration.isFinite && duration > 0 ? duration : 1) * Spring.settledFraction
        // The envelope alone: e^(−decay·ω·t) = threshold.
        let envelopeOmega = -log(Spring.settleThreshold) / (Spring.decayPerOmega(ratio) * time)
        func settled(_ omega: Double) -> Bool {
            Spring(omega: omega, dampingRatio: ratio, initialVelocity: velocity).displacementBound(at: time) <= Spring.settleThreshold
        }
        var high = envelopeOmega
        var low = envelopeOmega
        if !settled(high) {
            // Double until settled (the bound falls at least like the envelope), then bisect.
            var doublings = 0
            while !settled(high), doublings < 64 {
                low = high
                high *= 2
                doublings += 1
            }
            for _ in 0..<60 {
                let mid = (low + high) / 2
                if settled(mid) { high = mid } else { low = mid }
                if high - low <= 1e-12 * high { break }
            }
        }
        self.init(omega: high, dampingRatio: ratio, initialVelocity: velocity)
    }

    /// The physical spring of a mass on a spring with a damper.
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        let c = damping.isFinite && damping >= 0 ? damping : 10
        self.init(omega: (k / m).squareRoot(), dampingRatio: c / (2 * (k * m).squareRoot()), initialVelocity: initialVelocity)
    }

    /// The slowest exponential decay rate divided by omega.
    static func decayPerOmega(_ ratio: Double) -> Double {
        if ratio < 1 { return ratio }
        if ratio == 1 { return 1 }
        return ratio - (ratio * ratio - 1).squareRoot()
    }

    /// An upper bound of |x(t) − 1| for every time from `t` on (it only falls after t once
    /// the envelope is below 1e-3): the slowest exponential times a factor that stays
    /// bounded through critical damping, where the closed forms' coefficients diverge.
    func displacementBound(at t: Double) -> Double {
        let zeta = dampingRatio
        let v0 = initialVelocity
        // x − 1 = −e^(−σt)·(1 + (σ − v0)·t + …) near critical damping; |sin u| ≤ |u| and
        // |1 − e^(−u)| ≤ u give the second factor below for every ratio.
        let sigma = Spring.decayPerOmega(zeta) * omega
        var factor = 1 + abs(v0 - sigma) * t
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - v0) / damped
            factor = min(factor, (1 + b * b).squareRoot())
        } else if zeta > 1 {
            let (r1, r2, a) = overdamped
            factor = min(factor, abs(a) + abs(1 - a) * exp((r2 - r1) * t))
        }
        return exp(-sigma * t) * factor
    }

    /// The time at which the envelope falls to `settleThreshold`.
    var settlingDuration: Double { -log(Spring.settleThreshold) / (Spring.decayPerOmega(dampingRatio) * omega) }

    /// The position at `t` seconds.
    func value(at t: Double) -> Double {
        let zeta = dampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let decay = zeta * omega
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-decay * t) * (cos(damped * t) + (decay - v0) / damped * sin(damped * t))
        }
        if zeta == 1 {
            return 1 - exp(-omega * t) * (1 + (omega - v0) * t)
        }
        let (r1, r2, a) = overdamped
        return 1 - (a * exp(r1 * t) + (1 - a) * exp(r2 * t))
    }

    /// Past critical damping, x − 1 = −(a·e^(r1·t) + (1 − a)·e^(r2·t)).
    private var overdamped: (r1: Double, r2: Double, a: Double) {
        let root = (dampingRatio * dampingRatio - 1).squareRoot()
        let r1 = -omega * (dampingRatio - root)
        let r2 = -omega * (dampingRatio + root)
        return (r1, r2, (-initialVelocity - r2) / (r1 - r2))
    }
}
