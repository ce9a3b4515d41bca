import BloqGame

/// The review of a line of play, as a chess engine reviews a game: for each move, the
/// fewest moves that clear the board from the position before it and after it. A move
/// that kept to a best line takes one off; one that lost ground does not.
public struct LineReview: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var move: Move
        /// The fewest moves that clear the board before the move; nil when it could no
        /// longer be cleared (or the search gave up: `LineReview.isComplete` says).
        public var parBefore: Int?
        /// The same after the move (0 once the board is clear).
        public var parAfter: Int?

        /// Whether the move lost ground: the board needs as many moves after it as before,
        /// or more, or it could be cleared before and no longer can.
        public var lostGround: Bool {
            guard let parBefore else { return false }
            guard let parAfter else { return true }
            return parAfter >= parBefore
        }
    }

    public var entries: [Entry]
    /// Whether every search ended with an answer (none gave up on its budget).
    public var isComplete: Bool

    /// The moves that lost ground, by their number in the line (from 1).
    public var lostMoves: [Int] { entries.indices.filter { entries[$0].lostGround }.map { $0 + 1 } }

    /// The fewest moves from each position of the line: before the first move, then after
    /// each (the chart's points).
    public var pars: [Int?] { (entries.first.map { [$0.parBefore] } ?? []) + entries.map(\.parAfter) }

    /// The review of `line` played from `start`: one search of each position along it
    /// (positions met twice searched once), each within the play screen's budgets and
    /// stopped when `stop` asks.
    public static func make(start: Board, line: [Move], stop: SearchStop = .never) -> LineReview {
        var boards = [start]
        for move in line {
            guard let last = boards.last, let next = last.applying(move) else { break }
            boards.append(next)
        }
        var found: [Board: SolverResult] = [:]
        var complete = true
        func fewest(_ board: Board) -> Int? {
            if board.isCleared { return 0 }
            let result =
                found[board]
                ?? SolverService.solve(board, stop: stop)
            found[board] = result
            if result.outcome == .gaveUp { complete = false }
            return result.optimal
        }
        let pars = boards.map(fewest)
        let entries = zip(line, zip(pars, pars.dropFirst())).map { move, pair in
            Entry(move: move, parBefore: pair.0, parAfter: pair.1)
        }
        return LineReview(entries: entries, isComplete: complete && entries.count == line.count)
    }
}
