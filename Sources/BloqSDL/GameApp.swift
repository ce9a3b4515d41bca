import BloqEngine
import BloqGame
import BloqPlay
import CSDL2
import Glibc

/// How to open the game window.
public struct WindowOptions: Sendable {
    public var width = 800
    public var height = 600
    public var fullscreen = false
    /// Render without a display: SDL's offscreen video driver and software renderer, so
    /// the pixels are the same on every machine (screenshots, replays, tests).
    public var headless = false

    public init(width: Int = 800, height: Int = 600, fullscreen: Bool = false, headless: Bool = false) {
        self.width = width
        self.height = height
        self.fullscreen = fullscreen
        self.headless = headless
    }
}

/// The game in an SDL window: owns SDL, the window, the renderer and the loop. The only
/// place that reads the real clock (`SDL_GetTicks`, in milliseconds, as event timestamps).
///
/// Simulated time advances in fixed steps of 1/120 s: step k happens at k/120 s, and an
/// event is delivered before the first step at or after its time. Live play and replays
/// follow the same schedule, so a recorded game replays exactly.
public final class GameApp {
    /// The simulation's fixed step in seconds.
    public static let step = 1.0 / 120
    /// A frame longer than this (a stall, a debugger) is cut short so the loop cannot spiral;
    /// the simulated clock skips the rest.
    public static let maximumFrameTime = 0.25

    public let app: AppController
    /// The play screen's controller, when a level is open.
    public var game: GameController? { app.game }
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let canvas: Canvas
    private var translator = InputTranslator()
    private let painter = ScreenRenderer()
    private var quitRequested = false
    private let hasVSync: Bool
    /// Steps taken: the simulated time is `stepIndex * step`.
    private var stepIndex = 0
    /// SDL's tick count (ms) at simulated time 0; moved forward when the clock skips.
    private var originMilliseconds: Double = 0
    private var recording: [InputScript.Event]?
    /// The level a recording is of (scripts hold one level).
    private var recordedLevel: Int?
    private var recordedWindow: (width: Int, height: Int)?
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0

