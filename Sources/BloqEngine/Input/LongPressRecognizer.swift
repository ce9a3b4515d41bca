/// Follows a press that is held in place and reports how far the hold has come, for
/// press-and-hold previews (seed 004): progress is max(hold time / `holdDuration`,
/// pressure) where the hardware reports pressure, from 0 to 1.
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

    /// Seconds of holding that reach progress 1.
    public var holdDuration = 0.6
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

    /// How far the hold has come: max(hold time / `holdDuration`, pressure), 0...1.
    public var progress: Double {
        guard state == .holding || state == .completed else { return 0 }
        let byTime = holdDuration > 0 ? holdTime / holdDuration : 1
        return min(max(byTime, pressure ?? 0, 0), 1)
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

    /// The platform took the press away.
    public mutating func cancel() {
        if state == .holding { state = .cancelled }
    }

    private mutating func completeIfDue() {
        if progress >= 1 { state = .completed }
    }
}
