import ArgumentParser
import BloqBench
import BloqFiles
import BloqGame
import BloqSDL
import Glibc

/// `bloq bench`: every figure of docs/performance.md.
public struct Bench: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the game's speed and memory (build with -c release for real figures).",
        discussion: """
            Prints the figures of docs/performance.md: frame time (real loop, headless, software renderer, \
            800x600, every block animating; 4x4 and a 16x16 board with 200 blocks), input latency in frames, \
            the solver against a naive breadth-first search (the original pool when ../shared/data has it, \
            else 300 seeded random boards) and its memory a position by its own account, 10,000 animators per \
            step and their heap allocations (counted by BloqDev bench-alloc, which interposes malloc, when it is \
            built beside bloq: make bench builds it), start-up to the first presented frame, parsing every shipped level, and peak memory of a scripted game; then whole user \
            processes: `bloq --version`, `bloq solve` on hard boards against a naive C search (make bench builds it), \
            and the game in a live X window (start-up, memory, CPU while xdotool drags a block; null with a reason \
            when there is no display: make bench-live runs them under Xvfb).
            """)

    @Flag(help: "Print one JSON object of numbers.")
    var json = false

    @Option(help: ArgumentHelp("A pool file of 'PAR BOARD' lines to solve.", valueName: "FILE"))
    var boards: String?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("How many boards the naive search also solves (0 to 10000).", valueName: "N"),
        transform: Arguments.wholeNumber("--naive-boards", in: 0...10_000))
    var naiveBoards = 24

    @Option(help: ArgumentHelp("The folder that holds levels/.", valueName: "DIR"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "Measure only the 4x4 frame (frame), the solver on the pool (solver), on random 6x6 boards with walls (solver6x6), on dense 6x6 boards (solverdense6) or on 8x8 boards (solver8x8) (these three print a line per board on standard error), its time a position on the sparse and the crowded 16x16 board (solver16), or its memory a position by its own account (memory; on the heap: BloqDev bench-alloc), a saved level to its board drawn under --watch (watch), for a profiler; or only the whole user processes (live).",
            valueName: "frame|solver|solver6x6|solverdense6|solver8x8|solver16|memory|live"))
    var only: String?

    public init() {}

    public func validate() throws {
        if let only, !["frame", "solver", "solver6x6", "solverdense6", "solver8x8", "solver16", "memory", "watch", "live"].contains(only) {
            throw ValidationError(
                "--only takes frame, solver, solver6x6, solverdense6, solver8x8, solver16, memory, watch or live, not '\(only)'.")
        }
        // A pool named that is not there would silently be replaced by random boards.
        if let boards, RegularFile.kind(boards) != .regular {
            throw ValidationError("--boards: \(boards) is not a file of 'PAR BOARD' lines (it does not exist or is not a regular file)")
        }
    }

    public func run() throws {
        if let only {
            try printFigures(try figures(only: only), notes: [])
            return
        }
        let dataFolder = try Arguments.dataFolder(data)
        // Peak memory first: getrusage reports the largest child waited for so far.
        let rss = try peakMemoryOfScriptedGame(dataFolder)
        let startup = try startupMilliseconds(dataFolder)
        let parse = levelsParseMilliseconds(dataFolder)
        let animators = AnimatorBenchmark.run()
        let (set, fromPool) = solverBoards()
        let solver = SolverBenchmark.run(set, naiveLimit: naiveBoards)
        // The search's own account: the heap itself is BloqDev bench-alloc's (SolverHeapTests
        // holds the two within 2 % of each other).
        let memory = SolverBenchmark.bytesPerState().map { ("solver_bytes_per_state_\($0.name)", $0.memory?.accountedBytesPerState ?? -1) }
        let reach = reachFigures()
        let sixteen = sixteenFigures()
        let dense = setFigures("dense6x6")
        let eight = setFigures("8x8")
        let frames = [
            ("frame_ms_4x4", try RenderBenchmarks.frameMilliseconds(board: Self.classicBoard)),
            ("frame_ms_16x16", try RenderBenchmarks.frameMilliseconds(board: Self.largeBoard)),
            ("latency_frames", Double(try RenderBenchmarks.latencyFrames())),
        ]
        let solverFigures = [
            ("solver_median_ms", solver.medianMilliseconds), ("solver_worst_ms", solver.worstMilliseconds),
            ("solver_speedup_vs_naive", solver.speedup),
        ]
        let figures =
            Self.values(frames + solverFigures) + reach + dense.figures + eight.figures + sixteen
            + Self.values(
                [("solver_bytes_per_state", memory.first { $0.0 == "solver_bytes_per_state_16_cells" }?.1 ?? -1)] + memory + [
                    ("animators_10k_step_ms", animators.medianStepMilliseconds)
                ])
            + [("allocations_per_step", allocationsPerStep())]
            + Self.values([("startup_ms", startup), ("levels_parse_ms", parse), ("peak_rss_mb", rss)])
        try printFigures(
            figures + [try watchFigure()] + liveFigures(dataFolder),
            notes: [
                "solver boards: \(solver.boards) (\(fromPool ? "the original pool" : "seeded random classic boards")); naive search on \(solver.naiveBoards) of them took \(Int(solver.naiveTotalMilliseconds)) ms; disagreements: \(solver.disagreements)"
            ] + dense.notes + eight.notes)
    }

    /// Named values, every one taken.
    static func values(_ values: [(String, Double)]) -> [(String, Figure)] { values.map { ($0.0, .value($0.1)) } }

    /// The figures of one part (`--only`), for a profiler or a quick look: printed like the
    /// whole run's (a table, or one JSON object with --json).
    func figures(only: String) throws -> [(String, Figure)] {
        switch only {
        case "frame":
            return [("frame_ms_4x4", .value(try RenderBenchmarks.frameMilliseconds(board: Self.classicBoard, frames: 120)))]
        case "live":
            return liveFigures(try Arguments.dataFolder(data))
        case "watch":
            return [try watchFigure()]
        case "solver":
            let solver = SolverBenchmark.run(solverBoards().boards, naiveLimit: naiveBoards)
            return Self.values([("solver_median_ms", solver.medianMilliseconds), ("solver_worst_ms", solver.worstMilliseconds)])
        case "memory":
            // By the search's own account; on the heap: BloqDev bench-alloc.
            return SolverBenchmark.bytesPerState().map { name, memory in
                (
                    "solver_accounted_bytes_per_state_\(name)",
                    memory.map { .value($0.accountedBytesPerState) } ?? .unavailable("the search stored no position")
                )
            }
        case "solverdense6", "solver8x8":
            let figures = setFigures(only == "solverdense6" ? "dense6x6" : "8x8", perBoard: true)
            for note in figures.notes { printError(note) }
            return figures.figures
        case "solver16":
            return sixteenFigures()
        case "solver6x6":
            return reachFigures(perBoard: true)
        default:
            return []  // the argument parser lets no other name through
        }
    }

    /// How far the solver reaches on the random 6x6 boards with walls (docs/solver.md): the
    /// share proved and the median search; a line per board on standard error with `perBoard`.
    func reachFigures(perBoard: Bool = false) -> [(String, Figure)] {
        let set = BenchmarkBoards.random6x6(count: 100, seed: 19)
        let reach = SolverBenchmark.reach(set)
        if perBoard { printBoards(set, reach.results) }
        return Self.values([("solver_6x6_proved_percent", reach.provedPercent), ("solver_6x6_median_ms", reach.medianMilliseconds)])
    }

    /// The CPU time a stored position costs on the sparse 16x16 board
    /// (`solver_sparse16_us_per_position`, docs/performance.md) and on the crowded one
    /// (`solver_crowded16_us_per_position`), each search run to 300,000 positions.
    func sixteenFigures() -> [(String, Figure)] {
        [
            ("solver_sparse16_us_per_position", BenchmarkBoards.sparseSixteen),
            ("solver_crowded16_us_per_position", BenchmarkBoards.sixteenBySixteen),
        ]
        .map { name, board in
            (name, SolverBenchmark.microsecondsPerPosition(board).map { .value($0) } ?? .unavailable("the search ended early"))
        }
    }

    /// A line per board on standard error: its rows, what the search found, its positions
    /// and its time.
    func printBoards(_ boards: [Board], _ results: [(outcome: SolverOutcome, states: Int, milliseconds: Double)]) {
        for (index, (board, result)) in zip(boards, results).enumerated() {
            let outcome =
                switch result.outcome {
                case .solved(let moves): "solved in \(moves.count)"
                case .unsolvable: "unsolvable"
                case .gaveUp: "gave up"
                }
            printError(
                "board \(index) \(board.lines.joined(separator: "/")): \(outcome), \(result.states) positions, \(Self.number(result.milliseconds)) ms"
            )
        }
    }

    /// The figures of a board set (bench/solver-NAME.txt, docs/solver.md): for dense6x6 the
    /// slowest search (`solver_dense6_worst_ms`) and the share proved; for 8x8 the share
    /// proved within a second (`solver_8x8_proved_percent`) and the median. Every board is
    /// solved with the default budgets; a line per board on standard error with `perBoard`.
    func setFigures(_ name: String, perBoard: Bool = false) -> (figures: [(String, Figure)], notes: [String]) {
        let path = Path.join(Self.sourceTree, "bench/solver-\(name).txt")
        let dense = name == "dense6x6"
        let keys =
            dense ? ["solver_dense6_worst_ms", "solver_dense6_proved_percent"] : ["solver_8x8_proved_percent", "solver_8x8_median_ms"]
        guard let set = BenchmarkBoards.set(path: path), !set.isEmpty else {
            return (keys.map { ($0, .unavailable("\(path) is missing or not a board set")) }, [])
        }
        let reach = SolverBenchmark.reach(set.map(\.board))
        if perBoard { printBoards(set.map(\.board), reach.results) }
        let disagreements = SolverBenchmark.disagreements(reach, set.map(\.optimum))
        let values =
            dense
            ? [reach.results.map(\.milliseconds).max() ?? 0, reach.provedPercent]
            : [SolverBenchmark.provedPercent(reach, within: 1_000), reach.medianMilliseconds]
        return (
            Self.values(Array(zip(keys, values))), ["\(name) boards: \(set.count); optima that differ from the set's: \(disagreements)"]
        )
    }

    /// Heap allocations a step of 10,000 animators makes, counted by `BloqDev bench-alloc`
    /// (built beside this executable; `make bench` builds it), whose allocation counter
    /// interposes malloc: this binary defines no malloc of its own, so it cannot count them.
    func allocationsPerStep() -> Figure {
        let tool = Path.join(Path.parent(DataLocator.executablePath()), "BloqDev")
        guard FileSystem.isExecutable(tool) else {
            return .unavailable("counted by BloqDev bench-alloc, which is not built beside bloq (make bench builds it)")
        }
        guard let process = try? ChildProcess(tool, ["bench-alloc", "--only", "animators", "--json"], output: .pipe) else {
            return .unavailable("cannot start \(tool)")
        }
        let output = process.readAll()
        let status = process.wait()
        guard status == 0, let figure = (try? JSONValue.parse(output))?["allocations_per_step"]?.doubleValue else {
            return .unavailable("\(tool) bench-alloc failed (exit \(status))")
        }
        return .value(figure)
    }

    /// A saved level file to its new board drawn, under `play --watch` (issue 18's 200 ms).
    func watchFigure() throws -> (String, Figure) {
        let shown = try RenderBenchmarks.watchReloadMilliseconds()
        return ("watch_reload_ms", shown.map(Figure.value) ?? .unavailable("a saved level was not shown within 2 s"))
    }

    /// The benchmarks of whole `bloq` processes, this executable's.
    func processes(_ dataFolder: String) -> LiveBenchmarks {
        LiveBenchmarks(bloq: DataLocator.executablePath(), dataFolder: dataFolder, poolPath: poolPath)
    }

    /// The figures of whole user processes: the command-line tool's start-up, `bloq solve`
    /// against the naive C search, and the game in a live X window (docs/performance.md).
    func liveFigures(_ dataFolder: String) -> [(String, Figure)] {
        let bench = processes(dataFolder)
        let cli = bench.cliStartup()
        let solve = bench.solveProcesses()
        let live = bench.live()
        return [
            ("cli_startup_ms", cli), ("solve_process_ms", solve.solve), ("solve_process_vs_naive", solve.versusNaive),
            ("live_startup_ms", live.startup), ("live_rss_mb", live.rss), ("drag_cpu_percent", live.dragCPU),
        ]
    }

    /// Prints `figures` as one JSON object (a figure that could not be taken is null, its
    /// reason on standard error) or as a table with the reasons.
    func printFigures(_ figures: [(String, Figure)], notes: [String]) throws {
        if json {
            let fields = figures.map { name, figure in "\"\(name)\": \(figure.number.map(Self.number) ?? "null")" }
            print("{" + fields.joined(separator: ", ") + "}")
            for (name, figure) in figures {
                if case .unavailable(let reason) = figure { printError("bloq bench: \(name) is null: \(reason)") }
            }
            return
        }
        // Names padded to the longest, plus a space.
        let width = (figures.map(\.0.count).max() ?? 0) + 1
        for (name, figure) in figures {
            let shown: String
            switch figure {
            case .value(let value): shown = Self.number(value)
            case .unavailable(let reason): shown = "null (\(reason))"
            }
            print(name + String(repeating: " ", count: max(0, width - name.count)) + shown)
        }
        for note in notes { print(note) }
    }

    /// The source tree the benchmarks' inputs come from (the original pool beside it, the
    /// naive search and the scripted game in it): the one this build lies in, else the
    /// working folder (`make bench` runs from the tree).
    static var sourceTree: String {
        DataLocator.sourceTreeOfExecutable() ?? Path.currentFolder
    }

    /// The original game's pool of boards (`--boards`, else beside the source tree).
    var poolPath: String {
        boards ?? Path.join(Self.sourceTree, "../shared/data/original-pool.txt")
    }

    /// The boards the solver is timed on: the pool, else 300 seeded random classic boards.
    func solverBoards() -> (boards: [Board], fromPool: Bool) {
        guard let pool = BenchmarkBoards.originalPool(path: poolPath) else {
            return (BenchmarkBoards.random(count: 300, seed: 2016), false)
        }
        return (pool.map(\.board), true)
    }

    /// `value` to 4 significant digits (printf's %.4g), or -1 when it is not finite.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "-1" }
        var buffer = [CChar](repeating: 0, count: 32)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.4g", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The classic board, full: 15 blocks and a hole.
    static let classicBoard = Board(["RBRB", "BRBR", "RB.G", "GOGO"]) ?? Board(["R.", ".R"])!
    /// A 16x16 board with 200 blocks (and 56 holes), no same colours touching.
    static let largeBoard: Board = {
        var cells: [Cell] = []
        let colors: [BlockColor] = BlockColor.allCases
        var count = 0
        for row in 0..<16 {
            for column in 0..<16 {
                let hole = (row * 16 + column) % 9 == 4 || (row * 7 + column * 3) % 11 == 0
                if hole || count >= 200 {
                    cells.append(.empty)
                } else {
                    cells.append(.block(colors[(row * 3 + column) % colors.count]))
                    count += 1
                }
            }
        }
        return Board(rows: 16, columns: 16, cells: cells) ?? classicBoard
    }()

    /// Milliseconds from starting `bloq play` to its first presented frame (median of 5).
    func startupMilliseconds(_ dataFolder: String) throws -> Double {
        switch processes(dataFolder).firstFrameMilliseconds(video: "offscreen") {
        case .success(let milliseconds): return milliseconds
        case .failure(.start(let error)): printError("bloq bench: \(error)")
        case .failure(.noFrame(let status)): printError("bloq bench: the game did not present a frame (exit \(status))")
        }
        throw ExitCode.failure
    }

    /// Milliseconds to read and parse every shipped level, without solving (median of 7).
    func levelsParseMilliseconds(_ dataFolder: String) -> Double {
        let paths = LevelFiles.levelPaths(under: Path.join(dataFolder, "levels")) ?? []
        var times: [Double] = []
        for _ in 0..<7 {
            let start = BenchClock.now()
            var loaded = 0
            for path in paths where LevelFiles.load(path: path).level != nil { loaded += 1 }
            times.append(BenchClock.milliseconds(since: start))
            if loaded != paths.count { printError("bloq bench: warning: \(paths.count - loaded) levels did not load") }
        }
        return BenchClock.median(times)
    }

    /// Peak resident memory (MB) of a child replaying docs/replays/bench-game.script.
    func peakMemoryOfScriptedGame(_ dataFolder: String) throws -> Double {
        let script = Path.join(Self.sourceTree, "docs/replays/bench-game.script")
        let level = Path.join(dataFolder, "levels/easy/100-full-house.bloq")
        let scratch = Path.join(Path.temporaryFolder, "bloq-bench-\(FileSystem.randomName())")
        defer { FileSystem.removeTree(scratch) }
        let status: Int32
        do {
            status = try ChildProcess(
                DataLocator.executablePath(), ["replay", script, "--level", level, "--json", "--screenshot", scratch + ".png"],
                environment: LiveBenchmarks.environment(scratch: scratch, video: "offscreen"), output: .discard
            ).wait()
        } catch {
            printError("bloq bench: \(error)")
            throw ExitCode.failure
        }
        FileSystem.removeTree(scratch + ".png")
        guard status == 0 else {
            printError("bloq bench: the scripted game failed (exit \(status))")
            throw ExitCode.failure
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

/// A figure of `bloq bench`, or why there is none.
enum Figure {
    case value(Double)
    case unavailable(String)

    var number: Double? {
        if case .value(let value) = self { return value }
        return nil
    }
}
