import BloqEngine
import BloqFiles
import BloqPlay
import CBloqX11
import CSDL2
import Glibc
import Synchronization

/// How to open the game window.
public struct WindowOptions: Sendable {
    public var width = 800
    public var height = 600
    /// Render without a display: SDL's offscreen video driver and software renderer, so
    /// the pixels are the same on every machine (screenshots, replays, tests).
    public var headless = false
    /// Fit the size to the display's usable bounds and centre it (a remembered size may be
    /// larger than today's screen).
    public var fitToDisplay = false
    /// Accept a video driver that shows nothing (offscreen) for a window meant to be seen:
    /// `bloq bench` times start-up to the first frame that way, on purpose.
    public var acceptsInvisibleDriver = false
    /// The size is in the desktop's points (the default, `--window`, a size remembered as
    /// `WindowGeometry.desktopPointSize`): on X11, where a window is sized in pixels, it is
    /// multiplied by the desktop's scale (`DesktopScale`) and fitted to the display, as a
    /// Wayland compositor scales it.
    public var scalesWithDesktop = false

    public init(
        width: Int = 800, height: Int = 600, headless: Bool = false, fitToDisplay: Bool = false, acceptsInvisibleDriver: Bool = false,
        scalesWithDesktop: Bool = false
    ) {
        self.width = width
        self.height = height
        self.headless = headless
        self.fitToDisplay = fitToDisplay
        self.acceptsInvisibleDriver = acceptsInvisibleDriver
        self.scalesWithDesktop = scalesWithDesktop
    }
}

/// SDL, one window, its renderer and what draws into it: the game's frames, read back as
/// pixels or written as PNG. It knows nothing of time or input (`SDLPlatform` does); a
/// replay draws into a headless one (`ScriptWindow`).
public final class SDLWindow: ScriptWindow {
    /// The window, its renderer and what draws into it: made anew when SDL's video is
    /// (`reopen`, a display's scale changed).
    private(set) var window: OpaquePointer
    private(set) var renderer: OpaquePointer
    private(set) var canvas: Canvas
    /// Whether presenting waits for the display's refresh.
    private(set) var hasVSync: Bool
    public let isHeadless: Bool
    private let painter = ScreenPainter()
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0
    /// Whether an OpenGL renderer's shaders are still to be warmed up (`warmUp`): the
    /// platform draws a frame soon while they are, as the game may be idle.
    public private(set) var warmUpPending = false
    /// The output's size at the last frame drawn while the warm-up waits.
    private var lastOutputSize: Size?

    /// The SDL video driver the window is on ("wayland", "x11", "offscreen").
    public let videoDriver: String
    /// The X11 desktop's scale (`DesktopScale`), read as the window opened; 1 elsewhere.
    public let contentScale: Double
    /// The renderer drawing it ("opengl", "opengles2", "software"), with OpenGL's own
    /// GL_RENDERER where it says ("opengl: llvmpipe (LLVM 15.0.6, 256 bits)").
    public private(set) var rendererName: String

