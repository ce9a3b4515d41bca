import BloqEngine
import Foundation
import Testing

@Suite("Easing families and springs")
struct CurveFamilyTests {
    @Test("Penner's equations at known points")
    func penner() {
        func at(_ family: EasingFamily, _ mode: EasingMode, _ t: Double) -> Double {
            TimingCurve.easing(family, mode).progress(at: t)
        }
        #expect(abs(at(.quad, .easeIn, 0.5) - 0.25) < 1e-12)
        #expect(abs(at(.cubic, .easeOut, 0.5) - 0.875) < 1e-12)
        #expect(abs(at(.quart, .easeInOut, 0.25) - 8 * pow(0.25, 4)) < 1e-12)
        #expect(abs(at(.quint, .easeIn, 0.5) - 1.0 / 32) < 1e-12)
        #expect(abs(at(.sine, .easeIn, 0.5) - (1 - cos(Double.pi / 4))) < 1e-12)
        #expect(abs(at(.expo, .easeOut, 0.5) - (1 - pow(2, -5))) < 1e-12)
        let c = 1.70158
        #expect(abs(at(.back, .easeIn, 0.5) - ((c + 1) * 0.125 - c * 0.25)) < 1e-12)
        // Back dips below 0 (in) and overshoots 1 (out) by Penner's 10 %.
        let lowest = (0...1000).map { at(.back, .easeIn, Double($0) / 1000) }.min() ?? 0
        #expect(abs(lowest - (-0.1)) < 1e-3)
        let highest = (0...1000).map { at(.back, .easeOut, Double($0) / 1000) }.max() ?? 0
        #expect(abs(highest - 1.1) < 1e-3)
        for family in EasingFamily.allCases {
            for mode in EasingMode.allCases {
                #expect(abs(at(family, mode, 0)) < 1e-3, "\(family) \(mode) starts at 0")
                #expect(at(family, mode, 1) == 1, "\(family) \(mode) ends at 1")
                #expect(TimingCurve.easing(family, mode).isMonotonic == (family != .back))
            }
        }
        #expect(TimingCurve.easeInOut(.cubic) == .easing(.cubic, .easeInOut))
    }

    @Test("a glide leaves at its velocity, lands at its slope, and never goes back or past its end")
    func glide() {
        // Over 0.5 s, leaving at 1.2 distances a second (slope 0.6) and landing at slope 1.2.
        let curve = TimingCurve.glide(initialVelocity: 1.2, arrivalSlope: 1.2)
        let h = 1e-6
        #expect(curve.progress(at: 0, duration: 0.5) == 0 && curve.progress(at: 1, duration: 0.5) == 1)
        #expect(abs(curve.progress(at: h, duration: 0.5) / h - 0.6) < 1e-4)
        #expect(abs((1 - curve.progress(at: 1 - h, duration: 0.5)) / h - 1.2) < 1e-4)
        #expect(!curve.isMonotonic, "it carries a velocity: continuing onto it restarts it, as onto a spring")
        // Whatever it is asked (slopes beyond 3, negative, infinite), it rises from 0 to 1.
        for (velocity, arrival) in [(0.0, 0.0), (20, 1.2), (-5, 2), (6, 6), (.infinity, 1), (1, .nan)] {
            let wild = TimingCurve.glide(initialVelocity: velocity, arrivalSlope: arrival)
            var last = 0.0
            for step in 0...1000 {
                let value = wild.progress(at: Double(step) / 1000, duration: 1)
                #expect(value >= last - 1e-12 && value <= 1 + 1e-12, "\(velocity), \(arrival) at \(step)")
                last = value
            }
            #expect(last == 1)
        }
    }

