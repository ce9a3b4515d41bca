/// What a search concluded.
public enum SolverOutcome: Hashable, Sendable {
    /// A shortest solution: no sequence of fewer moves clears the board.
    case solved([Move])
    /// No sequence of moves clears the board (proved by exhausting every reachable position).
    case unsolvable
    /// A budget ran out before an answer; nothing is claimed.
    case gaveUp
}

/// What a search capped at a number of moves found (`Solver.clears(_:within:)`).
public enum CappedAnswer: Hashable, Sendable {
    /// A solution of at most that many moves exists.
    case clears
    /// Every solution takes more moves (or there is none).
    case longer
    /// No sequence of moves clears the board (proved).
    case never
}

/// The budget a search that gave up ran out of.
public enum SolverLimit: Hashable, Sendable {
    /// `maxStates` positions were stored.
    case states
    /// Storing more would take the search's tables past `memoryBudget` bytes.
    case memory
    /// The caller stopped it (`SearchStop`): out of the time a live answer may take, or no
    /// longer wanted.
    case stopped
}

/// A way to stop a running search from outside: a check the search makes every
/// `SearchStop.interval` expansions (and between the regions of a board), which gives up
/// with `SolverLimit.stopped` once it says yes. The search itself never reads a clock: a
/// caller that bounds it in wall time reads its own (the play screen's solver thread does,
/// docs/solver.md), and a replay, whose answers must not depend on the machine's speed,
/// hands it none.
public struct SearchStop: Sendable {
    let check: (@Sendable () -> Bool)?

    /// A stop that `check` asks for (called from the searching thread).
    public init(_ check: @escaping @Sendable () -> Bool) { self.check = check }

    private init() { check = nil }

    /// No stop: only the budgets end the search.
    public static let never = SearchStop()

    /// Expansions between two checks: a few milliseconds of the slowest boards' work.
    public static let interval = 64

    /// Whether the search should stop now.
    public var isRequested: Bool { check?() ?? false }
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
    /// When the board was solved a region at a time (`Solver.solve`) and one region was
    /// proved unsolvable by its search: that region's first cell (top-left first).
    public var deadRegion: CellPosition?
    /// Times a position was expanded (its children made): with partial expansion a position
    /// may be expanded once for each level of its children (docs/solver.md).
    public var expansions = 0

    /// The optimal number of moves, when solved.
    public var optimal: Int? {
        if case .solved(let moves) = outcome { return moves.count }
        return nil
    }

    /// Peak bytes per stored position.
    public var bytesPerState: Double { states > 0 ? Double(peakBytes) / Double(states) : 0 }

    /// Why `board` (the board that was solved) is unsolvable, for messages (rows and columns
    /// counted from 1, as every message counts them): "the red block at row 1, column 1 is
    /// the only red one within its walls, so it can never vanish", or
    /// "the solver searched all 1200 reachable positions". Nil unless it is unsolvable.
    public func unsolvableReason(on board: Board) -> String? {
        guard outcome == .unsolvable else { return nil }
        guard let at = loneBlock, let color = board[at].color else {
            if let region = deadRegion {
                return "the part of the board the walls close in at row \(region.row + 1), column \(region.column + 1) cannot be cleared"
                    + " (the solver searched every position it can reach)"
            }
            if board.legalMoves.isEmpty { return "no block can move" }
            return "the solver searched all \(Wording.count(states, "reachable position"))"
        }
        let place = (board.colorCounts[color] ?? 0) == 1 ? "on the board" : "within its walls"
        return
            "the \(color.name) block at row \(at.row + 1), column \(at.column + 1) is the only \(color.name) one \(place), so it can never vanish"
    }
}

