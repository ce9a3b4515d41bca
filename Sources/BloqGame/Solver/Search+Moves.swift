extension Search {
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
}