    /// Initialises SDL and opens the window on `game`. Throws with SDL's reason when there
    /// is no display (or no renderer, or no font).
    public init(app: AppController, options: WindowOptions) throws {
        if options.headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            setenv("SDL_RENDER_DRIVER", "software", 1)
            setenv("SDL_AUDIODRIVER", "dummy", 1)
            // The offscreen driver would back the window's pixels with an accelerated renderer,
            // loading Mesa's GL and LLVM (about 70 MB) for nothing: the software renderer draws.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // Touch produces finger events; SDL's synthesised mouse events are ignored anyway.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let error = SDLError("no display: SDL could not start its video system")
            throw SDLError(
                error.what,
                detail:
                    "\(error.detail). Run the game in a desktop session (DISPLAY or WAYLAND_DISPLAY set), or render without a display with --screenshot OUT.png."
            )
        }
        guard TTF_Init() == 0 else {
            let error = SDLError("SDL_ttf could not start")
            SDL_Quit()
            throw error
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if options.headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let position = Int32(bitPattern: bloq_windowpos_centered())
        guard
            let window = SDL_CreateWindow(
                "Bloq", position, position, Int32(clamping: options.width), Int32(clamping: options.height), flags)
        else {
            let error = SDLError("cannot open a window")
            TTF_Quit()
            SDL_Quit()
            throw error
        }
        SDL_SetWindowMinimumSize(window, 160, 160)
        let rendererFlags =
            options.headless
            ? SDL_RENDERER_SOFTWARE.rawValue
            : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard
            let renderer = SDL_CreateRenderer(window, -1, rendererFlags)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else {
            let error = SDLError("cannot create a renderer")
            SDL_DestroyWindow(window)
            TTF_Quit()
            SDL_Quit()
            throw error
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        guard let font = FontLocator.boldSans() else {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            TTF_Quit()
            SDL_Quit()
            throw SDLError(
                "no font found", detail: "fontconfig offers no sans-serif TrueType font; install fonts-dejavu-core")
        }
        self.window = window
        self.renderer = renderer
        self.app = app
        canvas = Canvas(renderer: renderer, fontPath: font)
        originMilliseconds = Double(SDL_GetTicks())
        if !options.headless {
            // Gamepads and sound are optional: without them the game plays on.
            if SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0 { openGamepads() }
            sound = SoundPlayer()
        }
        updateLayout()
    }

    /// A level alone, as replays and tests play it: the play screen only, never leaving it.
    public convenience init(level: PlayableLevel, options: WindowOptions) throws {
        let app = AppController(
            packs: [PackEntry(title: level.level.title, items: [.playable(level)])],
            viewport: Size(width: Double(options.width), height: Double(options.height)), screen: .play, singleLevel: true)
        try self.init(app: app, options: options)
    }

    private var sound: SoundPlayer?
    private var gamepads: [OpaquePointer] = []

    private func openGamepads() {
        for index in 0..<SDL_NumJoysticks() where SDL_IsGameController(index) == SDL_TRUE {
            if let pad = SDL_GameControllerOpen(index) { gamepads.append(pad) }
        }
    }

    deinit {
        sound = nil
        for pad in gamepads { SDL_GameControllerClose(pad) }
        canvas.flush()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        TTF_Quit()
        SDL_Quit()
    }

    /// The SDL id of the window (events carry it).
    var windowID: UInt32 { SDL_GetWindowID(window) }

    /// The simulated time in milliseconds.
    public var simulatedMilliseconds: Double { Double(stepIndex) * GameApp.step * 1000 }

    // MARK: Live play

    /// Runs until the player quits: each frame delivers the events that arrived before it
    /// on the fixed-step schedule, draws, and sleeps in `SDL_WaitEventTimeout` while
    /// nothing moves.
    public func run() {
        // For bloq bench's start-up figure: report the first presented frame, then stop.
        let exitAfterFirstFrame = getenv("BLOQ_EXIT_AFTER_FIRST_FRAME") != nil
        // The first frame is drawn at once, not after the first event.
        liveFrame(first: nil)
        if exitAfterFirstFrame {
            print("first frame presented")
            fflush(nil)
            return
        }
        while !quitRequested && !app.wantsQuit {
            let frameStart = SDL_GetTicks()
            if !app.isAnimating {
                var event = SDL_Event()
                if SDL_WaitEventTimeout(&event, 1000) != 0 {
                    // Idle: nothing changes with time, so the simulated clock may jump to now.
                    skipIdleTime(to: Double(event.common.timestamp))
                    liveFrame(first: event)
                } else {
                    // No event and nothing moving: the frame on screen is still right.
                    skipIdleTime(to: Double(SDL_GetTicks()))
                }
                continue
            }
            liveFrame(first: nil)
            if !hasVSync {
                // Software renderers present at once; keep to about 60 frames a second.
                let spent = SDL_GetTicks() &- frameStart
                if spent < 16 { SDL_Delay(16 - spent) }
            }
        }
    }

    /// SDL ticks at the last live frame, for counting play time.
    private var lastFrameTicks: UInt32?

    /// One frame of live play: every queued event, the steps up to now, a drawn frame.
    private func liveFrame(first: SDL_Event?) {
        let ticks = SDL_GetTicks()
        let flags = SDL_GetWindowFlags(window)
        let focused = flags & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 && flags & SDL_WINDOW_MINIMIZED.rawValue == 0
        if let last = lastFrameTicks, focused, app.screen == .play {
            // Play time counts while the window has focus; a long gap (a suspended machine)
            // counts as a pause.
            let seconds = Double(ticks &- last) / 1000
            if seconds < 5 { game?.addPlayTime(seconds) }
        }
        lastFrameTicks = ticks
        var events: [(SDL_Event, Double)] = []
        if let first { events.append((first, Double(first.common.timestamp) - originMilliseconds)) }
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { events.append((event, Double(event.common.timestamp) - originMilliseconds)) }
        simulate(until: Double(SDL_GetTicks()) - originMilliseconds, delivering: events)
        applySettings()
        for cue in app.takeSounds() { sound?.play(cue) }
        draw()
        SDL_RenderPresent(renderer)
    }

    /// Makes the window follow the settings (fullscreen).
    private func applySettings() {
        let isFullscreen = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        if app.settings.fullscreen != isFullscreen {
            SDL_SetWindowFullscreen(window, app.settings.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            updateLayout()
        }
    }

    /// The window's size in points (to remember across runs).
    public var windowSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    private func skipIdleTime(to ticks: Double) {
        let now = ticks - originMilliseconds
        let target = Int((now / 1000 / GameApp.step).rounded(.down))
        if target > stepIndex { stepIndex = target }
    }

    /// Takes every step due by `now` (ms of simulated time), delivering each event before
    /// the first step at or after its time; events later than the last step are delivered
    /// afterwards (nothing happens between steps, so that is the same).
    private func simulate(until now: Double, delivering events: [(SDL_Event, Double)]) {
        var now = now
        let behind = now - simulatedMilliseconds
        if behind > GameApp.maximumFrameTime * 1000 {
            // Cut a long frame short: the clock skips what the simulation will not replay.
            let skipped = behind - GameApp.maximumFrameTime * 1000
            originMilliseconds += skipped
            now -= skipped
        }
        var next = 0
        let adjusted = events.map { ($0.0, min($0.1, now)) }
        while simulatedMilliseconds <= now {
            while next < adjusted.count, adjusted[next].1 <= simulatedMilliseconds {
                deliver(adjusted[next].0, at: adjusted[next].1)
                next += 1
            }
            app.step(GameApp.step)
            stepIndex += 1
        }
        while next < adjusted.count {
            deliver(adjusted[next].0, at: adjusted[next].1)
            next += 1
        }
    }

    /// One frame for tests: handles every queued event as if `elapsed` seconds passed.
    public func frame(elapsed: Double) {
        var events: [(SDL_Event, Double)] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { events.append((event, simulatedMilliseconds)) }
        simulate(until: simulatedMilliseconds + max(elapsed, 0) * 1000 - 1e-6, delivering: events)
        _ = app.takeSounds()
        draw()
        SDL_RenderPresent(renderer)
    }

    /// Handles every event SDL has queued, now.
    public func pumpEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { deliver(event, at: simulatedMilliseconds) }
    }

    // MARK: Replay

    /// Runs `script` through the same translation and game as live SDL events, on the
    /// fixed-step schedule, until its `end`. A release or finger up at a new position is
    /// preceded by a motion there, as live input is.
    public func replay(_ script: InputScript, afterEachStep: (() -> Bool)? = nil) {
        stepIndex = 0
        var mouse: CellPoint?
        var fingers: [Int: CellPoint] = [:]
        var next = 0
        while next < script.events.count {
            while next < script.events.count, script.events[next].time <= simulatedMilliseconds {
                let event = script.events[next]
                next += 1
                let time = event.time
                switch event.action {
                case .end:
                    return
                case .press(let point):
                    mouse = point
                    inject(.mouseButton(down: true, x: windowPoint(point).x, y: windowPoint(point).y), at: time)
                case .drag(let point):
                    mouse = point
                    inject(.mouseMotion(x: windowPoint(point).x, y: windowPoint(point).y, buttonHeld: true), at: time)
                case .release(let point):
                    if mouse != point { inject(.mouseMotion(x: windowPoint(point).x, y: windowPoint(point).y, buttonHeld: true), at: time) }
                    mouse = point
                    inject(.mouseButton(down: false, x: windowPoint(point).x, y: windowPoint(point).y), at: time)
                case .touch(let id, let phase, let point):
                    let normal = normalised(point)
                    switch phase {
                    case .down:
                        fingers[id] = point
                        inject(.finger(id: Int64(id), phase: .down, x: normal.x, y: normal.y), at: time)
                    case .move:
                        fingers[id] = point
                        inject(.finger(id: Int64(id), phase: .move, x: normal.x, y: normal.y), at: time)
                    case .up:
                        if let last = fingers[id], last != point {
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
                    recordResize(width: width, height: height, at: time)
                case .cancel:
                    inject(.focusLost, at: time)
                }
            }
            guard next < script.events.count else { return }
            app.step(GameApp.step)
            stepIndex += 1
            if let afterEachStep, !afterEachStep() { return }
        }
    }

    private func inject(_ synthetic: SyntheticEvent, at time: Double) {
        deliver(synthetic.sdlEvent(windowID: windowID), at: time)
    }

    /// A point in cell units as window coordinates (points), rounded to whole points as
    /// SDL's mouse events are.
    private func windowPoint(_ point: CellPoint) -> (x: Int, y: Int) {
        guard let game else { return (0, 0) }
        let pixel = game.layout.pixel(for: point)
        let x = pixel.x / translator.scale.x
        let y = pixel.y / translator.scale.y
        return (Int(clamping: Int64(max(min(x, 1e9), -1e9).rounded())), Int(clamping: Int64(max(min(y, 1e9), -1e9).rounded())))
    }

    /// A point in cell units as SDL's normalised finger coordinates.
    private func normalised(_ point: CellPoint) -> Point {
        guard let game else { return .zero }
        let pixel = game.layout.pixel(for: point)
        return Point(x: pixel.x / translator.output.width, y: pixel.y / translator.output.height)
    }

    // MARK: Recording

    /// Starts recording what the player does as an input script (`bloq play --record`).
    public func startRecording() {
        recording = []
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        recordedWindow = (Int(width), Int(height))
    }

    /// The recorded script, ended at the current simulated time (nil when not recording).
    public func recordedScript() -> InputScript? {
        guard var events = recording else { return nil }
        let end = max(simulatedMilliseconds, events.last?.time ?? 0)
        events.append(InputScript.Event(time: (end * 10_000).rounded(.up) / 10_000, action: .end, line: 0))
        return InputScript(window: recordedWindow, events: events)
    }

    private func record(_ input: InputEvent, at time: Double) {
        guard recording != nil, let game, app.screen == .play, game.index == recordedLevel ?? game.index else { return }
        if recordedLevel == nil { recordedLevel = game.index }
        let action: InputScript.Action
        switch input {
        case .pointer(let event):
            // Scripts carry 4 decimals: record exactly what the text will say.
            let exact = game.layout.cellPoint(for: event.location)
            let point = CellPoint(row: (exact.row * 10_000).rounded() / 10_000, column: (exact.column * 10_000).rounded() / 10_000)
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
        case .resized: return  // recorded from the window size, in recordResize
        case .focusLost: action = .cancel
        }
        // Times are written with 4 decimals: round the same way here.
        recording?.append(InputScript.Event(time: (time * 10_000).rounded() / 10_000, action: action, line: 0))
    }

    private func recordResize(width: Int, height: Int, at time: Double) {
        guard recording != nil else { return }
        recording?.append(InputScript.Event(time: time, action: .resize(width: width, height: height), line: 0))
    }

    // MARK: Drawing

    /// Draws the current state into the back buffer (without presenting it).
    public func draw() {
        painter.draw(app, on: canvas)
        framesDrawn += 1
    }

    /// The drawn pixels of the back buffer as 0xAARRGGBB, row by row. Call after `draw()`.
    public func readPixels() throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let size = canvas.outputSize
        let width = Int(size.width)
        let height = Int(size.height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw SDLError("cannot read the rendered frame") }
        return (width, height, pixels)
    }

    /// Draws the current frame and writes it to `path` as a PNG.
    public func saveScreenshot(to path: String) throws {
        draw()
        var frame = try readPixels()
        let saved = frame.pixels.withUnsafeMutableBytes { buffer -> Int32 in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer.baseAddress, Int32(frame.width), Int32(frame.height), 32, Int32(frame.width * 4),
                    SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        frame.pixels.removeAll()
        guard saved == 0 else { throw SDLError("cannot write the screenshot to \(path)") }
    }

    // MARK: Events

    /// Translates one SDL event at `time` (ms of simulated time) and hands it to the game.
    private func deliver(_ event: SDL_Event, at time: Double) {
        if event.type == SDL_WINDOWEVENT.rawValue,
            SDL_WindowEventID(rawValue: UInt32(event.window.event)) == SDL_WINDOWEVENT_SIZE_CHANGED
        {
            recordResize(width: Int(event.window.data1), height: Int(event.window.data2), at: time)
        }
        for translated in translator.translate(event, time: time / 1000) {
            switch translated {
            case .quit: quitRequested = true
            case .exposed: updateLayout()
            case .gamepadAdded: openGamepads()
            case .input(let input):
                if case .key(let chord) = input, chord.key == "F11" {
                    app.settings.fullscreen.toggle()
                    continue
                }
                record(input, at: time)
                app.handle(input)
            }
        }
    }

    /// Reads the window's point and pixel sizes and lays the game out for them.
    private func updateLayout() {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        let output = canvas.outputSize
        translator.output = output
        translator.scale = Point(
            x: width > 0 ? output.width / Double(width) : 1, y: height > 0 ? output.height / Double(height) : 1)
        // Buttons at least about 9 mm across: the display's DPI when SDL knows it, else 96.
        var dpi: Float = 96
        var horizontal: Float = 0
        var vertical: Float = 0
        if SDL_GetDisplayDPI(max(SDL_GetWindowDisplayIndex(window), 0), &dpi, &horizontal, &vertical) != 0 || !(dpi > 20) {
            dpi = 96
        }
        app.minimumButtonSize = max(Double(dpi) / 25.4 * 9 * translator.scale.x, 32)
        if output != app.viewport { app.handle(.resized(output)) }
    }
}
