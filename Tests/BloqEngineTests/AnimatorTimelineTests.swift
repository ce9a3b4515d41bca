import Foundation
import Testing

@testable import BloqEngine

/// The animator keeps one timeline: values never jump across a continue, a finish, an
/// addition or a callback; each of these tests failed with the animator before it.
@Suite("PropertyAnimator: one timeline")
struct AnimatorTimelineTests {
    /// An animator with a plain animation and one added with `delayFactor`, recording both.
    final class Delayed {
        let driver = AnimationDriver()
        let animator: PropertyAnimator
        var plain = 0.0
        var late = 0.0
        var completions: [AnimatingPosition] = []

        init(duration: Double = 1, curve: TimingCurve, delayFactor: Double = 0.5) {
            animator = PropertyAnimator(duration: duration, curve: curve, driver: driver)
            animator.addAnimations { [unowned self] in self.plain = $0 }
            animator.addAnimations({ [unowned self] in self.late = $0 }, delayFactor: delayFactor)
            animator.addCompletion { [unowned self] in self.completions.append($0) }
        }

        /// Steps 1/120 s at a time until it completes (or `limit` seconds pass), and returns
        /// the largest change of the delayed value in one step.
        func runToEnd(limit: Double = 5) -> Double {
            var largest = 0.0
            var elapsed = 0.0
            while animator.state != .inactive, elapsed < limit {
                let before = late
                driver.advance(by: 1.0 / 120)
                elapsed += 1.0 / 120
                largest = max(largest, abs(late - before))
            }
            return largest
        }
    }

    @Test("delayed animations keep their value across continue, onto any curve, and finish(at: .current)")
    func delayedAnimationsHoldAcrossContinueAndFinish() {
        // An easeInOut run to t = 0.75, continued on a spring (was 0.50 -> 0.742 in one frame).
        let spring = Delayed(curve: .easeInOut)
        spring.animator.startAnimation()
        spring.driver.advance(by: 0.75)
        spring.animator.pauseAnimation()
        let atPause = spring.late
        #expect(abs(atPause - 0.5) < 1e-9)
        spring.animator.continueAnimation(withTimingParameters: .spring(dampingRatio: 0.8, initialVelocity: 0), durationFactor: 0)
        #expect(spring.late == atPause)
        spring.driver.advance(by: 1.0 / 120)
        #expect(abs(spring.late - atPause) < 0.05, "one frame after continuing onto a spring: \(atPause) -> \(spring.late)")
        #expect(spring.runToEnd() < 0.1)
        #expect(spring.late == 1 && spring.completions == [.end])

        // An easeIn scrubbed to 0.6, continued on easeOut (was 0.28 -> 0).
        let scrubbed = Delayed(curve: .easeIn)
        scrubbed.animator.fractionComplete = 0.6
        let atScrub = scrubbed.late
        #expect(atScrub > 0.2 && atScrub < 0.35)
        scrubbed.animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 0)
        #expect(scrubbed.late == atScrub)
        scrubbed.driver.advance(by: 1.0 / 120)
        #expect(abs(scrubbed.late - atScrub) < 0.05, "one frame after continuing onto easeOut: \(atScrub) -> \(scrubbed.late)")
        #expect(scrubbed.runToEnd() < 0.1)
        #expect(scrubbed.late == 1)

        // An easeOut run to t = 0.6, one step after continuing onto .linear (was a 0.26 jump).
        let linear = Delayed(curve: .easeOut)
        linear.animator.startAnimation()
        linear.driver.advance(by: 0.6)
        let running = linear.late
        linear.animator.continueAnimation(withTimingParameters: .linear, durationFactor: 0)
        linear.driver.advance(by: 1.0 / 120)
        #expect(abs(linear.late - running) < 0.05, "one frame after continuing onto linear: \(running) -> \(linear.late)")
        #expect(linear.runToEnd() < 0.1)

