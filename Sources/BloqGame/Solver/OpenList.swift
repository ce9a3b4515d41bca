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
