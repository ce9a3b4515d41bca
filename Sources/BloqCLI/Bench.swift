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

    @OptionGroup public var options: BenchOptions

    public init() {}

    public func run() throws { try options.measure() }
}

/// The options of `bloq bench`.
public struct BenchOptions: ParsableArguments {
    @Flag(help: "Print one JSON object of numbers.")
    public var json = false

    @Option(help: ArgumentHelp("A pool file of 'PAR BOARD' lines to solve.", valueName: "FILE"))
    public var boards: String?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("How many boards the naive search also solves (0 to 10000).", valueName: "N"),
        transform: Arguments.wholeNumber("--naive-boards", in: 0...10_000))
    public var naiveBoards = 24

    @Option(help: ArgumentHelp("The folder that holds levels/.", valueName: "DIR"))
    public var data: String?

    @Option(
        help: ArgumentHelp(
            "Measure only the 4x4 frame (frame), the solver on the pool (solver), on random 6x6 boards with walls (solver6x6), on dense 6x6 boards (solverdense6) or on 8x8 boards (solver8x8) (these three print a line per board on standard error), its time a position on the sparse and the crowded 16x16 board (solver16), or its memory a position by its own account (memory; on the heap: BloqDev bench-alloc), a saved level to its board drawn under --watch (watch), for a profiler; or only the whole user processes (live).",
            valueName: "frame|solver|solver6x6|solverdense6|solver8x8|solver16|memory|live"))
    public var only: String?

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
}

extension BenchOptions {
    func measure() throws {
        if let only {
            try printFigures(try figures(only: only), notes: [])
            return
        }
        let dataFolder = try locateData()
        // Peak memory first: getrusage reports the largest child waited for so far.
        let rss = try peakMemoryOfScriptedGame(dataFolder)
        let startup = try startupMilliseconds(dataFolder)
        let parse = levelsParseMilliseconds(dataFolder)
        let animators = AnimatorBenchmark.run()
        let (set, fromPool) = solverBoards()
        let solver = SolverBenchmark.run(set, naiveLimit: naiveBoards)
        let memory = SolverBenchmark.bytesPerState()
        let reach = SolverBenchmark.reach(BenchmarkBoards.random6x6(count: Self.reachBoards, seed: Self.reachSeed))
        let sixteen = sixteenFigures()
        let dense = setFigures("dense6x6")
        let eight = setFigures("8x8")
        let frame4 = try RenderBenchmarks.frameMilliseconds(board: Self.classicBoard)
        let frame16 = try RenderBenchmarks.frameMilliseconds(board: Self.largeBoard)
        let latency = try RenderBenchmarks.latencyFrames()
        let figures: [(String, LiveBenchmarks.Figure)] =
            [
                ("frame_ms_4x4", frame4), ("frame_ms_16x16", frame16), ("latency_frames", Double(latency)),
                ("solver_median_ms", solver.medianMilliseconds), ("solver_worst_ms", solver.worstMilliseconds),
                ("solver_speedup_vs_naive", solver.speedup), ("solver_6x6_proved_percent", reach.provedPercent),
                ("solver_6x6_median_ms", reach.medianMilliseconds),
            ].map { ($0.0, .value($0.1)) } + dense.figures + eight.figures + sixteen
            + [
                // The search's own account: the heap itself is BloqDev bench-alloc's (SolverHeapTests
                // holds the two within 2 % of each other).
                ("solver_bytes_per_state", memory.sixteenCells?.accountedBytesPerState ?? -1),
                ("solver_bytes_per_state_16_cells", memory.sixteenCells?.accountedBytesPerState ?? -1),
                ("solver_bytes_per_state_6x6", memory.sixBySix?.accountedBytesPerState ?? -1),
                ("solver_bytes_per_state_16x16", memory.sixteenBySixteen?.accountedBytesPerState ?? -1),
                ("animators_10k_step_ms", animators.medianStepMilliseconds),
            ].map { ($0.0, LiveBenchmarks.Figure.value($0.1)) }
            + [("allocations_per_step", allocationsPerStep())]
            + [("startup_ms", startup), ("levels_parse_ms", parse), ("peak_rss_mb", rss)].map { ($0.0, LiveBenchmarks.Figure.value($0.1)) }
        try printFigures(
            figures + [try watchFigure()] + liveFigures(dataFolder),
            notes: [
                "solver boards: \(solver.boards) (\(fromPool ? "the original pool" : "seeded random classic boards")); naive search on \(solver.naiveBoards) of them took \(Int(solver.naiveTotalMilliseconds)) ms; disagreements: \(solver.disagreements)"
            ] + dense.notes + eight.notes)
    }

