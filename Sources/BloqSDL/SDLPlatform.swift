import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSync
import CBloqX11
import CSDL2

/// Where an SDL platform's time comes from: SDL's clock (live play), or a clock the
/// caller moves (benchmarks and tests that drive the real loop frame by frame, as
/// SwiftNIO's embedded loop takes its time from the test).
public enum PlatformTime: Sendable {
    case system
    case manual(ManualClock)
}

/// A clock moved by hand, in milliseconds.
public final class ManualClock: Sendable {
    private let milliseconds = Locked(0.0)

    public init(milliseconds start: Double = 0) { milliseconds.withLock { $0 = start } }

    public var now: Double { milliseconds.withLock { $0 } }

    /// Moves the clock on by `seconds`.
    public func advance(bySeconds seconds: Double) { milliseconds.withLock { $0 += max(seconds, 0) * 1000 } }
}

/// The game in an SDL window, as a `GamePlatform`: SDL's events (decoded once, by
/// `SDLEventDecoder`), SDL's clock (the only place that reads the real time), the window's
/// focus and fullscreen, sound and gamepads, and frames presented at the display's pace.
public final class SDLPlatform: GamePlatform {
    public let window: SDLWindow
    private let time: PlatformTime
    /// Input gathered for this frame, with its time, oldest first.
    private var gathered: [(item: Gathered, time: Double)] = []
    /// When a finger was last lifted (the events' ms), for counting double taps.
    private var fingerLifted: Double?
    /// SDL's double-click time, for fingers.
    static let doubleTapMilliseconds = 500.0
    /// An SDL event, or what the platform says itself (the desktop's new appearance
    /// preferences, a window opened anew).
    private enum Gathered {
        case event(SDL_Event)
        case own(RawInput)
    }
    /// The desktop's preferences (its settings portal), read each time input is gathered.
    private let desktop: (any DesktopPreferences)?
    private var sound: SoundPlayer?
    private var gamepads: [OpaquePointer] = []
    /// Whether sound and gamepads were opened (after the first frame: the window shows sooner).
    private var devicesOpened = false
    /// SDL's ticks when the last frame was presented.
    private var lastPresent: UInt32?
    /// The windowed frame to return to from a fullscreen made by hand (no window manager).
    private var borderlessFullscreen: Rect?
    /// The window's size in points when it last went fullscreen: a window opened anew while
    /// fullscreen (`followCompositor`) opens at it, so leaving fullscreen gives it back.
    private var windowedSize: (width: Int, height: Int)?
    /// A frame's time without vsync (about 60 frames a second).
    static let frameMilliseconds: UInt32 = 16
    /// SDL's ticks at the player's last input (a key, a pointer, a finger, a button), or
    /// when the window opened.
    private var lastInput: UInt32 = SDL_GetTicks()
    /// Whether the last frame showed a level being played (`AppController.isPlayingLevel`).
    private var playingLevel = false
    /// Whether the screen may sleep, and what keeps it awake (the game's own Wayland idle
    /// inhibitor, or SDL's screen saver switch).
    private var screenSleep: ScreenSleep
    /// The text field's box given to the input method while a field is edited, in points.
    private var textInputBox: SDL_Rect?
    /// Keys held in another window as this one got the keyboard (X11), whose autorepeat is
    /// not the game's; and whether the last event was such a press (its typed text goes too).
    private var keysHeldElsewhere = KeysHeldElsewhere()
    private var droppedPress = false

    /// Whether gamepads and sound open after the first frame: not in a process that ends
    /// at its first frame (`BLOQ_EXIT_AFTER_FIRST_FRAME`), where an audio device closed as
    /// soon as it opened could race SDL's audio thread as the process ended.
    private let opensDevices: Bool

    /// A platform over `window`, on SDL's clock or a manual one; `desktop` tells the
    /// desktop's appearance preferences (live play), and wakes the loop when they change.
    public init(window: SDLWindow, time: PlatformTime = .system, opensDevices: Bool = true, desktop: (any DesktopPreferences)? = nil) {
        self.window = window
        self.time = time
        self.opensDevices = opensDevices
        self.desktop = desktop
        screenSleep = ScreenSleep(window: window.window)
    }

    deinit {
        // The inhibitor goes before the window's surface does.
        screenSleep.close()
        sound = nil
        for pad in gamepads { SDL_GameControllerClose(pad) }
    }

    public var now: Double {
        switch time {
        case .system: Double(SDL_GetTicks())
        case .manual(let clock): clock.now
        }
    }

