/// The search's working memory, in memory it allocates and accounts for itself (so it can
/// refuse to grow past its budget rather than let an allocation fail):
/// - positions in chunks of `chunkSize`: their packed words, their parent's index, and a
///   flag byte (their depth modulo 16, the f-level of their open-list entry or closed, and
///   whether they were expanded), so nothing is copied as the search grows and at most one
///   chunk is partly empty;
/// - an open-addressing table of `Int32` entries over the positions (an index and 5 bits of
///   its hash), grown by half when it is 80 % full;
/// - the open lists of the current f-level and the next `levels` - 1 (no other level can
///   receive a position, see `run`), each a stack per depth in chunks of
///   `openChunkSize` entries.
///
/// A non-copyable struct rather than a class: it owns its memory (freed in `deinit`), and
/// its hot fields are checked for exclusive access when compiled, not at every access.
struct Search: ~Copyable {
    static let chunkShift = 10
    static let chunkSize = 1 << chunkShift
    /// Entries in a chunk of an open list (one list per level and depth).
    static let openChunkSize = 256
    /// Open lists: a child's f is at most `MoveBound.excessLimit` + 2 above its parent's
    /// (docs/solver.md), so the current level and the next `levels` - 1 are all that can be
    /// live. A position's flag byte holds its level modulo `levels` (7 when it is closed).
    static let levels = MoveBound.excessLimit + 3

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
    /// On such boards, per open cell and direction (at cell × 4 + direction): the cells a
    /// block there would pass pushed that way if nothing stopped it (a bit each), and the
    /// last of them (-1 when there is none); and per cell its neighbours. A slide stops on
    /// the cell before the first block on its ray: one bit scan, no walk.
    let rays: [UInt64]
    let rayEnds: [Int32]
    let around: [UInt64]
    /// And per region its cells.
    let regionMasks: [UInt64]
    /// On larger boards (at most 16 rows and columns), per open cell its row and column,
    /// per board cell its open cell (-1 for a wall), and per row and column the walls as
    /// bits (a cell at bit index + 1, with the edges as bits 0 and size + 1): a position's
    /// blocks are added to these, and a slide's end is one bit scan along its row or column.
    let cellRows: [Int32]
    let cellColumns: [Int32]
    let openIndex: [Int32]
    let wallRows: [UInt32]
    let wallColumns: [UInt32]

    var count = 0
    var bytes = 0
    var peakBytes = 0
    var limit: SolverLimit?
    /// The most moves a solution may take (`Solver.clears(_:within:)`): the search stops when
    /// its f-level passes it, and sets `passedCap` (every shorter solution was ruled out).
    var moveCap = Int.max
    var passedCap = false

    var wordChunks: [UnsafeMutablePointer<UInt64>] = []
    var parentChunks: [UnsafeMutablePointer<Int32>] = []
    /// A byte a position (`flag`).
    var flagChunks: [UnsafeMutablePointer<UInt8>] = []
    var chunkBytes: Int { Search.chunkSize * (words * 8 + 5) }

    var table: UnsafeMutablePointer<Int32>
    var tableCapacity: Int

    /// The open lists of the levels f to f + `levels` - 1, at index level modulo `levels`.
    var open = [OpenLevel](repeating: OpenLevel(), count: Search.levels)
    var spareOpenChunks: [UnsafeMutablePointer<Int32>] = []
    /// Chunks the open lists hold, their spares included.
    var openChunks = 0
    /// Positions expanded (a position is expanded once for each level of its children).
    var expansions = 0

    /// Checked every `SearchStop.interval` expansions.
    let stop: SearchStop

