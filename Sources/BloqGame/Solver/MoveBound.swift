/// The solver's second bound on the moves one colour still needs: a movement relaxation.
/// Every block of the colour vanishes exactly once, in a *vanish group*: a block that moves
/// onto a cell `b` (its last move coming in from one side, through the cell `p` next to
/// `b`) and the blocks of its colour then next to `b` (never on `p`, which it came
/// through). So the colour's moves are at least the cheapest split of its blocks into
/// groups of 2 to 4, a group costing what its blocks must move at the least if a move could
/// stop anywhere along a wall-free straight line and other blocks were not there: the mover
/// at least one move into `b` from `p`'s side, each other block the moves to some cell next
/// to `b` other than `p`. docs/solver.md proves it never overestimates and falls by at most
/// one a move.
///
/// Only boards of up to 64 open cells (a colour's cells are one word) and colours of at
/// most `blockLimit` blocks get it; the search takes the larger of it and the group count.
struct MoveBound {
    /// Colours with more blocks than this keep the group count alone.
    static let blockLimit = 8
    /// The most the bound may exceed the group count by: the search's open lists span the
    /// levels a child can reach, and capping the excess caps how far a child's bound can
    /// rise above its parent's (docs/solver.md).
    static let excessLimit = 4
    /// Stands for "never": a cell another region holds, a spot with no room for a partner.
    static let never: Int16 = 1_000

    let cellCount: Int
    /// The spots: an open cell `b` and a direction to an open neighbour `p`, the side a
    /// block last comes in from.
    let spots: Int
    /// Per cell x and spot s (at x × spots + s): the fewest moves that take a block from x
    /// onto a cell next to the spot's cell other than `p` (where a partner waits); and what
    /// taking it onto the spot's cell instead costs beyond that, its last move coming in
    /// from `p`'s side (where the mover ends). Plain rows of `Int16` and plain loops: the
    /// optimiser makes vector code of them, and a debug build stays quick (the standard
    /// library's SIMD types are generic code there, a hundred times slower).
    let beside: [Int16]
    let extra: [Int16]
    /// The cost of each pair of cells as a vanish group (at x × cellCount + y, x < y), worked
    /// out when a search first needs it (`unknown` until then): pairs are most of the groups
    /// a colour splits into, and the same pairs come back move after move. Freed by
    /// `deallocate`.
    let pairCosts: UnsafeMutablePointer<Int16>
    static let unknown = Int16.min
    /// The costs of groups of 3 and 4 cells found so far, by the group's cells (one bit
    /// each): a direct-mapped cache of 2^`groupCacheShift` entries (a key of 0 is empty),
    /// as many as the pairs of cells, rounded up, from 64 to 4,096.
    let groupKeys: UnsafeMutablePointer<UInt64>
    let groupValues: UnsafeMutablePointer<Int16>
    let groupCacheShift: Int
    var groupCacheSize: Int { 1 << groupCacheShift }

