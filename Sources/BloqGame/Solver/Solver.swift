/// What a search concluded.
public enum SolverOutcome: Hashable, Sendable {
    /// A shortest solution: no sequence of fewer moves clears the board.
    case solved([Move])
    /// No sequence of moves clears the board (proved by exhausting every reachable position).
    case unsolvable
    /// The budget of states ran out before an answer; nothing is claimed.
    case gaveUp
}

/// The answer of a search and what it cost.
public struct SolverResult: Hashable, Sendable {
    public var outcome: SolverOutcome
    /// Distinct positions the search stored.
    public var states: Int

    /// The optimal number of moves, when solved.
    public var optimal: Int? {
        if case .solved(let moves) = outcome { return moves.count }
        return nil
    }
}

/// Finds a shortest solution from any position, or proves there is none, within a budget
/// of stored positions (so the answer never depends on the machine's speed).
///
/// A* over bit-packed positions: 4 bits per cell that is not a wall (walls never move, so
/// they are kept once, outside the states), so the classic 4x4 board is one machine word.
/// The bound is the sum over colours of ceil(blocks / 4): one move clears at most four
/// blocks of one colour, so it never overestimates, and it drops by at most one per move,
/// so the first time a position is expanded its depth is optimal. Positions where a colour
/// has exactly one block are dead (that block can never vanish) and are not stored.
/// - Complexity: memory is about (8 × words + 20) bytes per stored position, where
///   words = ceil(open cells / 16); `maxStates` bounds it.
public struct Solver: Sendable {
    /// The default budget: enough for every classic 4x4 board.
    public static let defaultMaxStates = 4_000_000
    /// The largest budget allowed, which bounds memory.
    public static let maximumStates = 100_000_000

    public var maxStates: Int

    public init(maxStates: Int = Solver.defaultMaxStates) {
        self.maxStates = min(max(maxStates, 1), Solver.maximumStates)
    }

    /// Solves `board` from where it stands.
    public func solve(_ board: Board) -> SolverResult {
        var search = Search(board: board, maxStates: maxStates)
        return search.run()
    }
}

/// The search's working memory. Positions live in one flat arena of words.
private struct Search {
    let rows: Int
    let columns: Int
    let maxStates: Int
    /// Board index of each open (non-wall) cell, in order.
    let openCells: [Int]
    /// For each board cell, its open index, or -1 for a wall.
    let openIndex: [Int]
    /// For each open cell and direction (up, down, left, right): the neighbouring open
    /// cell, or -1 for the edge or a wall.
    let neighbours: [Int32]
    let words: Int

    var arena: [UInt64] = []
    var parent: [Int32] = []
    var moveCode: [UInt16] = []
    var depth: [UInt16] = []
    var closed: [Bool] = []
    var table: [Int32]
    var tableMask: Int
    var count = 0
    let start: [UInt64]

    init(board: Board, maxStates: Int) {
        rows = board.rows
        columns = board.columns
        self.maxStates = maxStates
        var open: [Int] = []
        var index = [Int](repeating: -1, count: board.rows * board.columns)
        for position in board.positions where board[position] != .wall {
            index[position.row * board.columns + position.column] = open.count
            open.append(position.row * board.columns + position.column)
        }
        openCells = open
        openIndex = index
        var links = [Int32](repeating: -1, count: max(open.count * 4, 1))
        for (i, cell) in open.enumerated() {
            let row = cell / board.columns
            let column = cell % board.columns
            for (d, direction) in Direction.allCases.enumerated() {
                let r = row + direction.rowStep
                let c = column + direction.columnStep
                guard r >= 0, r < board.rows, c >= 0, c < board.columns else { continue }
                links[i * 4 + d] = Int32(index[r * board.columns + c])
            }
        }
        neighbours = links
        words = max((open.count + 15) / 16, 1)
        var packed = [UInt64](repeating: 0, count: words)
        for (i, cell) in open.enumerated() {
            if let color = board.cells[cell].color {
                packed[i >> 4] |= UInt64(color.index + 1) << UInt64((i & 15) * 4)
            }
        }
        start = packed
        let capacity = 1 << 12
        table = [Int32](repeating: -1, count: capacity)
        tableMask = capacity - 1
    }

    // MARK: The search

