/// The search's working memory, in memory it allocates and accounts for itself (so it can
/// refuse to grow past its budget rather than let an allocation fail):
/// - positions in chunks of `chunkSize`: their packed words, their parent's index, and two
///   flag bits (closed, or the f-level of their open-list entry modulo 3), so nothing is
///   copied as the search grows and at most one chunk is partly empty;
/// - an open-addressing table of `Int32` indices over the positions, grown by half when
///   it is 80 % full;
/// - the open lists of the current f-level and the next two (no other level can receive a
///   position, see `run`), as stacks in chunks of `chunkSize` entries.
///
/// A non-copyable struct rather than a class: it owns its memory (freed in `deinit`), and
/// its hot fields are checked for exclusive access when compiled, not at every access.
struct Search: ~Copyable {
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
    /// The geometry of groups and regions, and the cache of group counts.
    var groups: GroupBound
    /// Per colour (indexed by its nibble, 1 to 8): whether its bound is the group count
    /// (at most `GroupBound.exactLimit` blocks at the start) rather than ⌈blocks / 4⌉.
    let exact: [Bool]
    /// Whether colour sets fit one word a colour (64 open cells or fewer).
    let masked: Bool

    var count = 0
    var bytes = 0
    var peakBytes = 0
    var limit: SolverLimit?

    var wordChunks: [UnsafeMutablePointer<UInt64>] = []
    var parentChunks: [UnsafeMutablePointer<Int32>] = []
    /// Two bits a position: 3 when it is closed, else its open-list level modulo 3.
    var flagChunks: [UnsafeMutablePointer<UInt64>] = []
    var chunkBytes: Int { Search.chunkSize * (words * 8 + 4) + Search.chunkSize / 32 * 8 }

    var table: UnsafeMutablePointer<Int32>
    var tableCapacity: Int

