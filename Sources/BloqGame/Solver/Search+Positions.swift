extension Search {
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

    /// `board`'s open cells as nibbles (0 empty, 1 to 8 a colour), in this search's order;
    /// nil when its walls are not this search's board's.
    func grid(of board: Board) -> [UInt8]? {
        guard board.rows == rows, board.columns == columns,
            board.cells.indices.filter({ board.cells[$0] != .wall }) == openCells
        else { return nil }
        return openCells.map { UInt8((board.cells[$0].color?.index ?? -1) + 1) }
    }

    func clear(_ packed: UnsafeMutablePointer<UInt64>, _ cell: Int) {
        packed[cell >> 4] &= ~(UInt64(15) << UInt64((cell & 15) * 4))
    }

    func cells(of packed: [UInt64]) -> [UInt8] {
        (0..<openCells.count).map { (cell: Int) -> UInt8 in
            let shift = UInt64((cell & 15) * 4)
            return UInt8((packed[cell >> 4] >> shift) & 15)
        }
    }

    func decode(_ state: Int, into grid: inout [UInt8]) {
        let base = wordPointer(state)
        for i in 0..<openCells.count {
            grid[i] = UInt8((base[i >> 4] >> UInt64((i & 15) * 4)) & 15)
        }
    }
}