    /// Starts SDL and opens the window. Throws with a plain reason when there is no display
    /// (or no renderer, or no font). In a Wayland session the window is a Wayland one, drawn
    /// with OpenGL; when no OpenGL can draw there and an X server is at hand, it goes over to
    /// X11, saying so (docs/platform.md).
    public init(options: WindowOptions) throws(SDLError) {
        isHeadless = options.headless
        if options.headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            setenv("SDL_RENDER_DRIVER", "software", 1)
            setenv("SDL_AUDIODRIVER", "dummy", 1)
            // The offscreen driver would back the window's pixels with an accelerated renderer,
            // loading Mesa's GL and LLVM (about 70 MB) for nothing: the software renderer draws.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        SDLWindow.prepareVideo()
        var opened: Opened
        do {
            opened = try SDLWindow.open(options)
        } catch .waylandCannotDraw(let error) where VideoDriverChoice.mayFallBackToX11(environment: ProcessEnvironment.current) {
            StandardErrorStream.write(
                "bloq: warning: cannot draw on Wayland: SDL 2 draws there only through OpenGL (EGL), and none started "
                    + "(\(error.detail)); the window opens through X11 (XWayland) instead, blurred on a scaled screen. Install "
                    + "libegl-mesa0 and libgl1-mesa-dri (Mesa's OpenGL, which draws without a GPU too) for a sharp Wayland window\n")
            // SDL_Quit cleared every hint: give them again, X11 this time.
            SDLWindow.prepareVideo()
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
            do {
                opened = try SDLWindow.open(options)
            } catch {
                throw error.error
            }
        } catch .waylandCannotDraw(let error) {
            throw SDLWindow.waylandProblem(error)
        } catch {
            throw error.error
        }
        window = opened.window
        renderer = opened.renderer
        hasVSync = opened.hasVSync
        videoDriver = opened.videoDriver
        contentScale = opened.contentScale
        rendererName = opened.rendererName
        canvas = Canvas(renderer: opened.renderer, fonts: opened.fonts)
        warmUpPending = !opened.isSoftware
        let onWayland = !options.headless && videoDriver == "wayland"
        waylandClipboard = onWayland ? WaylandClipboard(window: opened.window) : nil
        outputs = onWayland ? WaylandOutputs(window: opened.window) : nil
    }

    /// The game's own clipboard on Wayland (nil elsewhere: SDL's is used).
    private var waylandClipboard: WaylandClipboard?
    /// The Wayland outputs' scales, watched (nil elsewhere).
    private var outputs: WaylandOutputs?
    /// Why the window is gone: SDL's video was started anew and no window opened (nil while
    /// there is one). Nothing is drawn then, and the game ends (`SDLPlatform.isFinished`).
    public private(set) var lost: SDLError?
    /// The geometry when the window was lost.
    private var lastGeometry: WindowGeometry?

    /// What `open` made.
    private struct Opened {
        var window: OpaquePointer
        var renderer: OpaquePointer
        var hasVSync: Bool
        /// SDL's own software renderer (nothing to warm up).
        var isSoftware: Bool
        var videoDriver: String
        var contentScale: Double
        var rendererName: String
        var fonts: FontSet
    }

    /// Why `open` failed: no window or renderer could draw on Wayland, with SDL's error (the
    /// window may go over to X11), or anything else.
    private enum OpenFailure: Error {
        case waylandCannotDraw(SDLError)
        case failed(SDLError)

        var error: SDLError {
            switch self {
            case .waylandCannotDraw(let error), .failed(let error): error
            }
        }
    }

    /// Why the game cannot draw on Wayland, and what to do, from SDL's own `error`.
    private static func waylandProblem(_ error: SDLError) -> SDLError {
        SDLError(
            "cannot draw on Wayland",
            detail: "SDL 2 draws there only through OpenGL (EGL), and none started (\(error.detail)). "
                + "Install libegl-mesa0 and libgl1-mesa-dri (Mesa's OpenGL, which draws without a GPU too), "
                + "or run the game under X11 with SDL_VIDEODRIVER=x11")
    }

