extension Search {
    /// Loads position `s` into `e`: its blocks by colour (`e.sets`), and as (cell, colour)
    /// pairs to move (`e.blocks`; on a board of over 64 open cells only those beside an empty
    /// cell, with the directions each can take). `unload` empties what this fills.
    @inline(__always)
    func load(_ s: Int, into e: inout Expansion) {
        let base = wordPointer(s)
        var blockCount = 0
        if masked {
            loadMasks(base, into: e.sets)
            for color in 1...8 {
                var cells = e.sets.masks[color]
                while cells != 0 {
                    e.blocks[blockCount] = (cells.trailingZeroBitCount, color)
                    blockCount += 1
                    cells &= cells - 1
                }
            }
            e.blockCount = blockCount
            return
        }
        if e.sparse {
            // The blocks, from the packed words a nibble at a time (a step per block, not per
            // cell), into `grid`, `sets` and the rows' and columns' bits; each looks at its
            // own neighbours for the ways it can move.
            for w in 0..<words {
                var word = base[w]
                while word != 0 {
                    let shift = word.trailingZeroBitCount & ~3
                    let cell = w * 16 + shift / 4
                    let color = Int(word >> UInt64(shift) & 15)
                    e.grid[cell] = UInt8(color)
                    e.sets.add(cell, color: color, region: groups.region[cell])
                    e.rowMasks[Int(cellRows[cell])] |= 1 << UInt32(cellColumns[cell] + 1)
                    e.columnMasks[Int(cellColumns[cell])] |= 1 << UInt32(cellRows[cell] + 1)
                    e.placed[e.placedCount] = cell
                    e.placedCount += 1
                    word &= ~(15 << UInt64(shift))
                }
            }
            for k in 0..<e.placedCount {
                let cell = e.placed[k]
                for side in 0..<4 {
                    let neighbour = Int(neighbours[cell * 4 + side])
                    if neighbour >= 0, e.grid[neighbour] == 0 {
                        e.movable[cell >> 6] |= 1 << UInt64(cell & 63)
                        e.freeSides[cell] |= UInt8(1 << side)
                    }
                }
            }
        } else {
            decode(s, into: &e.grid)
            e.sets.load(e.grid, region: groups.region)
            // Only a block beside an empty cell can move, and only towards it: on a crowded
            // board a few of the hundreds. Found from the empty cells, kept in cell order (a
            // bit each), with the directions each can take (`freeSides`; the way from an
            // empty cell to a block, reversed: up and down, left and right are 0 and 1, 2
            // and 3).
            for cell in 0..<openCells.count where e.grid[cell] == 0 {
                for side in 0..<4 {
                    let neighbour = Int(neighbours[cell * 4 + side])
                    if neighbour >= 0, e.grid[neighbour] > 0 {
                        e.movable[neighbour >> 6] |= 1 << UInt64(neighbour & 63)
                        e.freeSides[neighbour] |= UInt8(1 << (side ^ 1))
                    }
                }
            }
        }
        // The blocks to move: those that can, in cell order.
        for w in e.movable.indices {
            var bits = e.movable[w]
            while bits != 0 {
                let cell = w * 64 + bits.trailingZeroBitCount
                e.blocks[blockCount] = (cell, Int(e.grid[cell]))
                blockCount += 1
                bits &= bits - 1
            }
            e.movable[w] = 0
        }
        e.blockCount = blockCount
    }

    /// Empties what `load` filled: in the sparse way only the cells the position filled, so
    /// the grid holds no block between expansions.
    @inline(__always)
    func unload(_ e: inout Expansion) {
        if masked {
            e.sets.clearMasks()
        } else if !e.sparse {
            e.sets.clear(e.grid, region: groups.region)
        } else {
            for k in 0..<e.placedCount {
                let cell = e.placed[k]
                e.sets.remove(cell, color: Int(e.grid[cell]), region: groups.region[cell])
                e.grid[cell] = 0
                e.rowMasks[Int(cellRows[cell])] = wallRows[Int(cellRows[cell])]
                e.columnMasks[Int(cellColumns[cell])] = wallColumns[Int(cellColumns[cell])]
            }
            e.placedCount = 0
        }
    }

