import BloqEngine
import BloqGame

/// A script line that cannot be carried out in the state the game is in when it comes
/// (a tap on a control that is not there, cell coordinates with no board shown).
public struct ReplayError: Error, Sendable {
    /// The script's line.
    public var line: Int
    public var message: String
}

/// Runs an input script (CONTRACT section 3) on a shell, with no window: each line becomes
/// the raw events live play would get (mouse positions in whole window points, fingers as
/// 32-bit fractions of the window, as SDL gives them), translated by the same
/// `InputTranslator` and delivered on the `FixedStepClock`'s schedule. A platform with a
/// window uses it too, to replay and then draw.
public final class ScriptPlayer {
    public let app: AppController
    public private(set) var clock = FixedStepClock()
    public private(set) var translator = InputTranslator()
    /// The window's size in points.
    public private(set) var window: (width: Int, height: Int)
    /// Called when the script resizes the window (points); returns the output size in
    /// pixels. Without it the output is the points times the translator's scale.
    public var onResize: ((Int, Int) -> Size)?
    /// Called with every raw event delivered (a platform may record them).
    public var onInput: ((InputEvent, Double) -> Void)?

    /// A player for `app` in a window of `window` points with `scale` pixels per point.
    public init(app: AppController, window: (width: Int, height: Int), scale: Point = Point(x: 1, y: 1)) {
        self.app = app
        self.window = window
        translator.scale = scale
        translator.output = Size(width: Double(window.width) * scale.x, height: Double(window.height) * scale.y)
        app.handle(.resized(translator.output))
        // A window's buttons follow its display's DPI; with no display the default's.
        app.minimumButtonSize = Metrics.minimumButtonSize(scale: scale.x)
    }

    /// Runs `script` until its `end`. A release or finger up at a new position is preceded by
    /// a motion there, as live input is. `afterEachStep` may stop it early (returning
    /// false). Throws `ReplayError` for a line that cannot be carried out.
    public func run(_ script: InputScript, afterEachStep: (() -> Bool)? = nil) throws(ReplayError) {
        clock = FixedStepClock()
        var mouse: (x: Int32, y: Int32)?
        var fingers: [Int: (x: Float, y: Float)] = [:]
        var next = 0
        while next < script.events.count {
            while next < script.events.count, script.events[next].time <= clock.now {
                let event = script.events[next]
                next += 1
                let time = event.time
                switch event.action {
                case .end:
                    return
                case .press(let place):
                    let at = try windowPoint(place, line: event.line)
                    mouse = at
                    deliver(.mouseButton(down: true, x: at.x, y: at.y), at: time)
                case .drag(let place):
                    let at = try windowPoint(place, line: event.line)
                    mouse = at
                    deliver(.mouseMotion(x: at.x, y: at.y), at: time)
                case .release(let place):
                    let at = try windowPoint(place, line: event.line)
                    if let last = mouse, last != at { deliver(.mouseMotion(x: at.x, y: at.y), at: time) }
                    mouse = at
                    deliver(.mouseButton(down: false, x: at.x, y: at.y), at: time)
                case .tap(let label):
                    let at = try tapPoint(label, line: event.line)
                    mouse = at
                    deliver(.mouseButton(down: true, x: at.x, y: at.y), at: time)
                    deliver(.mouseButton(down: false, x: at.x, y: at.y), at: time)
                case .touch(let id, let phase, let place):
                    let at = try fraction(place, line: event.line)
                    switch phase {
                    case .down:
                        fingers[id] = at
                        deliver(.finger(id: Int64(id), phase: .down, x: at.x, y: at.y, pressure: 1), at: time)
                    case .move:
                        fingers[id] = at
                        deliver(.finger(id: Int64(id), phase: .move, x: at.x, y: at.y, pressure: 1), at: time)
                    case .up:
                        if let last = fingers[id], last != at {
                            deliver(.finger(id: Int64(id), phase: .move, x: at.x, y: at.y, pressure: 1), at: time)
                        }
                        fingers[id] = nil
                        deliver(.finger(id: Int64(id), phase: .up, x: at.x, y: at.y, pressure: 1), at: time)
                    }
                case .key(let name):
                    deliver(.key(KeyChord(parsing: name) ?? KeyChord(name)), at: time)
                case .text(let typed):
                    deliver(.text(typed), at: time)
                case .resize(let width, let height):
                    resize(width: width, height: height, at: time)
                case .cancel:
                    deliver(.focusLost, at: time)
                }
            }
            guard next < script.events.count else { return }
            clock.tick { app.step(FixedStepClock.step) }
            if let afterEachStep, !afterEachStep() { return }
        }
    }

    /// Translates one raw event at `time` (ms of simulated time) and hands it to the shell.
    public func deliver(_ raw: RawInput, at time: Double) {
        for translated in translator.translate(raw, time: time / 1000) {
            guard case .input(let input) = translated else { continue }
            onInput?(input, time)
            app.handle(input)
        }
    }

    private func resize(width: Int, height: Int, at time: Double) {
        window = (width, height)
        translator.output =
            onResize?(width, height)
            ?? Size(width: Double(width) * translator.scale.x, height: Double(height) * translator.scale.y)
        onInput?(.resized(translator.output), time)
        app.handle(.resized(translator.output))
    }

    /// A script place as window points, rounded to whole points as the platform's mouse
    /// events are.
    private func windowPoint(_ place: InputScript.Place, line: Int) throws(ReplayError) -> (x: Int32, y: Int32) {
        let pixel = try outputPixel(place, line: line)
        return (ScriptPlayer.whole(pixel.x / translator.scale.x), ScriptPlayer.whole(pixel.y / translator.scale.y))
    }

    /// A script place in output pixels.
    private func outputPixel(_ place: InputScript.Place, line: Int) throws(ReplayError) -> Point {
        switch place {
        case .pixel(let point):
            return Point(x: point.x * translator.scale.x, y: point.y * translator.scale.y)
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
        return (Float(pixel.x / max(translator.output.width, 1)), Float(pixel.y / max(translator.output.height, 1)))
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
        let center = control.rect.center
        return (ScriptPlayer.whole(center.x / translator.scale.x), ScriptPlayer.whole(center.y / translator.scale.y))
    }

    static func whole(_ value: Double) -> Int32 { Int32(clamping: Int64(max(min(value, 1e9), -1e9).rounded())) }
}