    init(board: Board, maxStates: Int, memoryBudget: Int, stop: SearchStop = .never) {
        self.stop = stop
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
        var rays = [UInt64](repeating: 0, count: masked ? open.count * 4 : 0)
        var rayEnds = [Int32](repeating: -1, count: masked ? open.count * 4 : 0)
        var around = [UInt64](repeating: 0, count: masked ? open.count : 0)
        if masked {
            for cell in 0..<open.count {
                for d in 0..<4 {
                    var next = Int(links[cell * 4 + d])
                    if next >= 0 { around[cell] |= 1 << UInt64(next) }
                    while next >= 0 {
                        rays[cell * 4 + d] |= 1 << UInt64(next)
                        rayEnds[cell * 4 + d] = Int32(next)
                        next = Int(links[next * 4 + d])
                    }
                }
            }
        }
        self.rays = rays
        self.rayEnds = rayEnds
        self.around = around
        let capacity = 1024
        // The cache of group counts only when the budget holds it beside the first table.
        let cache = capacity * 4 + GroupBound.firstCacheBytes(openCells: open.count) <= memoryBudget
        let bound = GroupBound(board: board, open: open, links: links, cache: cache)
        let initial = capacity * 4 + bound.bytes
        var regionMasks = [UInt64](repeating: 0, count: masked ? bound.regionCount : 0)
        if masked { for cell in 0..<open.count { regionMasks[Int(bound.region[cell])] |= 1 << UInt64(cell) } }
        self.regionMasks = regionMasks
        cellRows = masked ? [] : open.map { Int32($0 / board.columns) }
        cellColumns = masked ? [] : open.map { Int32($0 % board.columns) }
        openIndex = masked ? [] : index.map(Int32.init)
        var wallRows = [UInt32](repeating: 0, count: masked ? 0 : board.rows)
        var wallColumns = [UInt32](repeating: 0, count: masked ? 0 : board.columns)
        if !masked {
            for row in 0..<board.rows { wallRows[row] = 1 | 1 << UInt32(board.columns + 1) }
            for column in 0..<board.columns { wallColumns[column] = 1 | 1 << UInt32(board.rows + 1) }
            for cell in 0..<board.cells.count where index[cell] < 0 {
                wallRows[cell / board.columns] |= 1 << UInt32(cell % board.columns + 1)
                wallColumns[cell % board.columns] |= 1 << UInt32(cell / board.columns + 1)
            }
        }
        self.wallRows = wallRows
        self.wallColumns = wallColumns
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
        for chunk in open.flatMap({ $0.lists.flatMap(\.chunks) }) + spareOpenChunks { chunk.deallocate() }
    }

    // MARK: The search

    func result(_ outcome: SolverOutcome) -> SolverResult {
        SolverResult(
            outcome: outcome, states: count, peakBytes: peakBytes, limit: outcome == .gaveUp ? limit : nil, expansions: expansions)
    }

