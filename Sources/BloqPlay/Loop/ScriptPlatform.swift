import BloqEngine
import BloqGame

/// A script line that cannot be carried out in the state the game is in when it comes
/// (a tap on a control that is not there, cell coordinates with no board shown).
public struct ReplayError: Error, Sendable {
    /// The script's line.
    public var line: Int
    public var message: String
}

/// An input script (CONTRACT section 3) as a platform for the `GameLoop`: each line
/// becomes the raw input live play would get (mouse positions in whole window points,
/// fingers as 32-bit fractions of the window, as SDL gives them), due at its own time.
/// The loop takes one fixed step a frame, and never sleeps, so a script gives the same
/// game every time. Lines are read when they are due, against the game as it is then (a
/// tap finds its control after the events before it were handled).
///
/// With no window the geometry is the script's size at one pixel per point; with one (a
/// headless SDL window, for a screenshot of the end) the script resizes it.
public final class ScriptPlatform: GamePlatform {
    unowned let app: AppController
    public let script: InputScript
    private let window: ScriptWindow?
    private var ownGeometry: WindowGeometry
    /// The next script event to deliver.
    private var next = 0
    /// Frames presented: frame k runs at k steps of simulated time.
    private var frames = 0
    /// The last positions of the mouse and of each finger (a release or an up somewhere
    /// new is preceded by a motion there, as live input is).
    private var mouse: (x: Int32, y: Int32)?
    private var fingers: [Int: (x: Float, y: Float)] = [:]
    /// Raw input made from the line being delivered, still to be taken (a tap is a press
    /// and a release).
    private var pending: [RawInput] = []
    /// The time `pending` is due at (its line's, or its tap release's).
    private var pendingTime = 0.0
    /// The release of a tap that holds the button, due at its time (lines may come before
    /// it); at most one, as the mouse has one button down at a time.
    private var releases: [(time: Double, at: (x: Int32, y: Int32))] = []
    /// What the next input is: the rest of the line being delivered, a tap's release, or
    /// the next line.
    private enum Source { case pending, release, line }
    /// Why the run stopped early: a line that could not be carried out.
    public private(set) var error: ReplayError?
    /// Whether the script reached its `end` (or failed).
    public private(set) var isFinished = false

    /// A platform playing `script` on `app`, in `window` when there is one, else in a
    /// window of `size` points (the script's, or `--window`'s).
    public init(script: InputScript, app: AppController, size: (width: Int, height: Int), window: ScriptWindow? = nil) {
        self.script = script
        self.app = app
        self.window = window
        ownGeometry = WindowGeometry(points: Size(width: Double(size.width), height: Double(size.height)))
    }

    public var now: Double { Double(frames) * FixedStepClock.step * 1000 }
    public var sleepsWhenIdle: Bool { false }
    public var isFocused: Bool { true }
    public var geometry: WindowGeometry { window?.geometry ?? ownGeometry }

    public func gatherInput(waitingUpTo timeout: Double) -> Bool { nextInputTime() != nil }

    public func nextInputTime() -> Double? { nextSource()?.time }

    /// The input due by now that comes first: a line's rest, then whichever of a tap's
    /// release and the next line is due first (the release on a tie: it was due first).
    private func nextSource() -> (source: Source, time: Double)? {
        if !pending.isEmpty { return (.pending, pendingTime) }
        guard !isFinished else { return nil }
        let line = next < script.events.count && script.events[next].time <= now ? script.events[next].time : nil
        if let release = releases.first, release.time <= now, line.map({ release.time <= $0 }) ?? true {
            return (.release, release.time)
        }
        return line.map { (.line, $0) }
    }

    public func takeInput() -> RawInput? {
        switch nextSource()?.source {
        case nil: return nil
        case .pending: break
        case .release:
            let release = releases.removeFirst()
            // The pointer moved away meanwhile (a drag line): it comes back first.
            pending = mouseUp(at: release.at)
            pendingTime = release.time
        case .line:
            let event = script.events[next]
            next += 1
            pendingTime = event.time
            do {
                pending = try raw(event)
            } catch {
                self.error = error
                isFinished = true
                return nil
            }
            if pending.isEmpty { return nil }
        }
        return pending.removeFirst()
    }

    /// Frames are not drawn while a script runs; the caller draws the last one.
    public func present(_ app: AppController, sounds: [SoundCue]) {
        frames += 1
    }

    /// Runs `script` on `app` from start to `end` through a `GameLoop`, in `window` when
    /// given. Throws `ReplayError` for a line that cannot be carried out.
    public static func run(
        _ script: InputScript, on app: AppController, size: (width: Int, height: Int), window: ScriptWindow? = nil
    ) throws(ReplayError) -> GameLoop {
        let platform = ScriptPlatform(script: script, app: app, size: size, window: window)
        let loop = GameLoop(app: app, platform: platform)
        loop.run()
        if let error = platform.error { throw error }
        return loop
    }

    // MARK: Lines as raw input

