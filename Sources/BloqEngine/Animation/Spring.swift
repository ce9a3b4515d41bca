import Foundation

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

    /// The spring whose envelope falls to `settleThreshold` exactly at `duration` seconds.
    init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        let ratio = dampingRatio.isFinite ? max(dampingRatio, Spring.minimumDampingRatio) : 1
        let decayPerOmega = Spring.decayPerOmega(ratio)
        let time = duration.isFinite && duration > 0 ? duration : 1
        self.init(omega: -log(Spring.settleThreshold) / (decayPerOmega * time), dampingRatio: ratio, initialVelocity: initialVelocity)
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
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let a = (-v0 - r2) / (r1 - r2)
        return 1 - (a * exp(r1 * t) + (1 - a) * exp(r2 * t))
    }

    /// The velocity at `t` seconds (distance per second), by a central difference.
    func velocity(at t: Double) -> Double {
        let h = 1e-6
        return (value(at: t + h) - value(at: max(t - h, 0))) / (t + h - max(t - h, 0))
    }
}
