/// Makes new levels: random boards of a size, kept when the solver rates them inside the
/// difficulty's band and no level already made or excluded is the same puzzle up to
/// rotation, mirroring and colour names. The same seed gives the same levels (for the same
/// exclusions).
public struct LevelGenerator: Sendable {
    /// A level the generator made.
    public struct Made: Sendable, Hashable {
        public var board: Board
        public var rating: DifficultyRating
        public var title: String
    }

    public var difficulty: Difficulty
    public var rows: Int
    public var columns: Int
    public var seed: UInt64
    /// Colours used (the classic game uses four).
    public var colors: [BlockColor] = [.red, .blue, .orange, .green]
    /// Wall cells on each board (they never move or vanish); the classic board has none.
    public var walls = 0
    /// Blocks on each board; nil: every cell but the walls and the holes (`holes`), the
    /// classic full board. Given, the board is sparse: the blocks are scattered over the
    /// open cells, each colour two to four times where it can be.
    public var blocks: Int?
    /// What a board must have beyond its band to be kept (`Interest`).
    public var interest = Interest.any
    /// The solver's budget per search; boards it cannot decide are skipped.
    public var maxStates = 300_000
    /// Random boards tried per level asked for before giving up.
    public var attemptsPerLevel = 3_000
    /// Positions the solver may store per level, over all the searches of the run (rating a
    /// board takes one search for it and one per opening move). With the attempts, it bounds
    /// a run's work the same way on every machine: a size or band where levels are rare or
    /// boards too large to solve ends with what was made, never runs on for ever.
    public var statesPerLevel = 20_000_000
    /// The memory budget of each search.
    public var memoryBudget = Solver.defaultMemoryBudget
    /// The optimal lengths to keep instead of the difficulty's band (nil: the band). A pack
    /// that should rise in length asks for each stretch of lengths in turn
    /// (scripts/make-expert.sh).
    public var lengths: ClosedRange<Int>?

    /// How far a run has come: levels made, boards tried, positions the solver stored.
    public struct Progress: Sendable, Hashable {
        public var made: Int
        public var boardsTried: Int
        public var statesSearched: Int
    }

    /// What a run made, what it cost, and which budget stopped it short, if one did.
    public struct Run: Sendable {
        public var made: [Made]
        public var progress: Progress
        /// Nil when every level asked for was made.
        public var shortfall: Shortfall?
    }

    /// The budget that ran out before a run made every level asked for.
    public enum Shortfall: Sendable, Hashable {
        /// This many boards were tried: `attemptsPerLevel` × (levels made + 1).
        case attempts(Int)
        /// This many positions were stored: `statesPerLevel` × (levels made + 1).
        case states(Int)
    }

    /// A generator for `difficulty` on boards of `rows` x `columns`. Expert boards get the
    /// expert shape (`expertShape`): walls, sparse blocks, five or six colours, the
    /// expert's interest, and searches of at most `expertMaxStates` positions; master
    /// boards the master shape (`masterShape`), the same interest and `masterMaxStates`;
    /// the other difficulties the classic full board.
    public init(difficulty: Difficulty, rows: Int = 4, columns: Int = 4, seed: UInt64) {
        self.difficulty = difficulty
        self.rows = rows
        self.columns = columns
        self.seed = seed
        if difficulty == .expert || difficulty == .master {
            let shape =
                difficulty == .expert
                ? LevelGenerator.expertShape(rows: rows, columns: columns) : LevelGenerator.masterShape(rows: rows, columns: columns)
            walls = shape.walls
            blocks = shape.blocks
            colors = shape.colors
            interest = .expert
            // Expert and master levels are proved quickly: the game solves them for hints,
            // and validation for every shipped level.
            maxStates = difficulty == .expert ? LevelGenerator.expertMaxStates : LevelGenerator.masterMaxStates
        }
    }

