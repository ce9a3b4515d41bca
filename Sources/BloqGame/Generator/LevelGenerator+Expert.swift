extension LevelGenerator {
    /// The shape of expert boards of a size: walls, blocks and colours.
    public struct Shape: Sendable, Hashable {
        public var walls: Int
        public var blocks: Int
        public var colors: [BlockColor]
    }

    /// Expert boards: 5 colours up to 25 cells and 6 beyond, a seventh of the cells walls,
    /// and half the cells blocks, at most 12 (5x5: 3 walls and 12 blocks; 6x6: 5 walls and
    /// 12 blocks).
    /// Sparse boards leave room to slide far, walls give the slides places to stop, and
    /// more colours mean fewer easy pairs. Denser boards at these sizes are often beyond the
    /// solver's budget, so their pars could not be proved (docs/levels.md has the survey).
    public static func expertShape(rows: Int, columns: Int) -> Shape {
        let area = rows * columns
        let walls = min(area / 7, area - 3)
        let blocks = min(max(2, area / 2), 12, area - walls - 1)
        let palette: [BlockColor] = [.red, .blue, .orange, .green, .yellow, .purple]
        return Shape(walls: walls, blocks: blocks, colors: Array(palette.prefix(area <= 25 ? 5 : 6)))
    }

    /// The solver's budget per search for expert boards: a board that needs more is
    /// skipped, so every expert level is proved in a fraction of a second.
    public static let expertMaxStates = 300_000

    /// The optimal lengths an expert board of `blocks` blocks may have: from 0.8 b (10 for
    /// 12 blocks, about where a hard classic board is) to 2 b. On sparse boards a block may
    /// have to move more than once, so the longest boards pass b.
    public static func expertBand(blocks: Int) -> ClosedRange<Int> {
        let b = max(blocks, 1)
        let bottom = max(1, Int((0.8 * Double(b)).rounded(.up)))
        return bottom...max(bottom, 2 * b)
    }
}

extension LevelGenerator {
    /// Master boards, past the expert pack: an eighth of the cells walls and two fifths
    /// blocks, in seven colours up to 49 cells and eight beyond (7x7: 6 walls and 19 blocks;
    /// 8x8: 8 walls and 25 blocks). Long slides, few stops, and more colours than the expert
    /// pack: optimal lengths of 16 to 25 moves are common. scripts/make-master.sh picks blocks
    /// and colours per length (`bloq generate --blocks --colors`).
    public static func masterShape(rows: Int, columns: Int) -> Shape {
        let area = rows * columns
        let walls = min(area / 8, area - 3)
        let blocks = min(max(2, area * 2 / 5), area - walls - 1)
        let palette = BlockColor.allCases
        return Shape(walls: walls, blocks: blocks, colors: Array(palette.prefix(area <= 49 ? 7 : 8)))
    }

    /// The solver's budget per search for master boards: as for the expert pack, a board
    /// that needs more is skipped, so every master level is proved in a fraction of a
    /// second (the partial-expansion search stores far fewer positions than the search the
    /// expert budget was set for; docs/solver.md).
    public static let masterMaxStates = 300_000

    /// The optimal lengths of a master board: 16 to 25 moves.
    public static let masterBand = 16...25
}

/// What makes a generated board worth playing beyond its optimal length.
public struct Interest: Sendable, Hashable {
    /// The largest share of the legal opening moves that may start an optimal solution
    /// (1: any share). A board where most first moves are fine is solved by wandering.
    public var maximumGoodOpeningShare: Double
    /// Whether an opening move that clears blocks may start an optimal solution. False
    /// keeps only boards where the obvious first clear is not the way: the player has to
    /// look further than the next match.
    public var allowsOpeningClear: Bool

    public init(maximumGoodOpeningShare: Double, allowsOpeningClear: Bool) {
        self.maximumGoodOpeningShare = maximumGoodOpeningShare
        self.allowsOpeningClear = allowsOpeningClear
    }

    /// Every board in the band is kept (the classic packs).
    public static let any = Interest(maximumGoodOpeningShare: 1, allowsOpeningClear: true)
    /// The expert pack's.
    public static let expert = Interest(maximumGoodOpeningShare: 0.25, allowsOpeningClear: false)

    /// Whether `board`, rated `rating`, is kept (not when a search gave up: the budget could
    /// not judge it), and the positions the searches stored (one per opening move that
    /// clears blocks, when those must not be optimal).
    func judge(_ board: Board, rating: DifficultyRating, maxStates: Int, totalStates: Int, memoryBudget: Int) -> (kept: Bool, states: Int) {
        guard rating.openingMoves > 0 else { return (false, 0) }
        let share = Double(rating.goodOpeningMoves) / Double(rating.openingMoves)
        guard share <= maximumGoodOpeningShare else { return (false, 0) }
        guard !allowsOpeningClear else { return (true, 0) }
        var spent = 0
        for move in board.legalMoves {
            guard let slide = board.slide(move), !slide.vanished.isEmpty else { continue }
            let left = totalStates - spent
            guard left > 0 else { return (false, spent) }
            let result = Solver(maxStates: min(maxStates, left), memoryBudget: memoryBudget).solve(slide.result)
            spent += result.states
            if result.outcome == .gaveUp || result.optimal == rating.optimal - 1 { return (false, spent) }
        }
        return (true, spent)
    }
}

extension Board {
    /// Whether some region of open cells shut off by walls and the edge holds exactly one
    /// block of a colour: that block can never meet its own, so the board is unsolvable.
    /// (Blocks never cross walls, so each region is a puzzle of its own.)
    var strandsABlock: Bool {
        let regions = regionLabels()
        var counts = [[BlockColor: Int]](repeating: [:], count: regions.count)
        for (cell, label) in regions.labels.enumerated() {
            if let color = cells[cell].color { counts[Int(label)][color, default: 0] += 1 }
        }
        return counts.contains { $0.values.contains(1) }
    }
}
