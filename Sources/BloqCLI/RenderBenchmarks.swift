import BloqBench
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSDL
import Glibc

/// Benchmarks of the real render loop, headless (offscreen driver, software renderer).
enum RenderBenchmarks {
    /// The median CPU time in milliseconds of one frame of the real loop (events, fixed
    /// steps, drawing, presenting) with every block of `board` animating, in an 800x600
    /// window, over `frames` frames after a warm-up.
    static func frameMilliseconds(board: Board, frames: Int = 240) throws -> Double {
        let game = try Headless(board: board)
        if let scene = game.app.game?.scene { animateEveryBlock(scene) }
        for _ in 0..<30 { game.frame() }
        var times: [Double] = []
        for _ in 0..<frames {
            let start = BenchClock.threadCPU()
            game.frame()
            times.append((BenchClock.threadCPU() - start) * 1000)
        }
        return BenchClock.median(times)
    }

    /// One level in a headless 800x600 window, run by the real loop on a clock that moves
    /// 1/60 s a frame.
    struct Headless {
        let window: SDLWindow
        let app: AppController
        let loop: GameLoop
        let platform: HandedInputPlatform
        let clock = ManualClock()

        init(board: Board) throws {
            let level = PlayableLevel(name: "bench", level: Level(title: "Benchmark", board: board))
            try self.init(environment: AppEnvironment(packs: [PackEntry(title: "Benchmark", items: [.playable(level)])]))
        }

        init(environment: AppEnvironment) throws {
            window = try SDLWindow(options: WindowOptions(width: 800, height: 600, headless: true))
            app = AppController(environment: environment, viewport: window.geometry.output, singleLevel: true)
            platform = HandedInputPlatform(SDLPlatform(window: window, time: .manual(clock)))
            loop = GameLoop(app: app, platform: platform)
        }

        /// A frame 1/60 s after the last.
        func frame() {
            clock.advance(bySeconds: 1.0 / 60)
            loop.frame()
        }
    }

    /// Frames between an input event arriving and the first drawn frame that shows its
    /// effect: a block is grabbed and the pointer moves half a cell; the frames drawn after
    /// the motion are read back until the block's colour shows where only the moved block
    /// can be. 0 means the very next frame shows it.
    static func latencyFrames() throws -> Int {
        let board = Board(["R...", "....", "...."]) ?? Board(["R.", ".."])
        guard let board else { return -1 }
        let headless = try Headless(board: board)
        guard let game = headless.app.game else { return -1 }
        let window = headless.window
        headless.frame()
        let start = game.layout.pixel(for: CellPoint(row: 0, column: 0))
        headless.platform.hand(.mouseButton(down: true, x: Int32(start.x), y: Int32(start.y)))
        headless.frame()
        // Past the threshold first, so the move's direction is decided.
        let decide = game.layout.pixel(for: CellPoint(row: 0, column: 0.2))
        headless.platform.hand(.mouseMotion(x: Int32(decide.x), y: Int32(decide.y)))
        headless.frame()
        let probe = game.layout.pixel(for: CellPoint(row: 0, column: 1.2))
        let target = game.layout.pixel(for: CellPoint(row: 0, column: 0.9))
        headless.platform.hand(.mouseMotion(x: Int32(target.x), y: Int32(target.y)))
        for frame in 0..<10 {
            headless.frame()
            let pixels = try window.readPixels()
            let color = pixels.pixels[Int(probe.y) * pixels.width + Int(probe.x)]
            let red = (color >> 16) & 0xFF
            let green = (color >> 8) & 0xFF
            if red > 0xB0, green < 0x80 { return frame }
        }
        return 10
    }

    /// Sets every block of `scene` circling in place, forever: a board where everything
    /// animates. Nothing moves in the rules.
    static func animateEveryBlock(_ scene: BoardScene) {
        for sprite in scene.blockSprites {
            let id = sprite.id
            let phase = Double(id % 7) / 7
            let circle = Motion.tween(0.6, .linear) { [weak scene] t in
                let angle = 2 * Double.pi * (t + phase)
                scene?.nudge(block: id, by: CellPoint(row: 0.08 * sin(angle), column: 0.08 * cos(angle)))
            }
            MotionPlayer(circle.again(times: Motion.forever), driver: scene.driver).start()
        }
    }

