/// Maps an animation's time fraction (0...1) to its progress (0 at the start, 1 at the end).
public enum TimingCurve: Hashable, Sendable {
    /// Progress equals the time fraction.
    case linear
    /// A cubic Bézier from (0,0) to (1,1) with control points (x1,y1) and (x2,y2), as Core
    /// Animation's `CAMediaTimingFunction`. x1 and x2 are clamped to 0...1 so the curve is a
    /// function of time; x is solved exactly (Newton's method, bisection fallback).
    case cubicBezier(Double, Double, Double, Double)

    /// Core Animation's ease-in: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve.cubicBezier(0.42, 0, 1, 1)
    /// Core Animation's ease-out: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve.cubicBezier(0, 0, 0.58, 1)
    /// Core Animation's ease-in-out: (0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve.cubicBezier(0.42, 0, 0.58, 1)

    /// The progress at time fraction `t` (clamped to 0...1).
    public func progress(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear:
            return t
        case .cubicBezier(let x1, let y1, let x2, let y2):
            let bezier = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            return bezier.y(atParameter: bezier.parameter(forX: t))
        }
    }

    /// The time fraction at which the curve first reaches `progress`, for curves that rise
    /// monotonically; progress outside 0...1 is clamped. Exact to about 1e-12.
    public func timeFraction(forProgress progress: Double) -> Double {
        let p = min(max(progress, 0), 1)
        switch self {
        case .linear:
            return p
        case .cubicBezier:
            // progress(at:) is non-decreasing for y1, y2 in 0...1; bisect on it.
            var low = 0.0
            var high = 1.0
            for _ in 0..<100 {
                let mid = (low + high) / 2
                if self.progress(at: mid) < p { low = mid } else { high = mid }
                if high - low < 1e-14 { break }
            }
            return (low + high) / 2
        }
    }

    /// Whether progress never decreases over time, so a progress maps back to one time.
    public var isMonotonic: Bool {
        switch self {
        case .linear: true
        case .cubicBezier(_, let y1, _, let y2): (0...1).contains(y1) && (0...1).contains(y2)
        }
    }
}

/// A cubic Bézier from (0,0) to (1,1), solved for its parameter at a given x.
struct CubicBezier {
    let cx, bx, ax, cy, by, ay: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let x1 = min(max(x1, 0), 1)
        let x2 = min(max(x2, 0), 1)
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

    /// The parameter s in 0...1 with x(s) == x. x(s) is monotonic because x1, x2 lie in 0...1.
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = self.x(atParameter: s) - x
            if abs(error) < 1e-12 { return s }
            let slope = dx(atParameter: s)
            if abs(slope) < 1e-9 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<64 {
            let value = self.x(atParameter: s)
            if abs(value - x) < 1e-14 { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
