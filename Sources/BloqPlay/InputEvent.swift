import BloqEngine

/// A key press with its modifiers.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    public var key: Key
    public var shift: Bool
    public var control: Bool
    public var alt: Bool

    public init(_ key: Key, shift: Bool = false, control: Bool = false, alt: Bool = false) {
        self.key = key
        self.shift = shift
        self.control = control
        self.alt = alt
    }

    /// The key SDL calls `name` (`"Left"`, `"Z"`, `"F11"`), with its modifiers.
    public init(_ name: String, shift: Bool = false, control: Bool = false, alt: Bool = false) {
        self.init(Key(name: name), shift: shift, control: control, alt: alt)
    }

    /// Parses `Shift+Left`, `Ctrl+Z`, `Alt+Shift+F1` (prefixes in any order, any case).
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "Ctrl++" or a trailing "+" names the plus key itself.
        if text.hasSuffix("++") || text == "+" {
            parts = Array(parts.dropLast(2)) + ["+"]
        }
        guard let key = parts.last, !key.isEmpty else { return nil }
        self.init(key)
        for modifier in parts.dropLast() {
            switch modifier.lowercased() {
            case "shift": shift = true
            case "ctrl", "control": control = true
            case "alt": alt = true
            default: return nil
            }
        }
    }

    /// The chord as scripts write it: `Ctrl+Shift+Z`, with SDL's key name.
    public var description: String {
        (control ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (shift ? "Shift+" : "") + key.name
    }
}

/// A button of a gamepad, as SDL's GameController names them.
public enum GamepadButton: String, Hashable, Sendable, CaseIterable {
    case a = "A"
    case b = "B"
    case x = "X"
    case y = "Y"
    case back = "Back"
    case start = "Start"
    case leftShoulder = "LB"
    case rightShoulder = "RB"
    case up = "D-pad up"
    case down = "D-pad down"
    case left = "D-pad left"
    case right = "D-pad right"
}

/// A gamepad button pressed, with the left shoulder held or not (a modifier, like Shift).
public struct GamepadPress: Hashable, Sendable, CustomStringConvertible {
    public var button: GamepadButton
    public var shoulderHeld: Bool

    public init(_ button: GamepadButton, shoulderHeld: Bool = false) {
        self.button = button
        self.shoulderHeld = shoulderHeld
    }

    public var description: String { (shoulderHeld ? "LB+" : "") + button.rawValue }
}

/// Input after the platform layer cleaned it: the same for live SDL events and replays.
public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    case key(KeyChord)
    /// Text typed (a text field takes it; keys still arrive as `key`).
    case text(String)
    case gamepad(GamepadPress)
    /// The drawable area changed size (pixels).
    case resized(Size)
    /// Focus lost or the pointer left the window: pans in progress are cancelled.
    case focusLost
}