    /// Empty cells on a generated board: one per 16 cells (the classic board has one); on a
    /// sparse board, every open cell without a block.
    public var holes: Int {
        guard let blocks else { return max(1, rows * columns / 16) }
        return max(rows * columns - walls - blocks, 0)
    }

    /// The optimal lengths a difficulty accepts, from the number of blocks b: easy
    /// 0.40b...0.55b, medium to 0.69b, hard to b. For the classic board (15 blocks): easy
    /// 6–8, medium 9–10, hard 11–15, the original game's range. On tiny boards the bands
    /// shrink to a length each but never empty (2x2: easy 1, medium 2, hard 3). Expert
    /// boards are sparse, so their lengths are counted differently (`expertBand`). `lengths`,
    /// when given, replaces the band.
    public var band: ClosedRange<Int> {
        if let lengths { return lengths }
        let blocks = max(self.blocks ?? (rows * columns - holes - walls), 1)
        if difficulty == .expert { return LevelGenerator.expertBand(blocks: blocks) }
        if difficulty == .master { return LevelGenerator.masterBand }
        let b = Double(blocks)
        let easyTop = max(1, Int((0.55 * b).rounded(.down)))
        let easyBottom = min(max(1, Int((0.40 * b).rounded(.up))), easyTop)
        let mediumTop = max(easyTop + 1, Int((0.69 * b).rounded(.down)))
        switch difficulty {
        case .easy: return easyBottom...easyTop
        case .medium: return (easyTop + 1)...mediumTop
        case .hard, .expert, .master: return (mediumTop + 1)...max(mediumTop + 1, blocks)
        }
    }

    /// Makes up to `count` levels, easiest first, none the same puzzle as another or as any
    /// canonical form in `excluding`. `progress` is told how many are made so far.
    public func generate(
        count: Int, excluding: Set<String> = [], excludingTitles: Set<String> = [], progress: (Int) -> Void = { _ in }
    ) -> [Made] {
        run(count: count, excluding: excluding, excludingTitles: excludingTitles) { progress($0.made) }.made
    }

    /// Makes up to `count` levels within the budgets, easiest first: the k-th level may
    /// take the boards and positions the first k levels are allowed (`attemptsPerLevel`
    /// and `statesPerLevel` each, so at most `count` times each in all) that the levels
    /// before it left. `progress` is told after each level made.
    public func run(
        count: Int, excluding: Set<String> = [], excludingTitles: Set<String> = [], progress: (Progress) -> Void = { _ in }
    ) -> Run {
        let count = max(count, 0)
        var state = Progress(made: 0, boardsTried: 0, statesSearched: 0)
        guard Board.sizeRange.contains(rows), Board.sizeRange.contains(columns), count > 0 else {
            return Run(made: [], progress: state, shortfall: count > 0 ? .attempts(0) : nil)
        }
        var random = SeededGenerator(seed: seed)
        var seen = excluding
        var titles = excludingTitles
        var made: [Made] = []
        let band = self.band
        // The budgets add up level by level: the k-th level may use what is left of the
        // first k levels' allowance. So a run where levels are rare stops one level's
        // budget after the last level it made, not `count` levels' budgets later.
        func allowance(_ perLevel: Int, levels: Int) -> Int {
            let (total, overflow) = levels.multipliedReportingOverflow(by: max(perLevel, 1))
            return overflow ? Int.max : total
        }
        var shortfall: Shortfall?
        while made.count < count {
            let maxAttempts = allowance(attemptsPerLevel, levels: made.count + 1)
            let maxStatesTotal = allowance(statesPerLevel, levels: made.count + 1)
            guard state.boardsTried < maxAttempts else {
                shortfall = .attempts(maxAttempts)
                break
            }
            guard state.statesSearched < maxStatesTotal else {
                shortfall = .states(maxStatesTotal)
                break
            }
            state.boardsTried += 1
            guard let board = candidate(&random) else { continue }
            let key = board.canonicalForm
            guard !seen.contains(key) else { continue }
            if blocks != nil {
                // Sparse boards are mostly out of the band: one search says so before the
                // rating's search per opening move. (The rating counts an opening whose
                // search gives up within `maxStates` as not optimal; scripts/make-expert.sh
                // rates the levels made again with the default budget, docs/levels.md.)
                let left = maxStatesTotal - state.statesSearched
                let first = Solver(maxStates: min(maxStates, left), memoryBudget: memoryBudget).solve(board)
                state.statesSearched += first.states
                guard let optimal = first.optimal, band.contains(optimal) else { continue }
            }
            let rated = DifficultyRating.rate(
                board, maxStates: maxStates, totalStates: maxStatesTotal - state.statesSearched, memoryBudget: memoryBudget)
            state.statesSearched += rated.states
            guard let rating = rated.rating, band.contains(rating.optimal) else { continue }
            if interest != .any {
                let judged = interest.judge(
                    board, rating: rating, maxStates: maxStates, totalStates: maxStatesTotal - state.statesSearched,
                    memoryBudget: memoryBudget)
                state.statesSearched += judged.states
                guard judged.kept else { continue }
            }
            seen.insert(key)
            let title = LevelGenerator.title(&random, avoiding: titles)
            titles.insert(title)
            made.append(Made(board: board, rating: rating, title: title))
            state.made = made.count
            progress(state)
        }
        let sorted = made.sorted {
            $0.rating.score != $1.rating.score ? $0.rating.score < $1.rating.score : $0.board.canonicalForm < $1.board.canonicalForm
        }
        return Run(made: sorted, progress: state, shortfall: shortfall)
    }

