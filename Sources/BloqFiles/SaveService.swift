import BloqGame
import BloqLocalization
import BloqSync
import Dispatch
import Glibc

/// Saves the player's progress off the game's frames: the shell hands in its progress after
/// every change (`save(_:_:)` returns at once) and takes what saving has to say as events
/// (`takeEvents()`); the store (`ProgressStore`: the lock, the merge, the atomic write and
/// its syncs) runs on this service's own serial queue.
///
/// - **Coalesced.** The progress only grows under the merge, so the latest value holds
///   every earlier one: saves waiting to be written are one save, the latest. A clear or a
///   level left is written at once (`.now`); the line of play after a move waits up to
///   `gatherDelay`, so a player's quick moves make one write (`.soon`): on disk within
///   `gatherDelay` and one write.
/// - **Retried, never lost to another copy's lock.** Each attempt waits up to `lockWait`
///   for the lock; while another copy of the game holds it, the service tries again every
///   `retryDelay` (and says so once, when it has waited `patience`). A save that fails for
///   want of space or permission is tried again too, and with the next change.
/// - **Flushed as the game ends** (`finish(timeout:)`, after the loop has stopped, for a quit
///   and for SIGTERM, SIGHUP or SIGQUIT alike): what is pending is written, waiting up to
///   the timeout for the lock; past it, kept beside the file, merged in by the next copy of
///   the game that can. What could not be saved anywhere is said plainly.
/// - In replays (`inline`), every save runs at once on the caller's thread and its events
///   come at the next step: the same every time.
public final class SaveService: Sendable {
    public enum Mode: Sendable {
        /// On the service's own queue (live play).
        case background
        /// On the caller's thread, at once (replays, tests): deterministic.
        case inline
    }

    /// How long the line of play after a move is gathered before it is written.
    public static let gatherDelay = 0.25
    /// How long one attempt waits for another copy's lock.
    public static let lockWait = 0.25
    /// How long a save waits before trying again after the lock was busy or writing failed.
    public static let retryDelay = 0.5
    /// How long a save that failed (a full disk, a permission) waits before trying again.
    public static let failureRetryDelay = 3.0
    /// How long saves may wait on another copy's lock before the player is told.
    public static let patience = 2.0

    public let store: ProgressStore
    public let mode: Mode
    private let queue = DispatchQueue(label: "bloq.save-service", qos: .utility)
    private let state = Locked(State())

    private struct State: Sendable {
        /// The latest progress handed in and not written yet.
        var pending: PlayerProgress?
        var scheduled = false
        var events: [SaveEvent] = []
        /// When saves started waiting on another copy's lock (monotonic seconds), and whether
        /// the player was told.
        var waitingSince: Double?
        var toldWaiting = false
        /// Why the last attempt failed (nil after a save went through), and as the player was
        /// told it: told once per cause.
        var failure: String?
        var failureShown: String?
        /// The failure says how to fix it.
        var failureSaysFix = false
        /// The first save kept beside the file said so; said again only after one went in.
        var toldBeside = false
    }

    public init(store: ProgressStore, mode: Mode = .background) {
        self.store = store
        self.mode = mode
    }

    /// Hands in the player's progress after a change; returns at once.
    public func save(_ progress: PlayerProgress, _ urgency: SaveUrgency = .now) {
        if mode == .inline {
            state.withLock { $0.pending = progress }
            attempt(final: false)
            return
        }
        let delay = state.withLock { state -> Double? in
            state.pending = progress
            guard !state.scheduled else { return nil }
            state.scheduled = true
            return urgency == .now ? 0 : SaveService.gatherDelay
        }
        if let delay { queue.asyncAfter(deadline: .now() + delay) { [self] in run() } }
    }

    /// What saving had to say since the last call, oldest first.
    public func takeEvents() -> [SaveEvent] {
        state.withLock { state in
            defer { state.events.removeAll() }
            return state.events
        }
    }

    /// Whether a save is waiting to be written.
    public var isPending: Bool { state.withLock { $0.pending != nil } }

    /// Why progress waits unsaved, as the player was told it (nil: nothing waits, or the
    /// last try did not fail).
    public var unsavedReason: String? { state.withLock { $0.pending != nil ? $0.failureShown : nil } }