    /// The raw input a script line stands for, read against the game as it is now.
    private func raw(_ event: InputScript.Event) throws(ReplayError) -> [RawInput] {
        switch event.action {
        case .end:
            isFinished = true
            return []
        case .press(let place):
            let at = try windowPoint(place, line: event.line)
            let early = releaseHeldTap()
            mouse = at
            return early + [.mouseButton(down: true, x: at.x, y: at.y)]
        case .drag(let place):
            let at = try windowPoint(place, line: event.line)
            mouse = at
            return [.mouseMotion(x: at.x, y: at.y)]
        case .release(let place):
            return mouseUp(at: try windowPoint(place, line: event.line))
        case .tap(let label, let milliseconds):
            let at = try tapPoint(label, line: event.line)
            let early = releaseHeldTap()
            mouse = at
            guard milliseconds > 0 else {
                return early + [.mouseButton(down: true, x: at.x, y: at.y), .mouseButton(down: false, x: at.x, y: at.y)]
            }
            // Held as a person holds a click: the release comes when it is due, after any
            // lines before it.
            let due = event.time + milliseconds
            releases.append((due, at))
            return early + [.mouseButton(down: true, x: at.x, y: at.y)]
        case .touch(let id, let phase, let place):
            let at = try fraction(place, line: event.line)
            switch phase {
            case .down, .move:
                fingers[id] = at
                return [.finger(id: Int64(id), phase: phase == .down ? .down : .move, x: at.x, y: at.y, pressure: 1)]
            case .up:
                let moved = fingers[id].map { $0 != at } ?? false
                fingers[id] = nil
                return (moved ? [.finger(id: Int64(id), phase: .move, x: at.x, y: at.y, pressure: 1)] : [])
                    + [.finger(id: Int64(id), phase: .up, x: at.x, y: at.y, pressure: 1)]
            }
        case .key(let name):
            return [.key(KeyChord(parsing: name) ?? KeyChord(name))]
        case .text(let typed):
            return [.text(typed)]
        case .pad(let press):
            // A press and its release: a script holds no button (a recording writes the
            // repeats of a held one as presses of their own).
            return [.gamepad(press), .gamepadUp(press.button)]
        case .resize(let width, let height):
            if let window {
                window.resize(width: width, height: height)
            } else {
                ownGeometry.points = Size(width: Double(width), height: Double(height))
            }
            return [.windowChanged]
        case .cancel:
            return [.focusLost]
        }
    }

    /// The release of a tap still held, when a new press comes first: one mouse button
    /// cannot go down twice, so it comes up now (where it was pressed), as a person's would.
    private func releaseHeldTap() -> [RawInput] {
        guard let held = releases.popLast() else { return [] }
        releases.removeAll()
        return mouseUp(at: held.at)
    }

    /// The button coming up at `at`, after a motion there when the mouse was elsewhere (as
    /// live input comes).
    private func mouseUp(at: (x: Int32, y: Int32)) -> [RawInput] {
        let motion: [RawInput] = mouse.map { $0 != at } ?? false ? [.mouseMotion(x: at.x, y: at.y)] : []
        mouse = at
        return motion + [.mouseButton(down: false, x: at.x, y: at.y)]
    }

    /// A script place as window points, rounded to whole points as the platform's mouse
    /// events are.
    private func windowPoint(_ place: InputScript.Place, line: Int) throws(ReplayError) -> (x: Int32, y: Int32) {
        windowPoint(ofPixel: try outputPixel(place, line: line))
    }

    /// An output pixel as whole window points.
    private func windowPoint(ofPixel pixel: Point) -> (x: Int32, y: Int32) {
        let scale = geometry.scale
        return (ScriptPlatform.whole(pixel.x / scale.x), ScriptPlatform.whole(pixel.y / scale.y))
    }

    /// A script place in output pixels.
    private func outputPixel(_ place: InputScript.Place, line: Int) throws(ReplayError) -> Point {
        switch place {
        case .pixel(let point):
            let scale = geometry.scale
            return Point(x: point.x * scale.x, y: point.y * scale.y)
        case .cell(let point):
            guard let layout = app.boardLayout else {
                throw ReplayError(
                    line: line,
                    message:
                        "cell coordinates need a board on screen, and the \(app.top.kind.rawValue) screen shows none; give window pixels (120px 560px) or tap a control"
                )
            }
            return layout.pixel(for: point)
        }
    }

    /// A script place as 32-bit fractions of the window, as the platform's finger events are.
    private func fraction(_ place: InputScript.Place, line: Int) throws(ReplayError) -> (x: Float, y: Float) {
        let pixel = try outputPixel(place, line: line)
        let output = geometry.output
        return (Float(pixel.x / max(output.width, 1)), Float(pixel.y / max(output.height, 1)))
    }

    /// The centre of the enabled, visible control labelled `label`, in window points.
    private func tapPoint(_ label: String, line: Int) throws(ReplayError) -> (x: Int32, y: Int32) {
        let controls = app.top.controls
        guard let control = controls.first(where: { $0.label == label && $0.isEnabled }) else {
            let visible = controls.filter(\.isEnabled).map(\.label).joined(separator: ", ")
            throw ReplayError(
                line: line,
                message: "no control \"\(label)\" on the \(app.top.kind.rawValue) screen (visible: \(visible.isEmpty ? "none" : visible))")
        }
        return windowPoint(ofPixel: control.rect.center)
    }

    static func whole(_ value: Double) -> Int32 { Int32(clamping: Int64(max(min(value, 1e9), -1e9).rounded())) }
}
