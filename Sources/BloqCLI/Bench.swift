import ArgumentParser
import BloqFiles

/// `bloq bench`: the command-line tool hands it to the window process, which parses the
/// same `BenchOptions` and measures.
public struct Bench: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the game's speed and memory (build with -c release for real figures).",
        discussion: """
            Prints the figures of docs/performance.md: frame time (real loop, headless, software renderer, \
            800x600, every block animating; 4x4 and a 16x16 board with 200 blocks), input latency in frames, \
            the solver against a naive breadth-first search (the original pool when ../shared/data has it, \
            else 300 seeded random boards), 10,000 animators per step and their allocations, start-up to the \
            first presented frame, parsing every shipped level, and peak memory of a scripted game; then whole user \
            processes: `bloq --version`, `bloq solve` on hard boards against a naive C search (make bench builds it), \
            and the game in a live X window (start-up, memory, CPU while xdotool drags a block; null with a reason \
            when there is no display: make bench-live runs them under Xvfb).
            """)

    @OptionGroup public var options: BenchOptions

    public init() {}

    public func run() throws { try WindowProcess.handOver() }
}

/// The options of `bloq bench`, parsed alike by the tool and the window process.
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
            "Measure only the 4x4 frame (frame), the solver on the pool (solver), on random 6x6 boards with walls (solver6x6), on dense 6x6 boards (solverdense6) or on 8x8 boards (solver8x8) (these three print a line per board on standard error), its time a position on the sparse and the crowded 16x16 board (solver16), or its memory a position (memory), a saved level to its board drawn under --watch (watch), for a profiler; or only the whole user processes (live).",
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
