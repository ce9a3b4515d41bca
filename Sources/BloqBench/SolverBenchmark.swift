import BloqGame
import Glibc

/// Boards to measure the solver on.
public enum BenchmarkBoards {
    /// The original game's pool (`PAR BOARD` lines), parsed; nil when the file is absent.
    public static func originalPool(path: String) -> [(par: Int, board: Board)]? {
        lines(path)?.compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let par = Int(parts[0]) else { return nil }
            let cells = Array(parts[1].trimmingCharacters(in: "\n\r"))
            guard cells.count == 16,
                let board = Board((0..<4).map { row in String(cells[(row * 4)..<(row * 4 + 4)]) })
            else { return nil }
            return (par, board)
        }
    }

    /// The lines of the file at `path`, each with its line end; nil when it cannot be opened.
    static func lines(_ path: String) -> [String]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var lines: [String] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line { lines.append(String(cString: line)) }
        return lines
    }

    /// `count` random classic boards from `seed`: four colours (R, B, O, G), one hole, no
    /// same colours touching, like the original game's pool.
    public static func random(count: Int, seed: UInt64) -> [Board] {
        var generator = SeededGenerator(seed: seed)
        let colors: [Cell] = [.block(.red), .block(.blue), .block(.orange), .block(.green)]
        var boards: [Board] = []
        while boards.count < count {
            var cells = (0..<15).map { _ in colors[Int(generator.next() % 4)] } + [.empty]
            for i in stride(from: cells.count - 1, to: 0, by: -1) {
                cells.swapAt(i, Int(generator.next() % UInt64(i + 1)))
            }
            guard let board = Board(rows: 4, columns: 4, cells: cells), board.touchingPairs.isEmpty else { continue }
            boards.append(board)
        }
        return boards
    }
}

extension BenchmarkBoards {
    /// `count` random 6x6 boards from `seed`: 3 walls, 12 to 16 blocks in 4 to 6 colours
    /// (each colour at least two blocks), no same colours touching; everything else left to
    /// chance (a colour may be walled apart, so some boards cannot be cleared). The set the
    /// solver's reach is measured on (docs/solver.md).
    public static func random6x6(count: Int, seed: UInt64) -> [Board] {
        var generator = SeededGenerator(seed: seed)
        var boards: [Board] = []
        while boards.count < count {
            let colours = Array(BlockColor.allCases.prefix(4 + generator.below(3)))
            let blocks = 12 + generator.below(5)
            // Two of each colour, the rest spread at random.
            var pieces = colours.flatMap { [$0, $0] }
            while pieces.count < blocks { pieces.append(colours[generator.below(colours.count)]) }
            var cells = [Cell](repeating: .wall, count: 3) + pieces.map { Cell.block($0) }
            cells += [Cell](repeating: .empty, count: 36 - cells.count)
            for i in stride(from: cells.count - 1, to: 0, by: -1) { cells.swapAt(i, generator.below(i + 1)) }
            guard let board = Board(rows: 6, columns: 6, cells: cells), board.touchingPairs.isEmpty else { continue }
            boards.append(board)
        }
        return boards
    }
}

extension BenchmarkBoards {
    /// A board set of `bloq bench` (bench/solver-*.txt, written by `BloqDev bench-sets`):
    /// `OPTIMUM BOARD` lines, the board's rows joined by '/', the optimum '-' when the board
    /// is unsolvable and '?' when the set's large budget did not decide it; '#' starts a
    /// comment. Nil when the file cannot be read or a line is not of that form.
    public static func set(path: String) -> [(optimum: SolverOutcomeSummary, board: Board)]? {
        guard let lines = lines(path) else { return nil }
        var boards: [(SolverOutcomeSummary, Board)] = []
        for line in lines {
            let text = line.trimmingCharacters(in: "\n\r")
            if text.isEmpty || text.hasPrefix("#") { continue }
            let parts = text.split(separator: " ")
            guard parts.count == 2, let board = Board(parts[1].split(separator: "/").map(String.init)) else { return nil }
            switch parts[0] {
            case "-": boards.append((.unsolvable, board))
            case "?": boards.append((.undecided, board))
            default:
                guard let optimum = Int(parts[0]) else { return nil }
                boards.append((.solved(optimum), board))
            }
        }
        return boards
    }

    /// 16 open cells on a 4x5 board with 4 walls that can never be cleared: the reds and
    /// blues walled into the top-left corner fill it and can never move, yet no colour is
    /// alone in its region, so the search visits every position the rest of the board can
    /// reach (more than a million) before it could say so.
    public static let sixteenOpenCells = Board(["RB#PO", "BR#YP", "##GO.", "G.CYC"]) ?? Board(["R.", ".R"])!

