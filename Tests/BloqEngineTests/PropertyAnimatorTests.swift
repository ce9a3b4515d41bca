import BloqEngine
import Testing

/// An animator on a fresh driver that records its value and completions.
final class Probe {
    let driver = AnimationDriver()
    let animator: PropertyAnimator
    var value = 0.0
    var completions: [AnimatingPosition] = []

    init(duration: Double = 1, curve: TimingCurve = .linear) {
        animator = PropertyAnimator(duration: duration, curve: curve, driver: driver)
        animator.addAnimations { [unowned self] in self.value = $0 }
        animator.addCompletion { [unowned self] in self.completions.append($0) }
    }
}

@Suite("PropertyAnimator")
struct PropertyAnimatorTests {
    @Test("starts inactive; runs to the end on driver time and completes at .end")
    func runsToEnd() {
        let probe = Probe(duration: 2)
        #expect(probe.animator.state == .inactive)
        probe.animator.startAnimation()
        #expect(probe.animator.state == .active && probe.animator.isRunning)
        probe.driver.advance(by: 0.5)
        #expect(abs(probe.value - 0.25) < 1e-12)
        probe.driver.advance(by: 1.5)
        #expect(probe.value == 1)
        #expect(probe.completions == [.end])
        #expect(probe.animator.state == .inactive)
        #expect(probe.driver.activeCount == 0)
    }

    @Test("the value follows the curve while running")
    func followsCurve() {
        let probe = Probe(duration: 1, curve: .easeIn)
        probe.animator.startAnimation()
        probe.driver.advance(by: 0.3)
        #expect(abs(probe.value - bezierReference(0.42, 0, 1, 1, at: 0.3)) < 1e-9)
    }

    @Test("pausing keeps the progress; fractionComplete then equals it")
    func pauseKeepsProgress() {
        let probe = Probe(duration: 1, curve: .easeOut)
        probe.animator.startAnimation()
        probe.driver.advance(by: 0.2)
        let before = probe.value
        probe.animator.pauseAnimation()
        #expect(!probe.animator.isRunning && probe.animator.state == .active)
        #expect(probe.value == before)
        #expect(probe.animator.fractionComplete == before)
        probe.driver.advance(by: 1)
        #expect(probe.value == before)
    }

    @Test("scrubbed ease-out to 0.5 continues at 0.3425 with (1 - 0.3425) of the duration left")
    func continueRemapsTime() {
        let probe = Probe(duration: 2, curve: .easeOut)
        probe.animator.fractionComplete = 0.5
        #expect(probe.animator.state == .active && !probe.animator.isRunning)
        #expect(probe.value == 0.5)
        probe.animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        let t0 = TimingCurve.easeOut.timeFraction(forProgress: 0.5)
        let remaining = (1 - t0) * 2
        probe.driver.advance(by: 0.1)
        #expect(abs(probe.value - bezierReference(0, 0, 0.58, 1, at: t0 + 0.1 / 2)) < 1e-9)
        probe.driver.advance(by: remaining - 0.1 - 1e-6)
        #expect(probe.completions.isEmpty)
        probe.driver.advance(by: 2e-6)
        #expect(probe.completions == [.end])
    }

