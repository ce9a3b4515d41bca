import BloqEngine
import BloqPlay
import CSDL2

/// Reads an `SDL_Event` as `RawInput`: the only place that knows SDL's event structs. What
/// the input means is `InputTranslator`'s business, shared with replays.
enum SDLEventDecoder {
    /// The name of a key pressed: SDL's for the symbol the layout gives it ("Z", "Left"),
    /// but for a letter of a non-Latin layout (Russian's "Я", Greek's "Ζ"), the name of the
    /// key it is on in the US layout ("Z"), as other applications read shortcuts: with a
    /// Russian layout, Z undid nothing and H gave no hint. Latin layouts keep their own
    /// letters (German's Z is the key labelled Z).
    static func keyName(symbol: SDL_Keycode, scancode: SDL_Scancode) -> String {
        let isCharacter = symbol & Int32(bitPattern: UInt32(1 << 30)) == 0
        if isCharacter, symbol > 0x7F, let name = SDL_GetScancodeName(scancode).map({ String(cString: $0) }), !name.isEmpty {
            return name
        }
        return String(cString: SDL_GetKeyName(symbol))
    }

    /// Whether the left shoulder of the gamepad `which` is held: a modifier (with the D-pad
    /// or the stick it pushes), not a button.
    private static func leftShoulderHeld(_ which: SDL_JoystickID) -> Bool {
        SDL_GameControllerFromInstanceID(which).map { SDL_GameControllerGetButton($0, SDL_CONTROLLER_BUTTON_LEFTSHOULDER) != 0 } ?? false
    }

    /// The game's name for an SDL gamepad button (nil for the left shoulder, a modifier,
    /// and the buttons the game does not use).
    private static func button(_ sdl: UInt8) -> GamepadButton? {
        switch SDL_GameControllerButton(rawValue: Int32(sdl)) {
        case SDL_CONTROLLER_BUTTON_DPAD_UP: .up
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: .down
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: .left
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: .right
        case SDL_CONTROLLER_BUTTON_A: .a
        case SDL_CONTROLLER_BUTTON_B: .b
        case SDL_CONTROLLER_BUTTON_X: .x
        case SDL_CONTROLLER_BUTTON_Y: .y
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: .rightShoulder
        case SDL_CONTROLLER_BUTTON_BACK: .back
        case SDL_CONTROLLER_BUTTON_START: .start
        default: nil
        }
    }

    static func decode(_ event: SDL_Event) -> RawInput? {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let button = event.button
            return .mouseButton(
                down: event.type == SDL_MOUSEBUTTONDOWN.rawValue, x: button.x, y: button.y,
                button: Int32(button.button) == bloq_button_left() ? .left : Int32(button.button) == bloq_button_right() ? .right : .other,
                fromTouch: button.which == bloq_touch_mouse_id(), clicks: Int(button.clicks))
        case SDL_MOUSEWHEEL:
            // As the desktop gives it: its "natural scrolling" setting is the player's.
            return .wheel(x: event.wheel.preciseX, y: event.wheel.preciseY)
        case SDL_MOUSEMOTION:
            let motion = event.motion
            return .mouseMotion(x: motion.x, y: motion.y, fromTouch: motion.which == bloq_touch_mouse_id())
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let finger = event.tfinger
            let phase: RawInput.FingerPhase =
                switch SDL_EventType(rawValue: event.type) {
                case SDL_FINGERDOWN: .down
                case SDL_FINGERUP: .up
                default: .move
                }
            return .finger(id: Int64(finger.fingerId), phase: phase, x: finger.x, y: finger.y, pressure: finger.pressure)
        case SDL_KEYDOWN:
            let key = event.key.keysym
            let name = keyName(symbol: key.sym, scancode: key.scancode)
            guard !name.isEmpty else { return nil }
            let mod = UInt32(key.mod)
            let chord = KeyChord(
                Key(name: name), shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0, control: mod & UInt32(KMOD_CTRL.rawValue) != 0,
                alt: mod & UInt32(KMOD_ALT.rawValue) != 0)
            return event.key.repeat != 0 ? .keyRepeat(chord) : .key(chord)
        case SDL_TEXTINPUT:
            var text = event.text
            let typed = withUnsafeBytes(of: &text.text) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .text(typed)
        case SDL_CONTROLLERBUTTONDOWN:
            return button(event.cbutton.button).map { .gamepad(GamepadPress($0, shoulderHeld: leftShoulderHeld(event.cbutton.which))) }
        case SDL_CONTROLLERBUTTONUP:
            return button(event.cbutton.button).map { .gamepadUp($0) }
        case SDL_CONTROLLERDEVICEREMOVED:
            // Unplugged with a button held: nothing is held any more.
            return .gamepadUp(nil)
        case SDL_CONTROLLERAXISMOTION:
            // The left stick, read whole (an event brings one axis): the translator makes it
            // a D-pad.
            let axis = SDL_GameControllerAxis(rawValue: Int32(event.caxis.axis))
            guard axis == SDL_CONTROLLER_AXIS_LEFTX || axis == SDL_CONTROLLER_AXIS_LEFTY,
                let pad = SDL_GameControllerFromInstanceID(event.caxis.which)
            else { return nil }
            return .stick(
                x: Double(SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX)) / 32767,
                y: Double(SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY)) / 32767,
                shoulderHeld: leftShoulderHeld(event.caxis.which))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_LEAVE, SDL_WINDOWEVENT_FOCUS_LOST: return .focusLost
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED: return .windowChanged
            default: return nil
            }
        default:
            return nil
        }
    }
}
