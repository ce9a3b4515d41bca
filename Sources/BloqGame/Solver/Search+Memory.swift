extension Search {
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
}
