import ArgumentParser
import BloqFiles
import BloqGame

/// `bloq verify CODE [--json]`: a solve code's moves replayed through the rules.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a solve code: replay its moves through the rules and say whether they clear its level.",
        discussion: """
            A solve code (the Cleared card's Share copies one) carries a level and the moves of a line that \
            clears it, with a version and a checksum (docs/levels.md, "Solve codes"). The moves are played \
            one by one from the level's start; the stars are those the clear earns against the level's par, \
            found by the solver within --max-states positions (no par when it gives up: one star). \
            With --json: {"level": TITLE, "moves": N, "par": P, "cleared": BOOL, "stars": S}. \
            Exit status: 0 when the moves clear the level; 65 when the code is malformed, its board is not \
            a level, or its moves do not clear it (the move that fails is said).
            """)

    @Argument(help: ArgumentHelp("The solve code.", valueName: "CODE"))
    var code: String

    @Flag(help: "Print one JSON object: level, moves, par, cleared, stars.")
    var json = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The solver's budget for finding the par, in stored positions (1 to 100000000).", valueName: "N"),
        transform: Arguments.wholeNumber("--max-states", in: 1...Solver.maximumStates))
    var maxStates = Import.parBudget

    func run() throws {
        guard SolveCode.isSolveCode(code) else {
            let start = ShareCode.code(in: code).prefix(2)
            printError(
                "bloq: error: a solve code starts with \(SolveCode.prefix); this one starts with '\(start)'\(start.hasPrefix("B") ? " (a share code holds a level, not a line: bloq import or bloq play --code take it)" : "")"
            )
            throw ExitStatus.invalidData
        }
        let contents = try ShareCodeArgument.value(SolveCode.decode(code))
        let title = contents.title ?? "Shared level"
        _ = try ShareCodeArgument.value(ShareCode.level(board: contents.board, title: title))
        let verdict = SolveCode.replay(contents.moves, on: contents.board)
        let result = Solver(maxStates: maxStates, memoryBudget: SolverBudget.memory()).solve(contents.board)
        let par = result.optimal
        let stars = verdict.cleared ? Score.stars(moves: contents.moves.count, par: par) : 0
        if json {
            print(
                JSONValue.object([
                    "level": .string(title), "moves": .int(contents.moves.count), "par": par.map(JSONValue.int) ?? .null,
                    "cleared": .bool(verdict.cleared), "stars": .int(stars),
                ]).printed)
        } else if verdict.cleared {
            let parText = par.map { " (par \($0))" } ?? " (no par: the solver gave up)"
            print(
                "\(title): cleared in \(Wording.count(contents.moves.count, "move"))\(parText) "
                    + String(repeating: "★", count: stars) + String(repeating: "☆", count: 3 - stars))
        }
        if let failure = verdict.failure {
            printError("bloq: error: the solve code's moves do not clear \(title): \(failure)")
            throw ExitStatus.invalidData
        }
    }
}
