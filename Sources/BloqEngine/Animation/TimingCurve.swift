/// Maps an animation's time fraction (0...1) to its progress (0 at the start, 1 at the end).
public enum TimingCurve: Hashable, Sendable {
    /// Progress equals the time fraction.
    case linear
    /// A cubic Bézier from (0,0) to (1,1) with control points (x1,y1) and (x2,y2), as Core
    /// Animation's `CAMediaTimingFunction`. x1 and x2 are clamped to 0...1 so the curve is a
    /// function of time; x is solved exactly (Newton's method, bisection fallback).
    case cubicBezier(Double, Double, Double, Double)
    /// One of Kinieta's easing families, by Penner's equations.
    case easing(EasingFamily, EasingMode)
    /// A duration-based spring: the softest spring whose displacement from 1 (and so its
    /// envelope) is within 1e-3 from the animator's duration on, where it snaps to 1 and
    /// completes, for every damping ratio and initial velocity. `dampingRatio` 1 is
    /// critical (no overshoot), below 1 bounces (raised to 0.01 at least); `initialVelocity`
    /// is in whole distances per second, so a gesture's speed carries over without a jump.
    case spring(dampingRatio: Double, initialVelocity: Double)
    /// A glide, as a puck pushed on ice: a cubic from 0 to 1 over the animator's duration
    /// that leaves at `initialVelocity` (whole distances per second, as a spring's, so a
    /// gesture's speed carries over without a jump) and arrives at `arrivalSlope` times its
    /// average speed (0 eases into place; above 1 it lands with speed, for an impact).
    /// It never goes back or past its end: the initial slope (velocity × duration) and the
    /// arrival slope are kept within 0...3, where the cubic rises monotonically. Like a
    /// spring it carries a velocity, so continuing onto it restarts it over the remaining
    /// distance with that velocity rescaled.
    case glide(initialVelocity: Double, arrivalSlope: Double)
    /// A physical spring: its duration comes from the physics (the time its envelope takes
    /// to fall to 1e-3), not from the animator, as with UIKit's UISpringTimingParameters.
    case physicalSpring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)

    /// A physical spring (see `physicalSpring`), named as UIKit names its parameters.
    public static func spring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) -> TimingCurve {
        .physicalSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Core Animation's ease-in: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve.cubicBezier(0.42, 0, 1, 1)
    /// Core Animation's ease-out: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve.cubicBezier(0, 0, 0.58, 1)
    /// Core Animation's ease-in-out: (0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve.cubicBezier(0.42, 0, 0.58, 1)

    /// Kinieta's `easeIn(.family)`.
    public static func easeIn(_ family: EasingFamily) -> TimingCurve { .easing(family, .easeIn) }
    /// Kinieta's `easeOut(.family)`.
    public static func easeOut(_ family: EasingFamily) -> TimingCurve { .easing(family, .easeOut) }
    /// Kinieta's `easeInOut(.family)`.
    public static func easeInOut(_ family: EasingFamily) -> TimingCurve { .easing(family, .easeInOut) }

    /// The progress at time fraction `t` (clamped to 0...1) of an animation lasting
    /// `duration` seconds (only duration springs depend on it). Always 0 at 0 and 1 at 1.
    public func progress(at t: Double, duration: Double = 1) -> Double {
        evaluator(duration: duration, velocityScale: 1).progress(at: t)
    }

    /// The curve with its coefficients worked out once, for evaluating many times; a
    /// spring's initial velocity is multiplied by `velocityScale` (a spring run over part of
    /// the distance needs a larger normalised speed).
    func evaluator(duration: Double, velocityScale: Double) -> CurveEvaluator {
        switch self {
        case .linear:
            return .linear
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return .bezier(CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2))
        case .easing(let family, let mode):
            return .easing(family, mode)
        case .spring(let ratio, let velocity):
            let spring = Spring(dampingRatio: ratio, initialVelocity: velocity * velocityScale, duration: duration)
            return .spring(spring, seconds: duration)
        case .glide(let velocity, let arrival):
            return .glide(Glide(leaving: velocity * velocityScale * duration, arriving: arrival))
        case .physicalSpring(let m, let k, let c, let velocity):
            let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: velocity * velocityScale)
            return .spring(spring, seconds: spring.settlingDuration)
        }
    }

    /// The time fraction at which a monotonic curve first reaches `progress` (clamped to
    /// 0...1), to about 1e-12. For curves that are not monotonic it returns `progress`.
    public func timeFraction(forProgress progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch self {
        case .linear:
            return p
        case .cubicBezier, .easing:
            guard isMonotonic else { return p }
            if p <= 0 { return 0 }
            if p >= 1 { return 1 }
            var low = 0.0
            var high = 1.0
            for _ in 0..<64 {
                let mid = (low + high) / 2
                if self.progress(at: mid) < p { low = mid } else { high = mid }
                if high - low < 1e-14 { break }
            }
            return (low + high) / 2
        case .spring, .physicalSpring, .glide:
            return p
        }
    }

    /// Whether progress never decreases over time, so each progress maps back to one time.
    /// Springs and Back are not: continuing onto them restarts them over the remaining
    /// distance. Nor is a glide counted so: its shape depends on the velocity it carries,
    /// so it restarts as a spring does.
    public var isMonotonic: Bool {
        switch self {
        case .linear: true
        case .cubicBezier(_, let y1, _, let y2): (0...1).contains(y1) && (0...1).contains(y2)
        case .easing(let family, _): family != .back
        case .spring, .physicalSpring, .glide: false
        }
    }

    /// The duration the physics sets (physical springs), or nil when the animator's
    /// duration applies.
    public var settlingDuration: Double? {
        guard case .physicalSpring(let m, let k, let c, let v) = self else { return nil }
        return Spring(mass: m, stiffness: k, damping: c, initialVelocity: v).settlingDuration
    }

    /// The same curve with a spring's initial velocity replaced (other curves unchanged).
    func withInitialVelocity(_ velocity: Double) -> TimingCurve {
        switch self {
        case .spring(let ratio, _):
            return .spring(dampingRatio: ratio, initialVelocity: velocity)
        case .physicalSpring(let m, let k, let c, _):
            return .physicalSpring(mass: m, stiffness: k, damping: c, initialVelocity: velocity)
        case .glide(_, let arrival):
            return .glide(initialVelocity: velocity, arrivalSlope: arrival)
        default:
            return self
        }
    }
}

