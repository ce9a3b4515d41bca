import ArgumentParser
import BloqFiles
import BloqGame

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check level files and folders (recursively).",
        discussion: """
            Reports every problem of every file as PATH:LINE:COLUMN: error: MESSAGE on standard error, \
            sorted by line and column. Folders are read recursively, following symbolic links (a link \
            back to a folder already being read is not followed again); each folder's 'pack' file is \
            checked too. A folder that cannot be read, or holds no .bloq files, is an error. \
            Exit status: 0 all valid, 65 any invalid, 66 a path missing (66 wins).
            """)

    @Argument(help: ArgumentHelp("Level files or folders of them.", valueName: "PATH"))
    var paths: [String]

    @Option(
        parsing: .unconditional, help: ArgumentHelp("The solver's budget of stored positions per level (1 to 100000000).", valueName: "N"),
        transform: Arguments.wholeNumber("--max-states", in: 1...Solver.maximumStates))
    var maxStates = Solver.defaultMaxStates

    func validate() throws {
        for path in paths { try Arguments.checkPaths(["PATH": path]) }
    }

    func run() throws {
        var missing = false
        var invalid = false
        var checked = 0
        let budget = SolverBudget.memory()
        func report(_ diagnostics: [Diagnostic]) {
            for diagnostic in diagnostics {
                if diagnostic.severity == .error { invalid = true }
                printError(diagnostic.description)
            }
        }
        for path in paths {
            guard let walk = LevelFiles.walk(path) else {
                printError("\(path):1:1: error: \(RegularFile.absence(of: path))")
                missing = true
                continue
            }
            report(walk.diagnostics)
            for pack in walk.packs {
                report(pack.diagnostics)
                for file in pack.files {
                    checked += 1
                    switch file.result {
                    case .success(let level):
                        report(
                            Diagnostic.sorted(
                                level.warnings + Self.solverProblems(level, file: file.path, maxStates: maxStates, memory: budget)))
                    case .failure(let error):
                        invalid = true
                        report(error.diagnostics)
                    }
                }
            }
        }
        if missing { throw ExitStatus.missingInput }
        if invalid { throw ExitStatus.invalidData }
        print("\(Wording.count(checked, "level")) valid")
    }

    /// Where an unsolvable level's message points: at the block that can never vanish, or
    /// the closed-in part, when one is the reason; else at the whole file (1:1).
    static func unsolvableLocation(_ result: SolverResult, in level: Level) -> (line: Int, column: Int) {
        (result.loneBlock ?? result.deadRegion).flatMap { level.cellPlaces[$0.row, $0.column] } ?? (1, 1)
    }

    /// What the solver says against a level: unsolvable, a stated par that is not the
    /// optimum, or too large to decide (a warning, or an error when it states a par).
    /// `stop` (play --watch's time limit) ends the search early: the answer is then a
    /// warning that says so, never an error.
    static func solverProblems(
        _ level: Level, file: String, maxStates: Int, memory: Int, stop: SearchStop = .never, seconds: Double? = nil
    ) -> [Diagnostic] {
        let result = Solver(maxStates: maxStates, memoryBudget: memory, stop: stop).solve(level.board)
        switch result.outcome {
        case .solved(let moves):
            guard let par = level.par, par != moves.count else { return [] }
            let at = level.parLocation ?? (1, 1)
            return [
                Diagnostic(
                    file: file, line: at.line, column: at.column,
                    message:
                        "par is \(par) but the fewest moves that clear the board is \(moves.count); write 'par: \(moves.count)' (bloq solve --write-par fills it in)"
                )
            ]
        case .unsolvable:
            let at = unsolvableLocation(result, in: level)
            return [
                Diagnostic(
                    file: file, line: at.line, column: at.column,
                    message:
                        "no sequence of moves clears this board (\(result.unsolvableReason(on: level.board) ?? "")); change the grid so every colour can meet"
                )
            ]
        case .gaveUp where result.limit == .stopped:
            let limit = seconds.map { "after \(Wording.decimal($0, places: 0)) s" } ?? "early"
            return [
                Diagnostic(
                    file: file, line: 1, column: 1, severity: .warning,
                    message:
                        "the solver's check stopped \(limit), before it could decide (\(Wording.count(result.states, "position")) searched); bloq validate \(file) decides with no time limit"
                )
            ]
        case .gaveUp:
            let message =
                "too large to decide within the solver's budget (\(SolverBudget.describe(result, maxStates: maxStates, memory: memory)))"
            if level.par != nil {
                let at = level.parLocation ?? (1, 1)
                return [
                    Diagnostic(
                        file: file, line: at.line, column: at.column,
                        message: "\(message), so its par cannot be checked; remove 'par:' or raise --max-states")
                ]
            }
            return [Diagnostic(file: file, line: 1, column: 1, severity: .warning, message: "\(message); it may or may not be solvable")]
        }
    }
}

/// What `bloq validate` says of a level that loads, for others to show in its words
/// (`play --watch`).
public enum LevelValidation {
    /// What play --watch checks a saved version with: validate's budget of positions, a
    /// fixed memory budget (`memoryBudget`), and `seconds` of wall time in live play.
    public static func watchCheck(seconds: Double = LevelValidation.seconds) -> @Sendable (Level, String, SearchStop) -> [Diagnostic] {
        { level, file, stop in
            Validate.solverProblems(
                level, file: file, maxStates: Solver.defaultMaxStates, memory: min(memoryBudget, SolverBudget.memory()), stop: stop,
                seconds: seconds)
        }
    }

    /// The memory one check of play --watch may take (a 16x16 board's 1.8 million positions).
    public static let memoryBudget = 256 << 20
    /// The wall time one check of play --watch may take.
    public static let seconds = 10.0
}
