/// The board of the day: made from its date alone, so every player gets the same board on
/// the same (UTC) day, and `bloq generate --daily DATE` prints it for anyone to check. Its
/// par is proved by the solver before it is shown.
///
/// The recipe (docs/levels.md): a 4x4 board with a wall, two holes and 13 blocks in the
/// four classic colours, drawn from a generator seeded by the date, kept when its optimal
/// length is the day's (9 moves on Monday and Tuesday, 10 on Wednesday and Thursday, 11
/// on Friday and Saturday, 12 on Sunday: from the classic board's medium band to its
/// hard one), at most a third of its opening moves start an optimal solution, and no
/// opening move that clears blocks is optimal. Every step depends only on the date and
/// on the solver's exact answers (optimal lengths), never on a clock or the machine.
public struct DailyBoard: Sendable, Hashable {
    public let date: DailyDate
    public let board: Board
    public let rating: DifficultyRating
    /// Boards drawn for the day, the kept one included.
    public let boardsDrawn: Int
    /// Boards drawn that the solver could not decide within `maxStates` (neither solved nor
    /// proved unsolvable). While it is 0 the board does not depend on the solver's budget
    /// or strength: a stronger solver makes the same board.
    public let undecided: Int

    /// The optimal number of moves.
    public var par: Int { rating.optimal }

    /// "Daily 2026-03-14".
    public var title: String { "Daily \(date)" }

    /// The day's board as a level (title, par, difficulty).
    public var level: Level {
        Level(title: title, par: par, difficulty: difficulty, author: DailyBoard.author, board: board)
    }

    /// Medium up to 10 moves, hard from 11: the classic board's bands.
    public var difficulty: Difficulty {
        par >= 11 ? .hard : .medium
    }

    /// The level file of the day's board, as `bloq generate --daily` prints it.
    public var text: String {
        let rating = self.rating
        let score = (rating.score * 10).rounded() / 10
        return LevelText.file(
            board: board, title: title, par: par, difficulty: difficulty, author: DailyBoard.author,
            comments: [
                "The daily board of \(date.longDescription) (UTC): bloq generate --daily \(date)",
                "difficulty score \(score): \(rating.optimal) moves, \(rating.goodOpeningMoves) of \(rating.openingMoves) opening moves optimal",
            ])
    }

    public static let author = "bloq daily"
    public static let rows = 4
    public static let columns = 4
    public static let walls = 1
    public static let blocks = 13
    public static let colors: [BlockColor] = [.red, .blue, .orange, .green]
    /// The day's optimal length, Monday to Sunday: the classic board's medium band early
    /// in the week, its hard band later.
    public static let parByWeekday = [9, 9, 10, 10, 11, 11, 12]
    /// The solver's budget per search. Boards of this shape need far fewer (a survey of
    /// 200 needed at most 88,000 positions, unsolvable ones proved included), so in
    /// practice every board drawn is decided and the day's board does not depend on the
    /// budget: `undecided` stays 0.
    public static let maxStates = Solver.defaultMaxStates
    /// The memory a search's tables may take: fixed (not the machine's), so that the day's
    /// board is the same everywhere; `maxStates` positions of a 4x4 board take 100 MB at most.
    public static let memoryBudget = 256 << 20
    /// Boards drawn before the day is given up (never reached in practice: the 30 days of
    /// March 2026 took 3 to 141).
    public static let maximumBoards = 5_000

    /// The seed of a day's generator.
    public static func seed(for date: DailyDate) -> UInt64 {
        UInt64(bitPattern: Int64(date.daysSince1970)) &* 0x9E37_79B9_7F4A_7C15 ^ 0xB10C_DA11_B0A2_D5ED
    }

    /// Makes the board of `date`, or nil in the unlikely case that none of
    /// `maximumBoards` boards drawn meets the recipe (no day tested comes near: they take a
    /// few dozen). Takes tens of milliseconds in a release build (the boards drawn are
    /// solved, and those of the day's length rated); run it off the render thread.
    /// `stop` ends the making early (nil: the answer is then discarded, never a different
    /// board: no budget here depends on time, so the day's board is everyone's).
    public static func make(for date: DailyDate, stop: SearchStop = .never) -> DailyBoard? {
        var generator = LevelGenerator(difficulty: .hard, rows: rows, columns: columns, seed: seed(for: date))
        generator.walls = walls
        generator.blocks = blocks
        generator.colors = colors
        var random = SeededGenerator(seed: generator.seed)
        let target = parByWeekday[date.weekday]
        var drawn = 0
        var undecided = 0
        while drawn < maximumBoards {
            if stop.isRequested { return nil }
            drawn += 1
            guard let board = generator.candidate(&random) else { continue }
            switch judge(board, target: target, stop: stop) {
            case .kept(let rating): return DailyBoard(date: date, board: board, rating: rating, boardsDrawn: drawn, undecided: undecided)
            case .undecided: undecided += 1
            case .rejected: break
            }
        }
        return nil
    }

    enum Verdict {
        case kept(DifficultyRating)
        case rejected
        /// A search gave up: the board is skipped, though a stronger solver might keep it.
        case undecided
    }

    /// Whether `board` meets the recipe for a day of optimal length `target`: cheapest
    /// tests first (its length, then its opening clears, then every opening move, stopping
    /// as soon as too many are optimal), so most boards cost one search.
    static func judge(_ board: Board, target: Int, stop: SearchStop = .never) -> Verdict {
        let solver = Solver(maxStates: maxStates, memoryBudget: memoryBudget, stop: stop)
        func optimum(_ position: Board) -> Int?? {
            let result = solver.solve(position)
            return result.outcome == .gaveUp ? nil : .some(result.optimal)
        }
        guard let start = optimum(board) else { return .undecided }
        guard start == target else { return .rejected }
        let openings = board.legalMoves.compactMap { board.slide($0) }
        for slide in openings where !slide.vanished.isEmpty {
            guard let after = optimum(slide.result) else { return .undecided }
            if after == target - 1 { return .rejected }
        }
        let allowed = Int((Double(openings.count) * maximumGoodOpeningShare).rounded(.down))
        var good = 0
        for slide in openings where slide.vanished.isEmpty {
            guard let after = optimum(slide.result) else { return .undecided }
            if after == target - 1 { good += 1 }
            if good > allowed { return .rejected }
        }
        return .kept(DifficultyRating(board: board, optimal: target, openingMoves: openings.count, goodOpeningMoves: good))
    }

    /// The largest share of opening moves that may start an optimal solution.
    public static let maximumGoodOpeningShare = 1.0 / 3.0
}
