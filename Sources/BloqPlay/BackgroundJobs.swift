import BloqGame
import BloqSync
import Glibc

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
    private let finished = Locked<[Int: Output]>([:])
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