    @Test("a duration factor d makes the remaining time d x duration")
    func durationFactor() {
        let probe = Probe(duration: 2, curve: .linear)
        probe.animator.fractionComplete = 0.5
        probe.animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.25)
        probe.driver.advance(by: 0.25)
        #expect(abs(probe.value - 0.75) < 1e-12)
        probe.driver.advance(by: 0.25)
        #expect(probe.completions == [.end])
    }

    @Test("reversing a running animator turns it around where it is and completes at .start")
    func reverseRunning() {
        let probe = Probe(duration: 1, curve: .easeInOut)
        probe.animator.startAnimation()
        probe.driver.advance(by: 0.4)
        let at = probe.value
        probe.animator.isReversed = true
        #expect(probe.value == at)
        probe.driver.advance(by: 1 / 120)
        #expect(probe.value < at && at - probe.value < 0.02)
        probe.driver.advance(by: 1)
        #expect(probe.value == 0)
        #expect(probe.completions == [.start])
    }

    @Test("scrubbing never completes; fractionComplete measures from the start even reversed")
    func scrubbing() {
        let probe = Probe()
        probe.animator.pauseAnimation()
        probe.animator.fractionComplete = 1
        #expect(probe.animator.state == .active && probe.completions.isEmpty)
        probe.animator.isReversed = true
        probe.animator.fractionComplete = 0.3
        #expect(probe.animator.fractionComplete == 0.3)
        #expect(probe.value == 0.3)
    }

    @Test("scrubsLinearly false scrubs along the curve")
    func scrubAlongCurve() {
        let probe = Probe(duration: 1, curve: .easeIn)
        probe.animator.scrubsLinearly = false
        probe.animator.fractionComplete = 0.5
        #expect(abs(probe.value - bezierReference(0.42, 0, 1, 1, at: 0.5)) < 1e-9)
        #expect(probe.animator.fractionComplete == 0.5)
    }

    @Test("stop without finishing ends at once with no completion")
    func stopWithoutFinishing() {
        let probe = Probe()
        probe.animator.startAnimation()
        probe.driver.advance(by: 0.3)
        probe.animator.stopAnimation(true)
        #expect(probe.animator.state == .inactive)
        probe.driver.advance(by: 1)
        #expect(probe.completions.isEmpty)
        #expect(abs(probe.value - 0.3) < 1e-12)
    }

    @Test("stop then finish at .current, .start or .end")
    func stopAndFinish() {
        for (position, expected) in [(AnimatingPosition.current, 0.3), (.start, 0), (.end, 1)] {
            let probe = Probe()
            probe.animator.startAnimation()
            probe.driver.advance(by: 0.3)
            probe.animator.stopAnimation(false)
            #expect(probe.animator.state == .stopped)
            probe.animator.finishAnimation(at: position)
            #expect(abs(probe.value - expected) < 1e-12)
            #expect(probe.completions == [position])
            #expect(probe.animator.state == .inactive)
        }
    }

    @Test("programmer errors in UIKit change nothing here")
    func programmerErrors() {
        let probe = Probe()
        probe.animator.finishAnimation(at: .end)  // not stopped
        #expect(probe.animator.state == .inactive && probe.completions.isEmpty)
        probe.animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)  // inactive
        #expect(probe.animator.state == .inactive)
        probe.animator.startAnimation()
        probe.driver.advance(by: 0.25)
        probe.animator.fractionComplete = 0.9  // running: ignored
        #expect(abs(probe.value - 0.25) < 1e-12)
        probe.animator.stopAnimation(false)
        probe.animator.startAnimation()  // stopped: ignored
        probe.animator.pauseAnimation()
        #expect(probe.animator.state == .stopped && !probe.animator.isRunning)
    }

    @Test("pausesOnCompletion holds at the end, active, without completing")
    func pausesOnCompletion() {
        let probe = Probe()
        probe.animator.pausesOnCompletion = true
        probe.animator.startAnimation()
        probe.driver.advance(by: 2)
        #expect(probe.value == 1 && probe.completions.isEmpty)
        #expect(probe.animator.state == .active && !probe.animator.isRunning)
        probe.animator.isReversed = true
        probe.animator.pausesOnCompletion = false
        probe.animator.startAnimation()
        probe.driver.advance(by: 2)
        #expect(probe.completions == [.start])
    }

    @Test("startAnimation(afterDelay:) waits on driver time")
    func delay() {
        let probe = Probe()
        probe.animator.startAnimation(afterDelay: 0.5)
        probe.driver.advance(by: 0.4)
        #expect(probe.value == 0)
        probe.driver.advance(by: 0.35)
        #expect(abs(probe.value - 0.25) < 1e-12)
    }

    @Test("completions run after the step in order of exact completion time, then start order")
    func completionOrder() {
        let driver = AnimationDriver()
        var order: [String] = []
        let slow = PropertyAnimator(duration: 0.3, curve: .linear, driver: driver)
        let fast = PropertyAnimator(duration: 0.1, curve: .linear, driver: driver)
        let same = PropertyAnimator(duration: 0.1, curve: .linear, driver: driver)
        slow.addCompletion { _ in order.append("slow") }
        fast.addCompletion { _ in order.append("fast") }
        same.addCompletion { _ in order.append("same") }
        slow.startAnimation()
        fast.startAnimation()
        same.startAnimation()
        driver.advance(by: 0.5)
        #expect(order == ["fast", "same", "slow"])
    }

    @Test("the driver keeps an active animator alive; a driver that goes away stops its animators")
    func driverKeepsAnimatorsAlive() {
        let driver = AnimationDriver()
        var value = 0.0
        var completions: [AnimatingPosition] = []
        weak var weakAnimator: PropertyAnimator?
        do {
            let animator = PropertyAnimator(duration: 1, curve: .linear, driver: driver) { value = $0 }
            animator.addCompletion { completions.append($0) }
            animator.startAnimation()
            weakAnimator = animator
        }
        #expect(weakAnimator != nil, "held by the driver while active")
        driver.advance(by: 0.5)
        #expect(abs(value - 0.5) < 1e-12)
        driver.advance(by: 0.5)
        #expect(completions == [.end])
        driver.advance(by: 0.1)  // swept
        #expect(weakAnimator == nil, "let go once finished")

        var orphanCompleted = false
        var orphan: PropertyAnimator?
        do {
            let shortLived = AnimationDriver()
            orphan = PropertyAnimator(duration: 1, curve: .linear, driver: shortLived)
            orphan?.addCompletion { _ in orphanCompleted = true }
            orphan?.startAnimation()
        }
        #expect(orphan?.state == .inactive && orphan?.isRunning == false && !orphanCompleted)
    }

    @Test("an animator started inside a completion begins on the next advance")
    func startedInsideCallback() {
        let driver = AnimationDriver()
        var value = 0.0
        let second = PropertyAnimator(duration: 1, curve: .linear, driver: driver) { value = $0 }
        let first = PropertyAnimator(duration: 0.1, curve: .linear, driver: driver)
        first.addCompletion { _ in second.startAnimation() }
        first.startAnimation()
        driver.advance(by: 0.5)
        #expect(value == 0)
        driver.advance(by: 0.5)
        #expect(abs(value - 0.5) < 1e-12)
    }
}
