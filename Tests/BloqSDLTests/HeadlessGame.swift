import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSDL
import BloqTestSupport

/// The game in a headless window, run by the real loop over an SDL platform whose clock
/// the test moves (as SwiftNIO's embedded loop takes its time from the test).
final class HeadlessGame {
    let window: SDLWindow
    let app: AppController
    let loop: GameLoop
    let clock = ManualClock()
    /// The watcher of a level file (`watch`), stopped with the game.
    private var watcher: FileWatcher?

    deinit { watcher?.stop() }

    init(app makeApp: (Size) -> AppController, width: Int = 800, height: Int = 600) throws {
        window = try SDLWindow(options: WindowOptions(width: width, height: height, headless: true))
        app = makeApp(window.geometry.output)
        loop = GameLoop(app: app, platform: SDLPlatform(window: window, time: .manual(clock)))
    }

    /// One level alone, as level-mode replays play it.
    convenience init(level: PlayableLevel) throws {
        try self.init(app: { viewport in
            AppController(
                environment: AppEnvironment(packs: [singleLevelPack(level)]),
                viewport: viewport, singleLevel: true)
        })
    }

    /// A game of `packs` whose first level follows the file at `path`, as `bloq play
    /// --watch` opens it (the solver off the render thread, as live).
    convenience init(
        watching path: String, packs: [PackEntry], check: (@Sendable (Level, SearchStop) -> [Diagnostic])?, inotify: Bool
    ) throws {
        let watching = SDLPlatform.watchLevelFile(path, mode: .background, inotify: inotify, check: check)
        var environment = AppEnvironment(packs: packs, solverMode: .background)
        environment.levelWatch = watching.watch
        try self.init(app: { viewport in AppController(environment: environment, viewport: viewport) })
        watcher = watching.watcher
    }

    /// The level being played.
    var game: GameController? { app.game }

    /// One frame of the loop, `elapsed` seconds after the last.
    func frame(elapsed: Double) {
        clock.advance(bySeconds: elapsed)
        loop.frame()
    }

    /// Pushes an event onto SDL's queue; the next frame takes it.
    func push(_ event: SyntheticEvent) throws { try window.push(event) }

    /// The frame as it is drawn now, as 0xAARRGGBB pixels.
    func pixels() throws -> (width: Int, height: Int, pixels: [UInt32]) {
        window.draw(app)
        return try window.readPixels()
    }
}

/// Replays `script` on `level` in a headless 800x600 window (the loop over a
/// `ScriptPlatform`), as `bloq replay --screenshot` does, and returns the window's game.
func replayInWindow(_ script: InputScript, level: Level) throws -> (window: SDLWindow, app: AppController) {
    let window = try SDLWindow(options: WindowOptions(width: 800, height: 600, headless: true))
    let app = AppController(
        environment: AppEnvironment(packs: [PackEntry(title: "t", items: [.playable(PlayableLevel(name: "test", level: level))])]),
        viewport: window.geometry.output, singleLevel: true)
    _ = try ScriptPlatform.run(script, on: app, size: window.windowSize, window: window)
    return (window, app)
}
