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

    /// The optimal number of moves, when solved.
    public var optimal: Int? {
        if case .solved(let moves) = outcome { return moves.count }
        return nil
    }

    /// Peak bytes per stored position.
    public var bytesPerState: Double { states > 0 ? Double(peakBytes) / Double(states) : 0 }
}

/// Finds a shortest solution from any position, or proves there is none, within a budget
/// of stored positions and a budget of memory (so the answer never depends on the machine's
/// speed, and the search never asks for more memory than it was given).
///
/// A* over bit-packed positions: 4 bits per cell that is not a wall (walls never move, so
/// they are kept once, outside the states), so the classic 4x4 board is one machine word.
/// The bound is the sum over colours of ceil(blocks / 4): one move clears at most four
/// blocks of one colour, so it never overestimates, and it drops by at most one per move,
/// so the first time a position is expanded its depth is optimal. Positions where a colour
/// has exactly one block are dead (that block can never vanish) and are not stored.
/// - Complexity: memory is at most 8 × words + 16 bytes per stored position (words =
///   ceil(open cells / 16)), plus the first chunk of 1,024 positions: the packed words, a
///   parent link (4 bytes), two flag bits, a hash table slot (4 bytes at a load of 0.53 to
///   0.8) and at most one open-list entry (4 bytes). `maxStates` and `memoryBudget` bound it.
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

    /// Solves `board` from where it stands.
    public func solve(_ board: Board) -> SolverResult {
        var search = Search(board: board, maxStates: maxStates, memoryBudget: memoryBudget)
        return search.run()
    }
}

/// The search's working memory, in memory it allocates and accounts for itself (so it can
/// refuse to grow past its budget rather than let an allocation fail):
/// - positions in chunks of `chunkSize`: their packed words, their parent's index, and two
///   flag bits (closed; the parity of the f-level of their open-list entry), so nothing is
///   copied as the search grows and at most one chunk is partly empty;
/// - an open-addressing table of `Int32` indices over the positions, grown by half when
///   it is 80 % full;
/// - the open lists of the current f-level and the next (no other level can receive a
///   position, see `run`), as stacks in chunks of `chunkSize` entries.
///
/// A non-copyable struct rather than a class: it owns its memory (freed in `deinit`), and
/// its hot fields are checked for exclusive access when compiled, not at every access.
private struct Search: ~Copyable {
    static let chunkShift = 10
    static let chunkSize = 1 << chunkShift

    let rows: Int
    let columns: Int
    let maxStates: Int
    let memoryBudget: Int
    /// Board index of each open (non-wall) cell, in order.
    let openCells: [Int]
    /// For each open cell and direction (up, down, left, right): the neighbouring open
    /// cell, or -1 for the edge or a wall.
    let neighbours: [Int32]
    let words: Int
    let start: [UInt64]

    var count = 0
    var bytes = 0
    var peakBytes = 0
    var limit: SolverLimit?

    var wordChunks: [UnsafeMutablePointer<UInt64>] = []
    var parentChunks: [UnsafeMutablePointer<Int32>] = []
    /// Two bits a position: bit 2i closed, bit 2i + 1 the parity of its open-list level.
    var flagChunks: [UnsafeMutablePointer<UInt64>] = []
    var chunkBytes: Int { Search.chunkSize * (words * 8 + 4) + Search.chunkSize / 32 * 8 }

    var table: UnsafeMutablePointer<Int32>
    var tableCapacity: Int

    var current = OpenList()
    var next = OpenList()
    var spareOpenChunks: [UnsafeMutablePointer<Int32>] = []

    init(board: Board, maxStates: Int, memoryBudget: Int) {
        rows = board.rows
        columns = board.columns
        self.maxStates = maxStates
        self.memoryBudget = memoryBudget
        var open: [Int] = []
        var index = [Int](repeating: -1, count: board.rows * board.columns)
        for position in board.positions where board[position] != .wall {
            index[position.row * board.columns + position.column] = open.count
            open.append(position.row * board.columns + position.column)
        }
        openCells = open
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
        tableCapacity = 1024
        table = UnsafeMutablePointer<Int32>.allocate(capacity: tableCapacity)
        table.initialize(repeating: -1, count: tableCapacity)
        account(tableCapacity * 4)
    }

    deinit {
        table.deallocate()
        for chunk in wordChunks { chunk.deallocate() }
        for chunk in parentChunks { chunk.deallocate() }
        for chunk in flagChunks { chunk.deallocate() }
        for chunk in current.chunks + next.chunks + spareOpenChunks { chunk.deallocate() }
    }

