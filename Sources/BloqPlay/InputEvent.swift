import BloqEngine

/// A key press as SDL names it (`"Left"`, `"Z"`, `"F11"`), with its modifiers.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var shift: Bool
    public var control: Bool
    public var alt: Bool

    public init(_ key: String, shift: Bool = false, control: Bool = false, alt: Bool = false) {
        self.key = key
        self.shift = shift
        self.control = control
        self.alt = alt
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

    public var description: String {
        (control ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (shift ? "Shift+" : "") + key
    }
}

/// Input after the platform layer cleaned it: the same for live SDL events and replays.
public enum InputEvent: Hashable, Sendable {
    case pointer(PointerEvent)
    case key(KeyChord)
    /// The drawable area changed size (pixels).
    case resized(Size)
    /// Focus lost or the pointer left the window: pans in progress are cancelled.
    case focusLost
}
