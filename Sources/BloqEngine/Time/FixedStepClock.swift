/// The fixed-step schedule live play and replays share (Glenn Fiedler's "Fix your
/// timestep"): step k happens at k/120 s of simulated time, and an event is delivered
/// before the first step at or after its time, so a recorded game replays exactly.
///
/// The clock never reads time itself: live play hands it the platform's timestamps (in
/// milliseconds), replays and tests their own. Like SwiftNIO's embedded loop, one
/// scheduler runs from either clock.
public struct FixedStepClock: Sendable {
    /// The simulation's step in seconds.
    public static let step = 1.0 / 120
    /// A frame longer than this (a stall, a debugger) is cut short so the loop cannot
    /// spiral; the simulated clock skips the rest.
    public static let maximumFrameTime = 0.25

    /// Steps taken: the simulated time is `steps × step`.
    public private(set) var steps = 0
    /// The platform time (ms) at simulated time 0; it moves forward when time is skipped.
    public private(set) var origin: Double

    public init(origin: Double = 0) { self.origin = origin }

    /// The simulated time in milliseconds.
    public var now: Double { Double(steps) * FixedStepClock.step * 1000 }

    /// A platform timestamp (ms) as simulated time (ms).
    public func simulated(_ platformTime: Double) -> Double { platformTime - origin }

    /// Jumps to platform time `platformTime` without stepping (nothing moves while the
    /// loop sleeps for input). Returns the seconds skipped.
    @discardableResult
    public mutating func skip(toPlatform platformTime: Double) -> Double {
        let target = Int((simulated(platformTime) / 1000 / FixedStepClock.step).rounded(.down))
        guard target > steps else { return 0 }
        let skipped = Double(target - steps) * FixedStepClock.step
        steps = target
        return skipped
    }

    /// The origin once advanced to platform time `platformTime`: moved on by what a frame
    /// longer than `maximumFrameTime` skips (a caller placing its own events in the frame
    /// needs it before `advance`).
    public func origin(advancingTo platformTime: Double) -> Double {
        let behind = simulated(platformTime) - now
        return behind > FixedStepClock.maximumFrameTime * 1000 ? origin + behind - FixedStepClock.maximumFrameTime * 1000 : origin
    }

    /// Takes every step due by platform time `platformTime`, delivering `events` (with
    /// their platform times, in order) before the first step at or after each one's time;
    /// events later than the last step are delivered after it (nothing happens between
    /// steps, so that is the same). A frame longer than `maximumFrameTime` is cut short:
    /// the clock skips the rest, and the events in it arrive at the frame's end.
    public mutating func advance<Event>(
        toPlatform platformTime: Double, delivering events: [(Event, Double)], deliver: (Event, Double) -> Void, step: () -> Void
    ) {
        var next = 0
        advance(
            toPlatform: platformTime, nextEvent: { next < events.count ? events[next].1 : nil },
            deliver: { time in
                deliver(events[next].0, time)
                next += 1
            }, step: step)
    }

    /// The same schedule with the events pulled one at a time, so each is read only when it
    /// is due (a script's tap finds its control after the events before it were handled):
    /// `nextEvent` gives the platform time of the next event, nil when there is none;
    /// `deliver` takes that event and handles it at the simulated time it is given. After
    /// each delivery `stop` may end the advance before another step (a script's `end`).
    public mutating func advance(
        toPlatform platformTime: Double, nextEvent: () -> Double?, deliver: (Double) -> Void, step: () -> Void,
        stop: () -> Bool = { false }
    ) {
        origin = origin(advancingTo: platformTime)
        let until = simulated(platformTime)
        while now <= until {
            while let time = nextEvent().map({ min(simulated($0), until) }), time <= now {
                deliver(time)
                if stop() { return }
            }
            step()
            steps += 1
        }
        while let time = nextEvent() {
            deliver(min(simulated(time), until))
            if stop() { return }
        }
    }
}
