import BloqCLI
import BloqEngine
import BloqGame
import BloqPlay
import BloqSDL

extension ShotScreen {
    /// Brings the app to the state this screen shows.
    func prepare(_ app: AppController, _ window: GameApp) {
        window.pumpEvents()
        func settle(_ steps: Int) { for _ in 0..<steps { app.step(FixedStepClock.step) } }
        switch self {
        case .title, .play, .about, .settings, .levels:
            if self == .levels { app.showLevels() }
            if self == .settings { app.showSettings() }
            if self == .about { app.showAbout() }
        case .help:
            app.perform(.showHelp)
        case .editor:
            app.showEditor()
            settle(1)
        case .daily:
            // Today's board (--date fixes the day), once it is made and its par proved.
            app.showDaily()
            for _ in 0..<(120 * 60) where app.playScreen == nil && app.root.kind == .daily { app.step(FixedStepClock.step) }
            settle(12)
        case .symbols:
            app.settings.colorBlindSymbols = true
        case .cleared:
            // The player's clear at par: the optimal moves pushed one by one.
            guard let game = app.game, case .solved(let moves) = Solver().solve(game.scene.board).outcome else { return }
            for move in moves {
                game.scene.perform(move)
                for _ in 0..<120 where game.scene.hasMovesInFlight { app.step(FixedStepClock.step) }
            }
            for _ in 0..<(120 * 5) where !game.showsClearedOverlay { app.step(FixedStepClock.step) }
            settle(54)  // the confetti mid-flight
        case .preview:
            app.showLevels()
            guard let tile = app.top.controls.first(where: { $0.id == .tile(0) }) else { return }
            app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0)))
            settle(96)
        }
    }
}

/// Draws a replay's final frame in a headless window (`Replay.renderer`).
func renderReplay(_ shell: AppController, _ script: InputScript, _ window: (width: Int, height: Int), _ path: String) throws {
    let game = try GameApp(app: shell, options: WindowOptions(width: window.width, height: window.height, headless: true))
    try game.replay(script)
    try game.saveScreenshot(to: path)
}
