import Testing

@testable import BloqSDL

/// A key held in another window as the game gets the keyboard (X11) is not the game's:
/// its autorepeat, which SDL 2.26 passes on as a fresh press, is dropped until the key is let
/// go; a key pressed in the game's window is the game's.
@Suite("Keys held in another window at focus")
struct KeysHeldElsewhereTests {
    /// A keymap (32 bytes, bit k the key code k) with `codes` held.
    static func keymap(_ codes: Int...) -> [UInt8] {
        var map = [UInt8](repeating: 0, count: 32)
        for code in codes { map[code / 8] |= UInt8(1 << (code % 8)) }
        return map
    }

    // X11 key codes (evdev's plus 8) and SDL scancodes of the keys pressed.
    static let qCode = 24
    static let leftCode = 113
    static let q: UInt32 = 20
    static let left: UInt32 = 80

    @Test("Ctrl+Q held from another window: its autorepeat and the repeats after it are dropped until Q is let go")
    func autorepeatOfAKeyHeldAtFocusIsDropped() {
        var keys = KeysHeldElsewhere()
        keys.focusGained(keymap: Self.keymap(Self.qCode))
        #expect(keys.isWatching)
        // The X server's first autorepeat, 0.6 s on: SDL calls it a fresh press.
        #expect(!keys.admits(scancode: Self.q, isRepeat: false, modifier: false) { Self.keymap(Self.qCode) })
        // SDL now marks the next ones as repeats; they are not the game's either.
        #expect(!keys.admits(scancode: Self.q, isRepeat: true, modifier: false) { Self.keymap(Self.qCode) })
        // Control's own press (SDL's reconciliation at focus) stays the game's.
        #expect(keys.admits(scancode: 224, isRepeat: false, modifier: true) { Self.keymap(Self.qCode) })
        keys.released(scancode: Self.q)
        keys.follow(keymap: Self.keymap())
        #expect(!keys.isWatching)
        // Pressed again in the game's window, Q is the game's.
        #expect(keys.admits(scancode: Self.q, isRepeat: false, modifier: false) { Self.keymap(Self.qCode) })
    }

    @Test("a key held at focus, let go before its autorepeat and pressed again, is the game's")
    func keyLetGoThenPressedIsAdmitted() {
        var keys = KeysHeldElsewhere()
        keys.focusGained(keymap: Self.keymap(Self.qCode))
        // A frame sees it let go (SDL sends nothing: it never saw the press).
        keys.follow(keymap: Self.keymap())
        #expect(!keys.isWatching)
        #expect(keys.admits(scancode: Self.q, isRepeat: false, modifier: false) { Self.keymap(Self.qCode) })
    }

    @Test("another key pressed while one from elsewhere is still held is the game's")
    func freshKeyBesideAHeldOneIsAdmitted() {
        var keys = KeysHeldElsewhere()
        keys.focusGained(keymap: Self.keymap(Self.qCode))
        #expect(keys.admits(scancode: Self.left, isRepeat: false, modifier: false) { Self.keymap(Self.qCode, Self.leftCode) })
        #expect(keys.admits(scancode: Self.left, isRepeat: true, modifier: false) { Self.keymap(Self.qCode, Self.leftCode) })
    }

    @Test("nothing held at focus, or not on X11: every press is the game's, and the keymap is not read")
    func nothingHeldReadsNoKeymap() {
        var keys = KeysHeldElsewhere()
        var reads = 0
        for keymap in [Self.keymap(), nil] {
            keys.focusGained(keymap: keymap)
            #expect(!keys.isWatching)
            #expect(
                keys.admits(scancode: Self.q, isRepeat: false, modifier: false) {
                    reads += 1
                    return Self.keymap(Self.qCode)
                })
        }
        #expect(reads == 0)
    }

    @Test("a focus gained again forgets the presses dropped before")
    func focusAgainForgets() {
        var keys = KeysHeldElsewhere()
        keys.focusGained(keymap: Self.keymap(Self.qCode))
        #expect(!keys.admits(scancode: Self.q, isRepeat: false, modifier: false) { Self.keymap(Self.qCode) })
        keys.focusGained(keymap: Self.keymap())
        #expect(keys.admits(scancode: Self.q, isRepeat: true, modifier: false) { Self.keymap(Self.qCode) })
    }
}
