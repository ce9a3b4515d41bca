import BloqGame
import BloqSync
import Glibc
import Synchronization

/// The one thread live play's background work runs on, one piece at a time, in the order
/// asked (the play screen's solver, the editor's verdict, `--watch`'s check, the day's
/// board): however many requests a player's moves make, at most one search runs, beside
/// the render thread. The thread runs at a lower priority (nice 10), so that a search never
/// takes the CPU from the frames or from the rest of the desktop.
public final class BackgroundWorker: Sendable {
    /// The process's worker.
    public static let shared = BackgroundWorker()
    /// The niceness of its thread (0 is normal, 19 the lowest).
    public static let niceness: Int32 = 10

    /// One piece of work's handle: stopping it skips it if it has not started, and asks its
    /// search to stop if it has.
    public final class Ticket: Sendable {
        private let stopped = Atomic<Bool>(false)
        public var isStopped: Bool { stopped.load(ordering: .relaxed) }
        public func stop() { stopped.store(true, ordering: .relaxed) }
    }

    private struct Job: Sendable {
        var ticket: Ticket
        var seconds: Double?
        var run: @Sendable (SearchStop, Ticket) -> Void
    }

    private let jobs = Locked<(queue: [Job], started: Bool)>(([], false))
    /// Posted once a job is queued; the thread waits on it.
    private let wake = Semaphore()

    private init() {}

    /// Queues `run`, which is handed a stop that asks for an end once its ticket is stopped
    /// or, with `seconds`, once that long has passed since it started.
    func submit(seconds: Double?, _ run: @escaping @Sendable (SearchStop, Ticket) -> Void) -> Ticket {
        let ticket = Ticket()
        let start = jobs.withLock { jobs in
            jobs.queue.append(Job(ticket: ticket, seconds: seconds, run: run))
            defer { jobs.started = true }
            return !jobs.started
        }
        // No thread: the next job asks for one again (the queued ones wait for it).
        if start, !detachThread({ BackgroundWorker.shared.loop() }) { jobs.withLock { $0.started = false } }
        wake.post()
        return ticket
    }

    private func loop() -> Never {
        // Only this thread: on Linux a nice value is a thread's, and `who` 0 is the calling
        // thread (setpriority(2)); the render thread keeps its priority.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, BackgroundWorker.niceness)
        while true {
            wake.wait()
            guard let job = jobs.withLock({ $0.queue.isEmpty ? nil : $0.queue.removeFirst() }), !job.ticket.isStopped else { continue }
            let ticket = job.ticket
            let deadline = job.seconds.map { MonotonicClock.seconds() + $0 }
            let stop = SearchStop {
                guard !ticket.isStopped else { return true }
                guard let deadline else { return false }
                return MonotonicClock.seconds() >= deadline
            }
            job.run(stop, ticket)
        }
    }
}