    mutating func run() -> SolverResult {
        var counts = [Int](repeating: 0, count: 9)
        let startCells = cells(of: start)
        for value in startCells where value > 0 { counts[Int(value)] += 1 }
        if counts.contains(1) { return SolverResult(outcome: .unsolvable, states: 1) }
        let startBound = bound(counts)
        if startBound == 0 { return SolverResult(outcome: .solved([]), states: 1) }
        // Buckets of positions by f = depth + bound; within a bucket, last in first out,
        // which dives deeper first and finds the goal sooner without losing optimality.
        var buckets: [[Int32]] = []
        func push(_ state: Int32, f: Int) {
            while buckets.count <= f { buckets.append([]) }
            buckets[f].append(state)
        }
        _ = insert(start, parent: -1, move: 0, depth: 0)
        push(0, f: startBound)
        var grid = startCells
        var child = [UInt64](repeating: 0, count: words)
        var f = startBound
        var stateCounts = [Int](repeating: 0, count: 9)
        while f < buckets.count {
            guard let state = buckets[f].popLast() else {
                f += 1
                continue
            }
            let s = Int(state)
            if closed[s] { continue }
            let g = Int(depth[s])
            decode(s, into: &grid)
            for colour in 0..<9 { stateCounts[colour] = 0 }
            for value in grid where value > 0 && value < 15 { stateCounts[Int(value)] += 1 }
            guard bound(stateCounts) + g == f else { continue }  // a stale entry
            closed[s] = true
            for from in 0..<openCells.count {
                let color = grid[from]
                guard color > 0 else { continue }
                for d in 0..<4 {
                    var stop = from
                    while true {
                        let next = Int(neighbours[stop * 4 + d])
                        guard next >= 0, grid[next] == 0 else { break }
                        stop = next
                    }
                    guard stop != from else { continue }
                    // The child: the block leaves `from` and lands on `stop`, then its
                    // same-coloured neighbours vanish with it.
                    for w in 0..<words { child[w] = arena[s * words + w] }
                    clear(&child, from)
                    var vanished = 0
                    for e in 0..<4 {
                        let neighbour = Int(neighbours[stop * 4 + e])
                        if neighbour >= 0, neighbour != from, grid[neighbour] == color {
                            clear(&child, neighbour)
                            vanished += 1
                        }
                    }
                    if vanished == 0 {
                        child[stop >> 4] |= UInt64(color) << UInt64((stop & 15) * 4)
                    } else {
                        vanished += 1
                    }
                    var childBound = bound(stateCounts)
                    if vanished > 0 {
                        let left = stateCounts[Int(color)] - vanished
                        if left == 1 { continue }  // a lone block of this colour: dead
                        childBound += (left + 3) / 4 - (stateCounts[Int(color)] + 3) / 4
                    }
                    let code = UInt16(from << 2 | d)
                    let (index, isNew) = lookupOrInsert(child, parent: state, move: code, depth: g + 1)
                    guard index >= 0 else { return SolverResult(outcome: .gaveUp, states: count) }
                    if childBound == 0 {
                        return SolverResult(outcome: .solved(path(to: index)), states: count)
                    }
                    if isNew {
                        push(Int32(index), f: g + 1 + childBound)
                    } else if !closed[index], Int(depth[index]) > g + 1 {
                        depth[index] = UInt16(g + 1)
                        parent[index] = state
                        moveCode[index] = code
                        push(Int32(index), f: g + 1 + childBound)
                    }
                }
            }
        }
        return SolverResult(outcome: .unsolvable, states: count)
    }

    /// Sum over colours of ceil(blocks / 4).
    func bound(_ counts: [Int]) -> Int {
        var total = 0
        for colour in 1...8 { total += (counts[colour] + 3) / 4 }
        return total
    }

    func clear(_ packed: inout [UInt64], _ cell: Int) {
        packed[cell >> 4] &= ~(UInt64(15) << UInt64((cell & 15) * 4))
    }

    func cells(of packed: [UInt64]) -> [UInt8] {
        (0..<openCells.count).map { UInt8((packed[$0 >> 4] >> UInt64(($0 & 15) * 4)) & 15) }
    }

    func decode(_ state: Int, into grid: inout [UInt8]) {
        for i in 0..<openCells.count {
            grid[i] = UInt8((arena[state * words + (i >> 4)] >> UInt64((i & 15) * 4)) & 15)
        }
    }

    // MARK: The table

    /// SplitMix64's finalizer over each word: every input bit reaches the low bits the table
    /// indexes by (a single multiply leaves them depending on the low input bits only, and
    /// some boards then probe long chains).
    func hash(_ packed: [UInt64]) -> Int {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for word in packed {
            h = h ^ word
            h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 31
        }
        return Int(truncatingIfNeeded: h)
    }

    func equals(_ state: Int, _ packed: [UInt64]) -> Bool {
        for w in 0..<words where arena[state * words + w] != packed[w] { return false }
        return true
    }

    /// The index of `packed` and whether it was new, or -1 when the budget is spent.
    mutating func lookupOrInsert(_ packed: [UInt64], parent: Int32, move: UInt16, depth: Int) -> (Int, Bool) {
        var slot = hash(packed) & tableMask
        while true {
            let entry = Int(table[slot])
            if entry < 0 { break }
            if equals(entry, packed) { return (entry, false) }
            slot = (slot + 1) & tableMask
        }
        guard count < maxStates else { return (-1, false) }
        let index = insertNew(packed, parent: parent, move: move, depth: depth)
        table[slot] = Int32(index)
        if count * 2 > table.count { grow() }
        return (index, true)
    }

    mutating func insert(_ packed: [UInt64], parent: Int32, move: UInt16, depth: Int) -> Int {
        lookupOrInsert(packed, parent: parent, move: move, depth: depth).0
    }

    mutating func insertNew(_ packed: [UInt64], parent: Int32, move: UInt16, depth: Int) -> Int {
        arena.append(contentsOf: packed)
        self.parent.append(parent)
        moveCode.append(move)
        self.depth.append(UInt16(min(depth, Int(UInt16.max))))
        closed.append(false)
        count += 1
        return count - 1
    }

    mutating func grow() {
        let capacity = table.count * 2
        table = [Int32](repeating: -1, count: capacity)
        tableMask = capacity - 1
        var scratch = [UInt64](repeating: 0, count: words)
        for state in 0..<count {
            for w in 0..<words { scratch[w] = arena[state * words + w] }
            var slot = hash(scratch) & tableMask
            while table[slot] >= 0 { slot = (slot + 1) & tableMask }
            table[slot] = Int32(state)
        }
    }

    func path(to state: Int) -> [Move] {
        var moves: [Move] = []
        var current = state
        while parent[current] >= 0 {
            let code = Int(moveCode[current])
            let cell = openCells[code >> 2]
            moves.append(Move(row: cell / columns, column: cell % columns, direction: Direction.allCases[code & 3]))
            current = Int(parent[current])
        }
        return moves.reversed()
    }
}
