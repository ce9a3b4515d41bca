import BloqEngine
import BloqGame

/// Writes what the player does on the first level they play as an input script
/// (`bloq play --record`): pointer events on its board in cell units, keys, resizes and
/// cancellations, with their simulated times, 4 decimals as the script text keeps them.
/// A level that opened on the player's saved line of play is recorded from there (`resume`
/// lines), so its replay starts where the player did; the recording ends at the level's
/// clear (the Cleared card's buttons are not the same in a level replay: its Next level is
/// Play again there).
public struct InputRecorder {
    /// The window size when the recorded level had its first input (the size the replay
    /// opens with; later resizes are events).
    public private(set) var window: (width: Int, height: Int)
    public private(set) var events: [InputScript.Event] = []
    /// The play screen being recorded, once one had input: the daily board, a trial and a
    /// shared level are in no pack, and a level left and opened again is a new screen (on
    /// its saved line), so the screen itself is what is followed (weakly: a new screen may
    /// take a gone one's address).
    private weak var recorded: PlayScreen?
    /// Whether a level had input (`recorded` goes once its screen does).
    private var started = false
    /// The level recorded, once it had input: what its replay plays.
    public private(set) var level: PlayableLevel?
    /// Whether that level is one of a pack's (its name then a file's path, unless the pack
    /// is a share code's).
    public private(set) var levelIsInPack = false
    /// The line of play it opened on.
    private var resume = InputScript.Resume()
    /// Set by the first input after the level was cleared or left: nothing more is recorded.
    private var cleared = false

    public init(window: (width: Int, height: Int)) { self.window = window }

    /// Records `input` at `time` (ms of simulated time), when it happens on the recorded
    /// level's play screen.
    public mutating func record(_ input: InputEvent, at time: Double, app: AppController) {
        guard !cleared, let screen = app.playScreen, app.help == nil else { return }
        if !started {
            // A board already cleared (its card shown) is no level to replay.
            guard !screen.game.scene.session.isCleared else { return }
            started = true
            recorded = screen
            // Nothing moves on a level before its first input: the line it has is the one it
            // opened on.
            level = screen.game.level
            levelIsInPack = screen.packIndex != nil
            resume = InputScript.Resume(
                moves: screen.game.scene.session.log, usedHint: screen.game.usedHint, showedSolution: screen.game.showedSolution,
                sawSolution: screen.game.sawSolution)
        }
        guard recorded === screen else {
            // Left: a replay stays on its level.
            cleared = true
            return
        }
        if screen.game.scene.session.isCleared {
            cleared = true
            return
        }
        let action: InputScript.Action
        switch input {
        case .pointer(let event):
            guard !app.swallows(event) else { return }
            let exact = screen.game.layout.cellPoint(for: event.location)
            let point = InputScript.Place.cell(CellPoint(row: InputRecorder.round(exact.row), column: InputRecorder.round(exact.column)))
            switch (event.pointer, event.phase) {
            case (.mouse, .down): action = .press(point)
            case (.mouse, .moved): action = .drag(point)
            case (.mouse, .up): action = .release(point)
            case (.finger(let id), .down): action = .touch(id: Int(truncatingIfNeeded: id), phase: .down, point)
            case (.finger(let id), .moved): action = .touch(id: Int(truncatingIfNeeded: id), phase: .move, point)
            case (.finger(let id), .up): action = .touch(id: Int(truncatingIfNeeded: id), phase: .up, point)
            case (_, .cancelled): action = .cancel
            }
        case .key(let chord): action = .key(chord.description)
        case .text(let text): action = .text(text)
        case .focusLost: action = .cancel
        case .gamepad(let press): action = .pad(press)
        case .resized: return  // resizes come from the window (recordResize)
        case .systemAppearance: return  // the desktop's, not the player's doing
        case .contextClick, .scroll: return  // nothing on the board answers them
        case .hover: return  // a look, no move: scripts carry none
        }
        append(action, at: time)
    }

    /// Appends `action` at `time`, or at the last event's time when that is later: the
    /// loop hands input on in order, but in a frame the clock cuts short (a stall) an event
    /// may carry a time before the last one handed on, and a script's times never go back.
    private mutating func append(_ action: InputScript.Action, at time: Double) {
        events.append(InputScript.Event(time: max(InputRecorder.round(time), events.last?.time ?? 0), action: action))
    }

    /// Records the window being resized at `time`; before the recorded level had input,
    /// the size it will open with.
    public mutating func recordResize(width: Int, height: Int, at time: Double) {
        guard started else {
            window = (width, height)
            return
        }
        guard !cleared else { return }
        append(.resize(width: width, height: height), at: time)
    }

    /// The script so far, ended at `time` (ms).
    public func script(endingAt time: Double) -> InputScript {
        let end = max(time, events.last?.time ?? 0)
        return InputScript(
            window: window, resume: resume, events: events + [InputScript.Event(time: (end * 10_000).rounded(.up) / 10_000, action: .end)])
    }

    /// Scripts carry 4 decimals: record exactly what the text will say.
    static func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
