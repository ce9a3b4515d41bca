/// The solver's bound on the moves one colour still needs: the fewest *groups* its blocks
/// split into, where a group is a set of blocks that one move could clear together as far
/// as the walls can tell. docs/solver.md proves it never overestimates and changes by at
/// most one a move.
///
/// A *template* is a cell `b` that is not a wall, a block's start `x` in line with it (same
/// row or column, no wall between, `x != b`), and the cell `p` next to `b` on the way from
/// `x`: {x} ∪ (neighbours of b, walls excepted, minus p). A move of `x` that stops on `b`
/// clears at most that template's blocks (the block itself and its own colour around `b`;
/// `p` is the cell it came through, empty or `x` itself). A group is a single block or any
/// set of blocks inside one template. Groups depend on the walls alone, so one colour's
/// count never changes when another colour moves.
///
/// Only colours of at most `exactLimit` blocks at the start get this count (a cover search
/// is exponential in the blocks); the others keep ⌈blocks / 4⌉, which is consistent too.
struct GroupBound {
    /// Colours with more blocks than this at the start are bounded by ⌈blocks / 4⌉.
    static let exactLimit = 12
    /// Entries of the cache of counts (boards of up to 64 open cells) at the start, and at
    /// most: it doubles as the search grows (`growCache`).
    static let firstCacheShift = 10
    static let lastCacheShift = 15

    let cellCount: Int
    /// For each open cell and direction (up, down, left, right): the neighbouring open cell,
    /// or -1 for the edge or a wall.
    let neighbours: [Int32]
    /// Per open cell: its row and column on the board, and the runs of open cells it lies
    /// on along its row and along its column (cells of one run see each other past no wall).
    let row: [Int32]
    let column: [Int32]
    let rowRun: [Int32]
    let columnRun: [Int32]
    /// Per open cell: its region, the connected part of the board between walls that no
    /// block ever leaves.
    let region: [Int32]
    let regionCount: Int

    // Scratch of `groups`: where each cell of the set is in it (valid when its stamp is
    // current), which centres were seen, and the candidate groups as masks over the set.
    var slot: [Int32]
    var slotStamp: [UInt32]
    var centreStamp: [UInt32]
    var stamp: UInt32 = 0
    var masks: [UInt16]
    var kept: [UInt16]

    /// Counts are remembered by the set's cells: a colour's set recurs in many positions.
    /// Boards of up to 64 open cells key an entry by the cells' bits (one word); larger ones
    /// (`wide`) by the cells' indices, in order, a byte each (two words: the first eight
    /// cells, then four more and the count in the top byte; a colour of an exact count has
    /// at most `exactLimit` = 12 blocks, and a board at most 256 cells). Direct-mapped; a
    /// key of 0 (in its last word) is an empty slot: a set of under two blocks is never
    /// looked up.
    var cacheKeys: UnsafeMutablePointer<UInt64>?
    var cacheValues: UnsafeMutablePointer<UInt8>?
    /// Whether the cache is keyed by cell indices (boards of over 64 open cells).
    let wide: Bool
    /// The cache has 2^cacheShift entries of `entryBytes` bytes.
    var cacheShift = GroupBound.firstCacheShift
    /// Bytes an entry of the cache takes: its key and a byte of count.
    var entryBytes: Int { wide ? 17 : 9 }
    /// Bytes the first cache takes on a board with `openCells` open cells.
    static func firstCacheBytes(openCells: Int) -> Int { (1 << firstCacheShift) * (openCells > 64 ? 17 : 9) }

    /// The movement bound (`MoveBound`), on boards of up to 64 open cells.
    let movement: MoveBound?

    /// The geometry of `board`'s open cells (`open` lists their board indices in order)
    /// and their `links` (4 per cell, -1 at an edge or wall).
    init(board: Board, open: [Int], links: [Int32], cache: Bool) {
        cellCount = open.count
        neighbours = links
        row = open.map { Int32($0 / board.columns) }
        column = open.map { Int32($0 % board.columns) }
        // Runs: a cell continues the run of its left (upper) neighbour, else starts one.
        var rowRun = [Int32](repeating: 0, count: open.count)
        var columnRun = [Int32](repeating: 0, count: open.count)
        var runs: Int32 = 0
        for i in 0..<open.count {
            let left = links[i * 4 + 2]
            if left >= 0 {
                rowRun[i] = rowRun[Int(left)]
            } else {
                rowRun[i] = runs
                runs += 1
            }
        }
        runs = 0
        for i in 0..<open.count {
            let up = links[i * 4]
            if up >= 0 {
                columnRun[i] = columnRun[Int(up)]
            } else {
                columnRun[i] = runs
                runs += 1
            }
        }
        self.rowRun = rowRun
        self.columnRun = columnRun
        let regions = board.regionLabels()
        region = open.map { regions.labels[$0] }
        regionCount = regions.count
        slot = [Int32](repeating: 0, count: open.count)
        slotStamp = [UInt32](repeating: 0, count: open.count)
        centreStamp = [UInt32](repeating: 0, count: open.count)
        masks = []
        masks.reserveCapacity(4 * Self.exactLimit * (Self.exactLimit + 1))
        kept = []
        kept.reserveCapacity(4 * Self.exactLimit * (Self.exactLimit + 1))
        movement = open.count <= 64 ? MoveBound(cellCount: open.count, links: links) : nil
        wide = open.count > 64
        if cache { allocateCache() }
    }