    /// A* in f-levels, with partial expansion. The bound is consistent (it falls by at most
    /// one a move) and rises by at most `MoveBound.excessLimit` + 1 a move, so a child's f
    /// is at most that plus one above its parent's: only `levels` open lists are ever live.
    ///
    /// Partial expansion: expanding a position stores only its children of the current
    /// level; the position goes back on the open list of the lowest higher level any child
    /// has, and is expanded again there for those. So positions that would only ever wait on
    /// a level above the optimum are never stored (most of them: a tenth as many stored on
    /// dense boards), at the price of making a position's children once per level.
    ///
    /// Within a level, the deepest position first (the most moves made, the fewest left by
    /// the bound): on the last level that dives straight at the goal rather than searching
    /// the positions left over from the levels below first. A position's depth is its open
    /// list's; its flags keep it modulo 16, which also tells an entry left stale by a
    /// shorter path from the live one. Only a position never expanded can be reached by a
    /// shorter path (an expanded one's depth is optimal), and it is then open on a higher
    /// level: its flags say which, so the shorter path is recognised without storing depths.
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
        if f > moveCap {
            passedCap = true
            return result(.gaveUp)
        }
        let first = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        defer { first.deallocate() }
        for w in 0..<words { first[w] = start[w] }
        let firstSlot = slot(for: first)
        guard insert(first, slot: firstSlot.slot, tag: firstSlot.tag, parent: -1) >= 0 else { return result(.gaveUp) }
        setOpen(0, level: f, depth: 0)
        guard push(0, level: f, depth: 0) else { return result(.gaveUp) }
        var scratch = [Int32](repeating: 0, count: GroupBound.exactLimit + 1)
        // The children of the current level of the position being expanded (at most four
        // moves a block) and their hashes, and the blocks to move: held for the whole
        // search, accounted once.
        let pendingCapacity = max(openCells.count * 4, 1) * words
        let scratchBytes =
            pendingCapacity * 8 + max(openCells.count * 4, 1) * 8 + max(openCells.count, 1) * 16
            + (openCells.count + 63) / 64 * 8 + openCells.count + (masked ? 0 : openCells.count * 8 + (rows + columns) * 4)
        guard affords(scratchBytes) else { return result(.gaveUp) }
        account(scratchBytes)
        let pending = UnsafeMutablePointer<UInt64>.allocate(capacity: pendingCapacity)
        defer { pending.deallocate() }
        let pendingHashes = UnsafeMutablePointer<UInt64>.allocate(capacity: max(openCells.count * 4, 1))
        defer { pendingHashes.deallocate() }
        var pendingCount = 0
        var blocks = [(Int, Int)](repeating: (0, 0), count: max(openCells.count, 1))
        // On boards of over 64 open cells, the blocks that can move (a bit a cell), the
        // directions each can take, and the rows' and columns' walls and blocks (a bit each).
        var movable = [UInt64](repeating: 0, count: masked ? 0 : (openCells.count + 63) / 64)
        var freeSides = [UInt8](repeating: 0, count: masked ? 0 : openCells.count)
        // Scratch of the sparse way, written for every block of every position expanded:
        // raw memory, so no write checks whether an array's buffer is shared.
        let rowMasks = UnsafeMutablePointer<UInt32>.allocate(capacity: max(wallRows.count, 1))
        defer { rowMasks.deallocate() }
        let columnMasks = UnsafeMutablePointer<UInt32>.allocate(capacity: max(wallColumns.count, 1))
        defer { columnMasks.deallocate() }
        for row in wallRows.indices { rowMasks[row] = wallRows[row] }
        for column in wallColumns.indices { columnMasks[column] = wallColumns[column] }
        let blocksAtStart = grid.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        let placed = UnsafeMutablePointer<Int>.allocate(capacity: max(openCells.count, 1))
        defer { placed.deallocate() }
        var placedCount = 0
        // A board of over 64 open cells with more empty cells than blocks at the start (a
        // sparse one: the 16x16 with 28 blocks) reads a position a block at a time
        // and slides by bit scans along rows and columns; a crowded one a cell at a time,
        // with slides of a cell or two walked. In the sparse way only the position's blocks
        // are written into `grid`, which is empty between expansions.
        let sparse = !masked && blocksAtStart * 2 <= openCells.count
        if sparse { for i in grid.indices { grid[i] = 0 } }
        while true {
            guard let (state, depth) = pop(level: f) else {
                if open.allSatisfy(\.isEmpty) { return result(.unsolvable) }
                f += 1
                if f > moveCap {
                    passedCap = true
                    return result(.gaveUp)
                }
                continue
            }
            let s = Int(state)
            // Stale: expanded since at a shorter depth, or queued again on another level.
            guard !isClosed(s), level(s) == f % Search.levels, depthBits(s) == depth & 15 else { continue }
            if expansions % SearchStop.interval == 0, stop.isRequested {
                limit = .stopped
                return result(.gaveUp)
            }
            expansions += 1
            setExpanded(s)
            let base = wordPointer(s)
            // The position's blocks: by colour, and as (cell, colour) pairs to move.
            var blockCount = 0
            if masked {
                loadMasks(base, into: sets)
                for color in 1...8 {
                    var cells = sets.masks[color]
                    while cells != 0 {
                        blocks[blockCount] = (cells.trailingZeroBitCount, color)
                        blockCount += 1
                        cells &= cells - 1
                    }
                }
            } else {
                if sparse {
                    // The blocks, from the packed words a nibble at a time (a step per block,
                    // not per cell), into `grid`, `sets` and the rows' and columns' bits;
                    // each looks at its own neighbours for the ways it can move.
                    for w in 0..<words {
                        var word = base[w]
                        while word != 0 {
                            let shift = word.trailingZeroBitCount & ~3
                            let cell = w * 16 + shift / 4
                            let color = Int(word >> UInt64(shift) & 15)
                            grid[cell] = UInt8(color)
                            sets.add(cell, color: color, region: groups.region[cell])
                            rowMasks[Int(cellRows[cell])] |= 1 << UInt32(cellColumns[cell] + 1)
                            columnMasks[Int(cellColumns[cell])] |= 1 << UInt32(cellRows[cell] + 1)
                            placed[placedCount] = cell
                            placedCount += 1
                            word &= ~(15 << UInt64(shift))
                        }
                    }
                    for k in 0..<placedCount {
                        let cell = placed[k]
                        for e in 0..<4 {
                            let neighbour = Int(neighbours[cell * 4 + e])
                            if neighbour >= 0, grid[neighbour] == 0 {
                                movable[cell >> 6] |= 1 << UInt64(cell & 63)
                                freeSides[cell] |= UInt8(1 << e)
                            }
                        }
                    }
                } else {
                    decode(s, into: &grid)
                    sets.load(grid, region: groups.region)
                    // Only a block beside an empty cell can move, and only towards it: on a
                    // crowded board a few of the hundreds. Found from the empty cells, kept in
                    // cell order (a bit each), with the directions each can take (`freeSides`;
                    // the way from an empty cell to a block, reversed: up and down, left and
                    // right are 0 and 1, 2 and 3).
                    for cell in 0..<openCells.count where grid[cell] == 0 {
                        for e in 0..<4 {
                            let neighbour = Int(neighbours[cell * 4 + e])
                            if neighbour >= 0, grid[neighbour] > 0 {
                                movable[neighbour >> 6] |= 1 << UInt64(neighbour & 63)
                                freeSides[neighbour] |= UInt8(1 << (e ^ 1))
                            }
                        }
                    }
                }
                // The blocks to move: those that can, in cell order.
                for w in movable.indices {
                    var bits = movable[w]
                    while bits != 0 {
                        let cell = w * 64 + bits.trailingZeroBitCount
                        blocks[blockCount] = (cell, Int(grid[cell]))
                        blockCount += 1
                        bits &= bits - 1
                    }
                    movable[w] = 0
                }
            }
            defer {
                if masked {
                    sets.clearMasks()
                } else if !sparse {
                    sets.clear(grid, region: groups.region)
                } else {
                    // Back to no blocks: only the cells this position filled.
                    for k in 0..<placedCount {
                        let cell = placed[k]
                        sets.remove(cell, color: Int(grid[cell]), region: groups.region[cell])
                        grid[cell] = 0
                        rowMasks[Int(cellRows[cell])] = wallRows[Int(cellRows[cell])]
                        columnMasks[Int(cellColumns[cell])] = wallColumns[Int(cellColumns[cell])]
                    }
                    placedCount = 0
                }
            }
            let parentBound = bound(&sets)
            // The lowest level above f of a child: where the position is expanded again.
            var next = Int.max
            // Set when a budget runs out: the remaining children are still tested for the goal.
            var spent = false
            var occupied: UInt64 = 0
            if masked { for color in 1...8 { occupied |= sets.masks[color] } }
            for blockIndex in 0..<blockCount {
                let (from, color) = blocks[blockIndex]
                // On a crowded board most blocks have no empty neighbour: no move at all.
                let free = masked ? around[from] & ~occupied : 0
                if masked, free == 0 { continue }
                let sides = masked ? 0 : freeSides[from]
                if !masked { freeSides[from] = 0 }
                for d in 0..<4 {
                    if masked {
                        let step = Int(neighbours[from * 4 + d])
                        guard step >= 0, free & (1 << UInt64(step)) != 0 else { continue }
                    } else if sides & UInt8(1 << d) == 0 {
                        continue
                    }
                    let stop =
                        masked
                        ? slideStop(from: from, direction: d, occupied: occupied)
                        : sparse
                            ? slideStop(from: from, direction: d, rows: rowMasks, columns: columnMasks)
                            : slideStop(from: from, direction: d, in: grid)
                    guard stop != from else { continue }
                    // The child: the block leaves `from` and lands on `stop`, then its
                    // same-coloured neighbours vanish with it.
                    var vanished = 0
                    var vanishedMask: UInt64 = 0
                    if masked {
                        vanishedMask = around[stop] & sets.masks[color] & ~(1 << UInt64(from))
                        // At most three bits: cheaper than a population count without the
                        // instruction (the baseline x86-64 has none).
                        var rest = vanishedMask
                        while rest != 0 {
                            vanished += 1
                            rest &= rest - 1
                        }
                    } else {
                        for e in 0..<4 {
                            let neighbour = Int(neighbours[stop * 4 + e])
                            if neighbour >= 0, neighbour != from, Int(grid[neighbour]) == color { vanished += 1 }
                        }
                    }
                    let left = sets.counts[color] - (vanished == 0 ? 0 : vanished + 1)
                    if vanished > 0 {
                        // A lone block of this colour left in the region: dead.
                        if regionCount(sets, color, groups.region[stop]) - vanished - 1 == 1 { continue }
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
                        colourBound = groups.bound(mask: mask)
                    } else {
                        // The colour's cells after the move, in increasing order (the cache's key).
                        var n = 0
                        var landed = vanished != 0
                        for k in 0..<sets.counts[color] {
                            let cell = sets.cell(color, k)
                            if Int(cell) == from { continue }
                            if vanished > 0, sets.isNeighbour(cell, of: stop, neighbours) { continue }
                            if !landed, Int(cell) > stop {
                                scratch[n] = Int32(stop)
                                n += 1
                                landed = true
                            }
                            scratch[n] = cell
                            n += 1
                        }
                        if !landed {
                            scratch[n] = Int32(stop)
                            n += 1
                        }
                        colourBound = scratch.withUnsafeBufferPointer {
                            groups.bound(sortedCells: UnsafeBufferPointer(rebasing: $0[0..<n]))
                        }
                    }
                    let childBound = parentBound - sets.bounds[color] + colourBound
                    if childBound == 0 {
                        // The goal: the first time this position is expanded, depth + 1 == f
                        // (the bound is consistent), and every lower level is exhausted.
                        return result(.solved(path(to: s) + [move(from: from, direction: d)]))
                    }
                    // Only the children of this level are stored now; the rest when the
                    // position is expanded again on theirs (those below were stored before).
                    let childF = depth + 1 + childBound
                    if childF != f {
                        if childF > f { next = min(next, childF) }
                        continue
                    }
                    if spent { continue }
                    // Stored after the moves are made, all together (`store`).
                    let child = pending + pendingCount * words
                    for w in 0..<words { child[w] = base[w] }
                    clear(child, from)
                    if vanished == 0 {
                        child[stop >> 4] |= UInt64(color) << UInt64((stop & 15) * 4)
                    } else if masked {
                        var gone = vanishedMask
                        while gone != 0 {
                            clear(child, gone.trailingZeroBitCount)
                            gone &= gone - 1
                        }
                    } else {
                        for e in 0..<4 {
                            let neighbour = Int(neighbours[stop * 4 + e])
                            if neighbour >= 0, neighbour != from, Int(grid[neighbour]) == color { clear(child, neighbour) }
                        }
                    }
                    pendingHashes[pendingCount] = self.hash(child)
                    pendingCount += 1
                }
            }
            if !spent, !store(pending, hashes: pendingHashes, count: pendingCount, parent: state, level: f, depth: depth + 1) {
                spent = true
            }
            pendingCount = 0
            if spent { return result(.gaveUp) }
            if next == Int.max {
                setClosed(s)
            } else {
                setOpen(s, level: next, depth: depth)
                if !push(state, level: next, depth: depth) { return result(.gaveUp) }
            }
        }
    }

    /// Stores the `count` children in `children` (`words` each) of `parent` on the open list
    /// of `level` and `depth`, or records a shorter path to a child already stored; false
    /// when a budget runs out. Their slots are read first, all of them, and then the words
    /// of the positions there, so the memory reads of one child wait alongside the others'
    /// rather than one after another.
    mutating func store(
        _ children: UnsafeMutablePointer<UInt64>, hashes: UnsafeMutablePointer<UInt64>, count: Int, parent: Int32, level: Int, depth: Int
    ) -> Bool {
        guard count > 0 else { return true }
        var seen: UInt64 = 0
        for i in 0..<count {
            seen &+= UInt64(UInt32(bitPattern: table[home(hashes[i], tableCapacity)]))
        }
        for i in 0..<count {
            let entry = UInt32(bitPattern: table[home(hashes[i], tableCapacity)])
            if entry != UInt32.max { seen &+= wordPointer(Int(entry & (1 << Search.indexBits - 1)))[0] }
        }
        // Keeps the reads above (their sum is never this).
        if seen == 1 << 63 { return true }
        for i in 0..<count {
            let child = children + i * words
            let (slot, found, tag) = self.slot(for: child, hash: hashes[i])
            if found >= 0 {
                // Known: a shorter path only if it was never expanded (an expanded position's
                // depth is optimal) and waits on a higher level.
                if !isExpanded(found), self.level(found) != level % Search.levels {
                    setParent(found, parent)
                    setOpen(found, level: level, depth: depth)
                    if !push(Int32(found), level: level, depth: depth) { return false }
                }
                continue
            }
            let index = insert(child, slot: slot, tag: tag, parent: parent)
            guard index >= 0 else { return false }
            setOpen(index, level: level, depth: depth)
            if !push(Int32(index), level: level, depth: depth) { return false }
        }
        return true
    }

    /// Fills `sets`' masks and counts (boards of up to 64 open cells) from the packed
    /// position at `packed`: a step per block, not per cell.
    func loadMasks(_ packed: UnsafePointer<UInt64>, into sets: ColourSets) {
        for w in 0..<words {
            var word = packed[w]
            while word != 0 {
                let shift = word.trailingZeroBitCount & ~3
                let color = Int(word >> UInt64(shift) & 15)
                sets.masks[color] |= 1 << UInt64(w * 16 + shift / 4)
                sets.counts[color] += 1
                word &= ~(15 << UInt64(shift))
            }
        }
    }

    /// Blocks of `color` in `region` in the position loaded in `sets`.
    @inline(__always) func regionCount(_ sets: ColourSets, _ color: Int, _ region: Int32) -> Int {
        guard masked else { return sets.regionCount(color, region) }
        return groups.regionCount == 1 ? sets.counts[color] : (sets.masks[color] & regionMasks[Int(region)]).nonzeroBitCount
    }

    /// The start's bound, or nil when a colour has a lone block in a region.
    mutating func startBound() -> Int? { bound(of: cells(of: start)) }

    /// The bound of a position of this board (its open cells' nibbles, in order), or nil
    /// when a colour has a lone block in a region.
    mutating func bound(of grid: [UInt8]) -> Int? {
        var sets = ColourSets(regions: groups.regionCount)
        defer { sets.deallocate() }
        sets.load(grid, region: groups.region)
        return sets.hasLoneBlock(region: groups.region) ? nil : bound(&sets)
    }

    /// `board`'s open cells as nibbles (0 empty, 1 to 8 a colour), in this search's order;
    /// nil when its walls are not this search's board's.
    func grid(of board: Board) -> [UInt8]? {
        guard board.rows == rows, board.columns == columns,
            board.cells.indices.filter({ board.cells[$0] != .wall }) == openCells
        else { return nil }
        return openCells.map { UInt8((board.cells[$0].color?.index ?? -1) + 1) }
    }

    /// The start's two bounds per colour present: the group count, and the movement bound
    /// where it applies (docs/solver.md).
    mutating func startBoundParts() -> [(color: Int, groups: Int, movement: Int?)] {
        let sets = ColourSets(regions: groups.regionCount)
        defer { sets.deallocate() }
        sets.load(cells(of: start), region: groups.region)
        var parts: [(color: Int, groups: Int, movement: Int?)] = []
        for color in 1...8 where sets.counts[color] > 0 {
            if masked {
                let mask = sets.masks[color]
                parts.append((color, groups.groupCount(mask: mask), groups.movementBound(mask: mask)))
            } else {
                parts.append((color, groups.groups(sets.cells(color)), nil))
            }
        }
        return parts
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
                value = groups.bound(mask: sets.masks[color])
            } else {
                value = groups.bound(sortedCells: sets.cells(color))
            }
            sets.bounds[color] = value
            total += value
        }
        return total
    }

    func clear(_ packed: UnsafeMutablePointer<UInt64>, _ cell: Int) {
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

    /// `slideStop(from:direction:in:)` on a board of up to 64 open cells whose blocks are on
    /// the cells set in `occupied`.
    @inline(__always)
    func slideStop(from: Int, direction d: Int, occupied: UInt64) -> Int {
        rays.withUnsafeBufferPointer { rays in
            let blockers = rays[from * 4 + d] & occupied
            if blockers == 0 { return rayEnds.withUnsafeBufferPointer { Int($0[from * 4 + d]) < 0 ? from : Int($0[from * 4 + d]) } }
            // Up and left run to lower cells: the first blocker is the highest one.
            let first = d == 0 || d == 2 ? 63 - blockers.leadingZeroBitCount : blockers.trailingZeroBitCount
            let before = neighbours.withUnsafeBufferPointer { Int($0[first * 4 + (d ^ 1)]) }
            return before
        }
    }

    /// `slideStop(from:direction:in:)` on a board of over 64 open cells, whose rows' and
    /// columns' walls and blocks are the bits of `rows` and `columns` (`wallRows`).
    @inline(__always)
    func slideStop(from: Int, direction d: Int, rows: UnsafeMutablePointer<UInt32>, columns: UnsafeMutablePointer<UInt32>) -> Int {
        let row = Int(cellRows[from])
        let column = Int(cellColumns[from])
        // The cell's own bit; the first set bit beyond it that way is what stops the block.
        let along = d < 2 ? columns[column] : rows[row]
        let at = d < 2 ? row + 1 : column + 1
        let stopAt: Int
        if d == 0 || d == 2 {
            let before = along & (UInt32(1) << UInt32(at) &- 1)
            stopAt = 32 - before.leadingZeroBitCount
        } else {
            let after = along & ~(UInt32(1) << UInt32(at + 1) &- 1)
            stopAt = after.trailingZeroBitCount - 1
        }
        // Bit b is row or column b - 1.
        let cell = d < 2 ? (stopAt - 1) * self.columns + column : row * self.columns + stopAt - 1
        return Int(openIndex[cell])
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

    /// A position's flag byte: its depth modulo 16 (bits 0-3), the level of the open list
    /// that holds it modulo `levels`, or 7 when it is closed (bits 4-6), and whether it was
    /// expanded (bit 7).
    @inline(__always) func flag(_ state: Int) -> UnsafeMutablePointer<UInt8> {
        flagChunks[state >> Search.chunkShift] + (state & (Search.chunkSize - 1))
    }

    @inline(__always) func isClosed(_ state: Int) -> Bool { flag(state).pointee >> 4 & 7 == 7 }

    @inline(__always) func setClosed(_ state: Int) { flag(state).pointee |= 7 << 4 }

    @inline(__always) func isExpanded(_ state: Int) -> Bool { flag(state).pointee >> 7 != 0 }

    @inline(__always) func setExpanded(_ state: Int) { flag(state).pointee |= 1 << 7 }

    /// The open-list level of an open position, modulo `levels`.
    @inline(__always) func level(_ state: Int) -> Int { Int(flag(state).pointee >> 4 & 7) }

    /// Its depth modulo 16.
    @inline(__always) func depthBits(_ state: Int) -> Int { Int(flag(state).pointee & 15) }

    /// Records that `state` is open on the list of `level`, at `depth`.
    @inline(__always) func setOpen(_ state: Int, level: Int, depth: Int) {
        let word = flag(state)
        word.pointee = word.pointee & (1 << 7) | UInt8(level % Search.levels) << 4 | UInt8(depth & 15)
    }

    /// Pushes `state` on the open list of `level` (the current one or one of the next
    /// `levels` - 1) and `depth`; false when the memory budget cannot hold another chunk.
    mutating func push(_ state: Int32, level: Int, depth: Int) -> Bool {
        let index = level % Search.levels
        while open[index].lists.count <= depth { open[index].lists.append(OpenList()) }
        if open[index].lists[depth].isFull {
            if spareOpenChunks.isEmpty, (openChunks - open.reduce(0) { $0 + $1.lists.count }) * Search.openChunkSize >= count {
                purge()
            }
            guard let chunk = spareOpenChunks.popLast() ?? newOpenChunk() else { return false }
            open[index].lists[depth].add(chunk)
        }
        open[index].lists[depth].push(state)
        open[index].deepest = max(open[index].deepest, depth)
        return true
    }

    /// The deepest entry of the open list of `level`, and its depth; nil when it is empty.
    mutating func pop(level: Int) -> (Int32, Int)? {
        let index = level % Search.levels
        while open[index].deepest >= 0 {
            let depth = open[index].deepest
            if let state = open[index].lists[depth].pop(spare: &spareOpenChunks) { return (state, depth) }
            open[index].deepest -= 1
        }
        return nil
    }

    mutating func newOpenChunk() -> UnsafeMutablePointer<Int32>? {
        let size = Search.openChunkSize * 4
        guard affords(size) else { return nil }
        account(size)
        openChunks += 1
        return UnsafeMutablePointer<Int32>.allocate(capacity: Search.openChunkSize)
    }

    /// Drops the open lists' stale entries (positions expanded already, or moved to another
    /// level or depth) and releases the chunks that frees. A position has at most one live
    /// entry, so afterwards the lists hold at most one entry per stored position, and a new
    /// chunk is only taken when they would otherwise hold more (`push`): they never hold more
    /// than one entry a position and a chunk a list.
    mutating func purge() {
        for index in 0..<Search.levels {
            for depth in open[index].lists.indices {
                // In place and in order: live entries move down over stale ones.
                let chunks = open[index].lists[depth].chunks
                guard !chunks.isEmpty else { continue }
                var written = 0
                for c in 0..<chunks.count {
                    let entries = c == chunks.count - 1 ? open[index].lists[depth].top : Search.openChunkSize
                    for i in 0..<entries {
                        let state = Int(chunks[c][i])
                        guard !isClosed(state), level(state) == index, depthBits(state) == depth & 15 else { continue }
                        chunks[written / Search.openChunkSize][written % Search.openChunkSize] = Int32(state)
                        written += 1
                    }
                }
                open[index].lists[depth].truncate(to: written, spare: &spareOpenChunks)
            }
        }
        for chunk in spareOpenChunks { chunk.deallocate() }
        account(-spareOpenChunks.count * Search.openChunkSize * 4)
        openChunks -= spareOpenChunks.count
        spareOpenChunks.removeAll()
    }

    // MARK: The table

    /// SplitMix64's finalizer over each word: every input bit reaches the bits the table
    /// indexes by (a single multiply leaves the low ones depending on the low input bits
    /// only, and some boards then probe long chains).
    @inline(__always) func hash(_ packed: UnsafePointer<UInt64>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for w in 0..<words {
            let word = packed[w]
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

    /// A table entry: a position's index (below 2^27: `Solver.maximumStates` is less) and,
    /// in the top 5 bits, 5 bits of its hash, so most probes past other positions never read
    /// their words. -1 (all ones) is an empty slot.
    static let indexBits = 27

    @inline(__always) func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash) & 31 }

    /// The slot where `packed` is or would go, its index when it is stored (else -1), and
    /// the tag of its hash.
    func slot(for packed: UnsafePointer<UInt64>) -> (slot: Int, found: Int, tag: UInt32) {
        slot(for: packed, hash: hash(packed))
    }

    /// `slot(for:)` with the position's `hash` already worked out.
    func slot(for packed: UnsafePointer<UInt64>, hash: UInt64) -> (slot: Int, found: Int, tag: UInt32) {
        let tag = self.tag(hash)
        var slot = home(hash, tableCapacity)
        while true {
            let entry = UInt32(bitPattern: table[slot])
            if entry == UInt32.max { return (slot, -1, tag) }
            if entry >> Search.indexBits == tag {
                let index = Int(entry & (1 << Search.indexBits - 1))
                let stored = wordPointer(index)
                var equal = true
                for w in 0..<words where stored[w] != packed[w] {
                    equal = false
                    break
                }
                if equal { return (slot, index, tag) }
            }
            slot += 1
            if slot == tableCapacity { slot = 0 }
        }
    }

    /// Stores a new position in `slot`; its index, or -1 when a budget is spent.
    mutating func insert(_ packed: UnsafePointer<UInt64>, slot: Int, tag: UInt32, parent: Int32) -> Int {
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
            let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: Search.chunkSize)
            flags.initialize(repeating: 0, count: Search.chunkSize)
            flagChunks.append(flags)
        }
        let index = count
        let target = wordPointer(index)
        for w in 0..<words { target[w] = packed[w] }
        setParent(index, parent)
        table[slot] = Int32(bitPattern: UInt32(index) | tag << Search.indexBits)
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
        for state in 0..<count {
            let hash = self.hash(wordPointer(state))
            var slot = home(hash, capacity)
            while grown[slot] != -1 {
                slot += 1
                if slot == capacity { slot = 0 }
            }
            grown[slot] = Int32(bitPattern: UInt32(state) | tag(hash) << Search.indexBits)
        }
        table = grown
        tableCapacity = capacity
        return true
    }
}