    /// A board a run would consider next, drawn from `random`: no two same colours touch,
    /// no colour has a single block, and no block is alone with its colour in a region the
    /// walls close off. Nil when the draw fails those (draw again).
    public func candidate(_ random: inout SeededGenerator) -> Board? {
        guard let board = blocks.map({ sparseBoard(&random, blocks: $0) }) ?? randomBoard(&random),
            board.touchingPairs.isEmpty, !board.colorCounts.values.contains(1), !board.strandsABlock
        else { return nil }
        return board
    }

    /// A board with `holes` empty cells and every other cell a colour differing from its
    /// left and upper neighbours, so no two same colours touch.
    func randomBoard(_ random: inout SeededGenerator) -> Board? {
        let area = rows * columns
        var empty = Set<Int>()
        while empty.count < min(holes, area - 1) { empty.insert(random.below(area)) }
        var cells = [Cell](repeating: .empty, count: area)
        for index in 0..<area where !empty.contains(index) {
            let left = index % columns > 0 ? cells[index - 1].color : nil
            let up = index >= columns ? cells[index - columns].color : nil
            let allowed = colors.filter { $0 != left && $0 != up }
            cells[index] = .block(allowed[random.below(allowed.count)])
        }
        return Board(rows: rows, columns: columns, cells: cells)
    }

