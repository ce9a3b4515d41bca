/// The working memory of `Search.run` for expanding one position after another: the
/// position's blocks as a grid, by colour and as a list to move, and its children of the
/// current level before they are stored. Made once a search, and accounted once
/// (`bytes`); raw memory where every expansion writes, so no write checks whether an
/// array's buffer is shared.
struct Expansion: ~Copyable {
    /// The position's open cells as nibbles (0 empty, 1 to 8 a colour). In the sparse way
    /// only the position's blocks are written, and it is empty between expansions.
    var grid: [UInt8]
    /// Its blocks by colour (`run`'s, which frees them).
    var sets: ColourSets
    /// The blocks to move as (cell, colour), the first `blockCount`.
    var blocks: [(Int, Int)]
    var blockCount = 0
    /// On boards of over 64 open cells: the blocks that can move (a bit a cell) and the
    /// directions each can take.
    var movable: [UInt64]
    var freeSides: [UInt8]
    /// The sparse way's rows and columns (walls and blocks, a bit each), and the cells the
    /// position filled, the first `placedCount`.
    let rowMasks: UnsafeMutablePointer<UInt32>
    let columnMasks: UnsafeMutablePointer<UInt32>
    let placed: UnsafeMutablePointer<Int>
    var placedCount = 0
    /// A colour's cells after a move, in increasing order (the group cache's key).
    var colourCells: [Int32]
    /// The children of the current level (at most four moves a block, `words` each) and
    /// their hashes, the first `pendingCount`.
    let pending: UnsafeMutablePointer<UInt64>
    let pendingHashes: UnsafeMutablePointer<UInt64>
    var pendingCount = 0
    /// A board of over 64 open cells with more empty cells than blocks at the start (a
    /// sparse one: a 16x16 with 28 blocks) reads a position a block at a time and slides by
    /// bit scans along rows and columns; a crowded one a cell at a time, with slides of a
    /// cell or two walked.
    let sparse: Bool

    /// What it holds, in bytes, as the search accounts it.
    static func bytes(openCells: Int, words: Int, masked: Bool, rows: Int, columns: Int) -> Int {
        max(openCells * 4, 1) * words * 8 + max(openCells * 4, 1) * 8 + max(openCells, 1) * 16 + (openCells + 63) / 64 * 8
            + openCells + (masked ? 0 : openCells * 8 + (rows + columns) * 4)
    }

    /// The scratch of `search`, whose start is `grid`; `sets` stays the caller's to free.
    init(for search: borrowing Search, grid: [UInt8], sets: ColourSets) {
        let cells = search.openCells.count
        let blocksAtStart = grid.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        sparse = !search.masked && blocksAtStart * 2 <= cells
        self.grid = grid
        if sparse { for i in self.grid.indices { self.grid[i] = 0 } }
        self.sets = sets
        blocks = [(Int, Int)](repeating: (0, 0), count: max(cells, 1))
        movable = [UInt64](repeating: 0, count: search.masked ? 0 : (cells + 63) / 64)
        freeSides = [UInt8](repeating: 0, count: search.masked ? 0 : cells)
        rowMasks = .allocate(capacity: max(search.wallRows.count, 1))
        columnMasks = .allocate(capacity: max(search.wallColumns.count, 1))
        for row in search.wallRows.indices { rowMasks[row] = search.wallRows[row] }
        for column in search.wallColumns.indices { columnMasks[column] = search.wallColumns[column] }
        placed = .allocate(capacity: max(cells, 1))
        colourCells = [Int32](repeating: 0, count: GroupBound.exactLimit + 1)
        pending = .allocate(capacity: max(cells * 4, 1) * search.words)
        pendingHashes = .allocate(capacity: max(cells * 4, 1))
    }

    deinit {
        rowMasks.deallocate()
        columnMasks.deallocate()
        placed.deallocate()
        pending.deallocate()
        pendingHashes.deallocate()
    }
}
