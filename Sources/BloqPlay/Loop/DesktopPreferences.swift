import BloqGame

/// What a live platform hears of the desktop's preferences (its settings portal): the
/// appearance, read without waiting each frame and delivered to the shell as input
/// (`InputEvent.systemAppearance`) when it changed, so the game follows it live.
public protocol DesktopPreferences: AnyObject {
    /// The desktop's appearance preferences when they changed since the last call (the
    /// first call: when any is known), else nil. Never waits.
    func poll() -> SystemAppearance?
}
