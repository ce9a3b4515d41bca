import BloqGame
import Glibc
import Synchronization

/// Work too slow for a frame (the solver, a difficulty rating), done for the simulation.
/// Its answers are delivered on a simulation step, never inside a frame's drawing: in live
/// play the work runs on the one background thread (`BackgroundWorker`: a long search never
/// stalls a frame), in a replay it runs at once and its answer arrives exactly
/// `BackgroundTiming.deliveryDelaySteps` steps after the request, so replays stay
/// deterministic.
///
/// In live play each request may take at most `seconds` of wall time once it runs, and a
/// request that is no longer wanted is stopped (`cancel(where:)`, `cancelAll`); its search
/// then gives up with `SolverLimit.stopped`. A replay's work has no such limit: only the
/// budgets the work itself sets (states, memory), which do not depend on the machine.
public final class BackgroundJobs<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    public typealias Mode = BackgroundMode

    public let mode: Mode
    /// The wall time one request may take in live play, from when it starts running.
    public let seconds: Double?
    private let work: @Sendable (Input, SearchStop) -> Output
    private let finished = Mutex<[Int: Output]>([:])
    private var pending: [(id: Int, input: Input, stepsLeft: Int, ticket: BackgroundWorker.Ticket?)] = []
    private var nextID = 0

    /// - Parameters:
    ///   - seconds: the wall time a request may take in live play (nil: no limit but the
    ///     work's own budgets).
    ///   - work: the work; it should stop when its `SearchStop` asks (the solver does).
    public init(mode: Mode, seconds: Double? = nil, work: @escaping @Sendable (Input, SearchStop) -> Output) {
        self.mode = mode
        self.seconds = seconds
        self.work = work
    }

    deinit {
        for request in pending { request.ticket?.stop() }
    }

    /// Starts the work on `input`; returns the request's id.
    public func request(_ input: Input) -> Int {
        nextID += 1
        let id = nextID
        switch mode {
        case .deterministic:
            pending.append((id, input, BackgroundTiming.deliveryDelaySteps, nil))
            let output = work(input, .never)
            finished.withLock { $0[id] = output }
        case .background:
            // The job holds the work, not its owner: an owner let go (a level left) stops
            // its requests (`deinit`) rather than wait for them.
            let ticket = BackgroundWorker.shared.submit(seconds: seconds) { [weak self, work] stop, ticket in
                let output = work(input, stop)
                // A request stopped meanwhile is not waited for: its answer is dropped.
                self?.finished.withLock { if !ticket.isStopped { $0[id] = output } }
            }
            pending.append((id, input, BackgroundTiming.deliveryDelaySteps, ticket))
        }
        return id
    }

    /// Forgets every request (their answers will not be delivered); in live play their
    /// work stops.
    public func cancelAll() {
        for request in pending { stop(request.id, request.ticket) }
        pending.removeAll()
    }

    /// In live play, stops the requests whose input `stale` says is no longer wanted and
    /// returns those inputs (their answers will not be delivered). In a replay the work is
    /// done already and its answers still arrive: nothing is cancelled, so a replay's
    /// answers never depend on when a request was made.
    @discardableResult
    public func cancel(where stale: (Input) -> Bool) -> [Input] {
        guard mode == .background else { return [] }
        var cancelled: [Input] = []
        pending.removeAll { request in
            guard stale(request.input) else { return false }
            stop(request.id, request.ticket)
            cancelled.append(request.input)
            return true
        }
        return cancelled
    }

    private func stop(_ id: Int, _ ticket: BackgroundWorker.Ticket?) {
        finished.withLock { finished in
            ticket?.stop()
            finished[id] = nil
        }
    }

    /// Whether a request is waiting for its answer.
    public var isBusy: Bool { !pending.isEmpty }

    /// Advances one simulation step and returns the answers due now, in request order.
    public func step() -> [(id: Int, input: Input, output: Output)] {
        guard !pending.isEmpty else { return [] }
        var due: [(Int, Input, Output)] = []
        var waiting: [(id: Int, input: Input, stepsLeft: Int, ticket: BackgroundWorker.Ticket?)] = []
        for var request in pending {
            request.stepsLeft -= 1
            let output = request.stepsLeft <= 0 ? finished.withLock { $0.removeValue(forKey: request.id) } : nil
            if let output {
                due.append((request.id, request.input, output))
            } else {
                waiting.append(request)
            }
        }
        pending = waiting
        return due
    }
}