    /// The geometry of a board's open cells: `links` (4 per cell: up, down, left, right; -1
    /// at an edge or wall). Cells of different regions are `never` apart.
    init(cellCount: Int, links: [Int32]) {
        self.cellCount = cellCount
        let n = cellCount
        // Fewest moves between two cells when a move may stop anywhere on a straight line
        // without walls: a breadth-first search from each cell.
        var distance = [Int16](repeating: MoveBound.never, count: n * n)
        var queue = [Int](repeating: 0, count: max(n, 1))
        for source in 0..<n {
            distance[source * n + source] = 0
            var head = 0
            var tail = 1
            queue[0] = source
            while head < tail {
                let cell = queue[head]
                head += 1
                let next = distance[source * n + cell] + 1
                for d in 0..<4 {
                    var reached = Int(links[cell * 4 + d])
                    while reached >= 0 {
                        if distance[source * n + reached] == MoveBound.never {
                            distance[source * n + reached] = next
                            queue[tail] = reached
                            tail += 1
                        }
                        reached = Int(links[reached * 4 + d])
                    }
                }
            }
        }
        // The spots, with the cells of their ray (from p on, away from b) and the cells
        // beside b a partner may wait on.
        var rays: [[Int]] = []
        var partners: [[Int]] = []
        for b in 0..<n {
            for d in 0..<4 {
                let p = Int(links[b * 4 + d])
                guard p >= 0 else { continue }
                var ray: [Int] = []
                var cell = p
                while cell >= 0 {
                    ray.append(cell)
                    cell = Int(links[cell * 4 + d])
                }
                rays.append(ray)
                partners.append((0..<4).filter { $0 != d && links[b * 4 + $0] >= 0 }.map { Int(links[b * 4 + $0]) })
            }
        }
        let spots = rays.count
        self.spots = spots
        var beside = [Int16](repeating: MoveBound.never, count: max(n * spots, 1))
        var extra = [Int16](repeating: 0, count: max(n * spots, 1))
        for x in 0..<n {
            for s in 0..<spots {
                let toRay = rays[s].map { distance[x * n + $0] }.min() ?? MoveBound.never
                let into = toRay < MoveBound.never ? toRay + 1 : MoveBound.never
                let near = partners[s].map { distance[x * n + $0] }.min() ?? MoveBound.never
                beside[x * spots + s] = near
                extra[x * spots + s] = into - near
            }
        }
        self.beside = beside
        self.extra = extra
        pairCosts = UnsafeMutablePointer<Int16>.allocate(capacity: max(n * n, 1))
        pairCosts.initialize(repeating: MoveBound.unknown, count: max(n * n, 1))
        groupCacheShift = min(max(Int.bitWidth - (max(n * n, 1) - 1).leadingZeroBitCount, 6), 12)
        let entries = 1 << groupCacheShift
        groupKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: entries)
        groupKeys.initialize(repeating: 0, count: entries)
        groupValues = UnsafeMutablePointer<Int16>.allocate(capacity: entries)
        groupValues.initialize(repeating: 0, count: entries)
    }

    /// Frees the pair costs and the cache of group costs.
    func deallocate() {
        pairCosts.deallocate()
        groupKeys.deallocate()
        groupValues.deallocate()
    }

    /// Bytes its tables hold.
    var bytes: Int { (beside.count + extra.count + max(cellCount * cellCount, 1)) * 2 + groupCacheSize * 10 }

    /// The fewest moves the blocks on `mask`'s cells need to vanish (2 to `blockLimit` of
    /// them); `MoveBound.never` when no split into groups of 2 to 4 within regions exists.
    /// (More than `blockLimit` blocks: 0, which never overestimates.)
    func moves(mask: UInt64) -> Int {
        guard mask.nonzeroBitCount <= MoveBound.blockLimit else { return 0 }
        // Per block its first vector in the tables; per group of 2 to 4 blocks (bits over
        // the blocks) its cheapest spot and mover; per set of blocks its cheapest split.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: MoveBound.blockLimit) { cells in
            withUnsafeTemporaryAllocation(of: Int16.self, capacity: 1 << MoveBound.blockLimit) { groupCost in
                withUnsafeTemporaryAllocation(of: Int16.self, capacity: 1 << MoveBound.blockLimit) { best in
                    split(mask, cells, groupCost, best)
                }
            }
        }
    }

    private func split(
        _ mask: UInt64, _ cells: UnsafeMutableBufferPointer<Int>, _ groupCost: UnsafeMutableBufferPointer<Int16>,
        _ best: UnsafeMutableBufferPointer<Int16>
    ) -> Int {
        var k = 0
        var rest = mask
        while rest != 0 {
            cells[k] = rest.trailingZeroBitCount
            k += 1
            rest &= rest - 1
        }
        guard k >= 2 else { return Int(MoveBound.never) }
        let full = (1 << k) - 1
        for group in 1...full {
            let size = group.nonzeroBitCount
            guard size >= 2, size <= 4 else { continue }
            if size == 2 {
                let a = cells[group.trailingZeroBitCount]
                let b = cells[(group & (group - 1)).trailingZeroBitCount]
                let pair = pairCosts + (a * cellCount + b)
                if pair.pointee == MoveBound.unknown { pair.pointee = cost(group, cells) }
                groupCost[group] = pair.pointee
            } else {
                var key: UInt64 = 0
                var rest = group
                while rest != 0 {
                    key |= 1 << UInt64(cells[rest.trailingZeroBitCount])
                    rest &= rest - 1
                }
                let index = Int((key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - groupCacheShift))
                if groupKeys[index] != key {
                    groupKeys[index] = key
                    groupValues[index] = cost(group, cells)
                }
                groupCost[group] = groupValues[index]
            }
        }
        // The lowest block left goes with each group of the rest that holds it.
        best[0] = 0
        for set in 1...full {
            let lowest = set & -set
            var cheapest = MoveBound.never
            let others = set & ~lowest
            var part = others
            while true {
                let group = part | lowest
                let size = group.nonzeroBitCount
                if size >= 2, size <= 4 { cheapest = min(cheapest, groupCost[group] + best[set & ~group]) }
                if part == 0 { break }
                part = (part - 1) & others
            }
            best[set] = cheapest
        }
        return Int(best[full])
    }

    /// The fewest moves that make the blocks of `group` vanish together (bits over `cells`,
    /// which hold each block's cell, in rising order): over every spot, the mover's moves
    /// into it and the others' moves beside it.
    private func cost(_ group: Int, _ cells: UnsafeMutableBufferPointer<Int>) -> Int16 {
        var rows = (0, 0, 0, 0)
        var size = 0
        var rest = group
        while rest != 0 {
            let row = cells[rest.trailingZeroBitCount] * spots
            switch size {
            case 0: rows.0 = row
            case 1: rows.1 = row
            case 2: rows.2 = row
            default: rows.3 = row
            }
            size += 1
            rest &= rest - 1
        }
        let spots = self.spots
        return beside.withUnsafeBufferPointer { beside in
            extra.withUnsafeBufferPointer { extra in
                guard let b = beside.baseAddress, let e = extra.baseAddress else { return MoveBound.never }
                // The others wait beside the spot; the mover costs its extra moves into it
                // (the least extra of the group). A loop per size, so each is one plain loop.
                var cheapest = MoveBound.never
                let (b0, b1, b2, b3) = (b + rows.0, b + rows.1, b + rows.2, b + rows.3)
                let (e0, e1, e2, e3) = (e + rows.0, e + rows.1, e + rows.2, e + rows.3)
                switch size {
                case 2:
                    for s in 0..<spots {
                        let saving = e0[s] < e1[s] ? e0[s] : e1[s]
                        let total = b0[s] &+ b1[s] &+ saving
                        if total < cheapest { cheapest = total }
                    }
                case 3:
                    for s in 0..<spots {
                        var saving = e0[s] < e1[s] ? e0[s] : e1[s]
                        if e2[s] < saving { saving = e2[s] }
                        let total = b0[s] &+ b1[s] &+ b2[s] &+ saving
                        if total < cheapest { cheapest = total }
                    }
                default:
                    for s in 0..<spots {
                        var saving = e0[s] < e1[s] ? e0[s] : e1[s]
                        if e2[s] < saving { saving = e2[s] }
                        if e3[s] < saving { saving = e3[s] }
                        let total = b0[s] &+ b1[s] &+ b2[s] &+ b3[s] &+ saving
                        if total < cheapest { cheapest = total }
                    }
                }
                return cheapest
            }
        }
    }
}
