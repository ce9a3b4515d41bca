/// One position's blocks by colour, as an expansion needs them: counts, cells (a bit each on
/// boards of up to 64 open cells, and a list of the first `listed` of each colour), counts
/// per region, and the colours' bounds. Indexed by a colour's nibble (1 to 8). Filled by
/// `load` and emptied by `clear` with the same grid, so a position costs its blocks, not
/// the board's regions.
struct ColourSets {
    static let listed = 16

    let regions: Int
    var counts: UnsafeMutablePointer<Int>
    var masks: UnsafeMutablePointer<UInt64>
    var bounds: UnsafeMutablePointer<Int>
    var lists: UnsafeMutablePointer<Int32>
    var perRegion: UnsafeMutablePointer<Int32>

    init(regions: Int) {
        self.regions = regions
        counts = .allocate(capacity: 9)
        counts.initialize(repeating: 0, count: 9)
        masks = .allocate(capacity: 9)
        masks.initialize(repeating: 0, count: 9)
        bounds = .allocate(capacity: 9)
        bounds.initialize(repeating: 0, count: 9)
        lists = .allocate(capacity: 9 * Self.listed)
        lists.initialize(repeating: 0, count: 9 * Self.listed)
        perRegion = .allocate(capacity: 9 * regions)
        perRegion.initialize(repeating: 0, count: 9 * regions)
    }

    func deallocate() {
        counts.deallocate()
        masks.deallocate()
        bounds.deallocate()
        lists.deallocate()
        perRegion.deallocate()
    }

    func load(_ grid: [UInt8], region: [Int32]) {
        // Index loops, not `enumerated()`: a debug build runs that as generic code, looking
        // up tuple metadata for every cell of every position expanded.
        for cell in grid.indices where grid[cell] > 0 {
            let color = Int(grid[cell])
            let k = counts[color]
            if k < Self.listed { lists[color * Self.listed + k] = Int32(cell) }
            counts[color] = k + 1
            if cell < 64 { masks[color] |= 1 << UInt64(cell) }
            perRegion[color * regions + Int(region[cell])] += 1
        }
    }

    /// Adds a block of `color` on `cell` (boards of over 64 open cells: no masks).
    @inline(__always) func add(_ cell: Int, color: Int, region: Int32) {
        let k = counts[color]
        if k < Self.listed { lists[color * Self.listed + k] = Int32(cell) }
        counts[color] = k + 1
        perRegion[color * regions + Int(region)] += 1
    }

    /// Takes away what `add` added (counts go to 0 with the last block of each colour).
    @inline(__always) func remove(_ cell: Int, color: Int, region: Int32) {
        counts[color] = 0
        perRegion[color * regions + Int(region)] = 0
    }

    /// Empties what `Search.loadMasks` filled.
    func clearMasks() {
        for color in 0..<9 {
            counts[color] = 0
            masks[color] = 0
        }
    }

    func clear(_ grid: [UInt8], region: [Int32]) {
        for cell in grid.indices where grid[cell] > 0 {
            perRegion[Int(grid[cell]) * regions + Int(region[cell])] = 0
        }
        for color in 0..<9 {
            counts[color] = 0
            masks[color] = 0
        }
    }

    /// Whether some colour has exactly one block in some region.
    func hasLoneBlock(region: [Int32]) -> Bool {
        for i in 0..<(9 * regions) where perRegion[i] == 1 { return true }
        return false
    }

    /// The first cell of the loaded `grid` whose block is the only one of its colour in its
    /// region.
    func loneBlock(_ grid: [UInt8], region: [Int32]) -> Int? {
        grid.indices.first { grid[$0] > 0 && regionCount(Int(grid[$0]), region[$0]) == 1 }
    }

    func regionCount(_ color: Int, _ region: Int32) -> Int { Int(perRegion[color * regions + Int(region)]) }

    /// The k-th listed cell of `color` (k < min(count, listed)).
    func cell(_ color: Int, _ k: Int) -> Int32 { lists[color * Self.listed + k] }

    /// The listed cells of `color` (all of them when it has at most `listed`).
    func cells(_ color: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: lists + color * Self.listed, count: min(counts[color], Self.listed))
    }

    func isNeighbour(_ cell: Int32, of centre: Int, _ neighbours: [Int32]) -> Bool {
        for e in 0..<4 where neighbours[centre * 4 + e] == cell { return true }
        return false
    }
}