    /// The figures of one part (`--only`), for a profiler or a quick look: printed like the
    /// whole run's (a table, or one JSON object with --json).
    func figures(only: String) throws -> [(String, LiveBenchmarks.Figure)] {
        switch only {
        case "frame":
            return [("frame_ms_4x4", .value(try RenderBenchmarks.frameMilliseconds(board: Self.classicBoard, frames: 120)))]
        case "live":
            return liveFigures(try locateData())
        case "watch":
            return [try watchFigure()]
        case "solver":
            let solver = SolverBenchmark.run(solverBoards().boards, naiveLimit: naiveBoards)
            return [("solver_median_ms", .value(solver.medianMilliseconds)), ("solver_worst_ms", .value(solver.worstMilliseconds))]
        case "memory":
            // By the search's own account; on the heap: BloqDev bench-alloc.
            let memory = SolverBenchmark.bytesPerState()
            return [("16_cells", memory.sixteenCells), ("6x6", memory.sixBySix), ("16x16", memory.sixteenBySixteen)].map { name, figure in
                (
                    "solver_accounted_bytes_per_state_\(name)",
                    figure.map { .value($0.accountedBytesPerState) } ?? .unavailable("the search stored no position")
                )
            }
        case "solverdense6", "solver8x8":
            let name = only == "solverdense6" ? "dense6x6" : "8x8"
            let figures = setFigures(name, perBoard: true)
            for note in figures.notes { printError(note) }
            return figures.figures
        case "solver16":
            return sixteenFigures()
        case "solver6x6":
            let set = BenchmarkBoards.random6x6(count: Self.reachBoards, seed: Self.reachSeed)
            let reach = SolverBenchmark.reach(set)
            printBoards(set, reach.results)
            return [("solver_6x6_proved_percent", .value(reach.provedPercent)), ("solver_6x6_median_ms", .value(reach.medianMilliseconds))]
        default:
            return []  // the argument parser lets no other name through
        }
    }