    /// Makes the children of position `s` (at `depth`, loaded in `e`) on level `f`: the move
    /// to a child that is the goal, at once; else nil, with the children of level `f` in
    /// `e.pending` (and their hashes) and the lowest level above `f` of the others in `next`
    /// (those below were stored when the position was expanded on theirs).
    @inline(__always)
    mutating func makeChildren(of s: Int, depth: Int, level f: Int, next: inout Int, with e: inout Expansion) -> Move? {
        let base = wordPointer(s)
        let parentBound = bound(&e.sets)
        var occupied: UInt64 = 0
        if masked { for color in 1...8 { occupied |= e.sets.masks[color] } }
        for blockIndex in 0..<e.blockCount {
            let (from, color) = e.blocks[blockIndex]
            // On a crowded board most blocks have no empty neighbour: no move at all.
            let free = masked ? around[from] & ~occupied : 0
            if masked, free == 0 { continue }
            let sides = masked ? 0 : e.freeSides[from]
            if !masked { e.freeSides[from] = 0 }
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
                    : e.sparse
                        ? slideStop(from: from, direction: d, rows: e.rowMasks, columns: e.columnMasks)
                        : slideStop(from: from, direction: d, in: e.grid)
                guard stop != from else { continue }
                // The child: the block leaves `from` and lands on `stop`, then its
                // same-coloured neighbours vanish with it.
                var vanished = 0
                var vanishedMask: UInt64 = 0
                if masked {
                    vanishedMask = around[stop] & e.sets.masks[color] & ~(1 << UInt64(from))
                    // At most three bits: cheaper than a population count without the
                    // instruction (the baseline x86-64 has none).
                    var rest = vanishedMask
                    while rest != 0 {
                        vanished += 1
                        rest &= rest - 1
                    }
                } else {
                    for side in 0..<4 {
                        let neighbour = Int(neighbours[stop * 4 + side])
                        if neighbour >= 0, neighbour != from, Int(e.grid[neighbour]) == color { vanished += 1 }
                    }
                }
                let left = e.sets.counts[color] - (vanished == 0 ? 0 : vanished + 1)
                // A lone block of this colour left in the region: dead.
                if vanished > 0, regionCount(e.sets, color, groups.region[stop]) - vanished - 1 == 1 { continue }
                // Only the moved colour's bound changes.
                let colourBound = self.colourBound(
                    color, left: left, from: from, to: stop, vanished: vanished, vanishedMask: vanishedMask, with: &e)
                let childBound = parentBound - e.sets.bounds[color] + colourBound
                if childBound == 0 { return move(from: from, direction: d) }
                // Only the children of this level are stored now; the rest when the
                // position is expanded again on theirs.
                let childF = depth + 1 + childBound
                if childF != f {
                    if childF > f { next = min(next, childF) }
                    continue
                }
                // Stored after the moves are made, all together (`store`).
                let child = e.pending + e.pendingCount * words
                writeChild(
                    child, of: base, from: from, to: stop, color: color, vanishedMask: vanishedMask, vanished: vanished, grid: e.grid)
                e.pendingHashes[e.pendingCount] = hash(child)
                e.pendingCount += 1
            }
        }
        return nil
    }

    /// The bound of `color` after its block on `from` moved to `to`, `vanished` of its
    /// neighbours there (the cells of `vanishedMask` on a board of up to 64 open cells)
    /// vanishing with it, which leaves `left` blocks of it.
    @inline(__always)
    mutating func colourBound(
        _ color: Int, left: Int, from: Int, to stop: Int, vanished: Int, vanishedMask: UInt64, with e: inout Expansion
    ) -> Int {
        if !exact[color] { return (left + 3) / 4 }
        if left == 0 { return 0 }
        if masked {
            var mask = e.sets.masks[color] & ~(1 << UInt64(from))
            if vanished == 0 { mask |= 1 << UInt64(stop) } else { mask &= ~vanishedMask }
            return groups.bound(mask: mask)
        }
        // The colour's cells after the move, in increasing order (the cache's key).
        var n = 0
        var landed = vanished != 0
        for k in 0..<e.sets.counts[color] {
            let cell = e.sets.cell(color, k)
            if Int(cell) == from { continue }
            if vanished > 0, e.sets.isNeighbour(cell, of: stop, neighbours) { continue }
            if !landed, Int(cell) > stop {
                e.colourCells[n] = Int32(stop)
                n += 1
                landed = true
            }
            e.colourCells[n] = cell
            n += 1
        }
        if !landed {
            e.colourCells[n] = Int32(stop)
            n += 1
        }
        return e.colourCells.withUnsafeBufferPointer { groups.bound(sortedCells: UnsafeBufferPointer(rebasing: $0[0..<n])) }
    }

    /// Writes into `child` the position `base` after the block of `color` on `from` moved
    /// to `to`: it lands there, or its neighbours of its colour (`vanishedMask` on a board of
    /// up to 64 open cells, else found in `grid`) vanish with it.
    @inline(__always)
    func writeChild(
        _ child: UnsafeMutablePointer<UInt64>, of base: UnsafeMutablePointer<UInt64>, from: Int, to stop: Int, color: Int,
        vanishedMask: UInt64, vanished: Int, grid: [UInt8]
    ) {
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
            for side in 0..<4 {
                let neighbour = Int(neighbours[stop * 4 + side])
                if neighbour >= 0, neighbour != from, Int(grid[neighbour]) == color { clear(child, neighbour) }
            }
        }
    }
}