/// Finds a shortest solution from any position, or proves there is none, within a budget
/// of stored positions and a budget of memory (so the answer never depends on the machine's
/// speed, and the search never asks for more memory than it was given).
///
/// A* with partial expansion over bit-packed positions: 4 bits per cell that is not a wall
/// (walls never move, so they are kept once, outside the states), so the classic 4x4 board
/// is one machine word. The bound is a sum over colours of the larger of two: the fewest
/// groups their blocks split into, a group being what one move could clear as far as the
/// walls can tell, and the fewest moves their blocks need to meet if a move could stop
/// anywhere on a wall-free line (`lowerBound`, `boundParts`; docs/solver.md proves it never
/// overestimates and falls by at most one per move), so the first time a position is
/// expanded its depth is optimal. A colour with a single
/// block in a region the walls enclose can never be cleared: such a start is unsolvable at
/// once (`SolverResult.loneBlock`), and such positions are never stored. Every child is
/// tested for the goal before a budget can stop the search.
///
/// Boards whose same colours already touch (the level loader rejects them) are played as
/// the rules play them: the blocks stay until a move brings one of their colour against them.
/// - Complexity: memory is at most 8 × words + 17 bytes per stored position (words =
///   ceil(open cells / 16)) beyond a fixed start-up (the first chunks, table and cache, the
///   bound's tables): the packed words, a parent link (4 bytes), a flag byte, a hash table
///   slot (4 bytes at a load of 0.53 to 0.8), at most one open-list entry (4 bytes) and a
///   quarter of a byte of the cache of bounds. `maxStates` and `memoryBudget` bound it.
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
    /// Whether a board the walls cut into several regions with blocks is solved a region at
    /// a time (the default). Off, one search takes the whole board: the memory benchmarks
    /// measure a single search that way.
    public var splitsRegions: Bool
    /// What may stop the search before a budget runs out (`SearchStop.never`: nothing).
    public var stop: SearchStop

    public init(
        maxStates: Int = Solver.defaultMaxStates, memoryBudget: Int = Solver.defaultMemoryBudget, splitsRegions: Bool = true,
        stop: SearchStop = .never
    ) {
        self.maxStates = min(max(maxStates, 1), Solver.maximumStates)
        self.memoryBudget = max(memoryBudget, 0)
        self.splitsRegions = splitsRegions
        self.stop = stop
    }

    /// The most bytes a stored position costs on a board with `openCells` cells that are not
    /// walls (the fixed start-up cost aside): what the documentation and budgets quote.
    public static func bytesPerState(openCells: Int) -> Int { 8 * max((openCells + 15) / 16, 1) + 17 }

    /// The search's lower bound on the moves that clear `board` (docs/solver.md proves it
    /// never overestimates, falls by at most one a move and rises by at most `boundRise`), or
    /// nil when some colour has a single block in a part of the board walls enclose: that
    /// block can never vanish.
    public static func lowerBound(_ board: Board) -> Int? {
        var search = Search(board: board, maxStates: 1, memoryBudget: 0)
        return search.bound(of: search.cells(of: search.start))
    }

    /// The most the search's bound can rise in one move (docs/solver.md): a vanish can leave
    /// the rest of a colour's blocks far apart, and the movement bound is kept within
    /// `MoveBound.excessLimit` of the group count, which rises by at most one.
    public static let boundRise = MoveBound.excessLimit + 1

    /// `lowerBound` of each of `positions`, which share one size and one set of walls (the
    /// positions of one puzzle): the board's geometry is worked out once. Nil for a position
    /// with a lone block in a region, and for one whose walls differ from the first's.
    public static func lowerBounds(_ positions: [Board]) -> [Int?] {
        guard let first = positions.first else { return [] }
        var search = Search(board: first, maxStates: 1, memoryBudget: 0)
        return positions.map { position in search.grid(of: position).flatMap { search.bound(of: $0) } }
    }

    /// The two bounds the search combines, per colour on the board: the fewest groups its
    /// blocks split into, and the movement bound (the fewest moves its blocks need if a move
    /// could stop anywhere on a wall-free line and other colours were not there), which is
    /// nil on boards of over 64 open cells and for colours of over 8 blocks. docs/solver.md
    /// proves both never overestimate.
    public static func boundParts(_ board: Board) -> [(color: BlockColor, groups: Int, movement: Int?)] {
        var search = Search(board: board, maxStates: 1, memoryBudget: 0)
        return search.startBoundParts().map { (BlockColor.allCases[$0.color - 1], $0.groups, $0.movement) }
    }

    /// Whether some sequence of at most `moves` moves clears `board`, with the positions the
    /// search stored; the answer is nil when a budget ran out first. Cheaper than `solve`
    /// when the answer is no: the search stops as soon as every solution of `moves` moves or
    /// fewer is ruled out, rather than going on to the optimum. One search of the whole
    /// board (regions are not split: the question is about their sum).
    public func clears(_ board: Board, within moves: Int) -> (answer: CappedAnswer?, states: Int) {
        var search = Search(board: board, maxStates: maxStates, memoryBudget: memoryBudget, stop: stop)
        search.moveCap = max(moves, 0)
        let result = search.run()
        switch result.outcome {
        case .solved: return (.clears, result.states)
        case .unsolvable: return (.never, result.states)
        case .gaveUp: return (search.passedCap ? .longer : nil, result.states)
        }
    }

    /// Solves `board` from where it stands.
    ///
    /// Walls never move and a block never leaves the region they close it in, so regions
    /// are independent puzzles: the board is solvable when each is, and its fewest moves are
    /// the sum of theirs. A board of several regions with blocks is solved a region at a
    /// time, smallest first, sharing the budget of positions; a region proved unsolvable ends
    /// it at once, however large the others (a trap in a corridor beside a big open region).
    public func solve(_ board: Board) -> SolverResult {
        let parts = splitsRegions ? Solver.regions(of: board) : []
        // One region, or a lone block somewhere (the whole board's start says so at once).
        guard parts.count > 1, Solver.lowerBound(board) != nil else {
            var search = Search(board: board, maxStates: maxStates, memoryBudget: memoryBudget, stop: stop)
            return search.run()
        }
        var moves: [Move] = []
        var states = 0
        var expansions = 0
        var peakBytes = 0
        var gaveUp: SolverLimit?
        for part in parts {
            if stop.isRequested {
                gaveUp = .stopped
                break
            }
            var search = Search(board: part, maxStates: max(maxStates - states, 1), memoryBudget: memoryBudget, stop: stop)
            let result = search.run()
            states += result.states
            expansions += result.expansions
            peakBytes = max(peakBytes, result.peakBytes)
            switch result.outcome {
            case .solved(let partMoves): moves += partMoves
            case .unsolvable:
                var dead = SolverResult(
                    outcome: .unsolvable, states: states, peakBytes: peakBytes, loneBlock: result.loneBlock, expansions: expansions)
                let first = part.cells.firstIndex { $0 != .wall }
                dead.deadRegion = first.map { CellPosition(row: $0 / board.columns, column: $0 % board.columns) }
                return dead
            case .gaveUp:
                // Another region may still be proved unsolvable; nothing else is claimed.
                // Stopped from outside, no other region is searched.
                gaveUp = gaveUp ?? result.limit ?? .states
                if result.limit == .stopped { gaveUp = .stopped }
            }
            if gaveUp == .stopped { break }
        }
        if let gaveUp {
            return SolverResult(outcome: .gaveUp, states: states, peakBytes: peakBytes, limit: gaveUp, expansions: expansions)
        }
        return SolverResult(outcome: .solved(moves), states: states, peakBytes: peakBytes, expansions: expansions)
    }

    /// `board` cut along its walls: one board per region (cells joined side to side, not
    /// walls) that holds a block, of the same size with every cell outside the region a
    /// wall (so moves keep their positions), fewest open cells first (then top-left first).
    static func regions(of board: Board) -> [Board] {
        let regions = board.regionLabels()
        var members = [[Int]](repeating: [], count: regions.count)
        var holdsBlock = [Bool](repeating: false, count: regions.count)
        for (cell, label) in regions.labels.enumerated() where label >= 0 {
            members[Int(label)].append(cell)
            if board.cells[cell].color != nil { holdsBlock[Int(label)] = true }
        }
        let withBlocks = members.indices.filter { holdsBlock[$0] }.map { members[$0] }
        guard withBlocks.count > 1 else { return [] }
        // Regions are numbered by first cell, so a stable order by size keeps top-left first.
        return withBlocks.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }.compactMap { _, part in
            var cells = [Cell](repeating: .wall, count: board.cells.count)
            for cell in part { cells[cell] = board.cells[cell] }
            return Board(rows: board.rows, columns: board.columns, cells: cells)
        }
    }
}
