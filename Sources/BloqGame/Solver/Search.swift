/// The search's working memory, in memory it allocates and accounts for itself (so it can
/// refuse to grow past its budget rather than let an allocation fail):
/// - positions in chunks of `chunkSize`: their packed words, their parent's index, and a
///   flag byte (their depth modulo 16, the f-level of their open-list entry or closed, and
///   whether they were expanded), so nothing is copied as the search grows and at most one
///   chunk is partly empty;
/// - an open-addressing table of `Int32` entries over the positions (an index and 5 bits of
///   its hash), grown by half when it is 80 % full;
/// - the open lists of the current f-level and the next `levels` - 1 (no other level can
///   receive a position, see `run`), each a stack per depth in chunks of
///   `openChunkSize` entries.
///
/// Its concerns, each in a file of its own: the A* loop (`Search+Run`), expanding one
/// position (`Search+Expansion`, with the scratch of `Expansion`), the bounds
/// (`Search+Bounds`), positions and moves (`Search+Positions`, `Search+Moves`), the
/// memory and the open lists (`Search+Memory`, `Search+OpenLists`) and the table of
/// positions (`Search+Table`).
///
/// A non-copyable struct rather than a class: it owns its memory (freed in `deinit`), and
/// its hot fields are checked for exclusive access when compiled, not at every access.
struct Search: ~Copyable {
    static let chunkShift = 10
    static let chunkSize = 1 << chunkShift
    /// Entries in a chunk of an open list (one list per level and depth).
    static let openChunkSize = 256
    /// Open lists: a child's f is at most `MoveBound.excessLimit` + 2 above its parent's
    /// (docs/solver.md), so the current level and the next `levels` - 1 are all that can be
    /// live. A position's flag byte holds its level modulo `levels` (7 when it is closed).
    static let levels = MoveBound.excessLimit + 3

    let rows: Int
    let columns: Int
    let maxStates: Int
    let memoryBudget: Int
    /// Board index of each open (non-wall) cell, in order.
    let openCells: [Int]
    /// For each open cell and direction (up, down, left, right): the neighbouring open
    /// cell, or -1 for the edge or a wall.
    let neighbours: [Int32]
    let words: Int
    let start: [UInt64]
    /// The geometry of groups and regions, and the cache of group counts.
    var groups: GroupBound
    /// Per colour (indexed by its nibble, 1 to 8): whether its bound is the group count
    /// (at most `GroupBound.exactLimit` blocks at the start) rather than ⌈blocks / 4⌉.
    let exact: [Bool]
    /// Whether colour sets fit one word a colour (64 open cells or fewer).
    let masked: Bool
    /// On such boards, per open cell and direction (at cell × 4 + direction): the cells a
    /// block there would pass pushed that way if nothing stopped it (a bit each), and the
    /// last of them (-1 when there is none); and per cell its neighbours. A slide stops on
    /// the cell before the first block on its ray: one bit scan, no walk.
    let rays: [UInt64]
    let rayEnds: [Int32]
    let around: [UInt64]
    /// And per region its cells.
    let regionMasks: [UInt64]
    /// On larger boards (at most 16 rows and columns), per open cell its row and column,
    /// per board cell its open cell (-1 for a wall), and per row and column the walls as
    /// bits (a cell at bit index + 1, with the edges as bits 0 and size + 1): a position's
    /// blocks are added to these, and a slide's end is one bit scan along its row or column.
    let cellRows: [Int32]
    let cellColumns: [Int32]
    let openIndex: [Int32]
    let wallRows: [UInt32]
    let wallColumns: [UInt32]

    var count = 0
    var bytes = 0
    var peakBytes = 0
    var limit: SolverLimit?
    /// The most moves a solution may take (`Solver.clears(_:within:)`): the search stops when
    /// its f-level passes it, and sets `passedCap` (every shorter solution was ruled out).
    var moveCap = Int.max
    var passedCap = false

    var wordChunks: [UnsafeMutablePointer<UInt64>] = []
    var parentChunks: [UnsafeMutablePointer<Int32>] = []
    /// A byte a position (`flag`).
    var flagChunks: [UnsafeMutablePointer<UInt8>] = []
    var chunkBytes: Int { Search.chunkSize * (words * 8 + 5) }

    var table: UnsafeMutablePointer<Int32>
    var tableCapacity: Int

    /// The open lists of the levels f to f + `levels` - 1, at index level modulo `levels`.
    var open = [OpenLevel](repeating: OpenLevel(), count: Search.levels)
    var spareOpenChunks: [UnsafeMutablePointer<Int32>] = []
    /// Chunks the open lists hold, their spares included.
    var openChunks = 0
    /// Positions expanded (a position is expanded once for each level of its children).
    var expansions = 0

