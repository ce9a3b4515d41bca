import BloqGame
import Dispatch

/// Runs the solver for the play screen. Its answer is delivered on a simulation step, never
/// inside a frame's drawing: in live play the search runs on a background thread (a long
/// search never stalls a frame), in a replay it runs at once and its answer arrives exactly
/// `deliveryDelaySteps` steps after the request, so replays stay deterministic.
public final class SolverService: @unchecked Sendable {
    public enum Mode: Sendable {
        case background
        case deterministic
    }

    /// Steps between a request and its answer in a replay (and the earliest in live play).
    public static let deliveryDelaySteps = 12

    public let mode: Mode
    public let maxStates: Int
    private let lock = DispatchQueue(label: "bloq.solver.results")
    private var finished: [Int: SolverResult] = [:]
    private var pending: [(id: Int, board: Board, stepsLeft: Int)] = []
    private var nextID = 0

    public init(mode: Mode, maxStates: Int = 2_000_000) {
        self.mode = mode
        self.maxStates = maxStates
    }

    /// Starts solving `board`; returns the request's id.
    public func request(_ board: Board) -> Int {
        nextID += 1
        let id = nextID
        pending.append((id, board, SolverService.deliveryDelaySteps))
        let solver = Solver(maxStates: maxStates)
        switch mode {
        case .deterministic:
            finished[id] = solver.solve(board)
        case .background:
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let result = solver.solve(board)
                lock.sync { finished[id] = result }
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
    public func step() -> [(id: Int, board: Board, result: SolverResult)] {
        guard !pending.isEmpty else { return [] }
        var due: [(Int, Board, SolverResult)] = []
        var waiting: [(id: Int, board: Board, stepsLeft: Int)] = []
        for var request in pending {
            request.stepsLeft -= 1
            let result = request.stepsLeft <= 0 ? lock.sync { finished.removeValue(forKey: request.id) } : nil
            if let result {
                due.append((request.id, request.board, result))
            } else {
                waiting.append(request)
            }
        }
        pending = waiting
        return due
    }
}
