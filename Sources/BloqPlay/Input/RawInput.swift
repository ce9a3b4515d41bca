import BloqEngine
import BloqGame

/// A platform event as it arrives, before cleaning: what SDL delivers (decoded by the
/// platform layer) or what a replay's script stands for. Coordinates keep the platform's
/// own precision (whole window points for the mouse, 32-bit fractions of the window for
/// fingers), so a replay gives exactly what live play would.
public enum RawInput: Sendable, Equatable {
    public enum FingerPhase: Sendable, Equatable {
        case down, move, up
    }
    public enum MouseButton: Sendable, Equatable {
        case left, right, other
    }

    case quit
    /// A mouse button, at window points. `fromTouch`: synthesised by the platform from a
    /// finger; `clicks`: 2 for the second press of a double-click.
    case mouseButton(down: Bool, x: Int32, y: Int32, button: MouseButton = .left, fromTouch: Bool = false, clicks: Int = 1)
    case mouseMotion(x: Int32, y: Int32, fromTouch: Bool = false)
    /// The mouse wheel (or a touchpad's scroll) turned by `y` notches, positive away from
    /// the player (up), and `x` sideways (a tilt wheel, a touchpad), positive to the right.
    case wheel(x: Float = 0, y: Float)
    /// A finger at a fraction of the window (0...1), with its pressure (0 when unknown);
    /// `taps`: 2 for a touch soon after a finger was lifted (a double tap's second).
    case finger(id: Int64, phase: FingerPhase, x: Float, y: Float, pressure: Float, taps: Int = 1)
    case key(KeyChord)
    /// A key held down, sent again by the desktop's auto-repeat (after its delay, about
    /// half a second): the shell takes it only for commands that repeat.
    case keyRepeat(KeyChord)
    /// Text typed, in UTF-8.
    case text(String)
    case gamepad(GamepadPress)
    /// A gamepad button released; nil for every button (a gamepad unplugged).
    case gamepadUp(GamepadButton?)
    /// A gamepad's left stick moved: where it leans now, -1...1 across (right positive) and
    /// down (down positive), and whether the left shoulder is held.
    case stick(x: Double, y: Double, shoulderHeld: Bool)
    /// The pointer left the window, or the window lost the focus.
    case focusLost
    /// The window was resized, exposed or restored: the layout must be read again.
    case windowChanged
    /// The desktop's appearance preferences, read anew (its settings portal said they changed).
    case systemAppearance(SystemAppearance)
}

/// Turns raw input into `InputEvent`s, once, at the edge (Tatham's one place for
/// platform quirks): mouse and fingers become pointer events in output pixels,
/// touch-synthesised mouse events are dropped, fingers beyond the tenth are ignored, a
/// constant pressure of 1 counts as none, and losing the focus cancels every pointer.
public struct InputTranslator: Sendable {
    /// Output pixels per window point (above 1 on high-DPI screens).
    public var scale = Point(x: 1, y: 1)
    /// The output size in pixels (finger coordinates are fractions of it).
    public var output = Size(width: 800, height: 600)
    private var mouseDown = false
    /// The wheel's turn not yet a whole notch (a touchpad scrolls in fractions), toward
    /// the player positive.
    private var wheelRest = 0.0
    /// Fingers currently down.
    private var fingers: Set<Int64> = []
    /// The direction the left stick leans in, past `stickPress`, until it comes back
    /// within `stickRest`.
    private var stickLean: GamepadButton?
    /// How far the stick leans for a press, and back within which it rests (apart, so that
    /// a thumb held near the edge gives one press, not a stutter).
    static let stickPress = 0.6
    static let stickRest = 0.3
    public static let maximumFingers = 10
    /// The gamepad button held down, or the stick's lean (`fromStick`), the press it made,
    /// and when it is pressed again (`padRepeats`).
    private var padHeld: (press: GamepadPress, fromStick: Bool, due: Double)?
    /// A held button presses again after `padRepeatDelay` seconds, then every
    /// `padRepeatInterval`: a D-pad held walks the focus through a list, as on consoles.
    /// The desktop repeats held keys; no one repeats a gamepad's buttons.
    public static let padRepeatDelay = 0.4
    public static let padRepeatInterval = 0.1

    public enum Translated: Sendable, Equatable {
        case input(InputEvent)
        /// A key (`RawInput.keyRepeat`) or a gamepad button (or the stick's lean) held down,
        /// pressed again: an input only where the command it means repeats
        /// (`AppController.repeatsWhenHeld`).
        case repeated(InputEvent)
        case quit
        case windowChanged
    }

    public init() {}

