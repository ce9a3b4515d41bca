import BloqEngine
import BloqGame

/// Input routing: pointers to their one owner, keys and gamepad buttons through the
/// command table, then to the screen on top or the shell's defaults.
extension AppController {
    /// Whether a key or gamepad button held down, pressed again (`input`), is taken: only
    /// where it means a command that repeats (`Command.repeatsWhenHeld`) on the screen on top.
    public func repeatsWhenHeld(_ input: InputEvent) -> Bool {
        let command: Command? =
            switch input {
            case .key(let chord): commands.command(for: chord, in: top.commandContexts)
            case .gamepad(let press): commands.command(for: press, in: top.commandContexts)
            default: nil
            }
        return command?.repeatsWhenHeld ?? false
    }

    /// Handles one input event.
    public func handle(_ input: InputEvent) {
        defer { settle() }
        switch input {
        case .resized(let size):
            resize(size)
        case .focusLost:
            router.cancelAll()
            // An ignored press gets no cancel from the router (it has no owner), and its
            // release will not come.
            echoPointers.removeAll()
            hoverPoint = nil
        case .hover(let point):
            hoverPoint = point
        case .systemAppearance(let appearance):
            systemAppearance = appearance
        case .key(let chord):
            showsFocus = true
            use(.keyboard)
            if let command = commands.command(for: chord, in: top.commandContexts) { perform(command) }
        case .text(let text):
            if top.wantsTextInput { top.insertText(text) }
        case .gamepad(let press):
            showsFocus = true
            use(.gamepad)
            if let command = commands.command(for: press, in: top.commandContexts) { perform(command) }
        case .pointer(let event):
            // The mouse is where its presses and drags went too (hover shows there after).
            if case .mouse = event.pointer { hoverPoint = event.location }
            if event.phase == .up, let press = lastPress, press.pointer == event.pointer {
                // A drag or a flick is no click: a quick press after it is one of its own (a
                // second flick turning the list's page again).
                if press.isNear(event.location, within: echoDistance) { lastPress?.released = event.time } else { lastPress = nil }
            }
            if event.phase == .down {
                showsFocus = false
                if case .finger = event.pointer {
                    use(.touch)
                    hoverPoint = nil
                } else {
                    use(.keyboard)
                }
            }
            router.route(event) { self.owner(for: event) }
            if event.phase == .up || event.phase == .cancelled { echoPointers.remove(event.pointer) }
        case .scroll(let notches):
            perform(.scroll(notches))
        case .contextClick(let point):
            showsFocus = false
            use(.keyboard)
            if let hit = top.controls.first(where: { $0.rect.contains(point) }), hit.isEnabled { top.showPreview(of: hit.id) }
        }
    }

    /// Who owns a new press: the front-most enabled control of the screen on top under it,
    /// else the screen's gesture there, else nobody; nobody for the second press of a
    /// double-click whose first changed what is under it (`LastPress.isEcho`).
    func owner(for event: PointerEvent) -> (any PointerOwner)? {
        let screen = top
        let (hit, echo) = pressed(event)
        if echo {
            lastPress?.pointer = event.pointer
            lastPress?.time = event.time
            lastPress?.released = nil
            echoPointers.insert(event.pointer)
            return nil
        }
        echoPointers.remove(event.pointer)
        lastPress = LastPress(
            pointer: event.pointer, time: event.time, location: event.location, target: LastPress.Target(screen: screen, control: hit))
        if let hit {
            if let special = screen.pressOwner(for: hit, event: event) { return special }
            let activate = { [weak self, weak screen] (id: ControlID) in
                guard let self, let screen, screen === self.top else { return }
                self.play(.click)
                screen.activate(id)
            }
            return ControlPress(
                hit.id, controls: { [weak screen] in screen?.controls ?? [] }, slop: ControlPress.fingerSlop * metrics.scale,
                activate: activate)
        }
        return screen.gestureOwner(for: event)
    }

    /// The enabled control the press `event` lands on, and whether it is a double-click's
    /// echo (`LastPress.isEcho`).
    private func pressed(_ event: PointerEvent) -> (hit: Control?, echo: Bool) {
        let hit = top.controls.first { $0.rect.contains(event.location) }.flatMap { $0.isEnabled ? $0 : nil }
        return (hit, lastPress?.isEcho(event, on: LastPress.Target(screen: top, control: hit), within: echoDistance) ?? false)
    }

