import BloqEngine
import BloqPlay
import CSDL2
import Glibc

/// How to open the game window.
public struct WindowOptions: Sendable {
    public var width = 800
    public var height = 600
    public var fullscreen = false
    /// Render without a display: SDL's offscreen video driver and software renderer, so
    /// the pixels are the same on every machine (screenshots, tests).
    public var headless = false

    public init(width: Int = 800, height: Int = 600, fullscreen: Bool = false, headless: Bool = false) {
        self.width = width
        self.height = height
        self.fullscreen = fullscreen
        self.headless = headless
    }
}

/// The game in an SDL window: owns SDL, the window, the renderer and the loop. The only
/// place that reads the real clock (`SDL_GetPerformanceCounter`).
public final class GameApp {
    /// The simulation's fixed step.
    public static let step = 1.0 / 120
    /// A long frame (a stall, a debugger) is clamped so the loop cannot spiral.
    public static let maximumFrameTime = 0.25

    public let game: GameController
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let canvas: Canvas
    private var translator = InputTranslator()
    private let renderer2D = PlayRenderer()
    private var accumulator = 0.0
    private var quitRequested = false
    private let hasVSync: Bool
    /// The SDL id of the window (events carry it).
    var windowID: UInt32 { SDL_GetWindowID(window) }
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0

    /// Initialises SDL and opens the window on `game`. Throws with SDL's reason when there
    /// is no display (or no renderer, or no font).
    public init(game: GameController, options: WindowOptions) throws {
        if options.headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            setenv("SDL_RENDER_DRIVER", "software", 1)
            setenv("SDL_AUDIODRIVER", "dummy", 1)
        }
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let error = SDLError("no display: SDL could not start its video system")
            throw SDLError(
                error.what,
                detail: "\(error.detail). Run the game in a desktop session (DISPLAY or WAYLAND_DISPLAY set), or render without a display with --screenshot OUT.png."
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
        SDL_SetWindowMinimumSize(window, 320, 240)
        let rendererFlags =
            options.headless
            ? SDL_RENDERER_SOFTWARE.rawValue
            : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
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
        self.game = game
        canvas = Canvas(renderer: renderer, fontPath: font)
        updateLayout()
    }

    deinit {
        canvas.flush()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        TTF_Quit()
        SDL_Quit()
    }

    /// Runs until the player quits: each frame handles the events that arrived before it,
    /// steps the simulation in fixed steps, draws, and sleeps in `SDL_WaitEventTimeout`
    /// while nothing moves.
    public func run() {
        let frequency = Double(SDL_GetPerformanceFrequency())
        var last = Double(SDL_GetPerformanceCounter()) / frequency
        while !quitRequested && !game.wantsQuit {
            if !game.isAnimating {
                // Nothing moves: sleep until something happens, and do not count the sleep
                // as simulated time.
                var event = SDL_Event()
                if SDL_WaitEventTimeout(&event, 500) != 0 { handle(event) }
                last = Double(SDL_GetPerformanceCounter()) / frequency
            }
            let frameStart = Double(SDL_GetPerformanceCounter()) / frequency
            frame(elapsed: frameStart - last)
            last = frameStart
            if !hasVSync {
                // Software renderers present at once; keep to about 60 frames a second.
                let spent = Double(SDL_GetPerformanceCounter()) / frequency - frameStart
                if spent < 1.0 / 60 { SDL_Delay(UInt32((1.0 / 60 - spent) * 1000)) }
            }
        }
    }

    /// One frame: handles every pending event, advances the simulation by `elapsed` seconds
    /// in fixed steps, draws and presents.
    public func frame(elapsed: Double) {
        pumpEvents()
        accumulator += min(max(elapsed, 0), GameApp.maximumFrameTime)
        while accumulator >= GameApp.step {
            game.step(GameApp.step)
            accumulator -= GameApp.step
        }
        draw()
        SDL_RenderPresent(renderer)
    }

    /// Handles every event SDL has queued.
    public func pumpEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { handle(event) }
    }

    /// Draws the current state into the back buffer (without presenting it).
    public func draw() {
        renderer2D.draw(game, on: canvas)
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

    private func handle(_ event: SDL_Event) {
        for translated in translator.translate(event) {
            switch translated {
            case .quit: quitRequested = true
            case .exposed: updateLayout()
            case .input(let input): game.handle(input)
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
        if output != game.layout.viewport { game.handle(.resized(output)) }
    }
}