    /// Writes what is pending and returns when it is on disk (or kept beside the file),
    /// trying for up to `timeout` seconds (another copy's lock, a disk that fills); then
    /// merges in what was kept beside the file when it can. Returns lines for standard error: empty when
    /// everything is in `progress.json`. Called as the game ends, after the loop stopped.
    public func finish(timeout: Double = 2) -> [String] {
        var lines: [String] = []
        queue.sync {
            let deadline = MonotonicClock.seconds() + timeout
            // Tried until it is written or the time is up; then kept beside the file.
            while isPending {
                let left = deadline - MonotonicClock.seconds()
                if left <= 0 {
                    attempt(final: true)
                    break
                }
                attempt(final: false, lockWait: min(left, 0.5))
                // A failure that is not the lock (a full disk): a moment before trying again.
                if state.withLock({ $0.pending != nil && $0.failure != nil }) { usleep(100_000) }
            }
            if let unsaved = state.withLock({ $0.pending != nil ? $0.failure : nil }) {
                let fix =
                    state.withLock(\.failureSaysFix)
                    ? "" : ". Free some space on that disk (or make \(store.folder) writable) before you play again"
                lines.append("your progress since the last save could not be saved, so it is lost as Bloq quits: \(unsaved)\(fix)")
            }
            if !store.mergeJournal(timeout: max(deadline - MonotonicClock.seconds(), 0)), store.hasJournal {
                lines.append(
                    "your latest progress is kept beside \(Path.join(store.folder, ProgressStore.fileName)) "
                        + "(\(ProgressJournal.entries(in: store.folder))), as the file is locked by another copy of Bloq, cannot be read, or is a "
                        + "symbolic link to something that is not a progress file; the next start of Bloq merges it in once it can")
            }
        }
        return lines
    }

    // MARK: On the queue

    /// Runs the pending save (on the queue), and schedules another try when it could not go in.
    private func run() {
        state.withLock { $0.scheduled = false }
        attempt(final: false)
        let retry = state.withLock { state -> Double? in
            guard state.pending != nil, !state.scheduled else { return nil }
            state.scheduled = true
            // Another copy's lock is let go of soon; a full disk or a permission takes a
            // person to fix, so it is tried less often (and with every change handed in).
            return state.failure == nil ? SaveService.retryDelay : SaveService.failureRetryDelay
        }
        if let retry { queue.asyncAfter(deadline: .now() + retry) { [self] in run() } }
    }

    /// One try at writing the pending progress. `final`: the game is ending, so a save that
    /// another copy's lock keeps out is kept beside the file instead of waiting.
    private func attempt(final: Bool, lockWait: Double = SaveService.lockWait) {
        guard let progress = state.withLock({ $0.pending }) else { return }
        let file = Path.join(store.folder, ProgressStore.fileName)
        do {
            let saved = try store.save(
                progress, lockWait: mode == .inline ? ProgressStore.lockTimeout : lockWait,
                whenLocked: final || mode == .inline ? .keepBeside : .report)
            if saved.locked {
                waited()
                return
            }
            state.withLock { state in
                // A newer progress handed in meanwhile is still pending; it holds this one.
                if state.pending == progress { state.pending = nil }
                state.failure = nil
                state.failureShown = nil
                state.waitingSince = nil
                state.toldWaiting = false
                state.events.append(.saved(saved.progress))
                if let journaled = saved.journaled {
                    if !state.toldBeside {
                        state.toldBeside = true
                        StandardErrorStream.write(
                            "bloq: warning: cannot save progress into \(file) now: \(journaled.reason); it is kept beside it, in "
                                + "\(ProgressJournal.entries(in: store.folder)) (each save replaces the one before), "
                                + "and merged into it as soon as it can be\n")
                        state.events.append(
                            .notice(
                                tr(
                                    "Your progress cannot go into %1 now (%2); it is kept beside it and merged in as soon as it can be.",
                                    Path.lastComponent(file), journaled.shown)))
                    }
                } else {
                    state.toldBeside = false
                }
            }
        } catch {
            let reason = "\(error)"
            // Said once per cause: the English names the temporary file that failed, new at
            // each try (a read-only folder repeated the warning and the notice at every move).
            let shown = (error as? ProgressStore.SaveError)?.shown ?? reason
            state.withLock { state in
                guard state.failureShown != shown else {
                    state.failure = reason
                    return
                }
                state.failure = reason
                state.failureShown = shown
                state.failureSaysFix = (error as? ProgressStore.SaveError)?.saysFix ?? false
                StandardErrorStream.write("bloq: warning: \(reason); your progress since the last save is kept in memory only\n")
                // What the player must know first: nothing is lost yet; then why, in their words.
                state.events.append(.notice(tr("Progress kept in memory, saved with your next move: %1.", shown)))
            }
        }
    }

    /// Another copy holds the lock: after `patience`, the player is told once.
    private func waited() {
        let now = MonotonicClock.seconds()
        state.withLock { state in
            let since = state.waitingSince ?? now
            state.waitingSince = since
            guard !state.toldWaiting, now - since >= SaveService.patience else { return }
            state.toldWaiting = true
            state.events.append(.notice(tr("Another copy of Bloq is saving; your progress is saved as soon as it is done.")))
        }
    }
}
