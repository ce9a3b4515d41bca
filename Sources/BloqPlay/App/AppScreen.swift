import BloqEngine

/// The screens of the game, as whole-app replays report them.
public enum ScreenKind: String, Sendable, CaseIterable {
    case title, levels, play, settings, about, help, editor, daily, statistics
}

/// One screen of the game: it owns its layout, its controls and what its commands do. It
/// reads the shell's state from its `context` and asks for what it wants done
/// (`ShellScreen.ask`); the shell routes pointers to it (its controls, then its gestures)
/// and keys through the command table in the contexts it names; a painter in the platform
/// draws it.
public protocol AppScreen: ShellScreen {
    var kind: ScreenKind { get }
    /// What a press would hit now, front-most first: the router hit-tests these, painters
    /// draw them, replays find them by label. A control hidden or covered is not listed.
    var controls: [Control] { get }
    /// The control the keyboard or gamepad focus is on.
    var focus: ControlID? { get set }
    /// The command table's contexts for this screen now, most specific first (a screen of
    /// controls: `.menu`, then `.anywhere`, unless it says otherwise).
    var commandContexts: [CommandContext] { get }
    /// Does what a control does (clicked, tapped or chosen with the focus); a screen whose
    /// only control is Back goes back.
    func activate(_ id: ControlID)
    /// Carries out a command; false when the screen leaves it to the shell's defaults
    /// (focus movement, help, fullscreen, back).
    func perform(_ command: Command) -> Bool
    /// The owner of a press on one of its enabled controls, when it is more than a
    /// button (a level tile grows a preview while held); nil: a plain `ControlPress`.
    func pressOwner(for control: Control, event: PointerEvent) -> (any PointerOwner)?
    /// The owner of a press that hit no enabled control (a gesture, the board), or nil.
    func gestureOwner(for event: PointerEvent) -> (any PointerOwner)?
    /// Shows at once what holding a press on the control shows (a right-click, the Menu
    /// key): a level tile's preview card. Other controls show nothing.
    func showPreview(of id: ControlID)
    /// Text typed while the screen takes text (`wantsTextInput`).
    func insertText(_ text: String)
    /// Whether a text field is being typed in (the platform turns text input on).
    var wantsTextInput: Bool { get }
    /// The box of the field being typed in, in window pixels (the platform gives it to the
    /// input method, so an on-screen keyboard leaves it in view); nil when none is.
    var textInputRect: Rect? { get }
    /// Advances the screen's own animations and logic by one simulation step.
    func step(_ seconds: Double)
    /// Whether anything on the screen moves with time, or waits for background work.
    var isAnimating: Bool { get }
    /// Whether anything on the screen moves with time (not only waits for background work:
    /// then the loop looks for the answer ten times a second rather than drawing every frame).
    var isMoving: Bool { get }
    /// The screen is about to be replaced: save what must be saved.
    func willLeave()
    /// The banners and notices it shows now, for the player (and for whole-app replays);
    /// the shell adds its toast.
    var notices: [String] { get }
    /// Where the shell's toast shows on this screen, when it has a place for it (else the
    /// shell keeps a band along the bottom).
    var toastBand: Rect? { get }
    /// Every text it shows now, laid out, but its controls' labels (`Control.labelBox`).
    var texts: [TextBox] { get }
    /// Whether it can still be laid out in `window` less a band `height` tall (the shell's
    /// band for a toast its own place cannot hold).
    func spares(_ height: Double, of window: Size) -> Bool
}

extension AppScreen {
    public var commandContexts: [CommandContext] { [.menu, .anywhere] }
    public func activate(_ id: ControlID) { if id == .back { ask(.back) } }
    public func pressOwner(for control: Control, event: PointerEvent) -> (any PointerOwner)? { nil }
    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? { nil }
    public func showPreview(of id: ControlID) {}
    public func step(_ seconds: Double) {}
    public func insertText(_ text: String) {}
    public var wantsTextInput: Bool { false }
    public var textInputRect: Rect? { nil }
    public var isAnimating: Bool { false }
    public var isMoving: Bool { isAnimating }
    public func willLeave() {}
    public func perform(_ command: Command) -> Bool { false }
    public var notices: [String] { [] }
    public var toastBand: Rect? { nil }
    public var texts: [TextBox] { [] }

    public func spares(_ height: Double, of window: Size) -> Bool { true }

    /// Whether its toast band takes `text` whole at `px` (no band takes nothing).
    func holds(_ text: String, px: Double) -> Bool {
        guard let band = toastBand else { return false }
        return Typesetter.font.wrap(text, px: px, width: band.width).count <= Typesetter.lines(in: band.height, px: px)
    }
}
