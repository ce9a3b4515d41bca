import ArgumentParser
import BloqFiles
import BloqGame
import Glibc

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find a shortest solution of a level, or prove it has none.",
        discussion: """
            The search stops after --max-states stored positions, so its answer never depends on the \
            machine's speed, or when its tables would take more than its memory budget (2 GiB, or less \
            under an address-space limit or on a machine with less than 4 GiB): it gives up rather than \
            ask for memory the system may refuse. Exit status: 0 solved or proved unsolvable, 65 invalid \
            level, 66 missing file, 75 gave up (a budget ran out).
            """)

    @Argument(help: ArgumentHelp("The level file.", valueName: "FILE"))
    var file: String

    @Flag(help: "Print one JSON object: solvable, optimal, moves.")
    var json = false

    @Option(
        parsing: .unconditional, help: ArgumentHelp("The budget of stored positions (1 to 100000000).", valueName: "N"),
        transform: Arguments.wholeNumber("--max-states", in: 1...Solver.maximumStates))
    var maxStates = Solver.defaultMaxStates

    @Flag(help: "Fill in or correct the file's 'par:' line with the optimum (everything else is kept).")
    var writePar = false

    @Flag(help: "Also print the level's difficulty rating (docs/levels.md).")
    var rate = false

    @Flag(help: "Also print what the search cost on standard error: positions stored, peak memory, bytes per position.")
    var stats = false

    func validate() throws {
        try Arguments.checkPaths(["FILE": file])
    }

    func run() throws {
        let level = try Arguments.level(file)
        let memory = SolverBudget.memory()
        let result = Solver(maxStates: maxStates, memoryBudget: memory).solve(level.board)
        if stats {
            let peak = Wording.decimal(Double(result.peakBytes) / 1_048_576, places: 1)
            printError(
                "\(file): \(result.states) positions stored, peak \(peak) MiB of tables (budget \(memory >> 20) MiB), "
                    + "\(Wording.decimal(result.bytesPerState, places: 1)) bytes a position")
        }
        if !writePar, let warning = StatedPar.warning(level, file: file, optimum: result.optimal) { printError(warning) }
        if writePar {
            guard let optimal = result.optimal else {
                printError(
                    "\(file):1:1: error: cannot write a par: the level \(result.outcome == .unsolvable ? "cannot be cleared" : "is too large to solve within the solver's budget (\(SolverBudget.describe(result, maxStates: maxStates, memory: memory)))")"
                )
                throw result.outcome == .unsolvable ? ExitStatus.invalidData : ExitStatus.gaveUp
            }
            if level.par != optimal {
                // The text as read (the same bytes the level came from), edited, and written
                // through a symbolic link to its target, keeping mode and owner, atomically.
                guard case .success(let bytes) = RegularFile.read(file, limit: LevelParser.maximumFileSize),
                    let text = String(validating: bytes, as: UTF8.self)
                else {
                    printError("\(file):1:1: error: cannot write the par: the file changed while it was solved; run again")
                    throw ExitCode.failure
                }
                do {
                    try FileReplacement.replaceContents(of: file, with: Array(LevelText.settingPar(text, to: optimal).utf8))
                    printError("\(file): par: \(optimal)\(level.par.map { " (was \($0))" } ?? "")")
                } catch {
                    printError("\(file):1:1: error: cannot write the par: \(error.reason)")
                    throw ExitCode.failure
                }
            }
        }
        if rate, !json, let rating = DifficultyRating.rate(level.board, maxStates: maxStates, memoryBudget: memory) {
            print(
                "difficulty score \(Wording.decimal(rating.score, places: 1)): \(rating.optimal) moves, "
                    + "\(rating.goodOpeningMoves) of \(rating.openingMoves) opening moves optimal")
        }
        switch result.outcome {
        case .solved(let moves):
            if json {
                print(JSONOutput.solution(moves, solvable: true).printed)
            } else {
                print("solvable in \(Wording.count(moves.count, "move")) (optimal; \(Wording.count(result.states, "position")) searched)")
                // Step by step, with the board after each move, for level authors.
                var board = level.board
                for (number, move) in moves.enumerated() {
                    guard let slide = board.slide(move) else { break }
                    let vanished = slide.vanished.isEmpty ? "" : ", \(slide.vanished.count) vanish"
                    print(
                        "\n\(number + 1). push the \("\(slide.color)") block at row \(move.from.row + 1), column \(move.from.column + 1) \(move.direction.rawValue) (\(slide.distance) cell\(slide.distance == 1 ? "" : "s")\(vanished))"
                    )
                    board = slide.result
                    for line in board.lines { print("   " + line.map { String($0) }.joined(separator: " ")) }
                }
            }
        case .unsolvable:
            if json {
                print(JSONOutput.solution(nil, solvable: false).printed)
            } else {
                if result.loneBlock != nil || result.deadRegion != nil || level.board.legalMoves.isEmpty {
                    print("unsolvable: \(result.unsolvableReason(on: level.board) ?? "")")
                } else {
                    print("unsolvable (every reachable position was searched: \(Wording.count(result.states, "position")))")
                }
            }
        case .gaveUp:
            if json {
                print(JSONOutput.solution(nil, solvable: nil).printed)
            } else {
                print("gave up after \(SolverBudget.describe(result, maxStates: maxStates, memory: memory)); no answer either way")
            }
            throw ExitStatus.gaveUp
        }
    }
}
