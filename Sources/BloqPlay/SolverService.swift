import BloqGame

/// The solver for the play screen.
public typealias SolverService = BackgroundJobs<Board, SolverResult>

extension BackgroundJobs where Input == Board, Output == SolverResult {
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
            SolverService.solve(board, maxStates: maxStates, stop: stop)
        }
    }

    /// What the play screen's solver says about `board`, here and now (the review, a
    /// screenshot's clear, a replay's check of a stated par): its budgets, no time limit
    /// unless `stop` gives one.
    public static func solve(_ board: Board, maxStates: Int = SolverService.maxStates, stop: SearchStop = .never) -> SolverResult {
        Solver(maxStates: maxStates, memoryBudget: SolverService.memoryBudget, stop: stop).solve(board)
    }
}