    /// The open lists of the levels f, f + 1 and f + 2, at index level modulo 3.
    var open = [OpenList(), OpenList(), OpenList()]
    var spareOpenChunks: [UnsafeMutablePointer<Int32>] = []
    /// Chunks the open lists hold, their spares included.
    var openChunks = 0

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
        var startCounts = [Int](repeating: 0, count: 9)
        for cell in open { if let color = board.cells[cell].color { startCounts[color.index + 1] += 1 } }
        exact = startCounts.map { $0 <= GroupBound.exactLimit }
        masked = open.count <= 64
        let capacity = 1024
        // The cache of group counts only when the budget holds it beside the first table.
        let cache = open.count <= 64 && capacity * 4 + GroupBound.firstCacheBytes <= memoryBudget
        let bound = GroupBound(board: board, open: open, links: links, cache: cache)
        let initial = capacity * 4 + bound.bytes
        groups = bound
        tableCapacity = capacity
        table = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        table.initialize(repeating: -1, count: capacity)
        account(initial)
    }

    deinit {
        groups.deallocate()
        table.deallocate()
        for chunk in wordChunks { chunk.deallocate() }
        for chunk in parentChunks { chunk.deallocate() }
        for chunk in flagChunks { chunk.deallocate() }
        for chunk in open[0].chunks + open[1].chunks + open[2].chunks + spareOpenChunks { chunk.deallocate() }
    }

    // MARK: The search

    func result(_ outcome: SolverOutcome) -> SolverResult {
        SolverResult(outcome: outcome, states: count, peakBytes: peakBytes, limit: outcome == .gaveUp ? limit : nil)
    }

    /// A* in f-levels. The bound is consistent (it falls by at most one per move) and rises
    /// by at most one per move, so a child's f is its parent's f, or one or two more: only
    /// three open lists are ever live, the current level's and the next two, and a
    /// position's depth need not be stored: it is f minus its bound when it is expanded. A
    /// position still open is on one of the three lists, and its flags say which (its level
    /// modulo 3), so a shorter path to it (which can only move it to a lower one of them) is
    /// recognised without storing its depth. Within a level, last in first out: that dives
    /// deep first and finds the goal sooner without losing optimality.
    ///
    /// Every child is tested for the goal before it is stored, and a budget that runs out
    /// while a position's children are made still lets the rest of them be tested: the
    /// answer is the same as with a larger budget whenever a stored position is one move
    /// from the goal.
    mutating func run() -> SolverResult {
        var grid = cells(of: start)
        var sets = ColourSets(regions: groups.regionCount)
        sets.load(grid, region: groups.region)
        defer { sets.deallocate() }
        // A colour with a single block in a region can never clear it: no block leaves its
        // region, and a vanish needs two of a colour side by side.
        if let lone = sets.loneBlock(grid, region: groups.region) {
            let at = openCells[lone]
            return SolverResult(
                outcome: .unsolvable, states: 1, peakBytes: peakBytes, limit: nil,
                loneBlock: CellPosition(row: at / columns, column: at % columns))
        }
        var f = bound(&sets)
        sets.clear(grid, region: groups.region)
        if f == 0 { return SolverResult(outcome: .solved([]), states: 1, peakBytes: peakBytes, limit: nil) }
        guard insert(start, slot: slot(for: start).slot, parent: -1) >= 0 else { return result(.gaveUp) }
        setLevel(0, f)
        guard push(0, level: f) else { return result(.gaveUp) }
        var child = [UInt64](repeating: 0, count: words)
        var scratch = [Int32](repeating: 0, count: GroupBound.exactLimit + 1)
        while true {
            guard let state = open[f % 3].pop(spare: &spareOpenChunks) else {
                if open[(f + 1) % 3].isEmpty, open[(f + 2) % 3].isEmpty { return result(.unsolvable) }
                f += 1
                continue
            }
            let s = Int(state)
            if isClosed(s) { continue }  // reached again by a shorter path and expanded then
            setClosed(s)
            decode(s, into: &grid)
            sets.load(grid, region: groups.region)
            defer { sets.clear(grid, region: groups.region) }
            let parentBound = bound(&sets)
            let depth = f - parentBound
            let base = wordPointer(s)
            // Set when a budget runs out: the remaining children are still tested for the goal.
            var spent = false
            for from in 0..<openCells.count {
                let color = Int(grid[from])
                guard color > 0 else { continue }
                for d in 0..<4 {
                    let stop = slideStop(from: from, direction: d, in: grid)
                    guard stop != from else { continue }
                    // The child: the block leaves `from` and lands on `stop`, then its
                    // same-coloured neighbours vanish with it.
                    var vanished = 0
                    var vanishedMask: UInt64 = 0
                    for e in 0..<4 {
                        let neighbour = Int(neighbours[stop * 4 + e])
                        if neighbour >= 0, neighbour != from, Int(grid[neighbour]) == color {
                            vanished += 1
                            if masked { vanishedMask |= 1 << UInt64(neighbour) }
                        }
                    }
                    let left = sets.counts[color] - (vanished == 0 ? 0 : vanished + 1)
                    if vanished > 0 {
                        // A lone block of this colour left in the region: dead.
                        if sets.regionCount(color, groups.region[stop]) - vanished - 1 == 1 { continue }
                    }
                    // Only the moved colour's bound changes.
                    var colourBound: Int
                    if !exact[color] {
                        colourBound = (left + 3) / 4
                    } else if left == 0 {
                        colourBound = 0
                    } else if masked {
                        var mask = sets.masks[color] & ~(1 << UInt64(from))
                        if vanished == 0 { mask |= 1 << UInt64(stop) } else { mask &= ~vanishedMask }
                        colourBound = groups.groups(mask: mask)
                    } else {
                        var n = 0
                        for k in 0..<sets.counts[color] {
                            let cell = sets.cell(color, k)
                            if Int(cell) == from { continue }
                            if vanished > 0, sets.isNeighbour(cell, of: stop, neighbours) { continue }
                            scratch[n] = cell
                            n += 1
                        }
                        if vanished == 0 {
                            scratch[n] = Int32(stop)
                            n += 1
                        }
                        colourBound = groups.groups(scratch, count: n)
                    }
                    let childBound = parentBound - sets.bounds[color] + colourBound
                    if childBound == 0 {
                        // The goal: depth + 1 == f, and every lower level is exhausted.
                        return result(.solved(path(to: s) + [move(from: from, direction: d)]))
                    }
                    if spent { continue }
                    for w in 0..<words { child[w] = base[w] }
                    clear(&child, from)
                    if vanished == 0 {
                        child[stop >> 4] |= UInt64(color) << UInt64((stop & 15) * 4)
                    } else {
                        for e in 0..<4 {
                            let neighbour = Int(neighbours[stop * 4 + e])
                            if neighbour >= 0, neighbour != from, Int(grid[neighbour]) == color { clear(&child, neighbour) }
                        }
                    }
                    let childF = depth + 1 + childBound  // f, f + 1 or f + 2
                    let (slot, found) = self.slot(for: child)
                    if found >= 0 {
                        // Known: a shorter path only if it is still open on a higher level.
                        if !isClosed(found), childF < f + (level(found) - f % 3 + 3) % 3 {
                            setParent(found, Int32(s))
                            setLevel(found, childF)
                            if !push(Int32(found), level: childF) { spent = true }
                        }
                        continue
                    }
                    let index = insert(child, slot: slot, parent: Int32(s))
                    guard index >= 0 else {
                        spent = true
                        continue
                    }
                    setLevel(index, childF)
                    if !push(Int32(index), level: childF) { spent = true }
                }
            }
            if spent { return result(.gaveUp) }
        }
    }

    /// The start's bound, or nil when a colour has a lone block in a region.
    mutating func startBound() -> Int? {
        var sets = ColourSets(regions: groups.regionCount)
        defer { sets.deallocate() }
        sets.load(cells(of: start), region: groups.region)
        return sets.hasLoneBlock(region: groups.region) ? nil : bound(&sets)
    }

    /// The bound of the position loaded in `sets`: the sum of its colours' bounds, which it
    /// also records per colour.
    mutating func bound(_ sets: inout ColourSets) -> Int {
        var total = 0
        for color in 1...8 {
            let count = sets.counts[color]
            let value: Int
            if count == 0 {
                value = 0
            } else if !exact[color] {
                value = (count + 3) / 4
            } else if masked {
                value = groups.groups(mask: sets.masks[color])
            } else {
                value = groups.groups(sets.cells(color))
            }
            sets.bounds[color] = value
            total += value
        }
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

    /// The open cell where the block on `from` stops when pushed in direction `d` (an index
    /// into `neighbours`' four): it slides through empty cells up to a wall, a block or the
    /// edge. `from` itself when it cannot move.
    @inline(__always)
    func slideStop(from: Int, direction d: Int, in grid: [UInt8]) -> Int {
        var stop = from
        while true {
            let next = Int(neighbours[stop * 4 + d])
            guard next >= 0, grid[next] == 0 else { return stop }
            stop = next
        }
    }

    /// The move that takes the position `grid` to `target`.
    func step(_ grid: [UInt8], to target: [UInt64]) -> Move? {
        var board = grid
        for from in 0..<openCells.count where grid[from] > 0 {
            for d in 0..<4 {
                let stop = slideStop(from: from, direction: d, in: grid)
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
        return word.pointee >> shift & 3 == 3
    }

    @inline(__always) func setClosed(_ state: Int) {
        let (word, shift) = flagWord(state)
        word.pointee |= 3 << shift
    }

    /// The open-list level of an open position, modulo 3.
    @inline(__always) func level(_ state: Int) -> Int {
        let (word, shift) = flagWord(state)
        return Int(word.pointee >> shift & 3)
    }

    /// Records that `state` is open on the list of `level`.
    @inline(__always) func setLevel(_ state: Int, _ level: Int) {
        let (word, shift) = flagWord(state)
        word.pointee = word.pointee & ~(3 << shift) | UInt64(level % 3) << shift
    }

    /// Pushes `state` on the open list of `level` (the current one or the next two); false
    /// when the memory budget cannot hold another chunk of the list.
    mutating func push(_ state: Int32, level: Int) -> Bool {
        let list = level % 3
        if open[list].isFull {
            if spareOpenChunks.isEmpty, (openChunks - 3) * Search.chunkSize >= count { purge() }
            guard let chunk = spareOpenChunks.popLast() ?? newOpenChunk() else { return false }
            open[list].add(chunk)
        }
        open[list].push(state)
        return true
    }

    mutating func newOpenChunk() -> UnsafeMutablePointer<Int32>? {
        let size = Search.chunkSize * 4
        guard affords(size) else { return nil }
        account(size)
        openChunks += 1
        return UnsafeMutablePointer<Int32>.allocate(capacity: Search.chunkSize)
    }

    /// Drops the open lists' stale entries (positions expanded already, or moved to a lower
    /// level by a shorter path) and releases the chunks that frees. A position has at most
    /// one live entry, so afterwards the lists hold at most one entry per stored position,
    /// and a new chunk is only taken when they would otherwise hold more (`push`): they never
    /// hold more than one entry a position and three chunks.
    mutating func purge() {
        for list in 0..<3 {
            // In place and in order: live entries move down over stale ones.
            let chunks = open[list].chunks
            guard !chunks.isEmpty else { continue }
            var written = 0
            for c in 0..<chunks.count {
                let entries = c == chunks.count - 1 ? open[list].top : Search.chunkSize
                for i in 0..<entries {
                    let state = chunks[c][i]
                    guard !isClosed(Int(state)), level(Int(state)) == list else { continue }
                    chunks[written >> Search.chunkShift][written & (Search.chunkSize - 1)] = state
                    written += 1
                }
            }
            open[list].truncate(to: written, spare: &spareOpenChunks)
        }
        for chunk in spareOpenChunks { chunk.deallocate() }
        account(-spareOpenChunks.count * Search.chunkSize * 4)
        openChunks -= spareOpenChunks.count
        spareOpenChunks.removeAll()
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
        // The cache of group counts doubles at 72 positions an entry, so it never takes more
        // than a quarter of a byte a position (beyond its first 9 KiB).
        if count == groups.cacheEntries * 72, groups.cacheGrowth > 0, bytes + groups.cacheGrowth <= memoryBudget {
            account(groups.cacheGrowth)
            groups.growCache()
        }
        return index
    }

    /// Grows the table by half; false when the budget cannot hold the new table. The old
    /// one is released first: the new one is filled from the stored positions, not from
    /// it, so the two are never held at once.
    mutating func grow() -> Bool {
        let capacity = tableCapacity + tableCapacity / 2
        guard affords(capacity * 4 - tableCapacity * 4) else { return false }
        table.deallocate()
        account(-tableCapacity * 4)
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
        table = grown
        tableCapacity = capacity
        return true
    }
}

/// A stack of positions in chunks, for an open list: it grows a chunk at a time and gives
/// emptied chunks back to a shared spare list, so the two lists never hold more than the
/// entries they have plus a chunk each.
struct OpenList {
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

    /// Keeps the first `entries` entries; the chunks that frees go to `spare`.
    mutating func truncate(to entries: Int, spare: inout [UnsafeMutablePointer<Int32>]) {
        let used = (entries + Search.chunkSize - 1) / Search.chunkSize
        while chunks.count > used { spare.append(chunks.removeLast()) }
        top = entries == 0 ? Search.chunkSize : entries - (used - 1) * Search.chunkSize
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

/// One position's blocks by colour, as an expansion needs them: counts, cells (a bit each on
/// boards of up to 64 open cells, and a list of the first `listed` of each colour), counts
/// per region, and the colours' bounds. Indexed by a colour's nibble (1 to 8). Filled by
/// `load` and emptied by `clear` with the same grid, so a position costs its blocks, not
/// the board's regions.
struct ColourSets {
    static let listed = 16

    let regions: Int
    var counts: UnsafeMutablePointer<Int>
    var masks: UnsafeMutablePointer<UInt64>
    var bounds: UnsafeMutablePointer<Int>
    var lists: UnsafeMutablePointer<Int32>
    var perRegion: UnsafeMutablePointer<Int32>

    init(regions: Int) {
        self.regions = regions
        counts = .allocate(capacity: 9)
        counts.initialize(repeating: 0, count: 9)
        masks = .allocate(capacity: 9)
        masks.initialize(repeating: 0, count: 9)
        bounds = .allocate(capacity: 9)
        bounds.initialize(repeating: 0, count: 9)
        lists = .allocate(capacity: 9 * Self.listed)
        lists.initialize(repeating: 0, count: 9 * Self.listed)
        perRegion = .allocate(capacity: 9 * regions)
        perRegion.initialize(repeating: 0, count: 9 * regions)
    }

    func deallocate() {
        counts.deallocate()
        masks.deallocate()
        bounds.deallocate()
        lists.deallocate()
        perRegion.deallocate()
    }

    func load(_ grid: [UInt8], region: [Int32]) {
        for (cell, value) in grid.enumerated() where value > 0 {
            let color = Int(value)
            let k = counts[color]
            if k < Self.listed { lists[color * Self.listed + k] = Int32(cell) }
            counts[color] = k + 1
            if cell < 64 { masks[color] |= 1 << UInt64(cell) }
            perRegion[color * regions + Int(region[cell])] += 1
        }
    }

    func clear(_ grid: [UInt8], region: [Int32]) {
        for (cell, value) in grid.enumerated() where value > 0 {
            perRegion[Int(value) * regions + Int(region[cell])] = 0
        }
        for color in 0..<9 {
            counts[color] = 0
            masks[color] = 0
        }
    }

    /// Whether some colour has exactly one block in some region.
    func hasLoneBlock(region: [Int32]) -> Bool {
        for i in 0..<(9 * regions) where perRegion[i] == 1 { return true }
        return false
    }

    /// The first cell of the loaded `grid` whose block is the only one of its colour in its
    /// region.
    func loneBlock(_ grid: [UInt8], region: [Int32]) -> Int? {
        grid.indices.first { grid[$0] > 0 && regionCount(Int(grid[$0]), region[$0]) == 1 }
    }

    func regionCount(_ color: Int, _ region: Int32) -> Int { Int(perRegion[color * regions + Int(region)]) }

    /// The k-th listed cell of `color` (k < min(count, listed)).
    func cell(_ color: Int, _ k: Int) -> Int32 { lists[color * Self.listed + k] }

    /// The listed cells of `color` (all of them when it has at most `listed`).
    func cells(_ color: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: lists + color * Self.listed, count: min(counts[color], Self.listed))
    }

    func isNeighbour(_ cell: Int32, of centre: Int, _ neighbours: [Int32]) -> Bool {
        for e in 0..<4 where neighbours[centre * 4 + e] == cell { return true }
        return false
    }
}
