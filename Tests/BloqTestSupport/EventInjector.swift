import BloqSDL
import CSDL2

/// An SDL event built by a test, exactly as the system would deliver it.
public enum SyntheticEvent: Sendable {
    /// Left button down or up at a window position in points.
    case mouseButton(down: Bool, x: Int, y: Int)
    /// Mouse motion to a window position in points, with the left button held or not.
    case mouseMotion(x: Int, y: Int, buttonHeld: Bool)
    /// A finger event with SDL's normalised coordinates (0...1 of the window).
    case finger(id: Int64, phase: FingerPhase, x: Double, y: Double)
    /// A mouse event synthesised from touch (SDL_TOUCH_MOUSEID), which the game ignores.
    case touchMouseButton(down: Bool, x: Int, y: Int)
    /// A key press: SDL's key name and modifiers; `repeated`, sent again while held (the
    /// desktop's auto-repeat).
    case key(name: String, shift: Bool, control: Bool, alt: Bool, repeated: Bool = false)
    /// A gamepad button down or up, by SDL's name for it ("dpdown", "a").
    case gamepadButton(String, down: Bool)
    case focusLost
    /// The window was resized to a size in points.
    case resized(width: Int, height: Int)
    case quit

    public enum FingerPhase: Sendable {
        case down, move, up
    }

    /// The SDL event for `windowID`.
    func sdlEvent(windowID: UInt32) -> SDL_Event {
        var event = SDL_Event()
        switch self {
        case .mouseButton(let down, let x, let y), .touchMouseButton(let down, let x, let y):
            event.type = (down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
            event.button.button = UInt8(bloq_button_left())
            event.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = 1
            event.button.x = Int32(clamping: x)
            event.button.y = Int32(clamping: y)
            event.button.windowID = windowID
            if case .touchMouseButton = self { event.button.which = bloq_touch_mouse_id() }
        case .mouseMotion(let x, let y, let held):
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.x = Int32(clamping: x)
            event.motion.y = Int32(clamping: y)
            event.motion.state = held ? UInt32(1) << (UInt32(bloq_button_left()) - 1) : 0
            event.motion.windowID = windowID
        case .finger(let id, let phase, let x, let y):
            switch phase {
            case .down: event.type = SDL_FINGERDOWN.rawValue
            case .move: event.type = SDL_FINGERMOTION.rawValue
            case .up: event.type = SDL_FINGERUP.rawValue
            }
            event.tfinger.fingerId = SDL_FingerID(id)
            event.tfinger.x = Float(x)
            event.tfinger.y = Float(y)
            event.tfinger.pressure = 1
            event.tfinger.windowID = windowID
        case .key(let name, let shift, let control, let alt, let repeated):
            event.type = SDL_KEYDOWN.rawValue
            event.key.state = UInt8(SDL_PRESSED)
            event.key.repeat = repeated ? 1 : 0
            event.key.keysym.sym = SDL_GetKeyFromName(name)
            event.key.keysym.scancode = SDL_GetScancodeFromKey(event.key.keysym.sym)
            var mod: UInt32 = 0
            if shift { mod |= UInt32(KMOD_LSHIFT.rawValue) }
            if control { mod |= UInt32(KMOD_LCTRL.rawValue) }
            if alt { mod |= UInt32(KMOD_LALT.rawValue) }
            event.key.keysym.mod = UInt16(truncatingIfNeeded: mod)
            event.key.windowID = windowID
        case .gamepadButton(let name, let down):
            event.type = (down ? SDL_CONTROLLERBUTTONDOWN : SDL_CONTROLLERBUTTONUP).rawValue
            event.cbutton.button = UInt8(clamping: SDL_GameControllerGetButtonFromString(name).rawValue)
            event.cbutton.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        case .focusLost:
            event.type = SDL_WINDOWEVENT.rawValue
            event.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
            event.window.windowID = windowID
        case .resized(let width, let height):
            event.type = SDL_WINDOWEVENT.rawValue
            event.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
            event.window.data1 = Int32(clamping: width)
            event.window.data2 = Int32(clamping: height)
            event.window.windowID = windowID
        case .quit:
            event.type = SDL_QUIT.rawValue
        }
        return event
    }
}

extension SDLWindow {
    /// Pushes `event` onto SDL's queue with `SDL_PushEvent`; it is handled on the next frame
    /// (stamped with the platform's time when gathered). Throws when SDL refuses it (the
    /// queue is full).
    public func push(_ synthetic: SyntheticEvent) throws(SDLError) {
        var event = synthetic.sdlEvent(windowID: windowID)
        guard SDL_PushEvent(&event) == 1 else { throw SDLError("SDL refused an injected event") }
    }
}
