import BloqEngine
import Foundation
import Testing

@Suite("PropertyAnimator: restarts, keyframes, delays, continuity")
struct AnimatorRemappingTests {
    @Test("continuing onto a spring restarts it over the remaining distance, p0 + (1 - p0) c(t), in the remaining time")
    func restartOntoSpring() {
        let probe = Probe(duration: 1, curve: .easeInOut)
        probe.animator.fractionComplete = 0.4
        let spring = TimingCurve.spring(dampingRatio: 0.8, initialVelocity: 0)
        probe.animator.continueAnimation(withTimingParameters: spring, durationFactor: 0)
        #expect(probe.value == 0.4)
        // durationFactor 0: the remaining fraction of the timing, 1 - T, where T is the time
        // at which the animator's curve reaches the scrubbed progress.
        let remaining = 1 - TimingCurve.easeInOut.timeFraction(forProgress: 0.4)
        probe.driver.advance(by: 0.3)
        let expected = 0.4 + 0.6 * spring.progress(at: 0.3 / remaining, duration: remaining)
        #expect(abs(probe.value - expected) < 1e-12)
        probe.driver.advance(by: remaining - 0.3 - 1e-6)
        #expect(probe.completions.isEmpty)
        probe.driver.advance(by: 2e-6)
        #expect(probe.completions == [.end] && probe.value == 1)
    }

    @Test("a spring continued with a release velocity starts at that speed")
    func springCarriesVelocity() {
        let probe = Probe(duration: 0.5, curve: .linear)
        probe.animator.fractionComplete = 0.5
        // 3 whole distances per second, given as the spring's initial velocity.
        probe.animator.continueAnimation(withTimingParameters: .spring(dampingRatio: 1, initialVelocity: 3), durationFactor: 0)
        let h = 1e-5
        probe.driver.advance(by: h)
        #expect(abs((probe.value - 0.5) / h - 3) < 1e-2)
    }

    @Test("reversing a running spring turns it around without a jump and ends at .start")
    func reverseSpring() {
        let probe = Probe(duration: 1, curve: .spring(dampingRatio: 0.9, initialVelocity: 0))
        probe.animator.startAnimation()
        probe.driver.advance(by: 0.2)
        let at = probe.value
        probe.animator.isReversed = true
        #expect(probe.value == at)
        probe.driver.advance(by: 0.001)
        #expect(abs(probe.value - at) < 0.01)
        probe.driver.advance(by: 2)
        #expect(probe.completions == [.start] && probe.value == 0)
    }

    @Test("an inactive animator set reversed runs from the end to the start")
    func startReversed() {
        let probe = Probe(duration: 1, curve: .linear)
        probe.animator.isReversed = true
        probe.animator.startAnimation()
        #expect(probe.value == 1)
        probe.driver.advance(by: 0.25)
        #expect(abs(probe.value - 0.75) < 1e-12)
        probe.driver.advance(by: 1)
        #expect(probe.completions == [.start])
    }

    @Test("keyframes take their own stretch of the progress and scrub with it")
    func keyframes() {
        let driver = AnimationDriver()
        var first = -1.0
        var second = -1.0
        let animator = PropertyAnimator(duration: 1, curve: .linear, driver: driver)
        animator.addKeyframe(relativeStartTime: 0, relativeDuration: 0.3) { first = $0 }
        animator.addKeyframe(relativeStartTime: 0.3, relativeDuration: 0.7) { second = $0 }
        animator.fractionComplete = 0.15
        #expect(abs(first - 0.5) < 1e-12 && second == 0)
        animator.fractionComplete = 0.65
        #expect(first == 1 && abs(second - 0.5) < 1e-12)
        animator.fractionComplete = 0.1
        #expect(abs(first - 1.0 / 3) < 1e-12 && second == 0)
        animator.startAnimation()
        driver.advance(by: 1)
        #expect(first == 1 && second == 1)
    }

    @Test("keyframes follow the animator's curve")
    func keyframesOnCurve() {
        let driver = AnimationDriver()
        var value = 0.0
        let animator = PropertyAnimator(duration: 1, curve: .easeIn, driver: driver)
        animator.addKeyframe(relativeStartTime: 0, relativeDuration: 0.5) { value = $0 }
        animator.startAnimation()
        driver.advance(by: 0.6)
        let progress = bezierReference(0.42, 0, 1, 1, at: 0.6)
        #expect(abs(value - min(progress / 0.5, 1)) < 1e-9)
    }

    @Test("an animation added with a delay factor waits that fraction of the remaining time")
    func delayFactor() {
        let driver = AnimationDriver()
        var main = 0.0
        var late = -1.0
        let animator = PropertyAnimator(duration: 2, curve: .linear, driver: driver) { main = $0 }
        animator.startAnimation()
        driver.advance(by: 0.5)  // a quarter in; 1.5 s remain
        animator.addAnimations({ late = $0 }, delayFactor: 0.5)  // starts 0.75 s from now
        #expect(late == 0)
        driver.advance(by: 0.7)
        #expect(late == 0)
        driver.advance(by: 0.4)  // 0.35 s into its 0.75 s
        #expect(abs(late - 0.35 / 0.75) < 1e-9)
        driver.advance(by: 1)
        #expect(late == 1 && main == 1)
    }
}
