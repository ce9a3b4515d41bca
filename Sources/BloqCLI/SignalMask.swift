import Glibc

/// The signals that end Bloq, unblocked at start. A process inherits its parent's signal
/// mask, and a parent that starts it from a thread blocking signals (libdispatch's worker
/// threads block them, and Foundation's `Process` passes that mask on) leaves SIGTERM and
/// SIGINT pending forever: the game would ignore them. Handlers and ignored signals are
/// left as they are (a shell's background job ignores SIGINT on purpose; a live game
/// installs its own, `QuitSignals`).
public enum SignalMask {
    /// SIGHUP, SIGINT, SIGQUIT and SIGTERM.
    public static let quitSignals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    /// Unblocks `quitSignals` for this thread (call it first, before any other thread is
    /// made: threads inherit the mask).
    public static func unblockQuitSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in quitSignals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