    @Test("continued onto a glide, a scrubbed animator leaves at the glide's velocity, with no jump")
    func glideCarriesVelocity() {
        let probe = Probe(duration: 1, curve: .linear)
        probe.animator.pauseAnimation()
        probe.animator.fractionComplete = 0.25
        // 1.5 whole distances a second: 2 remaining distances a second over 0.4 s (slope 0.8).
        probe.animator.continueAnimation(withTimingParameters: .glide(initialVelocity: 1.5, arrivalSlope: 1), durationFactor: 0.4)
        #expect(probe.value == 0.25)
        probe.driver.advance(by: 0.001)
        #expect(abs((probe.value - 0.25) / 0.001 - 1.5) < 0.01, "speed \((probe.value - 0.25) / 0.001)")
        probe.driver.advance(by: 0.399)
        #expect(probe.value == 1 && probe.completions == [.end])
    }

    @Test("a duration spring has settled within 1e-3 by its duration, where it snaps to 1")
    func durationSpring() {
        for ratio in [0.3, 0.7, 1.0, 1.6] {
            let curve = TimingCurve.spring(dampingRatio: ratio, initialVelocity: 0)
            #expect(curve.progress(at: 1, duration: 0.8) == 1)
            // Near the end the distance to 1 is within a few envelopes of 1e-3.
            let late = curve.progress(at: 0.999, duration: 0.8)
            #expect(abs(late - 1) < 1e-2, "ratio \(ratio): \(late)")
            // Early on it is clearly still moving.
            #expect(curve.progress(at: 0.05, duration: 0.8) < 0.9)
        }
        // An underdamped spring overshoots; a critically damped one does not.
        let bouncy = (0...1000).map {
            TimingCurve.spring(dampingRatio: 0.3, initialVelocity: 0).progress(at: Double($0) / 1000, duration: 1)
        }
        #expect((bouncy.max() ?? 0) > 1.2)
        let critical = (0...1000).map {
            TimingCurve.spring(dampingRatio: 1, initialVelocity: 0).progress(at: Double($0) / 1000, duration: 1)
        }
        #expect((critical.max() ?? 2) <= 1 + 1e-12)
        // Ratio 0.5 from rest over 1 s: |x - 1| <= A e^(-0.5 omega t) with A = 1 / sqrt(1 - 0.25), and
        // omega is the softest that brings that bound to 1e-3 at 98 % of the duration (so the
        // envelope, e^(-0.5 omega t), is below 1e-3 there too).
        let omega = log(1000 / (1 - 0.25).squareRoot()) / (0.5 * 0.98)
        #expect(exp(-0.5 * omega * 0.98) < 1e-3)
        let damped = omega * (1 - 0.25).squareRoot()
        for step in 1..<100 {
            let t = Double(step) / 100
            let expected = 1 - exp(-0.5 * omega * t) * (cos(damped * t) + 0.5 * omega / damped * sin(damped * t))
            #expect(abs(TimingCurve.spring(dampingRatio: 0.5, initialVelocity: 0).progress(at: t, duration: 1) - expected) < 1e-9)
        }
    }

    @Test("a spring's initial velocity is in whole distances per second")
    func springVelocity() {
        let curve = TimingCurve.spring(dampingRatio: 1, initialVelocity: 4)
        let h = 1e-6
        let duration = 0.5
        let slope = curve.progress(at: h / duration, duration: duration) / h
        #expect(abs(slope - 4) < 1e-3)
    }

    @Test("a physical spring takes its duration from the physics")
    func physicalSpring() throws {
        let curve = TimingCurve.spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        // omega = 10, ratio = 0.5: the envelope e^(-5 t) reaches 1e-3 at ln(1000)/5.
        let settling = try #require(curve.settlingDuration)
        #expect(abs(settling - log(1000) / 5) < 1e-12)
        let driver = AnimationDriver()
        var value = 0.0
        var completed = false
        let animator = PropertyAnimator(duration: 99, curve: curve, driver: driver) { value = $0 }
        animator.addCompletion { _ in completed = true }
        animator.startAnimation()
        driver.advance(by: settling - 0.01)
        #expect(!completed)
        driver.advance(by: 0.02)
        #expect(completed && value == 1)
    }
}