    /// Milliseconds from a level file saved (a new file renamed over it, as most editors
    /// save) to the first drawn frame that shows the new board, under `play --level FILE
    /// --watch`: the median of 9 saves alternating two boards of different sizes, so each
    /// reload lays the board out again. Headless, otherwise as live: the loop's own frames,
    /// inotify, validate's solver checks off the render thread. Nil when a save was not
    /// shown within 2 s.
    static func watchReloadMilliseconds() throws -> Double? {
        let folder = Path.join(Path.temporaryFolder, "bloq-bench-watch-\(FileSystem.randomName())")
        try FileSystem.createFolders(folder)
        defer { FileSystem.removeTree(folder) }
        let path = folder + "/draft.bloq"
        let versions = [
            ("title: Draft\n\nB . . B\nG . . G\n", ["B..B", "G..G"]),
            ("title: Draft\n\nR . R\n. . .\nO . O\n", ["R.R", "...", "O.O"]),
        ]
        try FileSystem.writeText(versions[1].0, to: path)
        let level = try LevelParser.parse(versions[1].0, name: path).get()
        let check = LevelValidation.watchCheck(seconds: LevelWatch.checkSeconds)
        let watching = SDLPlatform.watchLevelFile(path, mode: .background) { version, stop in check(version, path, stop) }
        defer { watching.watcher.stop() }
        var environment = AppEnvironment(
            packs: [PackEntry(title: level.title, items: [.playable(PlayableLevel(name: path, level: level))])], solverMode: .background)
        environment.levelWatch = watching.watch
        let game = try Headless(environment: environment)
        let app = game.app
        game.frame()
        var times: [Double] = []
        for index in 0..<9 {
            let (text, lines) = versions[index % 2]
            let expected = Board(lines)
            let start = BenchClock.now()
            try FileSystem.writeText(text, to: path)
            var shown: Double?
            while shown == nil, BenchClock.milliseconds(since: start) < 2_000 {
                // What a live frame does first: the watched file's news.
                app.pollExternalChanges()
                let reached = app.game?.scene.board == expected
                game.frame()
                if reached { shown = BenchClock.milliseconds(since: start) } else { usleep(1_000) }
            }
            guard let shown else { return nil }
            times.append(shown)
        }
        return BenchClock.median(times)
    }
}

/// The SDL platform with input handed to it by a benchmark: taken by the loop in the next
/// frame before SDL's own, at the same point of the frame as a decoded SDL event. (The
/// game defines no way to make SDL events: the tests' injector is not in it.)
final class HandedInputPlatform: GamePlatform {
    private let sdl: SDLPlatform
    private var handed: [RawInput] = []

    init(_ sdl: SDLPlatform) { self.sdl = sdl }

    /// Queues `input` as arrived now.
    func hand(_ input: RawInput) { handed.append(input) }

    var now: Double { sdl.now }
    var sleepsWhenIdle: Bool { sdl.sleepsWhenIdle }
    var geometry: WindowGeometry { sdl.geometry }
    var isFocused: Bool { sdl.isFocused }
    var isFinished: Bool { sdl.isFinished }

    @discardableResult
    func gatherInput(waitingUpTo timeout: Double) -> Bool { sdl.gatherInput(waitingUpTo: handed.isEmpty ? timeout : 0) || !handed.isEmpty }

    func nextInputTime() -> Double? { handed.isEmpty ? sdl.nextInputTime() : sdl.now }

    func takeInput() -> RawInput? { handed.isEmpty ? sdl.takeInput() : handed.removeFirst() }

    func present(_ app: AppController, sounds: [SoundCue]) { sdl.present(app, sounds: sounds) }
}