    /// A live window waits for input while nothing moves; a manually timed one never
    /// waits (its caller moves the time).
    public var sleepsWhenIdle: Bool {
        if case .system = time { return true }
        return false
    }

    public var geometry: WindowGeometry { window.geometry }

    /// Whether the window has had keyboard focus: a seat with no keyboard (a phone's
    /// touchscreen alone, under Phosh or Plasma Mobile) never gives any, so until it has
    /// been given once the window counts as focused while it is not minimised. A keyboard
    /// can go again (a Bluetooth one switched off, an on-screen or virtual one closed:
    /// helper-53 saw the clock stop after one): a press in the window without keyboard
    /// focus counts it as such a seat again, until focus comes back.
    private var hasHadKeyboardFocus = false

    public var isFocused: Bool {
        if window.isHeadless { return true }
        let flags = SDL_GetWindowFlags(window.window)
        guard flags & SDL_WINDOW_MINIMIZED.rawValue == 0 else { return false }
        if hasKeyboardFocus {
            hasHadKeyboardFocus = true
            return true
        }
        return !hasHadKeyboardFocus
    }

    private var hasKeyboardFocus: Bool { SDL_GetWindowFlags(window.window) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 }

    /// A live window ends when a quit signal came (SIGHUP, SIGQUIT, SIGTERM), or when it
    /// could not be opened again after a display's scale changed.
    public var isFinished: Bool { QuitSignals.pending != nil || window.lost != nil }

    /// Reads the events waiting, or waits up to `timeout` ms for one. True when there is a
    /// frame to draw: input came, or the renderer's warm-up still waits for a frame
    /// (`SDLWindow.warmUpPending`), which it asks for every `GameLoop.workPollMilliseconds`.
    @discardableResult
    public func gatherInput(waitingUpTo timeout: Double) -> Bool {
        if timeout == 0 { FrameTrace.frameBegan() }
        var event = SDL_Event()
        if gathered.isEmpty, timeout > 0, sleepsWhenIdle {
            // A frame soon, idle or not, while the renderer waits to be warmed up; and a
            // frame's time while a key held in another window at focus may be let go (and
            // pressed again here, which must not be taken for its autorepeat).
            var wait = window.warmUpPending ? min(timeout, GameLoop.workPollMilliseconds) : timeout
            if keysHeldElsewhere.isWatching { wait = min(wait, Double(SDLPlatform.frameMilliseconds)) }
            guard SDL_WaitEventTimeout(&event, Int32(clamping: Int(wait))) != 0 else {
                followKeys()
                followDesktop()
                followCompositor()
                followTime()
                return !gathered.isEmpty || window.warmUpPending
            }
            gather(event)
            // Pointer motion comes faster than frames (120 Hz and more): what arrives
            // within one frame's time is handled together, in the next frame drawn.
            if !window.hasVSync, let last = lastPresent {
                let since = SDL_GetTicks() &- last
                if since < SDLPlatform.frameMilliseconds { SDL_Delay(SDLPlatform.frameMilliseconds - since) }
            }
        }
        while SDL_PollEvent(&event) != 0 { gather(event) }
        followKeys()
        followDesktop()
        followCompositor()
        // Woken or not, the screen's sleep and the sound device follow the time.
        followTime()
        return !gathered.isEmpty
    }

    private func gather(_ event: SDL_Event) {
        guard admits(event) else { return }
        gathered.append((.event(event), stamp(event)))
        if SDLPlatform.isPlayerInput(event) { lastInput = event.common.timestamp }
        if event.type == SDL_MOUSEBUTTONDOWN.rawValue || event.type == SDL_FINGERDOWN.rawValue, !window.isHeadless, !hasKeyboardFocus {
            hasHadKeyboardFocus = false
        }
    }

