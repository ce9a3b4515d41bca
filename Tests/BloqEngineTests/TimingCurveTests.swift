import BloqEngine
import Testing

/// Inverts a cubic Bézier by plain bisection on its parameter: an independent check of
/// the engine's Newton solver.
func bezierReference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return coordinate(y1, y2, (low + high) / 2)
}

@Suite("Timing curves")
struct TimingCurveTests {
    @Test("Core Animation's named curves have their control points")
    func namedCurves() {
        #expect(TimingCurve.easeIn == .cubicBezier(0.42, 0, 1, 1))
        #expect(TimingCurve.easeOut == .cubicBezier(0, 0, 0.58, 1))
        #expect(TimingCurve.easeInOut == .cubicBezier(0.42, 0, 0.58, 1))
    }

    @Test("a Bézier is solved exactly for x", arguments: [TimingCurve.easeIn, .easeOut, .easeInOut, .cubicBezier(0.2, 0.9, 0.3, 0.1)])
    func exact(_ curve: TimingCurve) {
        guard case .cubicBezier(let x1, let y1, let x2, let y2) = curve else { return }
        for step in 0...100 {
            let t = Double(step) / 100
            #expect(abs(curve.progress(at: t) - bezierReference(x1, y1, x2, y2, at: t)) < 1e-9)
        }
        #expect(curve.progress(at: 0) == 0)
        #expect(abs(curve.progress(at: 1) - 1) < 1e-12)
    }

    @Test("ease-out reaches progress 0.5 at time fraction 0.3425")
    func easeOutInverse() {
        let t = TimingCurve.easeOut.timeFraction(forProgress: 0.5)
        #expect(abs(t - 0.3425) < 5e-5)
        #expect(abs(TimingCurve.easeOut.progress(at: t) - 0.5) < 1e-12)
    }

    @Test("linear is the identity; time outside 0...1 is clamped")
    func linear() {
        #expect(TimingCurve.linear.progress(at: 0.3) == 0.3)
        #expect(TimingCurve.linear.progress(at: -1) == 0)
        #expect(TimingCurve.easeIn.progress(at: 2) == 1)
    }
}
