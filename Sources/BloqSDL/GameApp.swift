import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import CBloqX11
import CSDL2
import FoundationEssentials

/// How to open the game window.
public struct WindowOptions: Sendable {
    public var width = 800
    public var height = 600
    public var fullscreen = false
    /// Render without a display: SDL's offscreen video driver and software renderer, so
    /// the pixels are the same on every machine (screenshots, replays, tests).
    public var headless = false
    /// Fit the size to the display's usable bounds and centre it (a remembered size may be
    /// larger than today's screen).
    public var fitToDisplay = false

    public init(width: Int = 800, height: Int = 600, fullscreen: Bool = false, headless: Bool = false, fitToDisplay: Bool = false) {
        self.width = width
        self.height = height
        self.fullscreen = fullscreen
        self.headless = headless
        self.fitToDisplay = fitToDisplay
    }
}

/// The game in an SDL window: SDL, the window, the renderer and the live loop. The only
/// place that reads the real clock (`SDL_GetTicks`, in milliseconds, as event timestamps),
/// which it hands to a `FixedStepClock`; the shell (`AppController`) is fed the same
/// events and steps live and in replays.
public final class GameApp {
    public let app: AppController
    /// The level being played, when one is open.
    public var game: GameController? { app.game }
    let window: OpaquePointer
    let renderer: OpaquePointer
    let canvas: Canvas
    var translator = InputTranslator()
    private let painter = ScreenPainter()
    private var quitRequested = false
    private let hasVSync: Bool
    let isHeadless: Bool
    var clock = FixedStepClock()
    private var recorder: InputRecorder?
    /// The watcher of a level file (`--watch`), stopped before SDL is.
    var fileWatcher: FileWatcher?
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0

