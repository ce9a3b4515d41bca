import BloqEngine
import Testing

@Suite("Composition: motions, groups and interactive transitions")
struct MotionTests {
    @Test("then plays in sequence; a wait pauses; the same property is never fought over")
    func sequence() {
        let driver = AnimationDriver()
        var x = 74.0
        let motion = Motion.tween(1, .linear) { x = 74 + 300 * $0 }
            .then(.wait(1))
            .then(.tween(1, .linear) { x = 374 - 300 * $0 })
        #expect(motion.duration == 3)
        var finished: Bool?
        MotionPlayer(motion, driver: driver).start { finished = $0 }
        driver.advance(by: 0.5)
        #expect(x == 224)
        driver.advance(by: 1)
        #expect(x == 374)
        driver.advance(by: 1)
        #expect(x == 224)
        driver.advance(by: 1)
        #expect(x == 74 && finished == true)
    }

    @Test("a parallel group lasts as long as its longest member and completes once")
    func group() {
        let driver = AnimationDriver()
        var x = 0.0
        var alpha = 1.0
        var completions = 0
        let motion = Motion.tween(1, .easeInOut(.cubic)) { x = 200 * $0 }
            .parallel(with: Motion.tween(0.2, .easeOut(.quad)) { alpha = 1 - $0 }.delayed(by: 0.8))
        #expect(motion.duration == 1)
        MotionPlayer(motion, driver: driver).start { _ in completions += 1 }
        driver.advance(by: 0.5)
        #expect(x == 100 && alpha == 1)
        driver.advance(by: 0.4)
        #expect(abs(alpha - (1 - TimingCurve.easeOut(.quad).progress(at: 0.5))) < 1e-9)
        driver.advance(by: 0.2)
        #expect(x == 200 && alpha == 0 && completions == 1)
    }

    @Test("again repeats, yoyo goes there and back, forever keeps going")
    func repeats() {
        let driver = AnimationDriver()
        var value = 0.0
        let twice = Motion.tween(1, .linear) { value = $0 }.again(times: 1)
        #expect(twice.duration == 2)
        MotionPlayer(twice, driver: driver).start()
        driver.advance(by: 1.25)
        #expect(abs(value - 0.25) < 1e-12)

        var bounce = 0.0
        let yoyo = Motion.tween(1, .linear) { bounce = $0 }.yoyo(times: 2)
        #expect(yoyo.duration == 4)
        MotionPlayer(yoyo, driver: driver).start()
        driver.advance(by: 1.5)
        #expect(abs(bounce - 0.5) < 1e-12)
        driver.advance(by: 0.75)
        #expect(abs(bounce - 0.25) < 1e-12)

        var spin = 0.0
        var ended = false
        let endless = Motion.tween(0.5, .linear) { spin = $0 }.again(times: Motion.forever)
        #expect(endless.duration == .infinity)
        let player = MotionPlayer(endless, driver: driver)
        player.start { ended = !$0 }
        for _ in 0..<100 { driver.advance(by: 0.1) }
        #expect(!ended && player.animator.isRunning)
        driver.advance(by: 0.05)
        #expect(spin > 0 && spin < 1, "still cycling: \(spin)")
        player.stop()
        #expect(ended)
    }

    @Test("a composition scrubs and reverses through its animator")
    func scrubComposition() {
        let driver = AnimationDriver()
        var a = 0.0
        var b = 0.0
        let player = MotionPlayer(Motion.tween(1, .linear) { a = $0 }.then(.tween(1, .linear) { b = $0 }), driver: driver)
        player.start()
        player.animator.pauseAnimation()
        player.animator.fractionComplete = 0.75
        #expect(a == 1 && abs(b - 0.5) < 1e-12)
        player.animator.isReversed = true
        player.animator.startAnimation()
        driver.advance(by: 1)  // back to 0.25 of the timeline: the second part is undone
        #expect(b == 0)
        #expect(abs(a - 0.5) < 1e-12)
    }

    @Test("an animator group completes once, after the last, and says whether all reached the end")
    func animatorGroup() {
        let driver = AnimationDriver()
        let a = PropertyAnimator(duration: 0.5, curve: .linear, driver: driver)
        let b = PropertyAnimator(duration: 1, curve: .linear, driver: driver)
        var result: [Bool] = []
        let group = AnimatorGroup([a, b]) { result.append($0) }
        group.startAnimation()
        driver.advance(by: 0.75)
        #expect(result.isEmpty)
        driver.advance(by: 0.5)
        #expect(result == [true])

        let c = PropertyAnimator(duration: 1, curve: .linear, driver: driver)
        let d = PropertyAnimator(duration: 1, curve: .linear, driver: driver)
        var second: [Bool] = []
        let other = AnimatorGroup([c, d]) { second.append($0) }
        other.startAnimation()
        driver.advance(by: 0.5)
        d.isReversed = true
        driver.advance(by: 1)
        #expect(second == [false])
    }

    @Test("a percent-driven transition follows update, then finishes or cancels from there")
    func transition() {
        let driver = AnimationDriver()
        var offset = 0.0
        var outcome: [Bool] = []
        let finishing = InteractiveTransition(duration: 0.4, driver: driver, update: { offset = $0 }, completion: { outcome.append($0) })
        finishing.update(0.3)
        #expect(offset == 0.3 && finishing.percentComplete == 0.3)
        finishing.finish()
        finishing.update(0.1)  // ignored once the gesture let go
        #expect(offset == 0.3)
        driver.advance(by: 1.0 / 120)
        #expect(offset > 0.3 && offset < 0.4)
        driver.advance(by: 1)
        #expect(offset == 1 && outcome == [true])

        let cancelling = InteractiveTransition(duration: 0.4, driver: driver, update: { offset = $0 }, completion: { outcome.append($0) })
        cancelling.completionSpeed = 2
        cancelling.update(0.6)
        cancelling.cancel()
        // 0.6 of the way back at twice the speed: 0.12 s.
        driver.advance(by: 0.11)
        #expect(outcome == [true] && offset > 0)
        driver.advance(by: 0.02)
        #expect(offset == 0 && outcome == [true, false])
    }
}
