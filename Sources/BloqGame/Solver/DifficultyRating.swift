/// How hard a level is, from what the solver can measure.
///
/// The measure, in order of weight:
/// 1. the optimal number of moves (each adds 10 points);
/// 2. how few of the legal first moves start an optimal solution (up to 10 points: a board
///    whose every opening move is optimal is easier than one with a single good opening);
/// 3. the board's branching: the legal moves at the start (a point per 4 moves beyond 4),
///    which grows with board size, holes, and fewer walls.
/// The score orders levels within a pack; packs are told apart by their optimal lengths.
public struct DifficultyRating: Hashable, Sendable, Comparable {
    public var optimal: Int
    /// Legal moves from the start.
    public var openingMoves: Int
    /// Opening moves after which an optimal solution still exists.
    public var goodOpeningMoves: Int
    public var area: Int
    public var holes: Int
    public var walls: Int

    /// The combined score (higher is harder).
    public var score: Double {
        let ambiguity = openingMoves > 0 ? 1 - Double(goodOpeningMoves) / Double(openingMoves) : 0
        return Double(optimal) * 10 + ambiguity * 10 + Double(max(openingMoves - 4, 0)) / 4
    }

    public static func < (a: DifficultyRating, b: DifficultyRating) -> Bool { a.score < b.score }

    /// Rates a solvable board; nil when it is unsolvable or too large for `maxStates`.
    public static func rate(
        _ board: Board, maxStates: Int = Solver.defaultMaxStates, memoryBudget: Int = Solver.defaultMemoryBudget
    ) -> DifficultyRating? {
        rate(board, maxStates: maxStates, totalStates: Int.max, memoryBudget: memoryBudget).rating
    }

    /// Rates a board with at most `maxStates` positions per search and `totalStates` over
    /// all its searches (the board's and one per opening move); returns the rating (nil
    /// when the board is unsolvable, too large, or the total ran out) and the positions
    /// the searches stored.
    /// `stop` ends every search (the rating is then nil).
    public static func rate(
        _ board: Board, maxStates: Int, totalStates: Int, memoryBudget: Int = Solver.defaultMemoryBudget, stop: SearchStop = .never
    ) -> (rating: DifficultyRating?, states: Int) {
        var spent = 0
        /// The search's result, or nil when the total is spent before or during it.
        func solve(_ position: Board) -> SolverResult? {
            let left = totalStates - spent
            guard left > 0 else { return nil }
            let result = Solver(maxStates: min(maxStates, left), memoryBudget: memoryBudget, stop: stop).solve(position)
            spent += result.states
            if result.outcome == .gaveUp, maxStates > left || result.limit == .stopped { return nil }
            return result
        }
        guard let first = solve(board), let optimal = first.optimal else { return (nil, spent) }
        let openings = board.legalMoves
        var good = 0
        for move in openings {
            guard let next = board.applying(move) else { continue }
            guard let result = solve(next) else { return (nil, spent) }
            if result.optimal == optimal - 1 { good += 1 }
        }
        return (DifficultyRating(board: board, optimal: optimal, openingMoves: openings.count, goodOpeningMoves: good), spent)
    }
}

extension DifficultyRating {
    /// The rating of `board`, its size, holes and walls counted from it.
    init(board: Board, optimal: Int, openingMoves: Int, goodOpeningMoves: Int) {
        self.init(
            optimal: optimal, openingMoves: openingMoves, goodOpeningMoves: goodOpeningMoves, area: board.rows * board.columns,
            holes: board.cells.filter { $0 == .empty }.count, walls: board.cells.filter { $0 == .wall }.count)
    }
}