    /// A dense 6x6 board with 3 walls (33 open cells, three words a position) from the
    /// dense set (bench/solver-dense6x6.txt), the one whose proof stores the most positions
    /// (1,578,654 to prove its 20 moves), so a search to a smaller budget never ends early.
    public static let sixBySix =
        Board(["OB.RY.", "ROG.P.", "G.P#YR", "OGOY#B", "B..#GP", "YBOPBR"]) ?? Board(["R.", ".R"])!

    /// The boards the solver's memory a position is measured on, by name: 16 open cells (one
    /// word a position; it can never be cleared, so the search runs to its budget), a 6x6
    /// board with walls (three words) and a 16x16 board with 4 holes (16 words).
    public static let memoryBoards: [(name: String, board: Board)] = [
        ("16_cells", sixteenOpenCells), ("6x6", sixBySix), ("16x16", sixteenBySixteen),
    ]

    /// A 16x16 board with 4 holes and four colours, none touching (the board of issue 14's
    /// memory figures): far too large to solve.
    public static let sixteenBySixteen: Board = {
        var generator = SeededGenerator(seed: 16)
        let colors: [BlockColor] = [.red, .blue, .orange, .green]
        var cells = [Cell](repeating: .empty, count: 256)
        let holes: Set<Int> = [17, 90, 163, 236]
        for index in 0..<256 where !holes.contains(index) {
            let left = index % 16 > 0 ? cells[index - 1].color : nil
            let up = index >= 16 ? cells[index - 16].color : nil
            let allowed = colors.filter { $0 != left && $0 != up }
            cells[index] = .block(allowed[generator.below(allowed.count)])
        }
        return Board(rows: 16, columns: 16, cells: cells) ?? sixteenOpenCells
    }()
}

extension BenchmarkBoards {
    /// The sparse 16x16 board of issue 35 (`bench/sparse-16x16.bloq`): 28 blocks in 8
    /// colours (3 or 4 each), none beside another, no walls: 228 empty cells, so every block
    /// can slide far in every direction and the bound is weak. Before issue 35 a position
    /// cost about 16 µs there against 2.6 µs on the crowded 16x16 board.
    public static let sparseSixteen =
        Board([
            "...P..O..G......", "..........G.....", "..Y.....Y..C....", "..........P.O...", "................",
            "W..G.R.........O", "................", "......W.........", "..........W.....", "...B.......Y...R",
            "....O...........", "...B.B..G.......", ".......C....P...", "..........R.....", "...........Y.R..",
            ".C..............",
        ]) ?? sixteenBySixteen
}

/// What a board set records of a board: its optimum, unsolvable, or not decided.
public enum SolverOutcomeSummary: Hashable, Sendable {
    case solved(Int)
    case unsolvable
    case undecided

    /// The summary of a search's outcome.
    public init(_ outcome: SolverOutcome) {
        switch outcome {
        case .solved(let moves): self = .solved(moves.count)
        case .unsolvable: self = .unsolvable
        case .gaveUp: self = .undecided
        }
    }

    /// As a board set writes it: the optimum, '-' unsolvable, '?' undecided.
    public var text: String {
        switch self {
        case .solved(let moves): String(moves)
        case .unsolvable: "-"
        case .undecided: "?"
        }
    }
}

/// The solver against the naive search on the same boards, in one process.
public enum SolverBenchmark {
    public struct Result: Sendable {
        public var boards: Int
        public var medianMilliseconds: Double
        public var worstMilliseconds: Double
        public var naiveTotalMilliseconds: Double
        public var naiveBoards: Int
        /// Total time of the naive search over the solver's total on the boards both ran.
        public var speedup: Double
        /// Boards where the optimum disagreed with the naive search (must be 0).
        public var disagreements: Int
    }

    /// Solves every board with `Solver`, and `naiveLimit` of them, spread evenly over the
    /// set (pools are often sorted by difficulty), with the naive search too.
    public static func run(_ boards: [Board], naiveLimit: Int) -> Result {
        let searches = boards.map { board in BenchClock.timed { Solver().solve(board) } }
        var naiveTotal = 0.0
        var solverTotalOnSame = 0.0
        var disagreements = 0
        let naiveCount = min(naiveLimit, boards.count)
        for sample in 0..<naiveCount {
            let index = sample * boards.count / naiveCount
            let (naive, milliseconds) = BenchClock.timed { NaiveSolver.solve(boards[index]) }
            naiveTotal += milliseconds
            solverTotalOnSame += searches[index].milliseconds
            if naive != searches[index].0.optimal { disagreements += 1 }
        }
        let times = searches.map(\.milliseconds)
        return Result(
            boards: boards.count, medianMilliseconds: BenchClock.median(times), worstMilliseconds: times.max() ?? 0,
            naiveTotalMilliseconds: naiveTotal, naiveBoards: naiveCount,
            speedup: solverTotalOnSame > 0 ? naiveTotal / solverTotalOnSame : 0,
            disagreements: disagreements)
    }

