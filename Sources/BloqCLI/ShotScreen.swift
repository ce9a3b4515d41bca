import ArgumentParser
import BloqEngine
import BloqGame
import BloqPlay
import BloqSDL

/// The screens `bloq play --screen` can render, each set up in a fixed, deterministic way.
public enum ShotScreen: String, ExpressibleByArgument, CaseIterable, Sendable {
    case title, levels, settings, help, play, cleared, preview, symbols, about, editor, daily, statistics

    /// Whether the screen shows a board (the first level is opened for it).
    public var opensBoard: Bool { self == .play || self == .cleared || self == .symbols }
}

extension ShotScreen {
    /// A loop for a screenshot: one fixed step a frame, no input but what `prepare` gives,
    /// on `window` (whose last frame is saved), so the picture is the same every time.
    static func loop(_ app: AppController, in window: SDLWindow) -> GameLoop {
        let waiting = InputScript(events: [InputScript.Event(time: .greatestFiniteMagnitude, action: .end)])
        let size = window.windowSize
        return GameLoop(app: app, platform: ScriptPlatform(script: waiting, app: app, size: size, window: window))
    }

    /// Brings the game to the state this screen shows, through `loop`'s frames.
    func prepare(_ loop: GameLoop) {
        let app = loop.app
        func settle(_ frames: Int) { loop.run(while: { true }, limit: frames) }
        switch self {
        case .title, .play, .about, .settings, .levels, .statistics:
            if self == .levels { app.showLevels() }
            if self == .settings { app.showSettings() }
            if self == .about { app.showAbout() }
            if self == .statistics { app.showStatistics() }
        case .help:
            app.perform(.showHelp)
        case .editor:
            app.showEditor()
            settle(1)
        case .daily:
            // Today's board (--date fixes the day), once it is made and its par proved.
            app.showDaily()
            loop.run(while: { app.playScreen == nil && app.root.kind == .daily }, limit: 120 * 60)
            settle(12)
        case .symbols:
            app.settings.colorBlindSymbols = true
        case .cleared:
            // The player's clear at par: the optimal moves pushed one by one.
            guard let game = app.game,
                case .solved(let moves) = SolverService.solve(game.scene.board).outcome
            else { return }
            for move in moves {
                game.scene.perform(move)
                loop.run(while: { game.scene.hasMovesInFlight }, limit: 120)
            }
            loop.run(while: { !game.showsClearedOverlay }, limit: 120 * 5)
            settle(54)  // the confetti mid-flight
        case .preview:
            app.showLevels()
            guard let tile = app.top.controls.first(where: { $0.id == .tile(0) }) else { return }
            // Held as long as a person holds to open it (1.5 s), then let go: the card open,
            // its buttons shown (0.8 s showed it half grown, a player's report).
            app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0)))
            settle(180)
            app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .up, location: tile.rect.center, time: 1.5)))
            settle(12)
        }
    }
}
