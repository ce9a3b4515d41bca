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

    public init(difficulty: Difficulty, rows: Int = 4, columns: Int = 4, seed: UInt64) {
        self.difficulty = difficulty
        self.rows = rows
        self.columns = columns
        self.seed = seed
    }

    /// Empty cells on a generated board: one per 16 cells (the classic board has one).
    public var holes: Int { max(1, rows * columns / 16) }

    /// The optimal lengths a difficulty accepts, from the number of blocks b: easy
    /// 0.40b...0.55b, medium to 0.69b, hard to b. For the classic board (15 blocks): easy
    /// 6–8, medium 9–10, hard 11–15, the original game's range. On tiny boards the bands
    /// shrink to a length each but never empty (2x2: easy 1, medium 2, hard 3).
    public var band: ClosedRange<Int> {
        let blocks = max(rows * columns - holes, 1)
        let b = Double(blocks)
        let easyTop = max(1, Int((0.55 * b).rounded(.down)))
        let easyBottom = min(max(1, Int((0.40 * b).rounded(.up))), easyTop)
        let mediumTop = max(easyTop + 1, Int((0.69 * b).rounded(.down)))
        switch difficulty {
        case .easy: return easyBottom...easyTop
        case .medium: return (easyTop + 1)...mediumTop
        case .hard: return (mediumTop + 1)...max(mediumTop + 1, blocks)
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
            guard let board = randomBoard(&random) else { break }
            let counts = board.colorCounts
            guard board.touchingPairs.isEmpty, !counts.values.contains(1) else { continue }
            let key = board.canonicalForm
            guard !seen.contains(key) else { continue }
            let rated = DifficultyRating.rate(
                board, maxStates: maxStates, totalStates: maxStatesTotal - state.statesSearched, memoryBudget: memoryBudget)
            state.statesSearched += rated.states
            guard let rating = rated.rating, band.contains(rating.optimal) else { continue }
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

    static func title(_ random: inout SeededGenerator) -> String {
        "\(adjectives[random.below(adjectives.count)]) \(nouns[random.below(nouns.count)])"
    }

    /// A title not in `taken`: random pairs first; when they keep colliding (there are only
    /// 1,024 of them), the last one drawn with the first free number after it.
    static func title(_ random: inout SeededGenerator, avoiding taken: Set<String>) -> String {
        var title = self.title(&random)
        var tries = 1
        while taken.contains(title), tries < 64 {
            title = self.title(&random)
            tries += 1
        }
        guard taken.contains(title) else { return title }
        var number = 2
        while taken.contains("\(title) \(number)") { number += 1 }
        return "\(title) \(number)"
    }
}
