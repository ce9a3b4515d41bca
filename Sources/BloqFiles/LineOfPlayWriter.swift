import BloqGame
import Dispatch
import Glibc

/// Saves the line of play after every committed move, durably and off the calling thread,
/// so that a game killed at any moment (SIGKILL, a crash, a power cut) resumes at its last
/// committed move.
///
/// The shell hands in what `ProgressLedger.playing(_:line:)` returns after each committed
/// move (`write(_:)` returns at once). Lines handed in within `delay` of each other are
/// written once, together: within `delay` plus one write (a few milliseconds), what was
/// handed in is on disk. A write goes into the progress journal beside `progress.json`
/// (`ProgressJournal`: a new file, synced, renamed into place, the folder synced), which
/// takes no lock, so another copy of the game holding the lock never delays it; the next
/// save or start of any copy merges it into `progress.json`.
///
/// `flush()` writes what is pending at once and returns when it is on disk: call it as the
/// game quits, and after a SIGTERM, SIGHUP or SIGQUIT has stopped the loop (not from the
/// signal handler itself: it takes locks).
public final class LineOfPlayWriter: @unchecked Sendable {
    /// How long lines are gathered before they are written, in seconds.
    public static let defaultDelay = 0.1

    /// How long a failed write waits before it is tried again, in seconds.
    static let retryDelay = 1.0

    public let delay: Double
    private let stream: ProgressJournal.Stream
    private let writer = DispatchQueue(label: "bloq.line-of-play")
    private let lock = DispatchQueue(label: "bloq.line-of-play.state")
    /// Everything handed in, merged: the entry holds all of it, so an entry merged into
    /// progress.json and removed by another copy loses nothing that a later entry lacks.
    private var gathered = SavedProgress()
    private var handedIn = 0
    private var written = 0
    private var scheduled = false
    private var failure: String?

    /// A writer into the progress journal of `folder` (the folder of `progress.json`).
    public init(folder: String, delay: Double = LineOfPlayWriter.defaultDelay) {
        self.delay = delay
        stream = ProgressJournal.Stream(journal: ProgressJournal(folder: folder), label: "line")
    }

    /// Hands in a patch from `ProgressLedger.playing(_:line:)`; returns at once. It is on
    /// disk within `delay` and one write.
    public func write(_ patch: SavedProgress) {
        guard patch != SavedProgress() else { return }
        let schedule = lock.sync {
            gathered.merge(patch)
            handedIn += 1
            defer { scheduled = true }
            return !scheduled
        }
        if schedule { writer.asyncAfter(deadline: .now() + delay) { [self] in drain() } }
    }

    /// Writes what was handed in and not yet written, and returns when it is on disk (or
    /// writing failed: `lastFailure` says why).
    public func flush() {
        writer.sync { drain() }
    }

    /// Why the last write failed, or nil when it succeeded (or none was made).
    public var lastFailure: String? { lock.sync { failure } }

    /// Whether everything handed in is on disk.
    public var isWritten: Bool { lock.sync { written == handedIn } }

    /// On the writer's queue: writes the gathered lines once.
    private func drain() {
        let (snapshot, count) = lock.sync {
            scheduled = false
            return (gathered, handedIn)
        }
        guard count > lock.sync(execute: { written }) else { return }
        do {
            try stream.write(snapshot)
            lock.sync {
                written = max(written, count)
                failure = nil
            }
        } catch {
            // Tried again in a second (a full disk, a folder made writable again), and at
            // the next line handed in.
            let retry = lock.sync {
                failure = "\(error)"
                defer { scheduled = true }
                return !scheduled
            }
            if retry { writer.asyncAfter(deadline: .now() + LineOfPlayWriter.retryDelay) { [self] in drain() } }
        }
    }
}
