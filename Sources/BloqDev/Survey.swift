import ArgumentParser
import BloqBench
import BloqGame

/// What random boards of a shape are like: for each board the generator draws, whether
/// it is solvable, its optimal length, the solver's positions and time, and its rating.
/// Used to choose the expert shape and band and the daily board's (docs/levels.md).
struct Survey: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve and rate random boards of a shape, one line each, and sum them up.")

    @Option(help: "Rows.") var rows = 6
    @Option(help: "Columns.") var columns = 6
    @Option(help: "Wall cells.") var walls = 4
    @Option(help: "Blocks.") var blocks = 14
    @Option(help: "Blocks at most: each board draws its number of blocks from --blocks to this.") var blocksMax: Int?
    @Option(help: "Colours (1 to 8).") var colors = 6
    @Option(help: "Boards to draw.") var boards = 40
    @Option(help: "The seed.") var seed: UInt64 = 1
    @Option(help: "The solver's budget per search.") var maxStates = 2_000_000
    @Flag(help: "Rate each solvable board too (one search per opening move).") var rate = false

    func run() throws {
        var generator = LevelGenerator(difficulty: .expert, rows: rows, columns: columns, seed: seed)
        generator.walls = walls
        generator.blocks = blocks
        generator.colors = Array(BlockColor.allCases.prefix(max(1, min(colors, 8))))
        var random = SeededGenerator(seed: seed)
        var optima: [Int: Int] = [:]
        var unsolvable = 0
        var gaveUp = 0
        var times: [Double] = []
        var drawn = 0
        while drawn < boards {
            if let blocksMax, blocksMax > blocks { generator.blocks = blocks + random.below(blocksMax - blocks + 1) }
            guard let board = generator.candidate(&random) else { continue }
            drawn += 1
            let (result, ms) = BenchClock.timed { Solver(maxStates: maxStates).solve(board) }
            times.append(ms)
            var line = "\(board.lines.joined(separator: "/")) states \(result.states) \(Int(ms)) ms"
            switch result.outcome {
            case .solved(let moves):
                optima[moves.count, default: 0] += 1
                line += " optimal \(moves.count)"
                if rate, let rating = DifficultyRating.rate(board, maxStates: maxStates) {
                    line += " good \(rating.goodOpeningMoves)/\(rating.openingMoves) score \(Int(rating.score))"
                }
            case .unsolvable:
                unsolvable += 1
                line += " unsolvable"
            case .gaveUp:
                gaveUp += 1
                line += " gave up"
            }
            print(line)
        }
        print("optimal lengths: \(optima.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " "))")
        print("unsolvable \(unsolvable), gave up \(gaveUp), median \(Int(BenchClock.median(times))) ms, max \(Int(times.max() ?? 0)) ms")
    }
}