    private mutating func allocateCache() {
        let entries = 1 << cacheShift
        let words = wide ? 2 : 1
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: entries * words)
        keys.initialize(repeating: 0, count: entries * words)
        cacheKeys = keys
        cacheValues = UnsafeMutablePointer<UInt8>.allocate(capacity: entries)
    }

    /// Bytes `growCache` would add; 0 when the cache cannot grow.
    var cacheGrowth: Int { cacheKeys == nil || cacheShift == Self.lastCacheShift ? 0 : cacheBytes }

    /// Doubles the cache (it starts empty again: it only ever saves work).
    mutating func growCache() {
        guard cacheGrowth > 0 else { return }
        cacheKeys?.deallocate()
        cacheValues?.deallocate()
        cacheShift += 1
        allocateCache()
    }

    /// Releases the cache and the movement bound's pair costs (the owner calls it once, when
    /// the search ends).
    func deallocate() {
        cacheKeys?.deallocate()
        cacheValues?.deallocate()
        movement?.deallocate()
    }

    /// Bytes the cache holds (counted in the search's memory).
    var cacheBytes: Int { cacheKeys == nil ? 0 : (1 << cacheShift) * entryBytes }

    /// Bytes the cache and the movement bound's tables hold (counted in the search's memory).
    var bytes: Int { cacheBytes + (movement?.bytes ?? 0) }

    /// Entries of the cache (0 without one).
    var cacheEntries: Int { cacheKeys == nil ? 0 : 1 << cacheShift }

    /// The bound of one colour whose blocks are on the cells whose bits are set in `mask`
    /// (boards of up to 64 open cells; at most `exactLimit` cells), through the cache: the
    /// fewest groups covering them, or the movement bound when that is larger (at most
    /// `MoveBound.excessLimit` larger, so the bound rises by a bounded amount a move).
    mutating func bound(mask: UInt64) -> Int {
        guard let keys = cacheKeys, let values = cacheValues else { return uncachedBound(mask: mask) }
        let index = Int((mask &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - cacheShift))
        if keys[index] == mask { return Int(values[index]) }
        let value = uncachedBound(mask: mask)
        keys[index] = mask
        values[index] = UInt8(value)
        return value
    }

    /// The fewest groups covering `cells` (distinct open cells in increasing order, at most
    /// `exactLimit`), through the cache of a board of over 64 open cells.
    mutating func bound(sortedCells cells: UnsafeBufferPointer<Int32>) -> Int {
        guard wide, let keys = cacheKeys, let values = cacheValues, cells.count >= 2 else { return groups(cells) }
        var low: UInt64 = 0
        var high = UInt64(cells.count) << 56
        for i in cells.indices {
            if i < 8 {
                low |= UInt64(UInt8(truncatingIfNeeded: cells[i])) << UInt64(i * 8)
            } else {
                high |= UInt64(UInt8(truncatingIfNeeded: cells[i])) << UInt64((i - 8) * 8)
            }
        }
        let mixed = (low ^ high &* 0xBF58_476D_1CE4_E5B9) &* 0x9E37_79B9_7F4A_7C15
        let index = Int(mixed >> UInt64(64 - cacheShift))
        if keys[index * 2 + 1] == high, keys[index * 2] == low { return Int(values[index]) }
        let value = groups(cells)
        keys[index * 2] = low
        keys[index * 2 + 1] = high
        values[index] = UInt8(value)
        return value
    }

    /// `bound(mask:)` without the cache.
    mutating func uncachedBound(mask: UInt64) -> Int {
        guard let moves = movementBound(mask: mask) else { return groups(cellsOf: mask) }
        // The movement bound is never below the group count (docs/solver.md), and the
        // group count never below ⌈blocks / 4⌉: up to that plus the excess allowed, the
        // movement bound is the answer without counting groups.
        if moves <= (mask.nonzeroBitCount + 3) / 4 + MoveBound.excessLimit { return moves }
        let count = groups(cellsOf: mask)
        return max(count, min(moves, count + MoveBound.excessLimit))
    }

    /// The fewest groups covering the cells whose bits are set in `mask`, without the cache.
    mutating func groupCount(mask: UInt64) -> Int { groups(cellsOf: mask) }

    /// The movement bound of the cells whose bits are set in `mask`, nil when it does not
    /// apply (more than `MoveBound.blockLimit` blocks, or a board of over 64 open cells).
    func movementBound(mask: UInt64) -> Int? {
        guard mask.nonzeroBitCount <= MoveBound.blockLimit, mask.nonzeroBitCount >= 2, let movement else { return nil }
        return movement.moves(mask: mask)
    }

    private mutating func groups(cellsOf mask: UInt64) -> Int {
        var cells: [Int32] = []
        cells.reserveCapacity(mask.nonzeroBitCount)
        var rest = mask
        while rest != 0 {
            cells.append(Int32(rest.trailingZeroBitCount))
            rest &= rest - 1
        }
        return groups(cells, count: cells.count)
    }

    /// The fewest groups covering the first `count` cells of `cells`.
    mutating func groups(_ cells: [Int32], count: Int) -> Int {
        cells.withUnsafeBufferPointer { groups(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// The fewest groups covering `cells` (distinct open cells, at most `exactLimit`).
    mutating func groups(_ cells: UnsafeBufferPointer<Int32>) -> Int {
        let n = cells.count
        if n <= 1 { return n }
        stamp &+= 1
        if stamp == 0 {
            for i in 0..<cellCount {
                slotStamp[i] = 0
                centreStamp[i] = 0
            }
            stamp = 1
        }
        for i in cells.indices {
            slot[Int(cells[i])] = Int32(i)
            slotStamp[Int(cells[i])] = stamp
        }
        // Candidate groups: for every centre next to a block of the set, the blocks around
        // it, and those with each block in line with it (the cell on its way left out).
        masks.removeAll(keepingCapacity: true)
        for cell in cells {
            for d in 0..<4 {
                let centre = Int(neighbours[Int(cell) * 4 + d])
                guard centre >= 0, centreStamp[centre] != stamp else { continue }
                centreStamp[centre] = stamp
                var around: UInt16 = 0
                for e in 0..<4 {
                    let next = Int(neighbours[centre * 4 + e])
                    if next >= 0, slotStamp[next] == stamp { around |= 1 << UInt16(slot[next]) }
                }
                if around.nonzeroBitCount >= 2 { masks.append(around) }
                for k in cells.indices {
                    let x = Int(cells[k])
                    guard x != centre, around & (1 << UInt16(k)) == 0 else { continue }
                    // The cell next to the centre on the way from x.
                    let way: Int
                    if rowRun[x] == rowRun[centre] {
                        way = column[x] < column[centre] ? 2 : 3
                    } else if columnRun[x] == columnRun[centre] {
                        way = row[x] < row[centre] ? 0 : 1
                    } else {
                        continue
                    }
                    let through = Int(neighbours[centre * 4 + way])
                    var group = around | 1 << UInt16(k)
                    if through >= 0, slotStamp[through] == stamp { group &= ~(1 << UInt16(slot[through])) }
                    if group.nonzeroBitCount >= 2 { masks.append(group) }
                }
            }
        }
        // Taking a larger group never hurts (any part of a group is a group), so only
        // groups inside no other are kept.
        masks.sort { $0.nonzeroBitCount > $1.nonzeroBitCount }
        kept.removeAll(keepingCapacity: true)
        for mask in masks where !kept.contains(where: { $0 & mask == mask }) { kept.append(mask) }
        var best = n
        cover(UInt16(truncatingIfNeeded: (1 << n) - 1), used: 0, best: &best)
        return best
    }

    /// Branch and bound: the lowest block not yet covered goes into each group that holds
    /// it (or alone, when none does).
    private func cover(_ remaining: UInt16, used: Int, best: inout Int) {
        if remaining == 0 {
            best = min(best, used)
            return
        }
        // Each group holds at most four blocks.
        guard used + (remaining.nonzeroBitCount + 3) / 4 < best else { return }
        let lowest: UInt16 = remaining & (~remaining &+ 1)
        var any = false
        for mask in kept where mask & lowest != 0 {
            any = true
            cover(remaining & ~mask, used: used + 1, best: &best)
        }
        if !any { cover(remaining & ~lowest, used: used + 1, best: &best) }
    }
}