    /// Translates one raw event that happened at `time` seconds of simulated time.
    public mutating func translate(_ raw: RawInput, time: Double) -> [Translated] {
        switch raw {
        case .quit:
            return [.quit]
        case .mouseButton(let down, let x, let y, let button, let fromTouch, let clicks):
            let location = Point(x: Double(x) * scale.x, y: Double(y) * scale.y)
            // The right button pressed while the left is up is a context click, as on every
            // desktop; its release and the other buttons mean nothing.
            if button != .left {
                return button == .right && !fromTouch && down && !mouseDown ? [.input(.contextClick(location))] : []
            }
            guard !fromTouch, down != mouseDown else { return [] }
            mouseDown = down
            return [
                .input(.pointer(PointerEvent(pointer: .mouse, phase: down ? .down : .up, location: location, time: time, clicks: clicks)))
            ]
        case .wheel(let x, let y):
            // Down or to the right is on (the next page), up or to the left back: the larger.
            let turn = abs(x) > abs(y) ? Double(x) : -Double(y)
            guard turn.isFinite, turn != 0 else { return [] }
            // Turned back: what was left of the other way is dropped.
            if (turn > 0) != (wheelRest > 0) { wheelRest = 0 }
            wheelRest += turn
            let notches = Int(max(min(wheelRest, 100), -100).rounded(.towardZero))
            wheelRest -= Double(notches)
            return notches == 0 ? [] : [.input(.scroll(notches))]
        case .mouseMotion(let x, let y, let fromTouch):
            guard !fromTouch else { return [] }
            let location = Point(x: Double(x) * scale.x, y: Double(y) * scale.y)
            guard mouseDown else { return [.input(.hover(location))] }
            return [.input(.pointer(PointerEvent(pointer: .mouse, phase: .moved, location: location, time: time)))]
        case .finger(let id, let phase, let x, let y, let pressure, let taps):
            let translated: PointerEvent.Phase
            switch phase {
            case .down:
                guard !fingers.contains(id), fingers.count < InputTranslator.maximumFingers else { return [] }
                fingers.insert(id)
                translated = .down
            case .up:
                guard fingers.remove(id) != nil else { return [] }
                translated = .up
            case .move:
                guard fingers.contains(id) else { return [] }
                translated = .moved
            }
            let location = Point(x: Double(x) * output.width, y: Double(y) * output.height)
            // Drivers without pressure sensing report a constant 1 (SDL's X11 and Wayland
            // back ends do): only a pressure below full counts as reported, or every tap on
            // a level tile would open its preview at once.
            let reported = pressure > 0 && pressure < 1 ? Double(pressure) : nil
            return [
                .input(
                    .pointer(
                        PointerEvent(
                            pointer: .finger(id), phase: translated, location: location, time: time, pressure: reported, clicks: taps)))
            ]
        case .key(let chord):
            return [.input(.key(chord))]
        case .keyRepeat(let chord):
            return [.repeated(.key(chord))]
        case .text(let text):
            return text.isEmpty ? [] : [.input(.text(text))]
        case .gamepad(let press):
            padHeld = (press, false, time + Self.padRepeatDelay)
            return [.input(.gamepad(press))]
        case .gamepadUp(let button):
            guard let button else {
                // Unplugged: nothing is held, the stick included.
                (padHeld, stickLean) = (nil, nil)
                return []
            }
            if let held = padHeld, !held.fromStick, button == held.press.button { padHeld = nil }
            return []
        case .stick(let x, let y, let shoulderHeld):
            // The left stick is a D-pad, as in menus everywhere: a lean past `stickPress` is one
            // press of its main direction; another comes after it rests, or leans elsewhere.
            let lean = max(abs(x), abs(y))
            guard lean.isFinite, lean >= Self.stickPress else {
                // Eased off: no more repeats (a thumb resting part-way, or a stick that
                // drifts, walked the focus on); a new press only once it rests.
                if padHeld?.fromStick == true { padHeld = nil }
                if !(lean > Self.stickRest) { stickLean = nil }
                return []
            }
            let direction: GamepadButton = abs(x) >= abs(y) ? (x > 0 ? .right : .left) : (y > 0 ? .down : .up)
            guard direction != stickLean else { return [] }
            stickLean = direction
            let press = GamepadPress(direction, shoulderHeld: shoulderHeld)
            padHeld = (press, true, time + Self.padRepeatDelay)
            return [.input(.gamepad(press))]
        case .focusLost:
            mouseDown = false
            stickLean = nil
            padHeld = nil
            fingers.removeAll()
            return [.input(.focusLost)]
        case .windowChanged:
            return [.windowChanged]
        case .systemAppearance(let appearance):
            return [.input(.systemAppearance(appearance))]
        }
    }

    /// When the held gamepad button (or the stick's lean) is next pressed again, in seconds
    /// of simulated time; nil when none is held. The loop delivers it in time order with
    /// the platform's input, and sleeps no longer than until then.
    public var padRepeatDue: Double? { padHeld?.due }

    /// Stops repeating the held button until another is pressed (its command does not repeat).
    public mutating func endPadRepeats() { padHeld = nil }

    /// The held button's press again, its repeat due, when it is `now` seconds: the next is
    /// due an interval later, or an interval after `now` when that is past already (the
    /// loop slept, or the machine did: one press, not one for each interval missed).
    public mutating func padRepeat(now: Double) -> [Translated] {
        guard let held = padHeld else { return [] }
        let next = held.due + Self.padRepeatInterval
        padHeld?.due = next > now ? next : now + Self.padRepeatInterval
        return [.repeated(.gamepad(held.press))]
    }
}