    /// A sparse board: `walls` walls and `blocks` blocks on random cells, the rest empty.
    /// Every colour in `colors` (as many as the blocks allow, two each) gets two to four
    /// blocks, the extra ones spread at random, and no two same colours touch. Nil when the
    /// draw paints itself into a corner (a cell whose every remaining colour touches its
    /// own); the caller draws again.
    func sparseBoard(_ random: inout SeededGenerator, blocks: Int) -> Board? {
        let area = rows * columns
        var order = Array(0..<area)
        for index in stride(from: area - 1, to: 0, by: -1) { order.swapAt(index, random.below(index + 1)) }
        let wallCount = min(max(walls, 0), area - 1)
        var cells = [Cell](repeating: .empty, count: area)
        for index in order.prefix(wallCount) { cells[index] = .wall }
        let blockCells = Array(order.dropFirst(wallCount).prefix(max(blocks, 0)))
        let palette = Array(colors.prefix(max(blockCells.count / 2, 1)))
        guard !palette.isEmpty, !blockCells.isEmpty else { return nil }
        var left = [Int](repeating: 0, count: palette.count)
        var spare = blockCells.count
        for index in palette.indices where spare >= 2 {
            left[index] = 2
            spare -= 2
        }
        while spare > 0 {
            let roomy = palette.indices.filter { left[$0] < 4 }
            let index = roomy.isEmpty ? random.below(palette.count) : roomy[random.below(roomy.count)]
            left[index] += 1
            spare -= 1
        }
        for cell in blockCells {
            let neighbours = [
                cell - columns, cell + columns, cell % columns > 0 ? cell - 1 : -1, cell % columns < columns - 1 ? cell + 1 : -1,
            ]
            let taken = Set(neighbours.filter { (0..<area).contains($0) }.compactMap { cells[$0].color })
            let allowed = palette.indices.filter { left[$0] > 0 && !taken.contains(palette[$0]) }
            guard !allowed.isEmpty else { return nil }
            let pick = allowed[random.below(allowed.count)]
            left[pick] -= 1
            cells[cell] = .block(palette[pick])
        }
        return Board(rows: rows, columns: columns, cells: cells)
    }

    static let adjectives = [
        "Amber", "Quiet", "Hidden", "Crooked", "Silver", "Narrow", "Frozen", "Gentle", "Restless", "Hollow", "Bright",
        "Tangled", "Lonely", "Patient", "Velvet", "Copper", "Scarlet", "Drifting", "Sudden", "Winding", "Distant", "Tiny",
        "Stubborn", "Clever", "Shallow", "Lucky", "Golden", "Misty", "Broken", "Secret", "Sleepy", "Swift",
    ]
    static let nouns = [
        "Harbor", "Corner", "Garden", "Puzzle", "Alley", "Meadow", "Bridge", "Crossing", "Lantern", "Orchard", "Quarry",
        "Passage", "Market", "Square", "Harvest", "Tide", "Compass", "Window", "Ladder", "Pocket", "Current", "Shelf",
        "Circuit", "Mosaic", "Junction", "Glacier", "Courtyard", "Labyrinth", "Rapids", "Domino", "Gallery", "Knot",
    ]

    /// Every title the generator draws from (an adjective and a noun).
    public static var allTitles: [String] { adjectives.flatMap { adjective in nouns.map { "\(adjective) \($0)" } } }

    /// A title not in `taken`: up to 64 random pairs; when they all collide (there are only
    /// 1,024 of them), the last one drawn with the first free number after it.
    static func title(_ random: inout SeededGenerator, avoiding taken: Set<String>) -> String {
        var title = ""
        for _ in 0..<64 {
            title = "\(adjectives[random.below(adjectives.count)]) \(nouns[random.below(nouns.count)])"
            if !taken.contains(title) { return title }
        }
        var number = 2
        while taken.contains("\(title) \(number)") { number += 1 }
        return "\(title) \(number)"
    }
}

extension Difficulty {
    /// The difficulty a board of `optimal` moves falls in by the generator's bands: a sparse
    /// board with walls (at most half its cells blocks) is expert when its length is in the
    /// expert band; otherwise easy, medium or hard by the share of its blocks the optimal
    /// line takes (the editor names a draft's difficulty this way).
    public static func of(_ board: Board, optimal: Int) -> Difficulty {
        let blocks = max(board.blockCount, 1)
        let walls = board.positions.filter { board[$0] == .wall }.count
        if walls > 0, blocks * 2 <= board.rows * board.columns, LevelGenerator.expertBand(blocks: blocks).contains(optimal) {
            return .expert
        }
        for difficulty in [Difficulty.easy, .medium] {
            var generator = LevelGenerator(difficulty: difficulty, rows: board.rows, columns: board.columns, seed: 0)
            generator.walls = walls
            generator.blocks = blocks
            if optimal <= generator.band.upperBound { return difficulty }
        }
        return .hard
    }
}
