import ArgumentParser
import BloqFiles
import BloqGame

/// `bloq share FILE`: a level's share code.
struct Share: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a level's share code: a short URL-safe text that bloq play --code and bloq import read.",
        discussion: """
            The code holds the board's size and cells, with a version and a checksum so that a typo is \
            caught (docs/levels.md, "Share codes"); a 4x4 level's code is 17 characters. With --title it \
            also carries the title the file gives (a file without a title: none). \
            A level the solver proves cannot be cleared gets no code (bloq import would refuse it). \
            With --solution it prints a solve code (S1...): the level and a best solution, found within a \
            million positions; a board too large to solve within them gets none. \
            Exit status: 0, 65 for an invalid level, 66 for a missing file, 75 when the solver gives up \
            (--solution).
            """)

    /// The positions `share` searches to see whether a level cannot be cleared.
    static let proofBudget = 20_000

    @Argument(help: ArgumentHelp("The level file.", valueName: "FILE"))
    var file: String

    @Flag(inversion: .prefixedNo, help: "Include the level's title (a longer code); --no-title, the default, leaves it out.")
    var title = false

    @Flag(help: "Print a solve code instead: the level and a best solution the solver finds (bloq verify checks one).")
    var solution = false

    func validate() throws {
        try Arguments.checkPaths(["FILE": file])
    }

    func run() throws {
        let level = try Arguments.level(file)
        // A file without a title stands for its name; that name is not shared as one.
        var shared = title && level.title != LevelParser.defaultTitle(for: file) ? level.title : nil
        if let text = shared, text.utf8.count > ShareCode.maximumTitleBytes {
            printError(
                "\(file):1:1: warning: the title is \(text.utf8.count) bytes long, more than a code carries (\(ShareCode.maximumTitleBytes)); the code has no title"
            )
            shared = nil
        }
        // bloq import refuses a level that cannot be cleared: no code for one. A short
        // search: a lone block or a walled-in part is proved at once, and a board the search
        // cannot decide quickly still gets its code (import decides, with its own budget).
        let result = Solver(maxStates: Share.proofBudget, memoryBudget: SolverBudget.memory()).solve(level.board)
        if let reason = result.unsolvableReason(on: level.board) {
            let at = Validate.unsolvableLocation(result, in: level)
            printError(
                "\(file):\(at.line):\(at.column): error: no sequence of moves clears this board (\(reason)); bloq import would refuse its code, so none is printed"
            )
            throw ExitStatus.invalidData
        }
        if solution {
            let best = Solver(maxStates: Import.parBudget, memoryBudget: SolverBudget.memory()).solve(level.board)
            guard case .solved(let moves) = best.outcome, let code = SolveCode.encode(level.board, title: shared, moves: moves) else {
                // Too large to solve is solve's "gave up" (exit 75), not an invalid level.
                let gaveUp = best.outcome == .gaveUp
                let why =
                    gaveUp
                    ? "the level is too large for the solver, which gave up after \(Wording.count(best.states, "position"))"
                    : best.unsolvableReason(on: level.board).map { "no sequence of moves clears this board (\($0))" }
                        ?? "its solution cannot be written as a solve code"
                printError("\(file):1:1: error: no solve code: \(why)")
                throw gaveUp ? ExitStatus.gaveUp : ExitStatus.invalidData
            }
            print(code)
            return
        }
        guard let code = ShareCode.encode(level.board, title: shared) else {
            printError("\(file):1:1: error: the level cannot be written as a share code")
            throw ExitStatus.invalidData
        }
        print(code)
    }
}