/// The open lists of one level: a stack per depth, and the deepest that may hold entries.
struct OpenLevel {
    var lists: [OpenList] = []
    var deepest = -1

    var isEmpty: Bool { lists.allSatisfy(\.isEmpty) }
}

/// A stack of positions in chunks, for an open list: it grows a chunk at a time and gives
/// emptied chunks back to a shared spare list, so the lists never hold more than the
/// entries they have plus a chunk each.
struct OpenList {
    var chunks: [UnsafeMutablePointer<Int32>] = []
    /// Entries in the last chunk.
    var top = Search.openChunkSize

    var isEmpty: Bool { chunks.isEmpty }

    /// Whether the next push needs a chunk added first.
    var isFull: Bool { top == Search.openChunkSize }

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
        let used = (entries + Search.openChunkSize - 1) / Search.openChunkSize
        while chunks.count > used { spare.append(chunks.removeLast()) }
        top = entries == 0 ? Search.openChunkSize : entries - (used - 1) * Search.openChunkSize
    }

    mutating func pop(spare: inout [UnsafeMutablePointer<Int32>]) -> Int32? {
        guard let last = chunks.last else { return nil }
        top -= 1
        let state = last[top]
        if top == 0 {
            spare.append(chunks.removeLast())
            top = Search.openChunkSize
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
        // Index loops, not `enumerated()`: a debug build runs that as generic code, looking
        // up tuple metadata for every cell of every position expanded.
        for cell in grid.indices where grid[cell] > 0 {
            let color = Int(grid[cell])
            let k = counts[color]
            if k < Self.listed { lists[color * Self.listed + k] = Int32(cell) }
            counts[color] = k + 1
            if cell < 64 { masks[color] |= 1 << UInt64(cell) }
            perRegion[color * regions + Int(region[cell])] += 1
        }
    }

    /// Adds a block of `color` on `cell` (boards of over 64 open cells: no masks).
    @inline(__always) func add(_ cell: Int, color: Int, region: Int32) {
        let k = counts[color]
        if k < Self.listed { lists[color * Self.listed + k] = Int32(cell) }
        counts[color] = k + 1
        perRegion[color * regions + Int(region)] += 1
    }

    /// Takes away what `add` added (counts go to 0 with the last block of each colour).
    @inline(__always) func remove(_ cell: Int, color: Int, region: Int32) {
        counts[color] = 0
        perRegion[color * regions + Int(region)] = 0
    }

    /// Empties what `Search.loadMasks` filled.
    func clearMasks() {
        for color in 0..<9 {
            counts[color] = 0
            masks[color] = 0
        }
    }

    func clear(_ grid: [UInt8], region: [Int32]) {
        for cell in grid.indices where grid[cell] > 0 {
            perRegion[Int(grid[cell]) * regions + Int(region[cell])] = 0
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
