/// Keys that were already held down when the window got the keyboard, on X11: their presses
/// belong to the window that had it. SDL 2.26 reconciles only the modifiers as X11 focus
/// comes in, so the X server's first autorepeat of a key held elsewhere reached the game as
/// a fresh press: Ctrl+Q held 0.6 s after quitting another program (the autorepeat delay,
/// 500-660 ms) quit Bloq too (helper-61). Wayland is not affected: a compositor sends no
/// press for a key held as the keyboard enters, and the repeat is the client's own.
///
/// `held` is the X server's keymap at focus, less the keys let go since; a press that
/// comes while no key is down that was not already down then is such a key's autorepeat,
/// and its scancode is not the game's until SDL tells of its release. A keymap is 32 bytes,
/// bit k the key code k, modifiers left out (`bloq_x11_keys_held`).
struct KeysHeldElsewhere {
    /// A keymap with no key held.
    static let none = [UInt8](repeating: 0, count: 32)
    /// Keys held at focus and not let go since (empty: nothing to watch).
    private var held = none
    /// SDL scancodes whose presses are a key held elsewhere, until SDL tells of their release.
    private var ignored: Set<UInt32> = []

    /// Whether a key held at focus may still send an autorepeat: the keymap is then read
    /// each frame, so that a key let go and pressed again counts as pressed here.
    var isWatching: Bool { held.contains { $0 != 0 } }

    /// The window got the keyboard, with `keymap` held (nil: not on X11).
    mutating func focusGained(keymap: [UInt8]?) {
        held = keymap ?? Self.none
        ignored = []
    }

    /// The keymap read now: keys let go are no longer held elsewhere.
    mutating func follow(keymap: [UInt8]?) {
        guard let keymap else {
            held = Self.none
            return
        }
        for index in held.indices { held[index] &= keymap[index] }
    }

    /// Whether a key press of `scancode` is the game's. `modifier`: a modifier key (SDL
    /// reconciles those itself); `keymap` reads the X server's keymap now, asked only while
    /// a key held at focus is still down.
    mutating func admits(scancode: UInt32, isRepeat: Bool, modifier: Bool, keymap: () -> [UInt8]?) -> Bool {
        if ignored.contains(scancode) { return false }
        guard !isRepeat, !modifier, isWatching else { return true }
        let now = keymap()
        follow(keymap: now)
        guard isWatching, let now else { return true }
        // A key down now that was not down at focus: this press is that key's.
        if held.indices.contains(where: { now[$0] & ~held[$0] != 0 }) { return true }
        ignored.insert(scancode)
        return false
    }

    /// A key of `scancode` let go: its next press is the game's.
    mutating func released(scancode: UInt32) {
        ignored.remove(scancode)
    }
}
