extension Search {
    /// Blocks of `color` in `region` in the position loaded in `sets`.
    @inline(__always) func regionCount(_ sets: ColourSets, _ color: Int, _ region: Int32) -> Int {
        guard masked else { return sets.regionCount(color, region) }
        return groups.regionCount == 1 ? sets.counts[color] : (sets.masks[color] & regionMasks[Int(region)]).nonzeroBitCount
    }

    /// The bound of a position of this board (its open cells' nibbles, in order), or nil
    /// when a colour has a lone block in a region.
    mutating func bound(of grid: [UInt8]) -> Int? {
        var sets = ColourSets(regions: groups.regionCount)
        defer { sets.deallocate() }
        sets.load(grid, region: groups.region)
        return sets.hasLoneBlock(region: groups.region) ? nil : bound(&sets)
    }

    /// The start's two bounds per colour present: the group count, and the movement bound
    /// where it applies (docs/solver.md).
    mutating func startBoundParts() -> [(color: Int, groups: Int, movement: Int?)] {
        let sets = ColourSets(regions: groups.regionCount)
        defer { sets.deallocate() }
        sets.load(cells(of: start), region: groups.region)
        var parts: [(color: Int, groups: Int, movement: Int?)] = []
        for color in 1...8 where sets.counts[color] > 0 {
            if masked {
                let mask = sets.masks[color]
                parts.append((color, groups.groupCount(mask: mask), groups.movementBound(mask: mask)))
            } else {
                parts.append((color, groups.groups(sets.cells(color)), nil))
            }
        }
        return parts
    }

    /// The bound of the position loaded in `sets`: the sum of its colours' bounds, which it
    /// also records per colour.
    mutating func bound(_ sets: inout ColourSets) -> Int {
        var total = 0
        for color in 1...8 {
            let count = sets.counts[color]
            let value: Int
            if count == 0 {
                value = 0
            } else if !exact[color] {
                value = (count + 3) / 4
            } else if masked {
                value = groups.bound(mask: sets.masks[color])
            } else {
                value = groups.bound(sortedCells: sets.cells(color))
            }
            sets.bounds[color] = value
            total += value
        }
        return total
    }
}
