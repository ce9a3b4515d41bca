/// What a search concluded.
public enum SolverOutcome: Hashable, Sendable {
    /// A shortest solution: no sequence of fewer moves clears the board.
    case solved([Move])
    /// No sequence of moves clears the board (proved by exhausting every reachable position).
    case unsolvable
    /// A budget ran out before an answer; nothing is claimed.
    case gaveUp
}

/// The budget a search that gave up ran out of.
public enum SolverLimit: Hashable, Sendable {
    /// `maxStates` positions were stored.
    case states
    /// Storing more would take the search's tables past `memoryBudget` bytes.
    case memory
}

/// The answer of a search and what it cost.
public struct SolverResult: Hashable, Sendable {
    public var outcome: SolverOutcome
    /// Distinct positions the search stored.
    public var states: Int
    /// The most memory the search's tables held at once, in bytes: what `memoryBudget`
    /// bounds (the positions, their links, the hash table and the open lists).
    public var peakBytes: Int
    /// Which budget ran out, when the search gave up.
    public var limit: SolverLimit?
    /// When the board was proved unsolvable without a search: a block that is the only one
    /// of its colour in its region (the part of the board the walls close it in, or the
    /// whole board), so it can never vanish.
    public var loneBlock: CellPosition?

    /// The optimal number of moves, when solved.
    public var optimal: Int? {
        if case .solved(let moves) = outcome { return moves.count }
        return nil
    }

    /// Peak bytes per stored position.
    public var bytesPerState: Double { states > 0 ? Double(peakBytes) / Double(states) : 0 }

    /// Why `board` (the board that was solved) is unsolvable, for messages: "the red block
    /// at row 0, column 0 is the only red one within its walls, so it can never vanish", or
    /// "the solver searched all 1200 reachable positions". Nil unless it is unsolvable.
    public func unsolvableReason(on board: Board) -> String? {
        guard outcome == .unsolvable else { return nil }
        guard let at = loneBlock, let color = board[at].color else {
            return "the solver searched all \(Wording.count(states, "reachable position"))"
        }
        let place = (board.colorCounts[color] ?? 0) == 1 ? "on the board" : "within its walls"
        return
            "the \(color.name) block at row \(at.row), column \(at.column) is the only \(color.name) one \(place), so it can never vanish"
    }
}

/// Finds a shortest solution from any position, or proves there is none, within a budget
/// of stored positions and a budget of memory (so the answer never depends on the machine's
/// speed, and the search never asks for more memory than it was given).
///
/// A* over bit-packed positions: 4 bits per cell that is not a wall (walls never move, so
/// they are kept once, outside the states), so the classic 4x4 board is one machine word.
/// The bound is the sum over colours of the fewest groups their blocks split into, a group
/// being what one move could clear as far as the walls can tell (`lowerBound`;
/// docs/solver.md proves it never overestimates and changes by at most one per move), so
/// the first time a position is expanded its depth is optimal. A colour with a single
/// block in a region the walls enclose can never be cleared: such a start is unsolvable at
/// once (`SolverResult.loneBlock`), and such positions are never stored. Every child is
/// tested for the goal before a budget can stop the search.
///
/// Boards whose same colours already touch (the level loader rejects them) are played as
/// the rules play them: the blocks stay until a move brings one of their colour against them.
/// - Complexity: memory is at most 8 × words + 16 bytes per stored position (words =
///   ceil(open cells / 16)) beyond a fixed start-up (the first chunks, table and cache): the
///   packed words, a parent link (4 bytes), two flag bits, a hash table slot (4 bytes at a
///   load of 0.53 to 0.8), at most one open-list entry (4 bytes) and a quarter of a byte of
///   the cache of group counts. `maxStates` and `memoryBudget` bound it.
public struct Solver: Sendable {
    /// The default budget: enough for every classic 4x4 board.
    public static let defaultMaxStates = 4_000_000
    /// The largest budget of positions allowed.
    public static let maximumStates = 100_000_000
    /// The default memory budget of a search's tables: 2 GiB. A search that would need more
    /// gives up instead of asking for it.
    public static let defaultMemoryBudget = 2 << 30

    public var maxStates: Int
    /// Bytes the search's tables may hold at once (`SolverResult.peakBytes` never passes it).
    public var memoryBudget: Int

    public init(maxStates: Int = Solver.defaultMaxStates, memoryBudget: Int = Solver.defaultMemoryBudget) {
        self.maxStates = min(max(maxStates, 1), Solver.maximumStates)
        self.memoryBudget = max(memoryBudget, 0)
    }

    /// The most bytes a stored position costs on a board with `openCells` cells that are not
    /// walls (the fixed start-up cost aside): what the documentation and budgets quote.
    public static func bytesPerState(openCells: Int) -> Int { 8 * max((openCells + 15) / 16, 1) + 16 }

    /// The search's lower bound on the moves that clear `board` (docs/solver.md proves it
    /// never overestimates and changes by at most one a move), or nil when some colour has a
    /// single block in a part of the board walls enclose: that block can never vanish.
    public static func lowerBound(_ board: Board) -> Int? {
        var search = Search(board: board, maxStates: 1, memoryBudget: 0)
        return search.startBound()
    }

    /// Solves `board` from where it stands.
    public func solve(_ board: Board) -> SolverResult {
        var search = Search(board: board, maxStates: maxStates, memoryBudget: memoryBudget)
        return search.run()
    }
}
