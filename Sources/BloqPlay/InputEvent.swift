import BloqEngine
import BloqGame

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

    /// Parses `Shift+Left`, `Ctrl+Z`, `Alt+Shift+F1` (prefixes in any order, any case): the
    /// prefixes are taken off the front, and the rest is the key's name, whatever it holds
    /// (`Keypad +`, `Ctrl++` for the plus key). Nil when no name is left.
    public init?(parsing text: String) {
        var rest = Substring(text)
        var shift = false
        var control = false
        var alt = false
        prefixes: while true {
            for (prefix, set) in [("shift+", 0), ("ctrl+", 1), ("control+", 1), ("alt+", 2)]
            where rest.count > prefix.count && rest.prefix(prefix.count).lowercased() == prefix {
                rest = rest.dropFirst(prefix.count)
                switch set {
                case 0: shift = true
                case 1: control = true
                default: alt = true
                }
                continue prefixes
            }
            break
        }
        guard !rest.isEmpty else { return nil }
        self.init(String(rest), shift: shift, control: control, alt: alt)
    }

    /// The chord as scripts write it: `Ctrl+Shift+Z`, with SDL's key name.
    public var description: String {
        (control ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (shift ? "Shift+" : "") + key.name
    }
}

/// A button of a gamepad, as SDL's GameController names them.
public enum GamepadButton: String, Hashable, Sendable {
    case a = "A"
    case b = "B"
    case x = "X"
    case y = "Y"
    case back = "Back"
    case start = "Start"
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

    /// How a replay script names it: `A`, `Start`, `Up`, `LB+Left`.
    public var scriptName: String {
        let name =
            switch button {
            case .up: "Up"
            case .down: "Down"
            case .left: "Left"
            case .right: "Right"
            default: button.rawValue
            }
        return (shoulderHeld ? "LB+" : "") + name
    }

    /// The press a replay script names (case does not matter), or nil.
    public init?(scriptName: String) {
        var name = Substring(scriptName.lowercased())
        let shoulder = name.hasPrefix("lb+")
        if shoulder { name = name.dropFirst(3) }
        let buttons: [String: GamepadButton] = [
            "a": .a, "b": .b, "x": .x, "y": .y, "back": .back, "start": .start, "rb": .rightShoulder, "up": .up, "down": .down,
            "left": .left, "right": .right,
        ]
        guard let button = buttons[String(name)] else { return nil }
        self.init(button, shoulderHeld: shoulder)
    }
}

/// Input after the platform layer cleaned it: the same for live SDL events and replays.
public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    /// The mouse moved over the window with no button held, to a point (output pixels):
    /// the control under it shows it can be pressed.
    case hover(Point)
    /// The right mouse button pressed at a point (output pixels): what holding a press
    /// there would show, at once.
    case contextClick(Point)
    /// The wheel turned this many notches toward the player (down; negative: up).
    case scroll(Int)
    case key(KeyChord)
    /// Text typed (a text field takes it; keys still arrive as `key`).
    case text(String)
    case gamepad(GamepadPress)
    /// The drawable area changed size (pixels).
    case resized(Size)
    /// Focus lost or the pointer left the window: pans in progress are cancelled.
    case focusLost
    /// The desktop's appearance preferences changed (light or dark, contrast, reduced motion).
    case systemAppearance(SystemAppearance)
}
