/// Follows a press that is held in place and reports how far the hold has come, for
/// press-and-hold previews (seed 004). The first `tapDuration` seconds are a person's tap
/// (GAME.md, "Tap or hold": clicks last 80-150 ms, taps 100-200 ms): nothing grows then,
/// and a release within them is a tap. Past them progress is max(time past the tap /
/// `holdDuration`, pressure) where the hardware reports pressure, from 0 to 1; pressure
/// comes in over `pressureRamp` seconds, so a firm press does not make the card jump.
///
/// Moving further than `allowableMovement` from where the press began cancels it, as
/// `UILongPressGestureRecognizer` does. Time comes from the events; nothing reads a clock.
public struct LongPressRecognizer: Sendable {
    public enum State: Hashable, Sendable {
        /// No press.
        case possible
        /// A press is being held.
        case holding
        /// The hold reached the end (progress 1) while the press was down.
        case completed
        /// The press was lifted early, moved away or cancelled.
        case cancelled
    }

    /// Seconds of holding past the tap that reach progress 1.
    public var holdDuration = 0.6
    /// The longest press that is still a tap: a release within it is a tap, and the hold
    /// begins to count after it.
    public var tapDuration = 0.35
    /// Seconds past the tap over which a reported pressure comes in.
    public var pressureRamp = 0.15
    /// How far (in the caller's units) the press may wander before it stops counting.
    public var allowableMovement = 10.0

    public private(set) var state: State = .possible
    /// Where the press began.
    public private(set) var origin = Point.zero
    /// The latest pressure reported, 0...1 (nil where the hardware reports none).
    public private(set) var pressure: Double?
    private var startTime = 0.0
    private var latestTime = 0.0

    /// A recognizer waiting for a press.
    public init() {}

    /// Seconds the press has been held.
    public var holdTime: Double { state == .possible ? 0 : max(latestTime - startTime, 0) }

    /// Seconds held past the tap (0 while the press is still a tap).
    public var timePastTap: Double { isBeyondTap ? holdTime - tapDuration : 0 }

    /// Whether the press, released now, is a tap: held no longer than `tapDuration` (to
    /// within a nanosecond: times summed from steps carry rounding).
    public var isTap: Bool { state == .holding && !isBeyondTap }

    /// Whether the press has lasted longer than `tapDuration` (whatever its state now).
    public var isBeyondTap: Bool { holdTime > tapDuration + 1e-9 }

    /// How far the hold has come: 0 during the tap, then max(time past the tap /
    /// `holdDuration`, pressure), 0...1.
    public var progress: Double {
        guard state == .holding || state == .completed else { return 0 }
        let past = timePastTap
        guard past > 0 else { return 0 }
        let byTime = holdDuration > 0 ? past / holdDuration : 1
        let ramp = pressureRamp > 0 ? min(past / pressureRamp, 1) : 1
        return min(max(byTime, (pressure ?? 0) * ramp, 0), 1)
    }

    /// A press began at `point`.
    public mutating func begin(at point: Point, time: Double, pressure: Double? = nil) {
        state = .holding
        origin = point
        startTime = time
        latestTime = time
        self.pressure = pressure.map { min(max($0, 0), 1) }
        completeIfDue()
    }

    /// The press moved (or only time passed, with `point` nil) with an optional new pressure.
    public mutating func update(at point: Point? = nil, time: Double, pressure: Double? = nil) {
        guard state == .holding else { return }
        latestTime = max(latestTime, time)
        if let pressure { self.pressure = min(max(pressure, 0), 1) }
        if let point {
            let dx = point.x - origin.x
            let dy = point.y - origin.y
            if (dx * dx + dy * dy).squareRoot() > allowableMovement {
                state = .cancelled
                return
            }
        }
        completeIfDue()
    }

    /// The press was lifted: a hold that had not completed is cancelled.
    public mutating func end(time: Double) {
        guard state == .holding else { return }
        latestTime = max(latestTime, time)
        completeIfDue()
        if state == .holding { state = .cancelled }
    }

    private mutating func completeIfDue() {
        if progress >= 1 { state = .completed }
    }
}
