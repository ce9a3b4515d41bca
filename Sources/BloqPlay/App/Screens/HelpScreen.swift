import BloqEngine
import BloqGame

/// The key help, over any screen: the command table's rows. Any key, button or press
/// closes it.
public final class HelpScreen: AppScreen {
    public let kind = ScreenKind.help
    unowned let app: AppController
    public var focus: ControlID?

    init(app: AppController) { self.app = app }

    public var commandContexts: [CommandContext] { [.help] }
    public var controls: [Control] { [] }
    public func activate(_ id: ControlID) {}

    /// What the help lists: pointer gestures, then the command table's keys.
    public var rows: [(keys: String, does: String)] {
        [("Drag a block", "push it; let go past half-way, or flick"), ("Press and hold", "a level in the list: its preview")]
            + app.commands.helpRows
    }

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        TapOwner { [weak app] in app?.dismissHelp() }
    }
}