        // finish(at: .current) after a restart leaves every value where it is.
        let finishing = Delayed(curve: .easeInOut)
        finishing.animator.startAnimation()
        finishing.driver.advance(by: 0.7)
        finishing.animator.continueAnimation(withTimingParameters: .spring(dampingRatio: 0.5, initialVelocity: 0), durationFactor: 0)
        finishing.driver.advance(by: 0.05)
        let (plain, late) = (finishing.plain, finishing.late)
        finishing.animator.stopAnimation(false)
        finishing.animator.finishAnimation(at: .current)
        #expect(finishing.plain == plain && finishing.late == late, "finish at .current moved \(late) -> \(finishing.late)")
        #expect(finishing.completions == [.current])
    }

    @Test("continuing a spring from its overshoot onto a monotonic curve comes down from there")
    func continueFromOvershoot() {
        let probe = Probe(duration: 1, curve: .spring(dampingRatio: 0.3, initialVelocity: 0))
        probe.animator.startAnimation()
        // Step to the first peak.
        var previous = -1.0
        while probe.value > previous || probe.value < 1 {
            previous = probe.value
            probe.driver.advance(by: 1.0 / 120)
        }
        probe.animator.pauseAnimation()
        let peak = probe.value
        #expect(peak > 1.2)
        probe.animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 0)
        #expect(probe.value == peak)
        probe.driver.advance(by: 1.0 / 120)
        #expect(abs(probe.value - peak) < 0.05, "one frame after continuing from \(peak): \(probe.value)")
        var largest = 0.0
        while probe.animator.state != .inactive {
            let before = probe.value
            probe.driver.advance(by: 1.0 / 120)
            largest = max(largest, abs(probe.value - before))
            #expect(probe.value >= 1 - 1e-12, "it comes down to 1 from above")
        }
        #expect(largest < 0.05 && probe.value == 1 && probe.completions == [.end])
    }

    @Test("a finished animator can be given animations and started again")
    func finishedAnimatorRunsAgain() {
        let driver = AnimationDriver()
        let animator = PropertyAnimator(duration: 1, curve: .linear, driver: driver)
        var first = 0.0
        animator.addAnimations { first = $0 }
        animator.startAnimation()
        driver.advance(by: 1)
        #expect(first == 1 && animator.state == .inactive)

        var second = -1.0
        var completions: [AnimatingPosition] = []
        animator.addAnimations { second = $0 }
        animator.addCompletion { completions.append($0) }
        animator.startAnimation()
        #expect(second == 0, "a restarted animator starts from the start")
        #expect(animator.fractionComplete == 0)
        driver.advance(by: 0.5)
        #expect(abs(second - 0.5) < 1e-12 && completions.isEmpty)
        driver.advance(by: 0.5 - 1e-6)
        #expect(completions.isEmpty)
        driver.advance(by: 2e-6)
        #expect(second == 1 && completions == [.end])
        #expect(first == 1, "the first run's animations were let go")

        // Reused after finishing at .start, reversed, it runs from the end again.
        animator.addAnimations { second = $0 }
        animator.isReversed = true
        animator.startAnimation()
        driver.advance(by: 1)
        #expect(second == 0)
        animator.isReversed = false
        animator.addAnimations { second = $0 }
        animator.startAnimation()
        #expect(second == 0)
        driver.advance(by: 0.25)
        #expect(abs(second - 0.25) < 1e-12)
    }

    @Test("an animation added to a running animator runs over the rest: 0 when added, 1 at the end")
    func addedWhileRunning() {
        let probe = Probe(duration: 1, curve: .linear)
        probe.animator.startAnimation()
        probe.driver.advance(by: 0.6)
        var alpha = 1.0
        probe.animator.addAnimations { alpha = 1 - $0 }
        #expect(alpha == 1, "a fade added at 60 % starts where it is, not at 0.4")
        probe.driver.advance(by: 0.2)
        #expect(abs(alpha - 0.5) < 1e-9)
        probe.driver.advance(by: 0.2)
        #expect(alpha == 0 && probe.completions == [.end])

        // On a curve, and paused: the same, with no jump at any step.
        let eased = Probe(duration: 0.8, curve: .easeInOut)
        eased.animator.startAnimation()
        eased.driver.advance(by: 0.3)
        eased.animator.pauseAnimation()
        var added = -1.0
        eased.animator.addAnimations { added = $0 }
        #expect(added == 0)
        eased.animator.startAnimation()
        var largest = 0.0
        while eased.animator.state != .inactive {
            let before = added
            eased.driver.advance(by: 1.0 / 120)
            largest = max(largest, abs(added - before))
        }
        #expect(added == 1 && largest < 0.05)
    }

    @Test(
        "defect 5: a duration spring's displacement is within 1e-3 at its duration, for every damping ratio",
        arguments: [0.05, 0.3, 0.7, 0.95, 1.0, 1.05, 1.6, 4.0])
    func springSettlesBeforeItsDuration(ratio: Double) {
        for velocity in [0.0, 2, -3, 12] {
            for duration in [0.05, 0.5, 2] {
                let curve = TimingCurve.spring(dampingRatio: ratio, initialVelocity: velocity)
                // Just before the snap to 1, and a frame or so earlier, it is within 1e-3.
                for fraction in [0.98, 0.99, 0.999, 1 - 1e-9] {
                    let offset = abs(curve.progress(at: fraction, duration: duration) - 1)
                    #expect(offset <= 1e-3, "ratio \(ratio), v \(velocity), \(duration) s: \(offset) at \(fraction)")
                }
            }
        }
    }

    @Test(
        "CONTRACT: a duration spring's envelope falls to 1e-3 by its duration, and its displacement stays within it from 98 % on",
        arguments: [0.05, 0.3, 0.7, 1.0, 1.6])
    func springEnvelopeAndDisplacement(ratio: Double) {
        for velocity in [0.0, 2, -3, 12] {
            for duration in [0.05, 0.5, 2] {
                let spring = Spring(dampingRatio: ratio, initialVelocity: velocity, duration: duration)
                let envelope = exp(-Spring.decayPerOmega(spring.dampingRatio) * spring.omega * duration)
                #expect(envelope <= 1e-3, "ratio \(ratio), v \(velocity), \(duration) s: envelope \(envelope)")
                for step in 0...200 {
                    let t = duration * (0.98 + 0.02 * Double(step) / 200)
                    #expect(abs(spring.value(at: t) - 1) <= 1e-3, "ratio \(ratio), v \(velocity), \(duration) s at \(t)")
                }
            }
        }
    }

    @Test("fractionComplete while running reads the fraction of the timing elapsed")
    func fractionCompleteWhileRunning() {
        let scrubbed = Probe(duration: 2, curve: .easeOut)
        scrubbed.animator.fractionComplete = 0.5
        #expect(scrubbed.animator.fractionComplete == 0.5, "paused: the progress (scrubsLinearly)")
        scrubbed.animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(abs(scrubbed.animator.fractionComplete - 0.3425) < 5e-5)
        scrubbed.driver.advance(by: 0.2)
        #expect(abs(scrubbed.animator.fractionComplete - (0.3425 + 0.1)) < 5e-5)

        let paused = Probe(duration: 1, curve: .easeIn)
        paused.animator.startAnimation()
        paused.driver.advance(by: 0.5)
        paused.animator.pauseAnimation()
        #expect(abs(paused.animator.fractionComplete - 0.3154) < 5e-5, "paused: the progress")
        paused.animator.scrubsLinearly = false
        #expect(abs(paused.animator.fractionComplete - 0.5) < 1e-12, "paused, not scrubbing linearly: the time fraction")
        paused.animator.scrubsLinearly = true
        paused.animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 0)
        #expect(abs(paused.animator.fractionComplete - 0.2049) < 5e-5)
    }

    @Test("continuing onto a spring or Back with durationFactor 0 takes the remaining fraction of the duration")
    func restartTakesTheRemainingFraction() {
        for curve in [
            TimingCurve.spring(dampingRatio: 1, initialVelocity: 0), .spring(dampingRatio: 0.4, initialVelocity: 1), .easeOut(.back),
        ] {
            let probe = Probe(duration: 2, curve: .linear)
            probe.animator.fractionComplete = 0.25
            probe.animator.continueAnimation(withTimingParameters: curve, durationFactor: 0)
            probe.driver.advance(by: 1.5 - 1e-6)
            #expect(probe.completions.isEmpty, "\(curve)")
            probe.driver.advance(by: 2e-6)
            #expect(probe.completions == [.end] && probe.value == 1, "\(curve): done after (1 - 0.25) x 2 s")
        }
        // Reversed, the remaining fraction is the way back.
        let back = Probe(duration: 2, curve: .linear)
        back.animator.fractionComplete = 0.25
        back.animator.isReversed = true
        back.animator.continueAnimation(withTimingParameters: .spring(dampingRatio: 1, initialVelocity: 0), durationFactor: 0)
        back.driver.advance(by: 0.5 - 1e-6)
        #expect(back.completions.isEmpty)
        back.driver.advance(by: 2e-6)
        #expect(back.completions == [.start] && back.value == 0)
    }

    @Test("an endless motion in a sequence plays its opening once, then repeats only its repeating part")
    func endlessMotionsInSequences() {
        let driver = AnimationDriver()
        var opening = 0.0
        var spin = 0.0
        let motion = Motion.tween(1, .linear) { opening = $0 }
            .then(Motion.tween(0.5, .linear) { spin = $0 }.again(times: Motion.forever))
        MotionPlayer(motion, driver: driver).start()
        for _ in 0..<192 { driver.advance(by: 1.0 / 120) }  // 1.6 s
        #expect(opening == 1 && abs(spin - 0.2) < 1e-9)
        for _ in 0..<120 { driver.advance(by: 1.0 / 120) }  // 2.6 s
        #expect(opening == 1, "the opening is not replayed: \(opening)")
        #expect(abs(spin - 0.2) < 1e-9, "the repeating part keeps its phase: \(spin)")

        var delayedSpin = 0.0
        let delayed = Motion.tween(0.5, .linear) { delayedSpin = $0 }.again(times: Motion.forever).delayed(by: 1)
        MotionPlayer(delayed, driver: driver).start()
        for _ in 0..<60 { driver.advance(by: 1.0 / 120) }  // 0.5 s: still waiting
        #expect(delayedSpin == 0)
        for _ in 0..<192 { driver.advance(by: 1.0 / 120) }  // 2.1 s: 0.1 s into its third lap
        #expect(abs(delayedSpin - 0.2) < 1e-9, "the delay is not waited again: \(delayedSpin)")
    }

    @Test("an animator resumed inside a callback begins stepping on the next advance")
    func resumedInsideCallback() {
        let driver = AnimationDriver()
        var resumed = false
        var second = 0.0
        let first = PropertyAnimator(duration: 1, curve: .linear, driver: driver)
        let later = PropertyAnimator(duration: 1, curve: .linear, driver: driver) { second = $0 }
        first.addAnimations { progress in
            if progress >= 0.5, !resumed {
                resumed = true
                later.startAnimation()
            }
        }
        first.startAnimation()
        later.startAnimation()  // registered after `first` ...
        later.pauseAnimation()  // ... and paused, so the driver holds it
        driver.advance(by: 0.6)
        #expect(resumed && later.isRunning)
        #expect(second == 0, "resumed inside first's animation, it must wait for the next advance: \(second)")
        driver.advance(by: 0.1)
        #expect(abs(second - 0.1) < 1e-12)
    }
}
