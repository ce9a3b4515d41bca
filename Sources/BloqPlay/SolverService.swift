import BloqGame
import Dispatch

/// Work too slow for a frame (the solver, a difficulty rating), done for the simulation.
/// Its answers are delivered on a simulation step, never inside a frame's drawing: in live
/// play the work runs on a background thread (a long search never stalls a frame), in a
/// replay it runs at once and its answer arrives exactly `BackgroundTiming.deliveryDelaySteps`
/// steps after the request, so replays stay deterministic.
public final class BackgroundJobs<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    public typealias Mode = BackgroundMode

    public let mode: Mode
    private let work: @Sendable (Input) -> Output
    private let lock = DispatchQueue(label: "bloq.background.results")
    private var finished: [Int: Output] = [:]
    private var pending: [(id: Int, input: Input, stepsLeft: Int)] = []
    private var nextID = 0

    public init(mode: Mode, work: @escaping @Sendable (Input) -> Output) {
        self.mode = mode
        self.work = work
    }

    /// Starts the work on `input`; returns the request's id.
    public func request(_ input: Input) -> Int {
        nextID += 1
        let id = nextID
        pending.append((id, input, BackgroundTiming.deliveryDelaySteps))
        switch mode {
        case .deterministic:
            finished[id] = work(input)
        case .background:
            let work = self.work
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let output = work(input)
                lock.sync { finished[id] = output }
            }
        }
        return id
    }

    /// Forgets every request (their answers will not be delivered).
    public func cancelAll() {
        pending.removeAll()
    }

    /// Whether a request is waiting for its answer.
    public var isBusy: Bool { !pending.isEmpty }

    /// Advances one simulation step and returns the answers due now, in request order.
    public func step() -> [(id: Int, input: Input, output: Output)] {
        guard !pending.isEmpty else { return [] }
        var due: [(Int, Input, Output)] = []
        var waiting: [(id: Int, input: Input, stepsLeft: Int)] = []
        for var request in pending {
            request.stepsLeft -= 1
            let output = request.stepsLeft <= 0 ? lock.sync { finished.removeValue(forKey: request.id) } : nil
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

/// Where background work runs: on a thread (live play), or at once with its answer held
/// for a fixed number of steps (replays, tests).
public enum BackgroundMode: Sendable {
    case background
    case deterministic
}

/// When background answers arrive.
public enum BackgroundTiming {
    /// Steps between a request and its answer in a replay (and the earliest in live play).
    public static let deliveryDelaySteps = 12
}

/// The solver for the play screen.
public typealias SolverService = BackgroundJobs<Board, SolverResult>

extension BackgroundJobs where Input == Board, Output == SolverResult {
    /// Steps between a request and its answer in a replay (and the earliest in live play).
    public static var deliveryDelaySteps: Int { BackgroundTiming.deliveryDelaySteps }

    /// A solver with a budget of `maxStates` states.
    public convenience init(mode: Mode, maxStates: Int = 2_000_000) {
        self.init(mode: mode) { board in Solver(maxStates: maxStates).solve(board) }
    }
}
