import ArgumentParser
import BloqBench
import BloqGame
import Foundation

/// Writes the seeded board sets `bloq bench` measures the solver's reach on (docs/solver.md):
/// boards drawn as the level generator draws its candidates (walls and blocks on random
/// cells, every colour two or more times, no same colours touching, no block alone with its
/// colour in a region), each solved with a large budget to record its optimum.
///
/// - `dense6x6`: 6x6 boards with 3 walls and 24 to 28 blocks in six colours, kept when their
///   optimum is 18 to 22 moves or they are unsolvable (`solver_dense6_worst_ms`);
/// - `8x8`: 8x8 boards with 8 walls and 12 to 16 blocks in six colours, every board drawn
///   (`solver_8x8_proved_percent`).
struct BenchSets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-sets", abstract: "Write a seeded board set for bloq bench, each board with its optimum.")

    @Argument(help: "dense6x6 or 8x8.") var set: String
    @Option(help: "The seed.") var seed: UInt64 = 29
    @Option(help: "Boards to write.") var count = 50
    @Option(help: "The solver's budget of positions for the recorded optimum.") var maxStates = 20_000_000
    @Option(help: "The file to write.") var out: String

    struct Shape {
        var rows: Int
        var columns: Int
        var walls: Int
        var blocks: ClosedRange<Int>
        var colors: Int
        /// The optima kept (unsolvable boards are kept too); nil keeps every board drawn.
        var optima: ClosedRange<Int>?
    }

    static let shapes: [String: Shape] = [
        "dense6x6": Shape(rows: 6, columns: 6, walls: 3, blocks: 24...28, colors: 6, optima: 18...22),
        "8x8": Shape(rows: 8, columns: 8, walls: 8, blocks: 12...16, colors: 6, optima: nil),
    ]

    func validate() throws {
        guard Self.shapes[set] != nil else { throw ValidationError("the set is dense6x6 or 8x8, not '\(set)'") }
    }

    func run() throws {
        guard let shape = Self.shapes[set] else { return }
        var generator = LevelGenerator(difficulty: .expert, rows: shape.rows, columns: shape.columns, seed: seed)
        generator.walls = shape.walls
        generator.colors = Array(BlockColor.allCases.prefix(shape.colors))
        var random = SeededGenerator(seed: seed)
        var lines: [String] = []
        var drawn = 0
        var skipped = 0
        let started = Date()
        while lines.count < count {
            generator.blocks = shape.blocks.lowerBound + random.below(shape.blocks.count)
            guard let board = generator.candidate(&random) else { continue }
            drawn += 1
            let result = Solver(maxStates: maxStates).solve(board)
            let optimum = SolverOutcomeSummary(result.outcome)
            if let optima = shape.optima, case .solved(let moves) = optimum, !optima.contains(moves) {
                skipped += 1
                continue
            }
            // Undecided even with the large budget: a set with a range of optima cannot say
            // whether it belongs; a set of every board keeps it as undecided.
            if optimum == .undecided, shape.optima != nil {
                printError("board \(drawn) undecided within \(maxStates) positions: \(board.lines.joined(separator: "/"))")
                skipped += 1
                continue
            }
            lines.append("\(optimum.text) \(board.lines.joined(separator: "/"))")
            printError("\(lines.count)/\(count): \(lines.last ?? "") (\(result.states) positions)")
        }
        let seconds = Int(Date().timeIntervalSince(started))
        let header = [
            "# The \(set) set of bloq bench (docs/solver.md): OPTIMUM BOARD a line (rows joined by '/';",
            "# '-' unsolvable, '?' undecided within the budget), made by",
            "# BloqDev bench-sets \(set) --seed \(seed) --count \(count) --max-states \(maxStates) --out FILE",
            "# \(drawn) boards drawn, \(skipped) left out, \(seconds) s.",
        ]
        try (header + lines).joined(separator: "\n").appending("\n").write(toFile: out, atomically: true, encoding: .utf8)
    }
}
