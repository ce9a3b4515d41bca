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
    public static func rate(_ board: Board, maxStates: Int = Solver.defaultMaxStates) -> DifficultyRating? {
        let solver = Solver(maxStates: maxStates)
        guard let optimal = solver.solve(board).optimal else { return nil }
        let openings = board.legalMoves
        var good = 0
        for move in openings {
            guard let next = board.applying(move) else { continue }
            if solver.solve(next).optimal == optimal - 1 { good += 1 }
        }
        let holes = board.cells.filter { $0 == .empty }.count
        let walls = board.cells.filter { $0 == .wall }.count
        return DifficultyRating(
            optimal: optimal, openingMoves: openings.count, goodOpeningMoves: good, area: board.rows * board.columns,
            holes: holes, walls: walls)
    }
}