    /// The CPU time a stored position costs on the sparse 16x16 board
    /// (`solver_sparse16_us_per_position`, docs/performance.md) and on the crowded one
    /// (`solver_crowded16_us_per_position`), each search run to 300,000 positions.
    func sixteenFigures() -> [(String, LiveBenchmarks.Figure)] {
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
    func setFigures(_ name: String, perBoard: Bool = false) -> (figures: [(String, LiveBenchmarks.Figure)], notes: [String]) {
        let path = Path.join(BenchOptions.sourceTree, "bench/solver-\(name).txt")
        let keys =
            name == "dense6x6"
            ? ["solver_dense6_worst_ms", "solver_dense6_proved_percent"] : ["solver_8x8_proved_percent", "solver_8x8_median_ms"]
        guard let set = BenchmarkBoards.set(path: path), !set.isEmpty else {
            return (keys.map { ($0, .unavailable("\(path) is missing or not a board set")) }, [])
        }
        let reach = SolverBenchmark.reach(set.map(\.board))
        if perBoard { printBoards(set.map(\.board), reach.results) }
        let disagreements = SolverBenchmark.disagreements(reach, set.map(\.optimum))
        let note = "\(name) boards: \(set.count); optima that differ from the set's: \(disagreements)"
        if name == "dense6x6" {
            return (
                [
                    ("solver_dense6_worst_ms", .value(reach.results.map(\.milliseconds).max() ?? 0)),
                    ("solver_dense6_proved_percent", .value(reach.provedPercent)),
                ], [note]
            )
        }
        return (
            [
                ("solver_8x8_proved_percent", .value(SolverBenchmark.provedPercent(reach, within: 1_000))),
                ("solver_8x8_median_ms", .value(reach.medianMilliseconds)),
            ], [note]
        )
    }

    /// Heap allocations a step of 10,000 animators makes, counted by `BloqDev bench-alloc`
    /// (built beside this executable; `make bench` builds it), whose allocation counter
    /// interposes malloc: this binary defines no malloc of its own, so it cannot count them.
    func allocationsPerStep() -> LiveBenchmarks.Figure {
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
    func watchFigure() throws -> (String, LiveBenchmarks.Figure) {
        let shown = try RenderBenchmarks.watchReloadMilliseconds()
        return ("watch_reload_ms", shown.map(LiveBenchmarks.Figure.value) ?? .unavailable("a saved level was not shown within 2 s"))
    }

    /// The figures of whole user processes: the command-line tool's start-up, `bloq solve`
    /// against the naive C search, and the game in a live X window (docs/performance.md).
    func liveFigures(_ dataFolder: String) -> [(String, LiveBenchmarks.Figure)] {
        let bloq = DataLocator.executablePath()
        let bench = LiveBenchmarks(bloq: bloq, dataFolder: dataFolder, poolPath: poolPath)
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
    func printFigures(_ figures: [(String, LiveBenchmarks.Figure)], notes: [String]) throws {
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
        boards ?? Path.join(BenchOptions.sourceTree, "../shared/data/original-pool.txt")
    }

    /// The boards the solver is timed on: the pool, else 300 seeded random classic boards.
    func solverBoards() -> (boards: [Board], fromPool: Bool) {
        guard let pool = BenchmarkBoards.originalPool(path: poolPath) else {
            return (BenchmarkBoards.random(count: 300, seed: 2016), false)
        }
        return (pool.map(\.board), true)
    }

    func locateData() throws -> String {
        do {
            return try DataLocator(explicit: data).locate()
        } catch {
            printError("bloq: \(error)")
            throw ExitStatus.missingInput
        }
    }

    /// The random 6x6 boards the solver's reach is measured on (docs/solver.md).
    static let reachBoards = 100
    static let reachSeed: UInt64 = 19

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
        let level = Path.join(dataFolder, "levels/easy/100-full-house.bloq")
        var times: [Double] = []
        for _ in 0..<5 {
            let scratch = Path.join(Path.temporaryFolder, "bloq-bench-\(FileSystem.randomName())")
            defer { FileSystem.removeTree(scratch) }
            let start = WallClock.monotonicSeconds()
            let process = try child(
                ["play", "--level", level, "--window", "800x600"], scratch: scratch, adding: [PlayOptions.firstFrameOnlyVariable: "1"],
                output: .pipe)
            let data = process.read(upTo: 22)
            let elapsed = (WallClock.monotonicSeconds() - start) * 1000
            let status = process.wait()
            guard String(decoding: data, as: UTF8.self).hasPrefix("first frame presented") else {
                printError("bloq bench: the game did not present a frame (exit \(status))")
                throw ExitCode.failure
            }
            times.append(elapsed)
        }
        return times.sorted()[times.count / 2]
    }

    /// Milliseconds to read and parse every shipped level, without solving (median of 7).
    func levelsParseMilliseconds(_ dataFolder: String) -> Double {
        let paths = LevelFiles.levelPaths(under: Path.join(dataFolder, "levels")) ?? []
        var times: [Double] = []
        for _ in 0..<7 {
            let start = WallClock.monotonicSeconds()
            var loaded = 0
            for path in paths where LevelFiles.load(path: path).level != nil { loaded += 1 }
            times.append((WallClock.monotonicSeconds() - start) * 1000)
            if loaded != paths.count { printError("bloq bench: warning: \(paths.count - loaded) levels did not load") }
        }
        return times.sorted()[times.count / 2]
    }

    /// Peak resident memory (MB) of a child replaying docs/replays/bench-game.script.
    func peakMemoryOfScriptedGame(_ dataFolder: String) throws -> Double {
        let script = Path.join(BenchOptions.sourceTree, "docs/replays/bench-game.script")
        let level = Path.join(dataFolder, "levels/easy/100-full-house.bloq")
        let scratch = Path.join(Path.temporaryFolder, "bloq-bench-\(FileSystem.randomName())")
        defer { FileSystem.removeTree(scratch) }
        let process = try child(
            ["replay", script, "--level", level, "--json", "--screenshot", scratch + ".png"], scratch: scratch, output: .discard)
        let status = process.wait()
        FileSystem.removeTree(scratch + ".png")
        guard status == 0 else {
            printError("bloq bench: the scripted game failed (exit \(status))")
            throw ExitCode.failure
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// This executable run again, headless, with a scratch data and config home (and
    /// `adding` in its environment), started.
    func child(
        _ arguments: [String], scratch: String, adding: [String: String] = [:], output: ChildProcess.Stream
    ) throws -> ChildProcess {
        var environment = ProcessEnvironment.current.merging(adding) { _, added in added }
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        environment["SDL_AUDIODRIVER"] = "dummy"
        environment["XDG_DATA_HOME"] = scratch + "/data"
        environment["XDG_CONFIG_HOME"] = scratch + "/config"
        let executable = DataLocator.executablePath()
        do {
            return try ChildProcess(executable, arguments, environment: environment, output: output)
        } catch {
            printError("bloq bench: \(error)")
            throw ExitCode.failure
        }
    }
}
