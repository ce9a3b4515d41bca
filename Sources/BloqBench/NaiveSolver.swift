import BloqGame

/// A deliberately naive breadth-first search, as the original game's first Swift solver
/// was: positions are keyed by their board strings in a `Set<String>`. The yardstick the
/// real solver is measured against; never used to play.
public enum NaiveSolver {
    /// The optimal number of moves, or nil when unsolvable.
    public static func solve(_ board: Board) -> Int? {
        func key(_ board: Board) -> String { board.lines.joined(separator: "/") }
        var seen: Set<String> = [key(board)]
        var frontier = [board]
        var depth = 0
        while !frontier.isEmpty {
            if frontier.contains(where: \.isCleared) { return depth }
            var next: [Board] = []
            for current in frontier {
                for move in current.legalMoves {
                    guard let result = current.applying(move), seen.insert(key(result)).inserted else { continue }
                    next.append(result)
                }
            }
            frontier = next
            depth += 1
        }
        return nil
    }
}