    /// Checked every `SearchStop.interval` expansions.
    let stop: SearchStop

    init(board: Board, maxStates: Int, memoryBudget: Int, stop: SearchStop = .never) {
        self.stop = stop
        rows = board.rows
        columns = board.columns
        self.maxStates = maxStates
        self.memoryBudget = memoryBudget
        var open: [Int] = []
        var index = [Int](repeating: -1, count: board.rows * board.columns)
        for position in board.positions where board[position] != .wall {
            index[position.row * board.columns + position.column] = open.count
            open.append(position.row * board.columns + position.column)
        }
        openCells = open
        var links = [Int32](repeating: -1, count: max(open.count * 4, 1))
        for (i, cell) in open.enumerated() {
            let row = cell / board.columns
            let column = cell % board.columns
            for (d, direction) in Direction.allCases.enumerated() {
                let r = row + direction.rowStep
                let c = column + direction.columnStep
                guard r >= 0, r < board.rows, c >= 0, c < board.columns else { continue }
                links[i * 4 + d] = Int32(index[r * board.columns + c])
            }
        }
        neighbours = links
        words = max((open.count + 15) / 16, 1)
        var packed = [UInt64](repeating: 0, count: words)
        for (i, cell) in open.enumerated() {
            if let color = board.cells[cell].color {
                packed[i >> 4] |= UInt64(color.index + 1) << UInt64((i & 15) * 4)
            }
        }
        start = packed
        var startCounts = [Int](repeating: 0, count: 9)
        for cell in open { if let color = board.cells[cell].color { startCounts[color.index + 1] += 1 } }
        exact = startCounts.map { $0 <= GroupBound.exactLimit }
        masked = open.count <= 64
        var rays = [UInt64](repeating: 0, count: masked ? open.count * 4 : 0)
        var rayEnds = [Int32](repeating: -1, count: masked ? open.count * 4 : 0)
        var around = [UInt64](repeating: 0, count: masked ? open.count : 0)
        if masked {
            for cell in 0..<open.count {
                for d in 0..<4 {
                    var next = Int(links[cell * 4 + d])
                    if next >= 0 { around[cell] |= 1 << UInt64(next) }
                    while next >= 0 {
                        rays[cell * 4 + d] |= 1 << UInt64(next)
                        rayEnds[cell * 4 + d] = Int32(next)
                        next = Int(links[next * 4 + d])
                    }
                }
            }
        }
        self.rays = rays
        self.rayEnds = rayEnds
        self.around = around
        let capacity = 1024
        // The cache of group counts only when the budget holds it beside the first table.
        let cache = capacity * 4 + GroupBound.firstCacheBytes(openCells: open.count) <= memoryBudget
        let bound = GroupBound(board: board, open: open, links: links, cache: cache)
        let initial = capacity * 4 + bound.bytes
        var regionMasks = [UInt64](repeating: 0, count: masked ? bound.regionCount : 0)
        if masked { for cell in 0..<open.count { regionMasks[Int(bound.region[cell])] |= 1 << UInt64(cell) } }
        self.regionMasks = regionMasks
        cellRows = masked ? [] : open.map { Int32($0 / board.columns) }
        cellColumns = masked ? [] : open.map { Int32($0 % board.columns) }
        openIndex = masked ? [] : index.map(Int32.init)
        var wallRows = [UInt32](repeating: 0, count: masked ? 0 : board.rows)
        var wallColumns = [UInt32](repeating: 0, count: masked ? 0 : board.columns)
        if !masked {
            for row in 0..<board.rows { wallRows[row] = 1 | 1 << UInt32(board.columns + 1) }
            for column in 0..<board.columns { wallColumns[column] = 1 | 1 << UInt32(board.rows + 1) }
            for cell in 0..<board.cells.count where index[cell] < 0 {
                wallRows[cell / board.columns] |= 1 << UInt32(cell % board.columns + 1)
                wallColumns[cell % board.columns] |= 1 << UInt32(cell / board.columns + 1)
            }
        }
        self.wallRows = wallRows
        self.wallColumns = wallColumns
        groups = bound
        tableCapacity = capacity
        table = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        table.initialize(repeating: -1, count: capacity)
        account(initial)
    }

    deinit {
        groups.deallocate()
        table.deallocate()
        for chunk in wordChunks { chunk.deallocate() }
        for chunk in parentChunks { chunk.deallocate() }
        for chunk in flagChunks { chunk.deallocate() }
        for chunk in open.flatMap({ $0.lists.flatMap(\.chunks) }) + spareOpenChunks { chunk.deallocate() }
    }

    func result(_ outcome: SolverOutcome) -> SolverResult {
        SolverResult(
            outcome: outcome, states: count, peakBytes: peakBytes, limit: outcome == .gaveUp ? limit : nil, expansions: expansions)
    }
}
