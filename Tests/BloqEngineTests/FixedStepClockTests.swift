import BloqEngine
import Testing

@Suite("Fixed-step clock and window placement")
struct FixedStepClockTests {
    @Test("an event is delivered before the first step at or after its time, keeping its time")
    func schedule() {
        var clock = FixedStepClock(origin: 1_000)
        var log: [String] = []
        // Platform times 1000 + ms; steps every 8.333 ms.
        clock.advance(
            toPlatform: 1_020, delivering: [("a", 1_000), ("b", 1_009), ("c", 1_030)],
            deliver: { log.append("\($0)@\(Int($1))") }, step: { log.append("step") })
        // Steps at 0, 8.3 and 16.7 ms are due by 20 ms; a arrives before the first, b (9 ms)
        // before the one at 16.7; c, later than the frame, comes at the frame's end.
        #expect(log == ["a@0", "step", "step", "b@9", "step", "c@20"])
        #expect(clock.steps == 3)
    }

    @Test("a frame longer than a quarter second is cut short; idle time is skipped without steps")
    func longFrameAndIdle() {
        var clock = FixedStepClock(origin: 0)
        var steps = 0
        #expect(clock.origin(advancingTo: 5_000) == 4_750, "said before the advance that makes it")
        #expect(clock.origin(advancingTo: 200) == 0)
        clock.advance(
            toPlatform: 5_000, delivering: [(0, 4_990.0)], deliver: { _, time in #expect(time <= 250 + 1e-9) }, step: { steps += 1 })
        #expect((30...31).contains(steps), "0.25 s of steps at 120 Hz, not 5 s")
        #expect(clock.origin == 4_750)
        let before = clock.steps
        let skipped = clock.skip(toPlatform: 6_750)
        #expect(abs(skipped - (2.0 - Double(before) / 120)) < 1e-9, "skipped to 2 s of simulated time")
        #expect(clock.steps == 240 && steps == before, "no steps taken while idle")
    }

    @Test("a remembered window larger than the screen is fitted to the usable bounds and centred")
    func placement() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 800)
        let fitted = WindowPlacement.fit(Size(width: 1920, height: 1080), in: usable)
        #expect(fitted.minX >= usable.minX && fitted.minY >= usable.minY)
        #expect(fitted.maxX <= usable.maxX && fitted.maxY <= usable.maxY)
        #expect(abs(fitted.center.x - usable.center.x) <= 1 && abs(fitted.center.y - usable.center.y) <= 1)
        #expect(fitted.height <= usable.height - 48, "room for the title bar")
        let small = WindowPlacement.fit(Size(width: 900, height: 700), in: Rect(x: 1920, y: 30, width: 1280, height: 770))
        #expect(small.width == 900 && small.height == 700, "a size that fits is kept")
        #expect(small.minX == 1920 + 190 && small.minY == 30 + 35, "centred on that display")
    }
}
