import BloqGame

/// The names SDL gives keys (`SDL_GetKeyName`, `SDL_GetScancodeName`, SDL 2), which input
/// scripts use (CONTRACT section 3): every named key, whether or not the game binds it.
/// A key that types a character is named by that character ("A", "1", "/", or "É" on a
/// layout that has it), so any one printable character is a key name too.
public enum KeyNames {
    /// Every multi-character name SDL 2 gives a key (`BloqSDLTests` checks the list against
    /// the SDL library itself).
    public static let named: [String] = [
        "AC Back", "AC Bookmarks", "AC Forward", "AC Home", "AC Refresh", "AC Search", "AC Stop", "Again", "AltErase",
        "App1", "App2", "Application", "AudioFastForward", "AudioMute", "AudioNext", "AudioPlay", "AudioPrev",
        "AudioRewind", "AudioStop", "Backspace", "BrightnessDown", "BrightnessUp", "Calculator", "Call", "Cancel",
        "CapsLock", "Clear", "Clear / Again", "Computer", "Copy", "CrSel", "CurrencySubUnit", "CurrencyUnit", "Cut",
        "DecimalSeparator", "Delete", "DisplaySwitch", "Down", "Eject", "End", "EndCall", "Escape", "ExSel", "Execute",
        "F1", "F10", "F11", "F12", "F13", "F14", "F15", "F16", "F17", "F18", "F19", "F2", "F20", "F21", "F22", "F23",
        "F24", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "Find", "Help", "Home", "Insert", "KBDIllumDown",
        "KBDIllumToggle", "KBDIllumUp", "Keypad !", "Keypad #", "Keypad %", "Keypad &", "Keypad &&", "Keypad (",
        "Keypad )", "Keypad *", "Keypad +", "Keypad +/-", "Keypad ,", "Keypad -", "Keypad .", "Keypad /", "Keypad 0",
        "Keypad 00", "Keypad 000", "Keypad 1", "Keypad 2", "Keypad 3", "Keypad 4", "Keypad 5", "Keypad 6", "Keypad 7",
        "Keypad 8", "Keypad 9", "Keypad :", "Keypad <", "Keypad =", "Keypad = (AS400)", "Keypad >", "Keypad @",
        "Keypad A", "Keypad B", "Keypad Backspace", "Keypad Binary", "Keypad C", "Keypad Clear", "Keypad ClearEntry",
        "Keypad D", "Keypad Decimal", "Keypad E", "Keypad Enter", "Keypad F", "Keypad Hexadecimal", "Keypad MemAdd",
        "Keypad MemClear", "Keypad MemDivide", "Keypad MemMultiply", "Keypad MemRecall", "Keypad MemStore",
        "Keypad MemSubtract", "Keypad Octal", "Keypad Space", "Keypad Tab", "Keypad XOR", "Keypad ^", "Keypad {",
        "Keypad |", "Keypad ||", "Keypad }", "Left", "Left Alt", "Left Ctrl", "Left GUI", "Left Shift", "Mail",
        "MediaSelect", "Menu", "ModeSwitch", "Mute", "Numlock", "Oper", "Out", "PageDown", "PageUp", "Paste", "Pause",
        "Power", "PrintScreen", "Prior", "Return", "Right", "Right Alt", "Right Ctrl", "Right GUI", "Right Shift",
        "ScrollLock", "Select", "Separator", "Sleep", "SoftLeft", "SoftRight", "Space", "Stop", "SysReq", "Tab",
        "ThousandsSeparator", "Undo", "Up", "VolumeDown", "VolumeUp", "WWW",
    ]

    private static let normalizedNames = Set(named.map(normalized))

    /// `name` as names are compared: letters in lower case, spaces left out ("Page Down",
    /// "pagedown" and SDL's "PageDown" are one key; no two of SDL's names differ only so).
    public static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " })
    }

    /// Whether `name` names a key: one of SDL's names, or one printable character.
    public static func isKnown(_ name: String) -> Bool {
        if name.count == 1, let character = name.first {
            return !character.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.isWhitespace }
        }
        return normalizedNames.contains(normalized(name))
    }

    /// The known name closest to `name` (at most two letters added, removed or changed),
    /// for "did you mean" in an error.
    public static func suggestion(for name: String) -> String? {
        let target = normalized(name)
        var best: (name: String, distance: Int)?
        for candidate in named {
            let distance = Wording.editDistance(target, normalized(candidate))
            if distance <= 2, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }
}