    /// Initialises SDL and opens the window on `app`. Throws with a plain reason when
    /// there is no display (or no renderer, or no font).
    public init(app: AppController, options: WindowOptions) throws {
        isHeadless = options.headless
        if options.headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            setenv("SDL_RENDER_DRIVER", "software", 1)
            setenv("SDL_AUDIODRIVER", "dummy", 1)
            // The offscreen driver would back the window's pixels with an accelerated renderer,
            // loading Mesa's GL and LLVM (about 70 MB) for nothing: the software renderer draws.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        let choice =
            options.headless
            ? RendererChoice.software
            : RendererChoice.decide(environment: ProcessInfo.processInfo.environment, deviceNodes: RendererChoice.deviceNodes())
        if choice == .software {
            // Draw in memory and copy to the window: no OpenGL context, so no Mesa, no LLVM.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        }
        ApplicationID.nameWindows()
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // Touch produces finger events; SDL's synthesised mouse events are ignored anyway.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1")
        StartupTrace.mark("before SDL_Init")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let error = SDLError("no display: SDL could not start its video system")
            throw SDLError(error.what, detail: "\(error.detail). \(GameApp.displayHelp)")
        }
        if !options.headless, let problem = GameApp.invisibleDriver() {
            SDL_Quit()
            throw SDLError("no display found", detail: "\(problem). \(GameApp.displayHelp)")
        }
        StartupTrace.mark("SDL_Init (video)")
        guard TTF_Init() == 0 else {
            let error = SDLError("SDL_ttf could not start")
            SDL_Quit()
            throw error
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // Fullscreen (the setting, or --fullscreen) comes with the first frame, the same way
        // F11 makes it, window manager or not.
        if options.headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let centred = Int32(bitPattern: bloq_windowpos_centered())
        var frame = (x: centred, y: centred, width: Int32(clamping: options.width), height: Int32(clamping: options.height))
        var usable = SDL_Rect()
        if options.fitToDisplay, SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            let fitted = WindowPlacement.fit(
                Size(width: Double(options.width), height: Double(options.height)),
                in: Rect(x: Double(usable.x), y: Double(usable.y), width: Double(usable.w), height: Double(usable.h)))
            frame = (Int32(fitted.x), Int32(fitted.y), Int32(fitted.width), Int32(fitted.height))
        }
        guard let window = SDL_CreateWindow("Bloq", frame.x, frame.y, frame.width, frame.height, flags) else {
            let error = SDLError("cannot open a window")
            TTF_Quit()
            SDL_Quit()
            throw error
        }
        StartupTrace.mark("window created")
        SDL_SetWindowMinimumSize(window, 160, 160)
        let rendererFlags =
            choice == .software
            ? SDL_RENDERER_SOFTWARE.rawValue
            : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        var created = SDL_CreateRenderer(window, -1, rendererFlags)
        if let accelerated = created, choice == .accelerated, let name = RendererChoice.currentGLRenderer(),
            RendererChoice.isSoftwareGL(name),
            ProcessInfo.processInfo.environment["BLOQ_RENDERER"] != "accelerated"
        {
            // A GPU device, but OpenGL fell back to software all the same: draw with SDL's own.
            SDL_DestroyRenderer(accelerated)
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            created = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        guard let renderer = created ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let error = SDLError("cannot create a renderer")
            SDL_DestroyWindow(window)
            TTF_Quit()
            SDL_Quit()
            throw error
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        StartupTrace.mark("renderer created")
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
        StartupTrace.mark("font found")
        canvas = Canvas(renderer: renderer, fontPath: font)
        clock = FixedStepClock(origin: Double(SDL_GetTicks()))
        if !options.headless {
            // Copy code and Paste code use the desktop's clipboard; a headless game (replays,
            // screenshots) keeps the shell's own, in memory.
            app.clipboard = (copy: GameApp.copyToSystemClipboard, paste: GameApp.systemClipboardText)
        }
        updateLayout()
    }

    /// A level alone, as level-mode replays and tests play it: the play screen only,
    /// never leaving it.
    public convenience init(level: PlayableLevel, options: WindowOptions) throws {
        let app = AppController(
            packs: [PackEntry(title: level.level.title, items: [.playable(level)])],
            viewport: Size(width: Double(options.width), height: Double(options.height)), singleLevel: true)
        try self.init(app: app, options: options)
    }

    /// How to get a display, for the no-display error.
    static let displayHelp =
        "Run the game in a desktop session (DISPLAY or WAYLAND_DISPLAY set), start a virtual one (Xvfb :99 & DISPLAY=:99 bloq), or render without a display with --screenshot OUT.png"

    /// The error opening a window would give for want of a display, or nil when one
    /// answers: for a wait that should not end in it (`play --watch` on a file that does
    /// not load yet). Starts SDL's video and stops it again.
    public static func displayError() -> SDLError? {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            let error = SDLError("no display: SDL could not start its video system")
            return SDLError(error.what, detail: "\(error.detail). \(GameApp.displayHelp)")
        }
        defer { SDL_Quit() }
        return GameApp.invisibleDriver().map { SDLError("no display found", detail: "\($0). \(GameApp.displayHelp)") }
    }

