extension Search {
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
        let grid = cells(of: start)
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
        // The scratch of an expansion: held for the whole search, accounted once.
        let scratchBytes = Expansion.bytes(openCells: openCells.count, words: words, masked: masked, rows: rows, columns: columns)
        guard affords(scratchBytes) else { return result(.gaveUp) }
        account(scratchBytes)
        var expansion = Expansion(for: self, grid: grid, sets: sets)
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
            load(s, into: &expansion)
            // The lowest level above f of a child: where the position is expanded again.
            var next = Int.max
            if let last = makeChildren(of: s, depth: depth, level: f, next: &next, with: &expansion) {
                // The goal: the first time this position is expanded, depth + 1 == f (the
                // bound is consistent), and every lower level is exhausted.
                return result(.solved(path(to: s) + [last]))
            }
            unload(&expansion)
            // A budget that runs out here has let every child be tested for the goal.
            let stored = store(
                expansion.pending, hashes: expansion.pendingHashes, count: expansion.pendingCount, parent: state, level: f,
                depth: depth + 1)
            expansion.pendingCount = 0
            guard stored else { return result(.gaveUp) }
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
}
