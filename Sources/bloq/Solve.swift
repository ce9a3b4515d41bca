import ArgumentParser
import BloqFiles
import BloqBench
import BloqGame

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find a shortest solution of a level, or prove it has none.",
        discussion: """
            The search stops after --max-states stored positions, so its answer never depends on the \
            machine's speed. Exit status: 0 solved or proved unsolvable, 65 invalid level, 66 missing file, \
            75 gave up (the budget ran out).
            """)

    @Argument(help: ArgumentHelp("The level file.", valueName: "FILE"))
    var file: String

    @Flag(help: "Print one JSON object: solvable, optimal, moves.")
    var json = false

    @Option(help: ArgumentHelp("The budget of stored positions (1 to 100000000).", valueName: "N"))
    var maxStates = Solver.defaultMaxStates

    @Flag(help: .hidden)
    var naive = false

    func validate() throws {
        guard (1...Solver.maximumStates).contains(maxStates) else {
            throw ValidationError("--max-states must be from 1 to \(Solver.maximumStates)")
        }
    }

    func run() throws {
        let loaded = LevelFiles.load(path: file)
        let level: Level
        switch loaded.result {
        case .success(let value): level = value
        case .failure(let error):
            printError(error.description)
            throw LevelFiles.exists(file) ? ExitStatus.invalidData : ExitStatus.missingInput
        }
        for warning in level.warnings { printError(warning.description) }
        if naive {
            // The deliberately naive search, for measuring the real one against (scripts/).
            print(NaiveSolver.solve(level.board).map { "solvable in \($0) moves (naive search)" } ?? "unsolvable (naive search)")
            return
        }
        let result = Solver(maxStates: maxStates).solve(level.board)
        if let par = level.par, let optimal = result.optimal, par != optimal {
            printError("\(file):1:1: warning: the level states par \(par), but the optimum is \(optimal); write 'par: \(optimal)'")
        }
        switch result.outcome {
        case .solved(let moves):
            if json {
                print("{\"solvable\": true, \"optimal\": \(moves.count), \"moves\": \(JSON.moves(moves))}")
            } else {
                print("solvable in \(moves.count) move\(moves.count == 1 ? "" : "s") (optimal; \(result.states) positions searched)")
                var board = level.board
                for (number, move) in moves.enumerated() {
                    print("\(number + 1). row \(move.from.row) col \(move.from.column) \(move.direction.rawValue)")
                    board = board.applying(move) ?? board
                }
            }
        case .unsolvable:
            if json {
                print("{\"solvable\": false, \"optimal\": null, \"moves\": []}")
            } else {
                print("unsolvable (every reachable position was searched: \(result.states))")
            }
        case .gaveUp:
            if json {
                print("{\"solvable\": null, \"optimal\": null, \"moves\": []}")
            } else {
                print("gave up after \(result.states) positions (--max-states \(maxStates)); no answer either way")
            }
            throw ExitStatus.gaveUp
        }
    }
}
