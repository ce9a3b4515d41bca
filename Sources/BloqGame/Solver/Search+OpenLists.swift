extension Search {
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
}