    /// Whether an event is the game's: not a press (or its text) of a key held in another
    /// window as this one got the keyboard (`KeysHeldElsewhere`).
    private func admits(_ event: SDL_Event) -> Bool {
        let afterDroppedPress = droppedPress
        droppedPress = false
        switch SDL_EventType(rawValue: event.type) {
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue):
            keysHeldElsewhere.focusGained(keymap: keysHeld())
        case SDL_KEYDOWN:
            let scancode = event.key.keysym.scancode
            let modifier =
                (SDL_SCANCODE_LCTRL.rawValue...SDL_SCANCODE_RGUI.rawValue).contains(scancode.rawValue)
                || scancode == SDL_SCANCODE_CAPSLOCK || scancode == SDL_SCANCODE_MODE
            droppedPress = !keysHeldElsewhere.admits(
                scancode: scancode.rawValue, isRepeat: event.key.repeat != 0, modifier: modifier, keymap: keysHeld)
            return !droppedPress
        case SDL_KEYUP:
            keysHeldElsewhere.released(scancode: event.key.keysym.scancode.rawValue)
        case SDL_TEXTINPUT:
            return !afterDroppedPress
        default: break
        }
        return true
    }

    /// The keys held now on the window's X11 display, modifiers left out; nil on another
    /// video driver.
    private func keysHeld() -> [UInt8]? {
        guard !window.isHeadless else { return nil }
        var keys = KeysHeldElsewhere.none
        return bloq_x11_keys_held(UnsafeMutableRawPointer(window.window), &keys) < 0 ? nil : keys
    }

    /// Lets go of the keys held elsewhere that were released since the last frame.
    private func followKeys() {
        if keysHeldElsewhere.isWatching { keysHeldElsewhere.follow(keymap: keysHeld()) }
    }

    /// Takes the desktop's new appearance preferences, if they changed, as input now.
    private func followDesktop() {
        guard let changed = desktop?.poll() else { return }
        gathered.append((.own(.systemAppearance(changed)), now))
    }

    /// Opens the window anew when a Wayland output's scale changed since it opened (SDL
    /// 2.26 reads the scale only as its video starts: the old window would stay drawn at the
    /// old scale, stretched by the compositor). The idle inhibitor and text input, which
    /// hold the old window's surface, are let go of first and made again by the next frame;
    /// a window drawn fullscreen is made so again by `applySettings`. With no window
    /// opened, or the compositor gone (SDL 2.26 would spin a core, deaf to it), the game
    /// ends, saving as on a quit signal.
    private func followCompositor() {
        guard !window.isHeadless, case .system = time else { return }
        let change: (was: Double, now: Double)
        switch window.displayNews() {
        case .none: return
        case .scaleChanged(let was, let now): change = (was, now)
        case .disconnected:
            guard window.lost == nil else { return }
            StandardErrorStream.write(
                "bloq: error: the connection to the Wayland compositor was lost (it quit or crashed): saving and quitting\n")
            window.giveUp(SDLError("the connection to the Wayland compositor was lost"))
            return
        }
        screenSleep.close()
        if textInputBox != nil { SDL_StopTextInput() }
        textInputBox = nil
        let fullscreen = isFullscreen
        borderlessFullscreen = nil
        // A scale as a person reads it: 2, 1.5, 1.25.
        let went =
            "the display's scale went from \(InputScript.format((change.was * 100).rounded() / 100)) to "
            + InputScript.format((change.now * 100).rounded() / 100)
        do {
            try window.reopen(size: fullscreen ? windowedSize : nil)
            StandardErrorStream.write("bloq: \(went): the window was opened again to draw at it\n")
        } catch {
            StandardErrorStream.write(
                "bloq: error: \(went) and the window could not be opened again at it (\(error)): saving and quitting; start the game again\n"
            )
            return
        }
        // Its inhibitor, if a level is being played, comes with the next followTime.
        screenSleep = ScreenSleep(window: window.window)
        // A press held on the old window ends there (as when the pointer leaves), and the
        // layout is read again at the new scale.
        gathered.append((.own(.focusLost), now))
        gathered.append((.own(.windowChanged), now))
    }

    /// Whether an event is the player's doing (what keeps the screen awake).
    private static func isPlayerInput(_ event: SDL_Event) -> Bool {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_KEYDOWN, SDL_TEXTINPUT, SDL_MOUSEBUTTONDOWN, SDL_MOUSEMOTION, SDL_MOUSEWHEEL, SDL_FINGERDOWN, SDL_FINGERMOTION,
            SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERAXISMOTION:
            true
        default: false
        }
    }

    public func nextInputTime() -> Double? { gathered.first?.time }

    public func takeInput() -> RawInput? {
        guard !gathered.isEmpty else { return nil }
        let event: SDL_Event
        let (item, time) = gathered.removeFirst()
        switch item {
        case .event(let sdl): event = sdl
        case .own(let input): return input
        }
        if event.type == SDL_CONTROLLERDEVICEADDED.rawValue {
            openGamepads()
            return nil
        }
        return countingTaps(SDLEventDecoder.decode(event), at: time)
    }

    /// A touch within `doubleTapMilliseconds` of a finger lifted, as the second of a double
    /// tap (`taps` 2): SDL counts a mouse's double-clicks but no finger's, and a double tap
    /// on Continue took a hint as a double-click did (`LastPress`).
    private func countingTaps(_ input: RawInput?, at time: Double) -> RawInput? {
        guard case .finger(let id, let phase, let x, let y, let pressure, _)? = input else { return input }
        defer { if phase == .up { fingerLifted = time } }
        guard phase == .down, let lifted = fingerLifted, time - lifted >= 0, time - lifted < SDLPlatform.doubleTapMilliseconds else {
            return input
        }
        return .finger(id: id, phase: phase, x: x, y: y, pressure: pressure, taps: 2)
    }

    /// An event's time: SDL's stamp, or the manual clock's now.
    private func stamp(_ event: SDL_Event) -> Double {
        switch time {
        case .system: Double(event.common.timestamp)
        case .manual(let clock): clock.now
        }
    }

    public func present(_ app: AppController, sounds: [SoundCue]) {
        applySettings(app.settings)
        followShell(app)
        let seconds = Double(SDL_GetTicks()) / 1000
        for cue in sounds { sound?.play(cue, now: seconds) }
        let drawing = FrameTrace.drawingBegins()
        window.draw(app)
        FrameTrace.drawn(since: drawing, presented: drawing.map { _ in FrameTrace.now() })
        window.present()
        if !devicesOpened {
            devicesOpened = true
            openDevices()
        }
        // Software renderers present at once; keep to about 60 frames a second.
        if !window.hasVSync, case .system = time {
            let now = SDL_GetTicks()
            if let last = lastPresent, now &- last < SDLPlatform.frameMilliseconds {
                SDL_Delay(SDLPlatform.frameMilliseconds - (now &- last))
            }
        }
        lastPresent = SDL_GetTicks()
    }

    /// The watch that makes the first level follow the file at `path` (`bloq play --level
    /// FILE --watch`; the shell's `AppEnvironment.levelWatch`): a `FileWatcher` (inotify,
    /// polling as the fallback) wakes the loop when the file changes, and the shell reloads
    /// it on the next frame. `check` is what the solver says against a version that loads
    /// (run off the render thread, as `mode` says); nil for none. Stop the watcher before
    /// SDL is.
    public static func watchLevelFile(
        _ path: String, mode: SolverService.Mode, inotify: Bool = true, check: (@Sendable (Level, SearchStop) -> [Diagnostic])?
    ) -> (watcher: FileWatcher, watch: LevelWatch) {
        let watcher = FileWatcher(path: path, inotify: inotify, onChange: { SDLPlatform.wakeFromAnyThread() })
        let watch = LevelWatch(
            path: path, changed: { watcher.takeChange() }, load: { LevelFiles.load(path: path).result }, check: check, mode: mode)
        return (watcher, watch)
    }

    /// Wakes the loop from its wait for events, from any thread (SDL_PushEvent is safe
    /// there): a watched level file changed.
    public static func wakeFromAnyThread() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
    }

    // MARK: Devices

    /// Gamepads and sound are optional (without them the game plays on), and they are
    /// opened after the first frame: the window shows sooner (docs/performance.md).
    private func openDevices() {
        guard opensDevices, !window.isHeadless, case .system = time else { return }
        StartupTrace.mark("frame on screen")
        if SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0 { openGamepads() }
        StartupTrace.mark("gamepads")
        if wantsSound { sound = SoundPlayer() }
        StartupTrace.mark("sound")
    }

    /// Whether sound is on (the setting, as the last frame saw it).
    private var wantsSound = true

    // MARK: A good citizen

    /// Follows what the shell shows: sound on or off (off: the audio device closed and
    /// SDL's audio stopped), whether a level is being played (the screen kept awake), and
    /// the text field being edited (text input, so an on-screen keyboard, only then).
    private func followShell(_ app: AppController) {
        if app.settings.sound != wantsSound {
            wantsSound = app.settings.sound
            if devicesOpened { sound = wantsSound ? SoundPlayer() : nil }
        }
        playingLevel = app.isPlayingLevel
        guard !window.isHeadless else { return }
        let box = app.textInputRect.map { rect -> SDL_Rect in
            // The shell lays out in output pixels; SDL takes the window's points.
            let scale = window.geometry.scale
            return SDL_Rect(
                x: Int32(clamping: Int((rect.x / scale.x).rounded(.down))), y: Int32(clamping: Int((rect.y / scale.y).rounded(.down))),
                w: Int32(clamping: Int((rect.width / scale.x).rounded(.up))), h: Int32(clamping: Int((rect.height / scale.y).rounded(.up))))
        }
        if let box, textInputBox.map({ $0.x != box.x || $0.y != box.y || $0.w != box.w || $0.h != box.h }) ?? true {
            var rect = box
            SDL_SetTextInputRect(&rect)
            if textInputBox == nil { SDL_StartTextInput() }
            textInputBox = box
        } else if box == nil, textInputBox != nil {
            SDL_StopTextInput()
            textInputBox = nil
        }
        followTime()
    }

    /// Keeps the screen awake while a level is being played in a window that is not
    /// minimised and the player's last input is less than `ScreenSleep.awakeAfterInput`
    /// old; lets it sleep otherwise. (Not keyboard focus: a phone with no keyboard never
    /// gives it, and input comes only to the window in front anyway. A Wayland compositor
    /// honours the inhibitor only while the window shows.)
    /// Closes the sound device once it has been silent a while. Runs every frame, and every
    /// second while the loop sleeps.
    private func followTime() {
        guard !window.isHeadless, case .system = time else { return }
        let now = SDL_GetTicks()
        let shown = SDL_GetWindowFlags(window.window) & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) == 0
        screenSleep.follow(
            awake: ScreenSleep.wantsAwake(playingLevel: playingLevel, shown: shown, millisecondsSinceInput: now &- lastInput))
        sound?.closeWhenSilent(now: Double(now) / 1000)
    }

    private func openGamepads() {
        guard devicesOpened, !window.isHeadless else { return }
        for pad in gamepads { SDL_GameControllerClose(pad) }
        gamepads = []
        for index in 0..<SDL_NumJoysticks() where SDL_IsGameController(index) == SDL_TRUE {
            if let pad = SDL_GameControllerOpen(index) { gamepads.append(pad) }
        }
    }

    // MARK: Fullscreen

    /// Makes the window follow the settings (fullscreen).
    private func applySettings(_ settings: Settings) {
        guard !window.isHeadless else { return }
        guard settings.fullscreen != isFullscreen else { return }
        if settings.fullscreen {
            windowedSize = window.windowSize
            enterFullscreen()
        } else if let windowed = borderlessFullscreen {
            borderlessFullscreen = nil
            SDL_SetWindowBordered(window.window, SDL_TRUE)
            SDL_SetWindowSize(window.window, Int32(windowed.width), Int32(windowed.height))
            SDL_SetWindowPosition(window.window, Int32(windowed.x), Int32(windowed.y))
        } else {
            SDL_SetWindowFullscreen(window.window, 0)
        }
    }

    /// The size the window had before it went fullscreen, in the desktop's points (as
    /// `WindowGeometry.desktopPointSize` says a window's size), while it is fullscreen: the
    /// size to remember, so that leaving fullscreen next time gives the player's own window.
    public var windowedDesktopSize: (width: Int, height: Int)? {
        guard isFullscreen, let windowedSize else { return nil }
        let scale = window.geometry.contentScale
        return (Int((Double(windowedSize.width) / scale).rounded()), Int((Double(windowedSize.height) / scale).rounded()))
    }

    /// Whether the window is fullscreen: by the window manager, or by hand.
    private var isFullscreen: Bool {
        SDL_GetWindowFlags(window.window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 || borderlessFullscreen != nil
    }

    /// Asks for fullscreen the modern way (the window manager makes it so). With no
    /// window manager nothing would answer and the window would keep its size: then the
    /// window is made borderless and sized to the display by hand.
    private func enterFullscreen() {
        let size = window.windowSize
        let position = window.windowPosition
        let windowed = Rect(x: Double(position.x), y: Double(position.y), width: Double(size.width), height: Double(size.height))
        var bounds = SDL_Rect()
        // Without a window manager (X11 with none running) the request would go unanswered.
        guard SDL_GetDisplayBounds(max(SDL_GetWindowDisplayIndex(window.window), 0), &bounds) == 0,
            bloq_x11_has_window_manager(UnsafeMutableRawPointer(window.window)) == 0
        else {
            SDL_SetWindowFullscreen(window.window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            return
        }
        borderlessFullscreen = windowed
        SDL_SetWindowBordered(window.window, SDL_FALSE)
        SDL_SetWindowPosition(window.window, bounds.x, bounds.y)
        SDL_SetWindowSize(window.window, bounds.w, bounds.h)
    }
}