/// Where background work runs: on the background thread (live play), or at once with its
/// answer held for a fixed number of steps (replays, tests).
public enum BackgroundMode: Sendable {
    case background
    case deterministic
}

/// When background answers arrive.
public enum BackgroundTiming {
    /// Steps between a request and its answer in a replay (and the earliest in live play).
    public static let deliveryDelaySteps = 12
}

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

    private let jobs = Mutex<(queue: [Job], started: Bool)>(([], false))
    /// Posted once a job is queued; the thread waits on it.
    nonisolated(unsafe) private let wake: UnsafeMutablePointer<sem_t>

    private init() {
        wake = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(wake, 0, 0)
    }

    /// Queues `run`, which is handed a stop that asks for an end once its ticket is stopped
    /// or, with `seconds`, once that long has passed since it started.
    func submit(seconds: Double?, _ run: @escaping @Sendable (SearchStop, Ticket) -> Void) -> Ticket {
        let ticket = Ticket()
        let start = jobs.withLock { jobs in
            jobs.queue.append(Job(ticket: ticket, seconds: seconds, run: run))
            defer { jobs.started = true }
            return !jobs.started
        }
        if start {
            var thread = pthread_t()
            pthread_create(&thread, nil, { _ in BackgroundWorker.shared.loop() }, nil)
            pthread_detach(thread)
        }
        sem_post(wake)
        return ticket
    }

    private func loop() -> UnsafeMutableRawPointer? {
        // Only this thread: on Linux a nice value is a thread's, and `who` 0 is the calling
        // thread (setpriority(2)); the render thread keeps its priority.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, BackgroundWorker.niceness)
        while true {
            while sem_wait(wake) != 0 {}
            guard let job = jobs.withLock({ $0.queue.isEmpty ? nil : $0.queue.removeFirst() }), !job.ticket.isStopped else { continue }
            let ticket = job.ticket
            let deadline = job.seconds.map { BackgroundWorker.now() + $0 }
            let stop = SearchStop {
                guard !ticket.isStopped else { return true }
                guard let deadline else { return false }
                return BackgroundWorker.now() >= deadline
            }
            job.run(stop, ticket)
        }
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The solver for the play screen.
public typealias SolverService = BackgroundJobs<Board, SolverResult>

extension BackgroundJobs where Input == Board, Output == SolverResult {
    /// Steps between a request and its answer in a replay (and the earliest in live play).
    public static var deliveryDelaySteps: Int { BackgroundTiming.deliveryDelaySteps }

    /// The play screen's budgets: positions, memory (a fixed amount, so that a replay's
    /// answers are the same everywhere: far more than any shipped level needs, and a 16x16
    /// board's 880,000 positions) and, in live play, the wall time of one search.
    public static var maxStates: Int { 2_000_000 }
    public static var memoryBudget: Int { 128 << 20 }
    public static var liveSeconds: Double { 5 }

    /// A solver with a budget of `maxStates` states, `memoryBudget` bytes and, in live
    /// play, `liveSeconds` a search.
    public convenience init(mode: Mode, maxStates: Int = SolverService.maxStates) {
        self.init(mode: mode, seconds: SolverService.liveSeconds) { board, stop in
            Solver(maxStates: maxStates, memoryBudget: SolverService.memoryBudget, stop: stop).solve(board)
        }
    }
}