    /// Why the video driver SDL chose shows nothing, or nil when it shows a window. SDL 2
    /// quietly falls back to its offscreen driver when no display answers.
    static func invisibleDriver() -> String? {
        guard let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), name == "offscreen" || name == "dummy" else {
            return nil
        }
        // bloq bench times start-up to the first frame with the offscreen driver, on purpose.
        if getenv("BLOQ_EXIT_AFTER_FIRST_FRAME") != nil { return nil }
        return "SDL could only start its '\(name)' video driver, which shows nothing"
    }

    private var sound: SoundPlayer?

    /// Puts `text` on the desktop's clipboard (SDL_SetClipboardText).
    static func copyToSystemClipboard(_ text: String) {
        if SDL_SetClipboardText(text) != 0 {
            StandardErrorStream.write("bloq: warning: \(SDLError("cannot copy to the clipboard"))\n")
        }
    }

    /// The desktop clipboard's text, if it holds any (SDL_GetClipboardText).
    static func systemClipboardText() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let pointer = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(pointer) }
        return String(cString: pointer)
    }
    private var gamepads: [OpaquePointer] = []

    private func openGamepads() {
        for index in 0..<SDL_NumJoysticks() where SDL_IsGameController(index) == SDL_TRUE {
            if let pad = SDL_GameControllerOpen(index) { gamepads.append(pad) }
        }
    }

    deinit {
        fileWatcher?.stop()
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
    public var simulatedMilliseconds: Double { clock.now }

    // MARK: Live play

    /// Runs until the player quits: each frame delivers the events that arrived before it
    /// on the fixed-step schedule, draws, and sleeps in `SDL_WaitEventTimeout` while
    /// nothing moves.
    public func run() {
        // For bloq bench's start-up figure: report the first presented frame, then stop.
        let exitAfterFirstFrame = getenv("BLOQ_EXIT_AFTER_FIRST_FRAME") != nil
        // The first frame is drawn at once, not after the first event.
        liveFrame(first: nil)
        StartupTrace.mark("first frame presented")
        if exitAfterFirstFrame {
            print("first frame presented")
            fflush(nil)
            return
        }
        // Gamepads and sound are optional (without them the game plays on), and they are
        // opened after the first frame: the window shows sooner (docs/performance.md).
        if !isHeadless {
            if SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0 { openGamepads() }
            sound = SoundPlayer()
            StartupTrace.mark("gamepads and sound")
        }
        while !quitRequested && !app.wantsQuit {
            let frameStart = SDL_GetTicks()
            if !app.isAnimating {
                var event = SDL_Event()
                // A watched level file wakes the loop with an event when it changes; it is
                // also looked at every 100 ms, in case that event is lost.
                if SDL_WaitEventTimeout(&event, app.levelWatch == nil ? 1000 : 100) != 0 {
                    // Idle: nothing changes with time, so the simulated clock may jump to now.
                    skipIdleTime(to: Double(event.common.timestamp))
                    // Pointer motion comes faster than frames (120 Hz and more): what arrives
                    // within one frame's time is handled together, in the next frame drawn.
                    if !hasVSync, let last = lastPresent {
                        let since = SDL_GetTicks() &- last
                        if since < GameApp.frameMilliseconds { SDL_Delay(GameApp.frameMilliseconds - since) }
                    }
                    liveFrame(first: event)
                } else {
                    // No event and nothing moving: the frame on screen is still right.
                    skipIdleTime(to: Double(SDL_GetTicks()))
                    if app.pollExternalChanges() { liveFrame(first: nil) }
                }
                continue
            }
            liveFrame(first: nil)
            if !hasVSync {
                // Software renderers present at once; keep to about 60 frames a second.
                let spent = SDL_GetTicks() &- frameStart
                if spent < GameApp.frameMilliseconds { SDL_Delay(GameApp.frameMilliseconds - spent) }
            }
        }
        if !app.wantsQuit { app.quit() }
    }

    /// Whether the window has the input focus and is not minimised (play time counts then).
    private var isFocused: Bool {
        let flags = SDL_GetWindowFlags(window)
        return flags & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 && flags & SDL_WINDOW_MINIMIZED.rawValue == 0
    }

    /// One frame of live play: every queued event, the steps up to now, a drawn frame.
    private func liveFrame(first: SDL_Event?) {
        // The output size can change without an event (fullscreen with no window manager).
        updateLayout()
        app.pollExternalChanges()
        var events: [(SDL_Event, Double)] = []
        if let first { events.append((first, Double(first.common.timestamp))) }
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { events.append((event, Double(event.common.timestamp))) }
        let focused = isFocused
        clock.advance(toPlatform: Double(SDL_GetTicks()), delivering: events, deliver: deliver) {
            app.step(FixedStepClock.step, countingPlayTime: focused)
        }
        applySettings()
        for cue in app.takeSounds() { sound?.play(cue) }
        draw()
        SDL_RenderPresent(renderer)
        lastPresent = SDL_GetTicks()
    }

    /// A frame's time without vsync (about 60 frames a second).
    static let frameMilliseconds: UInt32 = 16
    /// SDL's ticks when the last live frame was presented.
    private var lastPresent: UInt32?

    private func skipIdleTime(to ticks: Double) {
        let skipped = clock.skip(toPlatform: ticks)
        // A long gap (a suspended machine) counts as a pause, and so does time unfocused.
        if skipped < 5, isFocused { app.idle(skipped) }
    }

    /// Makes the window follow the settings (fullscreen).
    private func applySettings() {
        guard !isHeadless else { return }
        let flags = SDL_GetWindowFlags(window)
        let isFullscreen = flags & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 || borderlessFullscreen != nil
        guard app.settings.fullscreen != isFullscreen else { return }
        if app.settings.fullscreen {
            enterFullscreen()
        } else if let windowed = borderlessFullscreen {
            borderlessFullscreen = nil
            SDL_SetWindowBordered(window, SDL_TRUE)
            SDL_SetWindowSize(window, Int32(windowed.width), Int32(windowed.height))
            SDL_SetWindowPosition(window, Int32(windowed.x), Int32(windowed.y))
        } else {
            SDL_SetWindowFullscreen(window, 0)
        }
        updateLayout()
    }

    /// The windowed frame to return to from a fullscreen made by hand (no window manager).
    private var borderlessFullscreen: Rect?

    /// Asks for fullscreen the modern way (the window manager makes it so). With no
    /// window manager nothing would answer and the window would keep its size: then the
    /// window is made borderless and sized to the display by hand.
    private func enterFullscreen() {
        let windowed = Rect(
            x: Double(windowPosition.x), y: Double(windowPosition.y), width: Double(windowSize.width), height: Double(windowSize.height))
        var bounds = SDL_Rect()
        guard SDL_GetDisplayBounds(max(SDL_GetWindowDisplayIndex(window), 0), &bounds) == 0 else {
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            return
        }
        // Without a window manager (X11 with none running) the request would go unanswered.
        guard bloq_x11_has_window_manager(UnsafeMutableRawPointer(window)) == 0 else {
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            return
        }
        borderlessFullscreen = windowed
        SDL_SetWindowBordered(window, SDL_FALSE)
        SDL_SetWindowPosition(window, bounds.x, bounds.y)
        SDL_SetWindowSize(window, bounds.w, bounds.h)
    }

    /// The window's size in points (to remember across runs).
    public var windowSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// The window's position on the screen.
    public var windowPosition: (x: Int, y: Int) {
        var x: Int32 = 0
        var y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return (Int(x), Int(y))
    }

    /// One frame for tests: handles every queued event as if `elapsed` seconds passed.
    public func frame(elapsed: Double) {
        var events: [SDL_Event] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { events.append(event) }
        app.pollExternalChanges()
        clock.advance(bySeconds: elapsed, delivering: events, deliver: deliver) { app.step(FixedStepClock.step) }
        _ = app.takeSounds()
        draw()
        SDL_RenderPresent(renderer)
    }

    /// Handles every event SDL has queued, now.
    public func pumpEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { deliver(event, at: clock.now) }
    }

    // MARK: Recording

    /// Starts recording what the player does as an input script (`bloq play --record`).
    public func startRecording() {
        let size = windowSize
        recorder = InputRecorder(window: size)
    }

    /// The recorded script, ended at the current simulated time (nil when not recording).
    public func recordedScript() -> InputScript? {
        recorder?.script(endingAt: clock.now)
    }

    // MARK: Drawing

    /// Draws the current state into the back buffer (without presenting it).
    public func draw() {
        painter.draw(app, on: canvas)
        framesDrawn += 1
    }

    // MARK: Events

    /// Translates one SDL event at `time` (ms of simulated time) and hands it to the shell.
    func deliver(_ event: SDL_Event, at time: Double) {
        if event.type == SDL_WINDOWEVENT.rawValue,
            SDL_WindowEventID(rawValue: UInt32(event.window.event)) == SDL_WINDOWEVENT_SIZE_CHANGED
        {
            recorder?.recordResize(width: Int(event.window.data1), height: Int(event.window.data2), at: time)
        }
        guard let raw = SDLEventDecoder.decode(event) else { return }
        for translated in translator.translate(raw, time: time / 1000) {
            switch translated {
            case .quit: quitRequested = true
            case .windowChanged: updateLayout()
            case .gamepadAdded: openGamepads()
            case .input(let input):
                recorder?.record(input, at: time, app: app)
                app.handle(input)
            }
        }
    }

    /// Reads the window's point and pixel sizes and lays the game out for them.
    func updateLayout() {
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
        app.minimumButtonSize = Metrics.minimumButtonSize(dpi: Double(dpi), scale: translator.scale.x)
        if output != app.viewport { app.handle(.resized(output)) }
    }
}
