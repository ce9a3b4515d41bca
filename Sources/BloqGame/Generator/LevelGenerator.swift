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
    /// The solver's budget per board; boards it cannot decide are skipped.
    public var maxStates = 300_000
    /// Random boards tried per level asked for before giving up.
    public var attemptsPerLevel = 3_000

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
    /// 6–8, medium 9–10, hard 11–15, the original game's range.
    public var band: ClosedRange<Int> {
        let blocks = Double(rows * columns - holes)
        let easyTop = Int((0.55 * blocks).rounded(.down))
        let mediumTop = Int((0.69 * blocks).rounded(.down))
        switch difficulty {
        case .easy: return max(1, Int((0.40 * blocks).rounded(.up)))...max(1, easyTop)
        case .medium: return (easyTop + 1)...max(easyTop + 1, mediumTop)
        case .hard: return (mediumTop + 1)...max(mediumTop + 1, Int(blocks))
        }
    }

    /// Makes up to `count` levels, easiest first, none the same puzzle as another or as any
    /// canonical form in `excluding`. `progress` is told how many are made so far.
    public func generate(
        count: Int, excluding: Set<String> = [], excludingTitles: Set<String> = [], progress: (Int) -> Void = { _ in }
    ) -> [Made] {
        guard Board.sizeRange.contains(rows), Board.sizeRange.contains(columns) else { return [] }
        var random = SeededGenerator(seed: seed)
        var seen = excluding
        var titles = excludingTitles
        var made: [Made] = []
        var attempts = 0
        let band = self.band
        while made.count < count, attempts < max(count, 1) * attemptsPerLevel {
            attempts += 1
            guard let board = randomBoard(&random) else { break }
            let counts = board.colorCounts
            guard board.touchingPairs.isEmpty, !counts.values.contains(1) else { continue }
            let key = board.canonicalForm
            guard !seen.contains(key) else { continue }
            guard let rating = DifficultyRating.rate(board, maxStates: maxStates), band.contains(rating.optimal) else {
                continue
            }
            seen.insert(key)
            var title = LevelGenerator.title(&random)
            while titles.contains(title) { title = LevelGenerator.title(&random) }
            titles.insert(title)
            made.append(Made(board: board, rating: rating, title: title))
            progress(made.count)
        }
        return made.sorted {
            $0.rating.score != $1.rating.score ? $0.rating.score < $1.rating.score : $0.board.canonicalForm < $1.board.canonicalForm
        }
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

    static func title(_ random: inout SeededGenerator) -> String {
        "\(adjectives[random.below(adjectives.count)]) \(nouns[random.below(nouns.count)])"
    }
}
