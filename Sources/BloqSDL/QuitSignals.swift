import Glibc
import Synchronization

/// SIGHUP (the terminal closed, the session logged out), SIGQUIT and SIGTERM end the game
/// the way closing its window does: the loop stops, and what must be saved is saved, then
/// the process exits. (Left alone, SIGHUP would kill the game without a save, and SIGQUIT
/// would only print a crash report.) The handler does nothing but note the signal: it is
/// read by the platform between frames.
public enum QuitSignals {
    /// The last signal received, or 0.
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers (before SDL starts, which then leaves SIGTERM to them).
    public static func install() {
        for number in [SIGHUP, SIGQUIT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in QuitSignals.received.store(signal, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    /// The signal that asked the game to end, if one did.
    public static var pending: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// A signal's name for a message ("SIGHUP").
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