/// A timing curve ready to evaluate: coefficients computed once, no allocation.
enum CurveEvaluator {
    case linear
    case bezier(CubicBezier)
    case easing(EasingFamily, EasingMode)
    /// A spring over `seconds` of real time for the time fraction 0...1.
    case spring(Spring, seconds: Double)
    case glide(Glide)

    /// The progress at time fraction `t` (clamped to 0...1); exactly 0 at 0 and 1 at 1
    /// (a spring snaps to 1 at its end).
    func progress(at t: Double) -> Double {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        if t == 1 { return 1 }
        switch self {
        case .linear: return t
        case .bezier(let bezier): return bezier.y(atParameter: bezier.parameter(forX: t))
        case .easing(let family, let mode): return Penner.value(family, mode, t)
        case .spring(let spring, let seconds): return spring.value(at: t * seconds)
        case .glide(let glide): return glide.value(at: t)
        }
    }
}

/// The cubic Hermite curve from 0 to 1 on 0...1 with slope `leaving` at 0 and `arriving`
/// at 1 (both in whole distances per whole duration), each kept within 0...3 and, together,
/// within the circle a² + b² ≤ 9 where such a cubic is monotonic (Fritsch and Carlson).
struct Glide: Hashable, Sendable {
    let a: Double
    let b: Double

    init(leaving: Double, arriving: Double) {
        var a = leaving.isFinite ? min(max(leaving, 0), 3) : 0
        var b = arriving.isFinite ? min(max(arriving, 0), 3) : 1
        let norm = (a * a + b * b).squareRoot()
        if norm > 3 {
            a *= 3 / norm
            b *= 3 / norm
        }
        self.a = a
        self.b = b
    }

    func value(at t: Double) -> Double {
        ((a + b - 2) * t + (3 - 2 * a - b)) * t * t + a * t
    }
}

/// A cubic Bézier from (0,0) to (1,1), solved for its parameter at a given x.
struct CubicBezier {
    let cx, bx, ax, cy, by, ay: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let x1 = x1.isFinite ? min(max(x1, 0), 1) : 0
        let x2 = x2.isFinite ? min(max(x2, 0), 1) : 1
        let y1 = y1.isFinite ? y1 : 0
        let y2 = y2.isFinite ? y2 : 1
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(atParameter s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(atParameter s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(atParameter s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter s in 0...1 with x(s) == x, to about 1e-13. x(s) rises monotonically
    /// (x1, x2 lie in 0...1), so Newton's method is kept inside a shrinking bracket and
    /// bisects whenever a step would leave it: fast where the slope is healthy, and still
    /// sure near a flat start or end (ease-out's x'(0) is 0).
    func parameter(forX x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var s = x
        for _ in 0..<100 {
            let error = self.x(atParameter: s) - x
            if abs(error) < 1e-13 { return s }
            if error > 0 { high = s } else { low = s }
            let slope = dx(atParameter: s)
            var next = slope > 1e-12 ? s - error / slope : -1
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == s { return s }
            s = next
        }
        return s
    }
}