    // MARK: The search

    func result(_ outcome: SolverOutcome) -> SolverResult {
        SolverResult(outcome: outcome, states: count, peakBytes: peakBytes, limit: outcome == .gaveUp ? limit : nil)
    }

    /// A* in f-levels. The bound is consistent (it falls by at most one per move and never
    /// rises), so a child's f is its parent's f or one more: only two open lists are ever
    /// live, the current level's and the next, and a position's depth need not be stored:
    /// it is f minus its bound when it is expanded. A position still open is on one of the
    /// two lists; the parity bit says which, so a shorter path to it (which can only move it
    /// from the next level to the current one) is recognised without storing its depth.
    /// Within a level, last in first out: that dives deep first and finds the goal sooner
    /// without losing optimality.
    mutating func run() -> SolverResult {
        var counts = [Int](repeating: 0, count: 9)
        let startCells = cells(of: start)
        for value in startCells where value > 0 { counts[Int(value)] += 1 }
        if counts.contains(1) { return SolverResult(outcome: .unsolvable, states: 1, peakBytes: peakBytes, limit: nil) }
        var f = bound(counts)
        if f == 0 { return SolverResult(outcome: .solved([]), states: 1, peakBytes: peakBytes, limit: nil) }
        guard insert(start, slot: slot(for: start).slot, parent: -1) >= 0 else { return result(.gaveUp) }
        setParity(0, f & 1)
        guard push(0, toCurrent: true) else { return result(.gaveUp) }
        var grid = startCells
        var child = [UInt64](repeating: 0, count: words)
        var stateCounts = [Int](repeating: 0, count: 9)
        while true {
            guard let state = current.pop(spare: &spareOpenChunks) else {
                if next.isEmpty { return result(.unsolvable) }
                f += 1
                swap(&current, &next)
                continue
            }
            let s = Int(state)
            if isClosed(s) { continue }  // reached again by a shorter path and expanded then
            setClosed(s)
            decode(s, into: &grid)
            for colour in 0..<9 { stateCounts[colour] = 0 }
            for value in grid where value > 0 { stateCounts[Int(value)] += 1 }
            let parentBound = bound(stateCounts)
            let depth = f - parentBound
            let base = wordPointer(s)
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
                    for w in 0..<words { child[w] = base[w] }
                    clear(&child, from)
                    var vanished = 0
                    for e in 0..<4 {
                        let neighbour = Int(neighbours[stop * 4 + e])
                        if neighbour >= 0, neighbour != from, grid[neighbour] == color {
                            clear(&child, neighbour)
                            vanished += 1
                        }
                    }
                    var childBound = parentBound
                    if vanished == 0 {
                        child[stop >> 4] |= UInt64(color) << UInt64((stop & 15) * 4)
                    } else {
                        vanished += 1
                        let left = stateCounts[Int(color)] - vanished
                        if left == 1 { continue }  // a lone block of this colour: dead
                        childBound += (left + 3) / 4 - (stateCounts[Int(color)] + 3) / 4
                    }
                    if childBound == 0 {
                        // The goal: depth + 1 == f, and every lower level is exhausted.
                        return result(.solved(path(to: s) + [move(from: from, direction: d)]))
                    }
                    let childF = depth + 1 + childBound  // f or f + 1
                    let (slot, found) = self.slot(for: child)
                    if found >= 0 {
                        // Known: a shorter path only if it is still open on the next level
                        // and this child belongs to the current one.
                        if childF == f, !isClosed(found), parity(found) != f & 1 {
                            setParent(found, Int32(s))
                            setParity(found, f & 1)
                            guard push(Int32(found), toCurrent: true) else { return result(.gaveUp) }
                        }
                        continue
                    }
                    let index = insert(child, slot: slot, parent: Int32(s))
                    guard index >= 0 else { return result(.gaveUp) }
                    setParity(index, childF & 1)
                    guard push(Int32(index), toCurrent: childF == f) else { return result(.gaveUp) }
                }
            }
        }
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
        let base = wordPointer(state)
        for i in 0..<openCells.count {
            grid[i] = UInt8((base[i >> 4] >> UInt64((i & 15) * 4)) & 15)
        }
    }

    func move(from cell: Int, direction: Int) -> Move {
        let at = openCells[cell]
        return Move(row: at / columns, column: at % columns, direction: Direction.allCases[direction])
    }

    /// The moves from the start to `state`: its chain of parents, each step's move found
    /// again by trying the parent's moves (only the path's positions pay for it, so no
    /// move is stored per position).
    func path(to state: Int) -> [Move] {
        var chain: [Int] = [state]
        var current = state
        while true {
            let parent = Int(parentOf(current))
            guard parent >= 0 else { break }
            chain.append(parent)
            current = parent
        }
        chain.reverse()
        var moves: [Move] = []
        var grid = [UInt8](repeating: 0, count: openCells.count)
        for (parent, child) in zip(chain, chain.dropFirst()) {
            decode(parent, into: &grid)
            let target = Array(UnsafeBufferPointer(start: wordPointer(child), count: words))
            if let step = self.step(grid, to: target) { moves.append(step) }
        }
        return moves
    }

    /// The move that takes the position `grid` to `target`.
    func step(_ grid: [UInt8], to target: [UInt64]) -> Move? {
        var board = grid
        for from in 0..<openCells.count where grid[from] > 0 {
            for d in 0..<4 {
                var stop = from
                while true {
                    let next = Int(neighbours[stop * 4 + d])
                    guard next >= 0, grid[next] == 0 else { break }
                    stop = next
                }
                guard stop != from else { continue }
                board = grid
                board[from] = 0
                var vanished = false
                for e in 0..<4 {
                    let neighbour = Int(neighbours[stop * 4 + e])
                    if neighbour >= 0, neighbour != from, grid[neighbour] == grid[from] {
                        board[neighbour] = 0
                        vanished = true
                    }
                }
                if !vanished { board[stop] = grid[from] }
                var packed = [UInt64](repeating: 0, count: words)
                for (i, value) in board.enumerated() { packed[i >> 4] |= UInt64(value) << UInt64((i & 15) * 4) }
                if packed == target { return move(from: from, direction: d) }
            }
        }
        return nil
    }

    // MARK: Memory

    /// Records `amount` more bytes held (negative: released).
    mutating func account(_ amount: Int) {
        bytes += amount
        peakBytes = max(peakBytes, bytes)
    }

    /// Whether `amount` more bytes fit the budget; when not, the search stops on memory.
    mutating func affords(_ amount: Int) -> Bool {
        guard bytes + amount <= memoryBudget else {
            limit = .memory
            return false
        }
        return true
    }

    @inline(__always) func wordPointer(_ state: Int) -> UnsafeMutablePointer<UInt64> {
        wordChunks[state >> Search.chunkShift] + (state & (Search.chunkSize - 1)) * words
    }

    @inline(__always) func parentOf(_ state: Int) -> Int32 {
        parentChunks[state >> Search.chunkShift][state & (Search.chunkSize - 1)]
    }

    @inline(__always) func setParent(_ state: Int, _ parent: Int32) {
        parentChunks[state >> Search.chunkShift][state & (Search.chunkSize - 1)] = parent
    }

    @inline(__always) func flagWord(_ state: Int) -> (UnsafeMutablePointer<UInt64>, UInt64) {
        let offset = state & (Search.chunkSize - 1)
        return (flagChunks[state >> Search.chunkShift] + (offset >> 5), UInt64((offset & 31) * 2))
    }

    @inline(__always) func isClosed(_ state: Int) -> Bool {
        let (word, shift) = flagWord(state)
        return word.pointee >> shift & 1 == 1
    }

    @inline(__always) func setClosed(_ state: Int) {
        let (word, shift) = flagWord(state)
        word.pointee |= 1 << shift
    }

    @inline(__always) func parity(_ state: Int) -> Int {
        let (word, shift) = flagWord(state)
        return Int(word.pointee >> (shift + 1) & 1)
    }

    @inline(__always) func setParity(_ state: Int, _ value: Int) {
        let (word, shift) = flagWord(state)
        word.pointee = word.pointee & ~(1 << (shift + 1)) | UInt64(value & 1) << (shift + 1)
    }

    /// Pushes `state` on the current level's open list or the next's; false when the
    /// memory budget cannot hold another chunk of the list.
    mutating func push(_ state: Int32, toCurrent: Bool) -> Bool {
        if toCurrent ? current.isFull : next.isFull {
            guard let chunk = spareOpenChunks.popLast() ?? newOpenChunk() else { return false }
            if toCurrent { current.add(chunk) } else { next.add(chunk) }
        }
        if toCurrent { current.push(state) } else { next.push(state) }
        return true
    }

    mutating func newOpenChunk() -> UnsafeMutablePointer<Int32>? {
        let size = Search.chunkSize * 4
        guard affords(size) else { return nil }
        account(size)
        return UnsafeMutablePointer<Int32>.allocate(capacity: Search.chunkSize)
    }

    // MARK: The table

    /// SplitMix64's finalizer over each word: every input bit reaches the bits the table
    /// indexes by (a single multiply leaves the low ones depending on the low input bits
    /// only, and some boards then probe long chains).
    @inline(__always) func hash(_ packed: [UInt64]) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for word in packed {
            h = h ^ word
            h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 31
        }
        return h
    }

    /// The first slot of `hash` in a table of `capacity` (the high half of the product,
    /// so any capacity works, not only powers of two).
    @inline(__always) func home(_ hash: UInt64, _ capacity: Int) -> Int {
        Int(hash.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// The slot where `packed` is or would go, and its index when it is stored (else -1).
    func slot(for packed: [UInt64]) -> (slot: Int, found: Int) {
        var slot = home(hash(packed), tableCapacity)
        while true {
            let entry = Int(table[slot])
            if entry < 0 { return (slot, -1) }
            let stored = wordPointer(entry)
            var equal = true
            for w in 0..<words where stored[w] != packed[w] {
                equal = false
                break
            }
            if equal { return (slot, entry) }
            slot += 1
            if slot == tableCapacity { slot = 0 }
        }
    }

    /// Stores a new position in `slot`; its index, or -1 when a budget is spent.
    mutating func insert(_ packed: [UInt64], slot: Int, parent: Int32) -> Int {
        guard count < maxStates else {
            limit = .states
            return -1
        }
        let offset = count & (Search.chunkSize - 1)
        if offset == 0 {
            guard affords(chunkBytes) else { return -1 }
            account(chunkBytes)
            wordChunks.append(UnsafeMutablePointer<UInt64>.allocate(capacity: Search.chunkSize * words))
            parentChunks.append(UnsafeMutablePointer<Int32>.allocate(capacity: Search.chunkSize))
            let flags = UnsafeMutablePointer<UInt64>.allocate(capacity: Search.chunkSize / 32)
            flags.initialize(repeating: 0, count: Search.chunkSize / 32)
            flagChunks.append(flags)
        }
        let index = count
        let target = wordPointer(index)
        for w in 0..<words { target[w] = packed[w] }
        setParent(index, parent)
        table[slot] = Int32(index)
        count += 1
        if count * 5 > tableCapacity * 4, !grow() { return -1 }
        return index
    }

    /// Grows the table by half; false when the budget cannot hold the old and new tables at
    /// once.
    mutating func grow() -> Bool {
        let capacity = tableCapacity + tableCapacity / 2
        guard affords(capacity * 4) else { return false }
        account(capacity * 4)
        let grown = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        grown.initialize(repeating: -1, count: capacity)
        var scratch = [UInt64](repeating: 0, count: words)
        for state in 0..<count {
            let stored = wordPointer(state)
            for w in 0..<words { scratch[w] = stored[w] }
            var slot = home(hash(scratch), capacity)
            while grown[slot] >= 0 {
                slot += 1
                if slot == capacity { slot = 0 }
            }
            grown[slot] = Int32(state)
        }
        table.deallocate()
        account(-tableCapacity * 4)
        table = grown
        tableCapacity = capacity
        return true
    }
}

/// A stack of positions in chunks, for an open list: it grows a chunk at a time and gives
/// emptied chunks back to a shared spare list, so the two lists never hold more than the
/// entries they have plus a chunk each.
private struct OpenList {
    var chunks: [UnsafeMutablePointer<Int32>] = []
    /// Entries in the last chunk.
    var top = Search.chunkSize

    var isEmpty: Bool { chunks.isEmpty }

    /// Whether the next push needs a chunk added first.
    var isFull: Bool { top == Search.chunkSize }

    mutating func add(_ chunk: UnsafeMutablePointer<Int32>) {
        chunks.append(chunk)
        top = 0
    }

    mutating func push(_ state: Int32) {
        chunks[chunks.count - 1][top] = state
        top += 1
    }

    mutating func pop(spare: inout [UnsafeMutablePointer<Int32>]) -> Int32? {
        guard let last = chunks.last else { return nil }
        top -= 1
        let state = last[top]
        if top == 0 {
            spare.append(chunks.removeLast())
            top = Search.chunkSize
        }
        return state
    }
}