    /// How far the solver reaches on a set of boards: each solved with the default budget.
    public struct Reach: Sendable {
        /// Per board: its outcome, the positions stored and the milliseconds taken.
        public var results: [(outcome: SolverOutcome, states: Int, milliseconds: Double)]
        /// Boards solved or proved unsolvable, in percent of the set.
        public var provedPercent: Double { SolverBenchmark.provedPercent(self, within: .infinity) }
        /// The median time of a search, over every board (those it gave up on included).
        public var medianMilliseconds: Double { BenchClock.median(results.map(\.milliseconds)) }
    }

    /// Boards of `results` proved (solved or proved unsolvable) within `milliseconds`, in
    /// percent of the set.
    public static func provedPercent(_ reach: Reach, within milliseconds: Double) -> Double {
        let proved = reach.results.filter { $0.outcome != .gaveUp && $0.milliseconds <= milliseconds }.count
        return reach.results.isEmpty ? 0 : Double(proved) * 100 / Double(reach.results.count)
    }

    /// Boards whose outcome differs from what the set records (a board the set left
    /// undecided agrees with any outcome, and so does a search that gave up).
    public static func disagreements(_ reach: Reach, _ recorded: [SolverOutcomeSummary]) -> Int {
        zip(reach.results, recorded).filter { result, recorded in
            let found = SolverOutcomeSummary(result.outcome)
            return found != .undecided && recorded != .undecided && found != recorded
        }.count
    }

    /// Solves every board with the default budgets, timing each search.
    public static func reach(_ boards: [Board]) -> Reach {
        Reach(
            results: boards.map { board in
                let (result, milliseconds) = BenchClock.timed { Solver().solve(board) }
                return (result.outcome, result.states, milliseconds)
            })
    }

    /// What one search held, per stored position.
    public struct Memory: Sendable {
        public var states: Int
        /// The most heap the search held at once (the allocator's own sizes of every block
        /// it had), over the positions it stored: what the process really paid. Nil without
        /// a heap meter (the shipped `bloq` has none), or when it sees no heap (a sanitizer).
        public var heapBytesPerState: Double?
        /// The search's own account (`SolverResult.bytesPerState`): what its memory budget
        /// counts.
        public var accountedBytesPerState: Double
    }

    /// What this thread holds on the heap, in bytes, as an interposed malloc sees it
    /// (CAllocationCounter, linked by BloqDev and the tests, never by `bloq`).
    public struct HeapMeter: Sendable {
        /// Bytes this thread allocated and has not freed.
        public var live: @Sendable () -> Int64
        /// The most `live` has been since `resetPeak`.
        public var peak: @Sendable () -> Int64
        /// Starts a new peak from what is live now.
        public var resetPeak: @Sendable () -> Void

        public init(live: @escaping @Sendable () -> Int64, peak: @escaping @Sendable () -> Int64, resetPeak: @escaping @Sendable () -> Void)
        {
            self.live = live
            self.peak = peak
            self.resetPeak = resetPeak
        }
    }

    /// Runs `Solver(maxStates: states)` on `board` and measures its memory: its own account,
    /// and the heap when `heap` is given. Nil when the search stored nothing.
    public static func memory(_ board: Board, states: Int, heap: HeapMeter? = nil) -> Memory? {
        let before = heap?.live() ?? 0
        heap?.resetPeak()
        // One search of the whole board: what a stored position costs, not how regions split.
        let result = Solver(maxStates: states, splitsRegions: false).solve(board)
        let peak = heap.map { $0.peak() - before }
        guard result.states > 0 else { return nil }
        return Memory(
            states: result.states, heapBytesPerState: peak.flatMap { $0 > 0 ? Double($0) / Double(result.states) : nil },
            accountedBytesPerState: result.bytesPerState)
    }

    /// The solver's memory per stored position on searches of `BenchmarkBoards.memoryBoards`
    /// run to `states` positions, by board name.
    public static func bytesPerState(states: Int = 1_000_000, heap: HeapMeter? = nil) -> [(name: String, memory: Memory?)] {
        BenchmarkBoards.memoryBoards.map { ($0.name, memory($0.board, states: states, heap: heap)) }
    }

    /// The microseconds of CPU time a stored position costs on `board`: a search run to
    /// exactly `states` positions (the boards measured are far too large to end sooner),
    /// timed on the thread's CPU clock, over the positions it stored. Nil if the search
    /// ended before `states`.
    public static func microsecondsPerPosition(_ board: Board, states: Int = 300_000) -> Double? {
        let start = BenchClock.threadCPU()
        let result = Solver(maxStates: states).solve(board)
        let seconds = BenchClock.threadCPU() - start
        guard result.outcome == .gaveUp, result.limit == .states else { return nil }
        return seconds * 1e6 / Double(result.states)
    }

}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(self.filter { !set.contains($0) })
    }
}
