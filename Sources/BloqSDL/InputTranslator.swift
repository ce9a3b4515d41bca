import BloqEngine
import BloqPlay
import CSDL2

/// Turns SDL events into `InputEvent`s, once, at the edge: mouse and fingers become
/// pointer events in output pixels, touch-synthesised mouse events are dropped, and
/// leaving the window or losing focus cancels pans.
struct InputTranslator {
    /// Output pixels per window point (above 1 on high-DPI screens).
    var scale = Point(x: 1, y: 1)
    /// The output size in pixels (finger coordinates are normalised to it).
    var output = Size(width: 800, height: 600)
    private var mouseDown = false
    /// Fingers currently down; fingers beyond `maximumFingers` are ignored.
    private var fingers: Set<Int64> = []
    static let maximumFingers = 10

    enum Translated {
        case input(InputEvent)
        case quit
        case exposed
        case gamepadAdded
    }

    /// Translates one SDL event that happened at `time` seconds of simulated time (live
    /// play passes the event's timestamp, a replay the script's own time).
    mutating func translate(_ event: SDL_Event, time: Double) -> [Translated] {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let button = event.button
            guard button.which != bloq_touch_mouse_id(), Int32(button.button) == bloq_button_left() else { return [] }
            let down = event.type == SDL_MOUSEBUTTONDOWN.rawValue
            guard down != mouseDown else { return [] }
            mouseDown = down
            let location = Point(x: Double(button.x) * scale.x, y: Double(button.y) * scale.y)
            return [.input(.pointer(PointerEvent(pointer: .mouse, phase: down ? .down : .up, location: location, time: time)))]
        case SDL_MOUSEMOTION:
            let motion = event.motion
            guard motion.which != bloq_touch_mouse_id(), mouseDown else { return [] }
            let location = Point(x: Double(motion.x) * scale.x, y: Double(motion.y) * scale.y)
            return [.input(.pointer(PointerEvent(pointer: .mouse, phase: .moved, location: location, time: time)))]
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let finger = event.tfinger
            let id = Int64(finger.fingerId)
            let phase: PointerEvent.Phase
            switch SDL_EventType(rawValue: event.type) {
            case SDL_FINGERDOWN:
                guard !fingers.contains(id), fingers.count < InputTranslator.maximumFingers else { return [] }
                fingers.insert(id)
                phase = .down
            case SDL_FINGERUP:
                guard fingers.remove(id) != nil else { return [] }
                phase = .up
            default:
                guard fingers.contains(id) else { return [] }
                phase = .moved
            }
            let location = Point(x: Double(finger.x) * output.width, y: Double(finger.y) * output.height)
            // Drivers without pressure sensing report a constant 1 (SDL's X11 and Wayland
            // back ends do): only a pressure below full counts as reported, or every tap on
            // a level tile would open its preview at once.
            let pressure = finger.pressure > 0 && finger.pressure < 1 ? Double(finger.pressure) : nil
            return [.input(.pointer(PointerEvent(pointer: .finger(id), phase: phase, location: location, time: time, pressure: pressure)))]
        case SDL_KEYDOWN:
            let key = event.key.keysym
            let name = String(cString: SDL_GetKeyName(key.sym))
            guard !name.isEmpty else { return [] }
            let mod = UInt32(key.mod)
            let chord = KeyChord(
                name, shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0, control: mod & UInt32(KMOD_CTRL.rawValue) != 0,
                alt: mod & UInt32(KMOD_ALT.rawValue) != 0)
            return [.input(.key(chord))]
        case SDL_CONTROLLERDEVICEADDED:
            return [.gamepadAdded]
        case SDL_CONTROLLERBUTTONDOWN:
            // Buttons go to the command table as they are; the left shoulder held is a
            // modifier (with the D-pad it pushes).
            let pad = SDL_GameControllerFromInstanceID(event.cbutton.which)
            let shoulder = pad.map { SDL_GameControllerGetButton($0, SDL_CONTROLLER_BUTTON_LEFTSHOULDER) != 0 } ?? false
            let button: GamepadButton?
            switch SDL_GameControllerButton(rawValue: Int32(event.cbutton.button)) {
            case SDL_CONTROLLER_BUTTON_DPAD_UP: button = .up
            case SDL_CONTROLLER_BUTTON_DPAD_DOWN: button = .down
            case SDL_CONTROLLER_BUTTON_DPAD_LEFT: button = .left
            case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: button = .right
            case SDL_CONTROLLER_BUTTON_A: button = .a
            case SDL_CONTROLLER_BUTTON_B: button = .b
            case SDL_CONTROLLER_BUTTON_X: button = .x
            case SDL_CONTROLLER_BUTTON_Y: button = .y
            case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: button = nil  // a modifier only
            case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: button = .rightShoulder
            case SDL_CONTROLLER_BUTTON_BACK: button = .back
            case SDL_CONTROLLER_BUTTON_START: button = .start
            default: button = nil
            }
            return button.map { [.input(.gamepad(GamepadPress($0, shoulderHeld: shoulder)))] } ?? []
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_LEAVE, SDL_WINDOWEVENT_FOCUS_LOST:
                return cancelPointers()
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED:
                return [.exposed]
            default:
                return []
            }
        default:
            return []
        }
    }

    private mutating func cancelPointers() -> [Translated] {
        mouseDown = false
        fingers.removeAll()
        return [.input(.focusLost)]
    }
}
