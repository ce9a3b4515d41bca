/// Follows one pointer from down to up and reports translation and velocity, as
/// `UIPanGestureRecognizer` does. Units are whatever the caller feeds (cells, pixels).
///
/// Velocity is a least-squares fit of position against time over the samples of the last
/// `velocityWindow` seconds, so uneven event timing does not make it spike; samples that
/// all came at one time are measured from the sample before them.
public struct PanRecognizer: Sendable {
    /// The states of UIKit's gesture recognizers that a pan goes through.
    public enum State: Hashable, Sendable {
        case possible, began, changed, ended, cancelled
    }

    /// How far back velocity looks, in seconds.
    public var velocityWindow = 0.1

    /// Where the pan is in its life.
    public private(set) var state: State = .possible
    /// Where the pan began.
    public private(set) var start = Point.zero
    /// Where the pointer is now.
    public private(set) var location = Point.zero
    private var samples: [(time: Double, point: Point)] = []

    /// A recognizer waiting for a pan to begin.
    public init() {}

    /// The offset from where the pan began.
    public var translation: Point { location - start }

    /// Begins a pan at `point`.
    public mutating func begin(at point: Point, time: Double) {
        state = .began
        start = point
        location = point
        samples = [(time, point)]
    }

    /// Moves the pan to `point`.
    public mutating func move(to point: Point, time: Double) {
        guard state == .began || state == .changed else { return }
        state = .changed
        location = point
        record(point, time)
    }

    /// Ends the pan at `point`. The release is a sample too, so a pointer held still
    /// before it is released has no velocity.
    public mutating func end(at point: Point, time: Double) {
        guard state == .began || state == .changed else { return }
        move(to: point, time: time)
        state = .ended
    }

    /// Cancels the pan: it ends where it is, with no velocity.
    public mutating func cancel() {
        guard state == .began || state == .changed else { return }
        state = .cancelled
        samples.removeAll()
    }

    /// Velocity in units per second over the last `velocityWindow` seconds (zero when
    /// cancelled or with fewer than two samples in the window).
    public var velocity: Point {
        guard state != .cancelled, let last = samples.last else { return .zero }
        let recent = samples.filter { last.time - $0.time <= velocityWindow + 1e-9 }
        // Events read together carry no timing among them: SDL stamps an event when the
        // loop reads it, so after a frame that took long (a first draw on Wayland took
        // 146 ms) a whole flick arrives at one time. The motion since the sample before
        // them, over the time since, is then the speed.
        if recent.allSatisfy({ $0.time == last.time }) {
            guard let earlier = samples.last(where: { $0.time < last.time }) else { return .zero }
            let elapsed = last.time - earlier.time
            return Point(x: (last.point.x - earlier.point.x) / elapsed, y: (last.point.y - earlier.point.y) / elapsed)
        }
        guard recent.count >= 2 else { return .zero }
        let meanT = recent.reduce(0) { $0 + $1.time } / Double(recent.count)
        let meanX = recent.reduce(0) { $0 + $1.point.x } / Double(recent.count)
        let meanY = recent.reduce(0) { $0 + $1.point.y } / Double(recent.count)
        var stt = 0.0
        var stx = 0.0
        var sty = 0.0
        for sample in recent {
            let dt = sample.time - meanT
            stt += dt * dt
            stx += dt * (sample.point.x - meanX)
            sty += dt * (sample.point.y - meanY)
        }
        guard stt > 1e-12 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }

    private mutating func record(_ point: Point, _ time: Double) {
        samples.append((time, point))
        // Keep a little more than the window, and the newest sample before that (for
        // events read together after a long wait); older ones carry no information.
        if let last = samples.last?.time, let kept = samples.lastIndex(where: { last - $0.time > velocityWindow * 2 }) {
            samples.removeFirst(kept)
        }
    }
}
