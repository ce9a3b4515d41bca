import BloqGame
import Testing

/// A board from rows of characters; the test fails if they are not a board.
func board(_ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Board {
    guard let board = Board(lines) else {
        Issue.record("not a board: \(lines)", sourceLocation: sourceLocation)
        return Board(["..", ".."])!
    }
    return board
}

/// Plays `move` on `start` and compares the whole resulting board.
func assertMove(
    _ start: Board, _ move: Move, gives expected: Board?, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(start.applying(move) == expected, "\(move) on\n\(start)", sourceLocation: sourceLocation)
}

/// A plain breadth-first search over whole boards: the shortest number of moves that
/// clears `board`, or nil if none does. The reference the shipped levels are checked by.
func shortestClear(_ board: Board, limit: Int = 2_000_000) -> Int? {
    var seen: Set<Board> = [board]
    var frontier = [board]
    var depth = 0
    while !frontier.isEmpty {
        if frontier.contains(where: \.isCleared) { return depth }
        var next: [Board] = []
        for current in frontier {
            for move in current.legalMoves {
                guard let result = current.applying(move), seen.insert(result).inserted else { continue }
                next.append(result)
            }
        }
        guard seen.count <= limit else { return nil }
        frontier = next
        depth += 1
    }
    return nil
}

/// The package's seeded generator, for sweeps over seeds (print the seed on failure).
typealias Seeded = SeededGenerator

extension SeededGenerator {
    /// A generator whose state starts at `state` (the sweeps' name for the seed).
    init(state: UInt64) { self.init(seed: state) }
}
