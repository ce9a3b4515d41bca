import BloqEngine
import BloqGame
import BloqPlay
import Testing

/// A person's hand on the app, through one pointer (the mouse or a finger): the one pointer
/// simulator of the tests. It keeps the clock of the events it sends. `tap` is a quick
/// click with no step of the app between press and release; `press` and `drag` take the
/// time a person takes, stepping the app 1/120 s at a time as the loop would, a finger
/// wandering a little (seeded: print the seed when a test fails).
public final class Hand {
    public let app: AppController
    public let pointer: PointerID
    /// The time stamp of the next event.
    public var time = 0.0
    public var random: SeededGenerator

    public init(_ app: AppController, _ pointer: PointerID = .mouse, seed: UInt64 = 34) {
        self.app = app
        self.pointer = pointer
        random = SeededGenerator(seed: seed)
    }

    public func send(_ phase: PointerEvent.Phase, _ location: Point, clicks: Int = 1) {
        app.handle(.pointer(PointerEvent(pointer: pointer, phase: phase, location: location, time: time, clicks: clicks)))
    }

    public func down(_ location: Point) { send(.down, location) }
    public func move(_ location: Point) { send(.moved, location) }
    public func up(_ location: Point) { send(.up, location) }

    /// Presses and releases at the centre of the control `id` (which must be shown), 50 ms
    /// apart, without stepping the app.
    public func tap(_ control: ControlID, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let hit = app.top.controls.first(where: { $0.id == control }) else {
            Issue.record("no control \(control) on the \(app.top.kind) screen", sourceLocation: sourceLocation)
            return
        }
        tap(at: hit.rect.center)
    }

    /// Presses and releases at a point, 50 ms apart, without stepping the app.
    public func tap(at location: Point) {
        down(location)
        time += 0.05
        up(location)
        time += 0.05
    }

    /// Lets `seconds` pass, stepping the app.
    public func wait(_ seconds: Double) {
        let steps = Int((seconds * 120).rounded())
        for _ in 0..<steps {
            app.step(1.0 / 120)
            time += 1.0 / 120
        }
    }

    /// A little wander of a finger or a hand: up to `pixels` either way.
    public func jitter(_ pixels: Double) -> Point {
        Point(x: Double.random(in: -pixels...pixels, using: &random), y: Double.random(in: -pixels...pixels, using: &random))
    }

    /// Presses `location`, holds it `milliseconds` with a motion sample every 1/60 s that
    /// wanders up to `wander` pixels, and releases where it is; `clicks` 2 is the second
    /// press of a double-click, as the platform counts it.
    public func press(_ location: Point, milliseconds: Double, wander: Double = 0, clicks: Int = 1) {
        send(.down, location, clicks: clicks)
        var held = 0.0
        var at = location
        while held + 1.0 / 60 <= milliseconds / 1000 {
            wait(1.0 / 60)
            held += 1.0 / 60
            if wander > 0 {
                let offset = jitter(wander)
                at = Point(x: location.x + offset.x, y: location.y + offset.y)
                send(.moved, at)
            }
        }
        wait(milliseconds / 1000 - held)
        send(.up, at)
    }

    /// A person's double-click at `location`: presses of 90 ms, 80 ms apart, the second
    /// counted a double-click's, as the platform counts it.
    public func doubleClick(_ location: Point) {
        press(location, milliseconds: 90)
        wait(0.08)
        press(location, milliseconds: 90, clicks: 2)
    }

    /// Presses the control `id` at its centre for `milliseconds`.
    public func press(_ id: ControlID, milliseconds: Double, wander: Double = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let control = app.top.controls.first(where: { $0.id == id }) else {
            Issue.record("no control \(id) on the \(app.top.kind) screen", sourceLocation: sourceLocation)
            return
        }
        press(control.rect.center, milliseconds: milliseconds, wander: wander)
    }

    /// Drags from `from` to `to` (pixels) at `speed` pixels per second, a sample every
    /// 1/60 s, and releases at the end (unless `release` is false).
    public func drag(from: Point, to: Point, pixelsPerSecond speed: Double, release: Bool = true) {
        send(.down, from)
        let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
        let samples = max(Int((length / speed * 60).rounded(.up)), 1)
        for sample in 1...samples {
            wait(1.0 / 60)
            let t = Double(sample) / Double(samples)
            send(.moved, Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
        if release { send(.up, to) }
    }
}