    /// The hints every start of SDL's video gives, before SDL_Init: the video driver (a
    /// Wayland session's own first), the screen allowed to sleep (the platform keeps it awake
    /// only while a level is played: `SDLPlatform`), the windows named after the application
    /// id, and touch and focus clicks as the game wants them.
    static func prepareVideo() {
        if let drivers = VideoDriverChoice.preference(environment: ProcessEnvironment.current) {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers)
        }
        // SDL 2 keeps the screen awake for as long as a window is open unless told otherwise.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        ApplicationID.nameWindows()
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // Touch produces finger events; SDL's synthesised mouse events are ignored anyway.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1")
        SDLWindow.leaveSignalsAlone()
    }

    /// Starts SDL's video and SDL_ttf, opens the window and its renderer, and finds the font.
    /// On failure everything it started is stopped again.
    private static func open(_ options: WindowOptions) throws(OpenFailure) -> Opened {
        StartupTrace.mark("before SDL_Init")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let error = SDLError("no display: SDL could not start its video system")
            throw .failed(SDLError(error.what, detail: "\(error.detail). \(SDLWindow.displayHelp)"))
        }
        if !options.headless, !options.acceptsInvisibleDriver, let problem = SDLWindow.invisibleDriver() {
            SDL_Quit()
            throw .failed(SDLError("no display found", detail: "\(problem). \(SDLWindow.displayHelp)"))
        }
        // SDL starts text input with its video (on Wayland and X11 that can bring up an
        // on-screen keyboard): the platform turns it on only while a text field is edited.
        SDL_StopTextInput()
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        StartupTrace.mark("SDL_Init (video: \(driver))")
        guard TTF_Init() == 0 else {
            let error = SDLError("SDL_ttf could not start")
            SDL_Quit()
            throw .failed(error)
        }
        do {
            return try makeWindow(options, driver: driver)
        } catch {
            TTF_Quit()
            SDL_Quit()
            throw error
        }
    }

    /// Opens the window and its renderer, and finds the font, once SDL's video (on `driver`)
    /// and SDL_ttf have started. On failure what it made is destroyed again.
    private static func makeWindow(_ options: WindowOptions, driver: String) throws(OpenFailure) -> Opened {
        let environment = ProcessEnvironment.current
        let choice =
            options.headless
            ? RendererChoice.software
            : RendererChoice.decide(environment: environment, deviceNodes: RendererChoice.deviceNodes(), videoDriver: driver)
        if choice == .software {
            // Draw in memory and copy to the window: no OpenGL context, so no Mesa, no LLVM.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        } else {
            SDL_ResetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION)
            SDL_ResetHint(SDL_HINT_RENDER_DRIVER)
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // Fullscreen (the setting, or --fullscreen) comes with the first frame, the same way
        // F11 makes it, window manager or not.
        if options.headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let centred = Int32(bitPattern: bloq_windowpos_centered())
        let contentScale = driver == "x11" && !options.headless ? DesktopScale.current() : 1
        let desktopScale = options.scalesWithDesktop ? contentScale : 1
        var frame = (
            x: centred, y: centred, width: Int32(clamping: Int((Double(options.width) * desktopScale).rounded())),
            height: Int32(clamping: Int((Double(options.height) * desktopScale).rounded()))
        )
        var usable = SDL_Rect()
        if options.fitToDisplay || desktopScale > 1, SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            let fitted = WindowPlacement.fit(
                Size(width: Double(frame.width), height: Double(frame.height)),
                in: Rect(x: Double(usable.x), y: Double(usable.y), width: Double(usable.w), height: Double(usable.h)))
            frame = (Int32(fitted.x), Int32(fitted.y), Int32(fitted.width), Int32(fitted.height))
        }
        guard let window = SDL_CreateWindow("Bloq", frame.x, frame.y, frame.width, frame.height, flags) else {
            let error = SDLError("cannot open a window")
            // On Wayland SDL opens its OpenGL (EGL) with the window: no OpenGL, no window.
            throw driver == "wayland" ? .waylandCannotDraw(error) : .failed(error)
        }
        StartupTrace.mark("window created")
        // 160 points: the smallest size remembered (`Settings.windowSizes`).
        let least = Int32((160 * contentScale).rounded(.up))
        SDL_SetWindowMinimumSize(window, least, least)
        let rendererFlags =
            choice == .software
            ? SDL_RENDERER_SOFTWARE.rawValue
            : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        var created = SDL_CreateRenderer(window, -1, rendererFlags)
        var glName = created == nil ? nil : RendererChoice.currentGLRenderer()
        if let accelerated = created, choice == .accelerated, let name = glName, RendererChoice.isSoftwareGL(name),
            RendererChoice.swapsSoftwareGL(environment: environment, videoDriver: driver)
        {
            // A GPU device, but OpenGL fell back to software all the same: draw with SDL's own.
            SDL_DestroyRenderer(accelerated)
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            created = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
            glName = nil
        }
        if created == nil, driver != "wayland" { created = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer = created else {
            let error = SDLError("cannot create a renderer")
            SDL_DestroyWindow(window)
            throw driver == "wayland" ? .waylandCannotDraw(error) : .failed(error)
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        let rendererName = glName.map { "\(name): \($0)" } ?? name
        StartupTrace.mark("renderer created (\(rendererName))")
        guard let fonts = FontLocator.locate() else {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw .failed(
                SDLError(
                    "no font found",
                    detail: "fontconfig offers no sans-serif TrueType font; install fonts-inter, fonts-comfortaa and fonts-dejavu-core"))
        }
        if !fonts.missing.isEmpty, !SDLWindow.warnedOfFonts.exchange(true, ordering: .relaxed) {
            StandardErrorStream.write(
                "bloq: warning: the font \(fonts.missing.joined(separator: " and ")) is not installed: its text is drawn in \(fonts.fallback), "
                    + "wider, so some of it may be cut; install fonts-inter and fonts-comfortaa\n")
        }
        StartupTrace.mark("fonts found")
        // SDL 2.26's software renderer may report PRESENTVSYNC, but its present copies the
        // window surface (XShmPutImage) and returns at once: trusted, the game drew 300 to 1,000
        // frames a second through a drag and a clear under X11 (docs/performance.md).
        let software = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        let vsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && !software
        return Opened(
            window: window, renderer: renderer, hasVSync: vsync, isSoftware: software,
            videoDriver: driver, contentScale: contentScale,
            rendererName: rendererName,
            fonts: fonts)
    }

    deinit {
        outputs?.close()
        waylandClipboard?.close()
        // The canvas's textures and fonts go while their renderer and SDL_ttf are there
        // (after a failed `reopen` it holds none).
        canvas.flush()
        if !destroyed {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
        }
        TTF_Quit()
        SDL_Quit()
    }

    /// Whether the window and renderer were destroyed (by a `reopen` that opened none).
    private var destroyed = false

    /// What the Wayland compositor has said since the window opened (`.none` elsewhere): a
    /// scale the player changed, or that it went away. Takes what it sent, without waiting.
    func displayNews() -> WaylandOutputs.News {
        guard let outputs else { return .none }
        var bounds = SDL_Rect()
        _ = SDL_GetDisplayBounds(max(SDL_GetWindowDisplayIndex(window), 0), &bounds)
        return outputs.news(place: (bounds.x, bounds.y))
    }

    /// Gives the window up for lost (the compositor went away): nothing is drawn any more,
    /// and the game ends (`SDLPlatform.isFinished`).
    func giveUp(_ reason: SDLError) {
        guard lost == nil else { return }
        lastGeometry = geometry
        lost = reason
    }

    /// Starts SDL's video anew and opens the window again, at its size (or `size`: the
    /// windowed size of a window that is fullscreen), with a new renderer
    /// and canvas: SDL 2.26 reads a Wayland output's scale only as its video starts, so this
    /// is how the window comes to draw at a scale changed while the game runs. Call it
    /// between frames, with whatever holds the window's surface let go of (the platform's
    /// idle inhibitor). Throws when no window opens (then `lost` says why, and nothing is
    /// drawn any more).
    func reopen(size windowed: (width: Int, height: Int)? = nil) throws(SDLError) {
        guard lost == nil else { throw lost ?? SDLError("the window is gone") }
        let size = windowed ?? windowSize
        lastGeometry = geometry
        outputs?.close()
        outputs = nil
        waylandClipboard?.close()
        waylandClipboard = nil
        canvas.flush()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        destroyed = true
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
        let opened: Opened
        do throws(OpenFailure) {
            guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw OpenFailure.failed(SDLError("SDL's video did not start again")) }
            SDL_StopTextInput()
            let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
            opened = try SDLWindow.makeWindow(WindowOptions(width: size.width, height: size.height), driver: driver)
        } catch {
            // No video device left: SDL's calls on the old window's pointer then return at once.
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            lost = error.error
            throw error.error
        }
        window = opened.window
        renderer = opened.renderer
        hasVSync = opened.hasVSync
        rendererName = opened.rendererName
        destroyed = false
        canvas = Canvas(renderer: opened.renderer, fonts: opened.fonts)
        // A new renderer compiles its shaders anew: warmed once the new window's size holds.
        warmUpPending = !opened.isSoftware
        lastOutputSize = nil
        waylandClipboard = WaylandClipboard(window: opened.window)
        outputs = WaylandOutputs(window: opened.window)
    }

    /// Tells SDL to install no signal handlers. Its own turn SIGINT and SIGTERM into a quit
    /// event, which only a live loop reads: a screenshot or a replay went on working for as
    /// long as it took (12 minutes on a hostile catalog, before its texts were bounded),
    /// deaf to SIGTERM. Now a process that ends on its own keeps the default action (the
    /// signal ends it at once), and a live game has `QuitSignals`.
    static func leaveSignalsAlone() {
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    }

    /// Whether a missing font has been said (once a process).
    static let warnedOfFonts = Atomic(false)

    /// How to get a display, for the no-display error.
    static let displayHelp =
        "Run the game in a desktop session (DISPLAY or WAYLAND_DISPLAY set), start a virtual one (Xvfb :99 & DISPLAY=:99 bloq), or render without a display with --screenshot OUT.png"

    /// The error opening a window would give for want of a display, or nil when one
    /// answers: for a wait that should not end in it (`play --watch` on a file that does
    /// not load yet). Starts SDL's video and stops it again.
    public static func displayError() -> SDLError? {
        prepareVideo()
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            let error = SDLError("no display: SDL could not start its video system")
            return SDLError(error.what, detail: "\(error.detail). \(SDLWindow.displayHelp)")
        }
        defer { SDL_Quit() }
        return SDLWindow.invisibleDriver().map { SDLError("no display found", detail: "\($0). \(SDLWindow.displayHelp)") }
    }

    /// Why the video driver SDL chose shows nothing, or nil when it shows a window. SDL 2
    /// quietly falls back to its offscreen driver when no display answers.
    static func invisibleDriver() -> String? {
        guard let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), name == "offscreen" || name == "dummy" else {
            return nil
        }
        return "SDL could only start its '\(name)' video driver, which shows nothing"
    }

    // MARK: Geometry

    /// The SDL id of the window (events carry it).
    package var windowID: UInt32 { SDL_GetWindowID(window) }

    /// The window's size in points, its pixels per point and its display's DPI (96 for a
    /// headless window, or when the display does not say).
    public var geometry: WindowGeometry {
        if lost != nil, let lastGeometry { return lastGeometry }
        let points = windowSize
        let output = canvas.outputSize
        let scale = Point(
            x: points.width > 0 ? output.width / Double(points.width) : 1, y: points.height > 0 ? output.height / Double(points.height) : 1)
        var dpi: Float = 96
        var horizontal: Float = 0
        var vertical: Float = 0
        if isHeadless || SDL_GetDisplayDPI(max(SDL_GetWindowDisplayIndex(window), 0), &dpi, &horizontal, &vertical) != 0 || !(dpi > 20) {
            dpi = 96
        } else {
            // The pixels' DPI, in the desktop's points.
            dpi /= Float(contentScale)
        }
        return WindowGeometry(
            points: Size(width: Double(points.width), height: Double(points.height)), scale: scale, dpi: Double(dpi),
            contentScale: contentScale)
    }

    /// The window's size in points (pixels on X11).
    public var windowSize: (width: Int, height: Int) {
        if lost != nil, let lastGeometry { return (Int(lastGeometry.points.width), Int(lastGeometry.points.height)) }
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

    /// Resizes the window (a replay's `resize` line).
    public func resize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(clamping: width), Int32(clamping: height))
    }

    // MARK: Drawing

    /// Draws `app`'s current state into the back buffer (without presenting it).
    public func draw(_ app: AppController) {
        guard lost == nil else { return }
        let palette = Palette(app.appearance)
        if palette != canvas.palette {
            // Textures keep the colours they were made in: a new appearance draws anew.
            canvas.flush()
            canvas.palette = palette
        }
        // Under a frame after the first, once the output has kept its size for a frame: sway
        // sizes the window after its first frame, and a warm-up under the frame at the new
        // size kept the first, wrongly sized, on screen 0.6-0.9 s longer (helper-56).
        // (No size is kept before the first frame, at the start or after a reopen.)
        if warmUpPending {
            let size = canvas.outputSize
            if size == lastOutputSize {
                warmUpPending = false
                warmUp()
            }
            lastOutputSize = size
        }
        painter.draw(app, on: canvas)
        framesDrawn += 1
    }

    /// Shows the back buffer.
    func present() {
        guard lost == nil else { return }
        SDL_RenderPresent(renderer)
    }

    /// Draws once onto the window each kind of draw a frame sends there, so that an OpenGL
    /// driver compiles their shaders now and not in the frame that first needs one. Mesa's
    /// llvmpipe compiled the dragged block's shadow (a blended copy and a blended fill) in
    /// the first drag's frame: 76 to 155 ms with no frame drawn, in which a flick went by
    /// (helper-54, perf and gdb: `LLVMRunPasses` under `SDL_RenderPresent`); the Cleared
    /// card's first frame took 136 to 213 ms. Each of llvmpipe's shaders depends on the
    /// blending, the scaling, and whether each side of the texture is a power of two
    /// (helper-55: a 152x32 texture's copies cost 55 and 42 ms after square ones were
    /// warmed). Drawn at the start of a frame, which covers them: drawn between frames,
    /// before sway's first configure was handled, they made Mesa size the next buffer by
    /// the old window (helper-55). Not for SDL's software renderer.
    private func warmUp() {
        let target = SDL_GetRenderTarget(renderer)
        SDL_SetRenderTarget(renderer, nil)
        let kinds: [(width: Int32, height: Int32, blend: SDL_BlendMode, linear: Bool)] =
            [(3, 3), (4, 4), (4, 3), (3, 4)].flatMap { width, height in
                [SDL_BLENDMODE_BLEND, SDL_BLENDMODE_NONE].map { (width, height, $0, false) }
            } + [(3, 3, SDL_BLENDMODE_BLEND, true), (4, 4, SDL_BLENDMODE_BLEND, true)]
        for kind in kinds {
            guard
                let texture = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), kind.width, kind.height)
            else { continue }
            let clear = [UInt32](repeating: 0, count: Int(kind.width * kind.height))
            _ = clear.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, kind.width * 4) }
            SDL_SetTextureBlendMode(texture, kind.blend)
            if kind.linear { SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear) }
            var destination = SDL_Rect(x: 0, y: 0, w: kind.width * 3, h: kind.height * 3)
            SDL_RenderCopy(renderer, texture, nil, &destination)
            SDL_DestroyTexture(texture)
        }
        // Fills blended and opaque, and a blended triangle (confetti, arrowheads).
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        for mode in [SDL_BLENDMODE_BLEND, SDL_BLENDMODE_NONE] {
            SDL_SetRenderDrawBlendMode(renderer, mode)
            var rect = SDL_FRect(x: 0, y: 0, w: 4, h: 4)
            SDL_RenderFillRectF(renderer, &rect)
        }
        let none = SDL_Color(r: 0, g: 0, b: 0, a: 0)
        var vertices = [(0, 0), (4, 0), (0, 4)].map { x, y in
            SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: none, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(renderer, nil, &vertices, 3, nil, 0)
        SDL_RenderFlush(renderer)
        SDL_SetRenderTarget(renderer, target)
        StartupTrace.mark("renderer warmed up")
    }

    /// The drawn pixels of the back buffer as 0xAARRGGBB, row by row. Call after `draw`.
    public func readPixels() throws(SDLError) -> (width: Int, height: Int, pixels: [UInt32]) {
        if let lost { throw lost }
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

    /// Draws `app`'s current frame and writes it to `path` as a PNG (`OutputFile`: whole or
    /// not at all, through a link, into a device): throws an `OutputFile.Failure`, which says
    /// why and what to do, when the file cannot be written, an `SDLError` when the frame
    /// cannot be drawn.
    public func saveScreenshot(of app: AppController, to path: String) throws {
        draw(app)
        try OutputFile.write(try pngData(), to: path)
    }

    /// The drawn frame (call after `draw`) as the bytes of a PNG file.
    func pngData() throws(SDLError) -> [UInt8] {
        var frame = try readPixels()
        // A PNG is never much larger than its raw pixels (stored zlib blocks, a filter byte
        // a row, chunk headers): encoded into memory, so that writing the file is ours to
        // check (IMG_SavePNG reports a full disk as success).
        let raw = frame.width * frame.height * 4
        var output = [UInt8](repeating: 0, count: raw + raw / 8 + (1 << 20))
        let written = frame.pixels.withUnsafeMutableBytes { buffer -> Int in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer.baseAddress, Int32(frame.width), Int32(frame.height), 32, Int32(frame.width * 4),
                    SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return output.withUnsafeMutableBytes { target -> Int in
                guard let stream = SDL_RWFromMem(target.baseAddress, Int32(clamping: target.count)) else { return -1 }
                defer { SDL_RWclose(stream) }
                guard IMG_SavePNG_RW(surface, stream, 0) == 0 else { return -1 }
                return Int(SDL_RWtell(stream))
            }
        }
        frame.pixels.removeAll()
        guard written > 0 else { throw SDLError("cannot encode the screenshot as a PNG") }
        output.removeSubrange(written...)
        return output
    }

    // MARK: The clipboard

    /// Whether the video driver reports a touchscreen (SDL counts XInput2 and Wayland
    /// touch devices once video is up): the game then starts with touch words.
    public static var hasTouchscreen: Bool { SDL_GetNumTouchDevices() > 0 }

    /// The desktop's clipboard: the game's own on Wayland (`WaylandClipboard`), else SDL's
    /// (SDL_SetClipboardText, SDL_GetClipboardText), for a game in a window on a desktop; a
    /// headless game keeps one of its own.
    public var clipboard: Clipboard {
        Clipboard(
            // The window's own at the time (`reopen` makes a new one).
            copy: { [weak self] text in
                if let own = self?.waylandClipboard {
                    guard own.copy(text) else {
                        StandardErrorStream.write("bloq: warning: cannot copy to the clipboard: no press or keyboard focus has come yet\n")
                        return false
                    }
                } else if SDL_SetClipboardText(text) != 0 {
                    StandardErrorStream.write("bloq: warning: \(SDLError("cannot copy to the clipboard"))\n")
                    return false
                }
                return true
            },
            read: { [weak self] in
                if let own = self?.waylandClipboard { return own.paste() }
                guard SDL_HasClipboardText() == SDL_TRUE, let pointer = SDL_GetClipboardText() else { return .empty }
                defer { SDL_free(pointer) }
                return .text(String(cString: pointer))
            })
    }
}