    /// Whether the shell will ignore `event` as a double-click's echo: the press and the
    /// rest of its pointer's events. A recording leaves them out: a script counts no
    /// double-clicks, so its replay would press what live play did not.
    public func swallows(_ event: PointerEvent) -> Bool {
        event.phase == .down ? pressed(event).echo : echoPointers.contains(event.pointer)
    }

    /// How near its first a double-click's second press lands, and a click's release its
    /// press, in pixels.
    var echoDistance: Double { 16 * metrics.scale }

    /// Carries out a command: the screen on top first, then the shell's defaults.
    public func perform(_ command: Command) {
        defer { settle() }
        let screen = top
        if screen.perform(command) { return }
        switch command {
        case .moveFocus(let direction):
            screen.focus = FocusNavigation.move(from: screen.focus, direction, among: screen.controls)
        case .focusNext, .focusPrevious:
            screen.focus = FocusNavigation.cycle(from: screen.focus, forward: command == .focusNext, among: screen.controls)
        case .activateFocus:
            // A focusable control that is not enabled (a locked tile) is still told, so it
            // can say why it does nothing.
            if let focus = screen.focus, screen.controls.contains(where: { $0.id == focus && $0.isFocusable }) {
                play(.click)
                screen.activate(focus)
            }
        case .showHelp: showHelp()
        case .dismiss: dismissHelp()
        case .toggleFullscreen: settings.fullscreen.toggle()
        case .quit: requestQuit()
        case .back: back()
        case .nextPage, .previousPage, .scroll, .preview, .play, .editor, .deleteBackward, .endTextEntry, .deleteWordBackward, .selectAll,
            .paste,
            .caret:
            break
        }
    }
}

/// A press, for telling the second click of a double-click from a press of its own. Desktop
/// players double-click by habit: Continue double-clicked opened the level and took a
/// hint with the second click, where the toolbar's Hint lies (a star lost before a move).
struct LastPress {
    /// The longest time from a release to the next press that is taken for the second
    /// click of a double-click (their gap is 50 to 150 ms, a slow hand's up to 250): a
    /// person who means to press on a new screen first sees it, some 200 ms, then presses.
    static let echoGap = 0.25

    /// What a press lands on: the screen, and the enabled control there, by its id and
    /// label (Solution becomes "Show it" when pressed: another button under the pointer).
    struct Target {
        /// Weak: a screen that is gone is not the one on top.
        weak var screen: (any AppScreen)?
        var control: (id: ControlID, label: String)?

        init(screen: any AppScreen, control: Control?) {
            self.screen = screen
            self.control = control.map { ($0.id, $0.label) }
        }

        func isSame(as other: Target) -> Bool {
            screen === other.screen && control?.id == other.control?.id && control?.label == other.control?.label
        }
    }

    var pointer: PointerID
    var time: Double
    var location: Point
    /// When it was released (nil while held).
    var released: Double?
    /// What the first press of a double-click landed on (kept through its echoes).
    var target: Target

    /// Whether `point` is within `distance` pixels of the press.
    func isNear(_ point: Point, within distance: Double) -> Bool {
        let (dx, dy) = (point.x - location.x, point.y - location.y)
        return dx * dx + dy * dy <= distance * distance
    }

    /// Whether `event`, a press on `target`, is the second of a double-click whose first
    /// changed what lies under it (opened another screen, or turned Solution into "Show
    /// it"): the platform counts it a double-click's (SDL: within 500 ms and 32 pixels) or
    /// a double tap's (`SDLPlatform`: within 500 ms of a finger lifted), which a person's
    /// quick press on a screen just shown may be too, and it is the same mouse or a finger
    /// after a finger, within `echoGap` of the release of a click (not a drag) and
    /// `distance` pixels. Two quick clicks on the same control (Undo, Next) are two presses.
    /// Scripts count no double-clicks: a replay's presses are all pressed.
    func isEcho(_ event: PointerEvent, on target: Target, within distance: Double) -> Bool {
        let since = event.time - (released ?? time)
        let samePointer: Bool =
            switch (event.pointer, pointer) {
            case (.mouse, .mouse), (.finger, .finger): true
            default: false
            }
        return event.clicks >= 2 && samePointer && !target.isSame(as: self.target) && since >= 0 && since < LastPress.echoGap
            && isNear(event.location, within: distance)
    }
}
