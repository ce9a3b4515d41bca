import CSDL2
import CWaylandIdle

/// A way of keeping the screen awake: the game's own Wayland idle inhibitor, or SDL's
/// screen saver switch.
protocol ScreenKeeper: AnyObject {
    /// Keeps the screen awake (`true`) or lets it sleep (`false`); false when that could
    /// not be done (the connection to the compositor failed).
    func keepAwake(_ awake: Bool) -> Bool
    /// Lets go of what it holds, before the window closes.
    func close()
}

/// Whether the screen may sleep, and the means that keep it awake (docs/platform.md, "The
/// screen may sleep, except in a level"). Awake while a level is being played in a window
/// that is not minimised or hidden and the player's last input is under
/// `awakeAfterInput` old; free to sleep otherwise.
///
/// The means is chosen at the first need, once: the game's own Wayland inhibitor where the
/// window is on Wayland and the compositor offers idle-inhibit, made and destroyed as the
/// policy asks; else SDL's `SDL_DisableScreenSaver` / `SDL_EnableScreenSaver` (X11, and D-Bus
/// where the compositor has no idle-inhibit, as GNOME and KDE serve
/// `org.freedesktop.ScreenSaver`). With the own inhibitor SDL's switch is never used: SDL
/// 2.26 would make an inhibitor of its own that its `SDL_EnableScreenSaver` never destroys.
final class ScreenSleep {
    /// How long after the player's last input a level being played keeps the screen awake:
    /// five minutes, the GNOME and Phosh default before the screen dims, and longer than
    /// the one to two minutes phones blank after. A player thinking over a hard board
    /// without touching it keeps the screen; one who walked away lets it sleep, as the
    /// desktop would without the game.
    static let awakeAfterInput: UInt32 = 5 * 60 * 1000

    /// Whether the screen is to be kept awake: a level being played, in a window that
    /// shows, with the player's last input less than `awakeAfterInput` ago (milliseconds,
    /// SDL's ticks subtracted with wrapping).
    static func wantsAwake(playingLevel: Bool, shown: Bool, millisecondsSinceInput: UInt32) -> Bool {
        playingLevel && shown && millisecondsSinceInput < awakeAfterInput
    }

    /// Opens the game's own inhibitor: nil where there is none to be had.
    private let openOwn: () -> (any ScreenKeeper)?
    /// SDL's switch.
    private let fallback: any ScreenKeeper
    /// The means chosen at the first need (nil before it).
    private(set) var keeper: (any ScreenKeeper)?
    /// Whether the screen is kept awake now.
    private(set) var isAwake = false

    init(openOwn: @escaping () -> (any ScreenKeeper)?, fallback: any ScreenKeeper) {
        self.openOwn = openOwn
        self.fallback = fallback
    }

    /// For an SDL window: the own inhibitor on Wayland with idle-inhibit, else SDL's switch.
    convenience init(window: OpaquePointer) {
        self.init(openOwn: { WaylandIdleInhibitor(window: window) }, fallback: SDLScreenSaver())
    }

    /// Whether the own inhibitor is the means (false before the first need, and with SDL's).
    var usesOwnInhibitor: Bool { keeper.map { $0 !== fallback } ?? false }

    /// Keeps the screen awake or lets it sleep, as `awake` says; a request goes out only
    /// when that changes.
    func follow(awake: Bool) {
        guard awake != isAwake else { return }
        let chosen: any ScreenKeeper
        if let keeper {
            chosen = keeper
        } else {
            chosen = openOwn() ?? fallback
            keeper = chosen
        }
        if !chosen.keepAwake(awake), chosen !== fallback {
            // The compositor's connection failed under the own inhibitor: SDL's switch from
            // now on (SDL has met the same failure and will say so).
            chosen.close()
            keeper = fallback
            _ = fallback.keepAwake(awake)
        }
        isAwake = awake
    }

    /// Lets the screen sleep and lets go of the inhibitor: before the window closes.
    func close() {
        if isAwake, let keeper { _ = keeper.keepAwake(false) }
        isAwake = false
        keeper?.close()
    }
}

/// The game's own Wayland idle inhibitor (CWaylandIdle): the compositor's
/// zwp_idle_inhibit_manager_v1 bound on an event queue of its own, an inhibitor made for
/// the window's surface while the screen is to stay awake and destroyed when not.
final class WaylandIdleInhibitor: ScreenKeeper {
    private var idle: OpaquePointer?

    /// Nil when the window is not on Wayland or the compositor lacks idle-inhibit.
    init?(window: OpaquePointer) {
        guard let idle = bloq_idle_inhibit_open(UnsafeMutableRawPointer(window)) else { return nil }
        self.idle = idle
    }

    func keepAwake(_ awake: Bool) -> Bool {
        guard let idle else { return false }
        return bloq_idle_inhibit_set(idle, awake ? 1 : 0) == 0
    }

    func close() {
        bloq_idle_inhibit_close(idle)
        idle = nil
    }

    deinit { bloq_idle_inhibit_close(idle) }
}

/// SDL's screen saver switch: D-Bus's org.freedesktop.ScreenSaver first, then (on Wayland)
/// an idle inhibitor SDL 2.26 never destroys, or X11's screen saver.
final class SDLScreenSaver: ScreenKeeper {
    func keepAwake(_ awake: Bool) -> Bool {
        if awake { SDL_DisableScreenSaver() } else { SDL_EnableScreenSaver() }
        return true
    }

    func close() {}
}
