import BloqEngine
import BloqGame
import BloqPlay
import CSDL2

/// A script line that cannot be carried out in the state the game is in when it comes
/// (a tap on a control that is not there, cell coordinates with no board shown).
public struct ReplayError: Error, Sendable {
    /// The script's line.
    public var line: Int
    public var message: String
}

extension GameApp {
    /// Runs `script` through the same translation and shell as live SDL events, on the
    /// fixed-step schedule, until its `end`. A release or finger up at a new position is
    /// preceded by a motion there, as live input is. `afterEachStep` may stop it early
    /// (returning false). Throws `ReplayError` for a line that cannot be carried out.
    public func replay(_ script: InputScript, afterEachStep: (() -> Bool)? = nil) throws {
        clock = FixedStepClock()
        var mouse: (x: Int, y: Int)?
        var fingers: [Int: Point] = [:]
        var next = 0
        while next < script.events.count {
            while next < script.events.count, script.events[next].time <= clock.now {
                let event = script.events[next]
                next += 1
                let time = event.time
                func point(_ place: InputScript.Place) throws -> (x: Int, y: Int) { try windowPoint(place, line: event.line) }
                switch event.action {
                case .end:
                    return
                case .press(let place):
                    let at = try point(place)
                    mouse = at
                    inject(.mouseButton(down: true, x: at.x, y: at.y), at: time)
                case .drag(let place):
                    let at = try point(place)
                    mouse = at
                    inject(.mouseMotion(x: at.x, y: at.y, buttonHeld: true), at: time)
                case .release(let place):
                    let at = try point(place)
                    if let last = mouse, last != at { inject(.mouseMotion(x: at.x, y: at.y, buttonHeld: true), at: time) }
                    mouse = at
                    inject(.mouseButton(down: false, x: at.x, y: at.y), at: time)
                case .tap(let label):
                    let at = try tapPoint(label, line: event.line)
                    mouse = at
                    inject(.mouseButton(down: true, x: at.x, y: at.y), at: time)
                    inject(.mouseButton(down: false, x: at.x, y: at.y), at: time)
                case .touch(let id, let phase, let place):
                    let normal = try normalised(place, line: event.line)
                    switch phase {
                    case .down:
                        fingers[id] = normal
                        inject(.finger(id: Int64(id), phase: .down, x: normal.x, y: normal.y), at: time)
                    case .move:
                        fingers[id] = normal
                        inject(.finger(id: Int64(id), phase: .move, x: normal.x, y: normal.y), at: time)
                    case .up:
                        if let last = fingers[id], last != normal {
                            inject(.finger(id: Int64(id), phase: .move, x: normal.x, y: normal.y), at: time)
                        }
                        fingers[id] = nil
                        inject(.finger(id: Int64(id), phase: .up, x: normal.x, y: normal.y), at: time)
                    }
                case .key(let name):
                    let chord = KeyChord(parsing: name) ?? KeyChord(name)
                    inject(.key(name: chord.key, shift: chord.shift, control: chord.control, alt: chord.alt), at: time)
                case .resize(let width, let height):
                    SDL_SetWindowSize(window, Int32(width), Int32(height))
                    updateLayout()
                    deliver(SyntheticEvent.resized(width: width, height: height).sdlEvent(windowID: windowID), at: time)
                case .cancel:
                    inject(.focusLost, at: time)
                }
            }
            guard next < script.events.count else { return }
            clock.tick { app.step(FixedStepClock.step) }
            if let afterEachStep, !afterEachStep() { return }
        }
    }

    private func inject(_ synthetic: SyntheticEvent, at time: Double) {
        deliver(synthetic.sdlEvent(windowID: windowID), at: time)
    }

    /// A script place as window coordinates (points), rounded to whole points as SDL's
    /// mouse events are.
    private func windowPoint(_ place: InputScript.Place, line: Int) throws -> (x: Int, y: Int) {
        let pixel = try outputPixel(place, line: line)
        return (GameApp.whole(pixel.x / translator.scale.x), GameApp.whole(pixel.y / translator.scale.y))
    }

    /// A script place in output pixels.
    private func outputPixel(_ place: InputScript.Place, line: Int) throws -> Point {
        switch place {
        case .pixel(let point):
            return Point(x: point.x * translator.scale.x, y: point.y * translator.scale.y)
        case .cell(let point):
            guard let game = app.game else {
                throw ReplayError(
                    line: line,
                    message:
                        "cell coordinates need a board on screen, and the \(app.top.kind.rawValue) screen shows none; give window pixels (120px 560px) or tap a control"
                )
            }
            return game.layout.pixel(for: point)
        }
    }

    /// A script place as SDL's normalised finger coordinates.
    private func normalised(_ place: InputScript.Place, line: Int) throws -> Point {
        let pixel = try outputPixel(place, line: line)
        return Point(x: pixel.x / max(translator.output.width, 1), y: pixel.y / max(translator.output.height, 1))
    }

    /// The centre of the enabled, visible control labelled `label`, in window points.
    private func tapPoint(_ label: String, line: Int) throws -> (x: Int, y: Int) {
        let controls = app.top.controls
        guard let control = controls.first(where: { $0.label == label && $0.isEnabled }) else {
            let visible = controls.filter(\.isEnabled).map(\.label).joined(separator: ", ")
            throw ReplayError(
                line: line,
                message: "no control \"\(label)\" on the \(app.top.kind.rawValue) screen (visible: \(visible.isEmpty ? "none" : visible))")
        }
        let center = control.rect.center
        return (GameApp.whole(center.x / translator.scale.x), GameApp.whole(center.y / translator.scale.y))
    }

    static func whole(_ value: Double) -> Int { Int(clamping: Int64(max(min(value, 1e9), -1e9).rounded())) }
}
