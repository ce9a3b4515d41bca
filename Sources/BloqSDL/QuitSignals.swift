import BloqSync
import CSDL2
import Glibc
import Synchronization

/// SIGHUP (the terminal closed, the session logged out), SIGINT (Ctrl+C), SIGQUIT and
/// SIGTERM end a live game the way closing its window does: the loop stops, and what must
/// be saved is saved, then the process exits. (Left alone, SIGHUP would kill the game
/// without a save, and SIGQUIT would only print a crash report.)
///
/// Honoured within a second wherever the game is: the handler only notes the signal and
/// wakes a watcher thread (a semaphore post, which is safe in a handler); the watcher wakes
/// the loop at once (an SDL quit event), and if the loop has not taken the signal
/// (`acknowledge`) a second later, because something holds it up, the watcher ends the
/// process. A second signal ends it at once. Saves go to disk as they are made
/// (`ProgressStore`), so an end that skips the last save loses at most the line of play
/// since the last move's save.
///
/// Processes that end on their own (a screenshot, a replay, `bloq bench`) install nothing:
/// a signal's default action ends them at once (and SDL is told to install no handlers of
/// its own: `SDLWindow`).
public enum QuitSignals {
    /// The signals handled.
    public static let numbers: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]
    /// Seconds the loop has to take a signal before the process ends without it.
    public static let grace = 1.0

    /// The last signal received, or 0.
    private static let received = Atomic<Int32>(0)
    private static let acknowledged = Atomic<Bool>(false)
    /// Posted by the handler (the watcher waits on it) and by `acknowledge`.
    private static let wake = Semaphore()
    private static let taken = Semaphore()

    /// Installs the handlers and starts the watcher (before SDL starts).
    public static func install() {
        _ = wake
        _ = taken
        // A handler cannot run for a blocked signal (a mask inherited from the parent).
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // No watcher thread: the signals keep their default, ending the game unsaved.
        guard detachThread({ QuitSignals.watch() }) else { return }
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                // A second signal: the player insists; nothing here may wait.
                if QuitSignals.received.exchange(signal, ordering: .relaxed) != 0 { _exit(128 + signal) }
                QuitSignals.wake.post()
            }
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

    /// Says the loop has taken the signal and is ending the game in order (saving): the
    /// watcher then lets it finish.
    public static func acknowledge() {
        guard pending != nil, !acknowledged.exchange(true, ordering: .relaxed) else { return }
        taken.post()
    }

    /// The watcher: sleeps until a signal, wakes the loop, and ends the process when the
    /// loop does not take the signal within `grace`.
    private static func watch() {
        wake.wait()
        guard let signal = pending else { return }
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        if SDL_WasInit(SDL_INIT_EVENTS) != 0 { SDL_PushEvent(&quit) }
        taken.wait(seconds: grace)
        guard !acknowledged.load(ordering: .relaxed) else { return }
        let message = "bloq: \(name(signal)) received, and the game did not stop within \(Int(grace)) s: ending it now\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(128 + signal)
    }

    /// A signal's name for a message ("SIGHUP").
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
