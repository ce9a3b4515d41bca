import ArgumentParser
import BloqFiles
import BloqGame

/// `bloq import CODE [--pack NAME] [--max-states N]`: a share code saved as a level file of
/// the player's.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save a share code's level as a file in one of your packs, and print its path.",
        discussion: """
            The level goes into $XDG_DATA_HOME/bloq/levels/NAME/ (~/.local/share/bloq/levels/NAME/), \
            numbered after the pack's last level, with its par from the solver; the game lists it under \
            your packs. An existing file is never replaced, and a level already among your levels (the same \
            grid) is not saved again: its path is printed. A board too large to solve within --max-states \
            positions is saved without a par, with a warning. Control characters in the code's title are \
            removed. A code that is damaged, or holds a board that is not a level or cannot be cleared, is \
            refused with what is wrong. \
            Copies of bloq import running at once save a level once: the check and the save are made under \
            the lock the game's saves take. \
            Exit status: 0, 65 for a malformed code or a level that cannot be cleared, 73 when the file \
            cannot be written, 75 when another copy of Bloq held the lock for more than 10 seconds.
            """)

    @Argument(help: ArgumentHelp("The share code (bloq share prints one), or a solve code (its level is saved).", valueName: "CODE"))
    var code: String

    @Option(help: ArgumentHelp("The pack (a folder of your levels) to save into.", valueName: "NAME"))
    var pack = Import.defaultPack

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The solver's budget for finding the par, in stored positions (1 to 100000000).", valueName: "N"),
        transform: Arguments.wholeNumber("--max-states", in: 1...Solver.maximumStates))
    var maxStates = Import.parBudget

    /// Where imported levels go when no pack is named.
    static let defaultPack = "shared"
    /// The positions the solver may store to find an imported level's par: a few seconds
    /// at most, so a board too big to solve is saved without a par soon. A count of
    /// positions, not a time, so the result is the same on every machine.
    static let parBudget = 1_000_000

    func validate() throws {
        if let problem = PlayerLevels.problem(packName: pack) { throw ValidationError("--pack: \(problem)") }
    }

    func run() throws {
        let level = try ShareCodeArgument.level(code)
        let levels = PlayerFolders.standard().levels
        func alreadySaved(as existing: String) {
            printError("bloq: this level is already in your levels, as \(existing); nothing was written")
            print(existing)
        }
        if let existing = PlayerLevels.existing(identity: level.board.identity, in: levels) { return alreadySaved(as: existing) }
        let memory = SolverBudget.memory()
        let result = Solver(maxStates: maxStates, memoryBudget: memory).solve(level.board)
        var par: Int?
        switch result.outcome {
        case .solved(let moves): par = moves.count
        case .unsolvable:
            printError(
                "bloq: error: the share code's level cannot be cleared (\(result.unsolvableReason(on: level.board) ?? "")); not imported"
            )
            throw ExitStatus.invalidData
        case .gaveUp:
            printError(
                "bloq: warning: the board is too large to solve within the solver's budget (\(SolverBudget.describe(result, maxStates: maxStates, memory: memory))); "
                    + "it is saved without a par (bloq solve FILE --write-par --max-states N adds one later)")
        }
        let text = LevelText.file(
            board: level.board, title: level.title, par: par, comments: ["Imported from a share code: \(ShareCode.code(in: code))"])
        do {
            // Checked again under the lock: another import may have saved it meanwhile.
            switch try PlayerLevels.saveOnce(text, identity: level.board.identity, title: level.title, pack: pack, in: levels) {
            case .saved(let path):
                print(path)
                if let line = SolveCode.clearingLine(in: code) {
                    printError(
                        "bloq: the code carries a line that clears the level in \(Wording.count(line.count, "move")); "
                            + "bloq play --code CODE opens it with the line to watch")
                }
            case .existing(let existing): alreadySaved(as: existing)
            }
        } catch {
            printError("bloq: error: not imported: \(error)")
            throw error.isTemporary ? ExitStatus.gaveUp : ExitStatus.cannotCreate
        }
    }
}

/// A share or solve code given on the command line (`import`, `play --code`, `verify`).
public enum ShareCodeArgument {
    /// The level `code` holds; prints what is wrong and throws exit 65 when it holds none.
    public static func level(_ code: String) throws -> Level { try value(ShareCode.level(from: code)) }

    /// What a code decoded to; prints what is wrong and throws exit 65 when it failed.
    static func value<Decoded>(_ decoded: Result<Decoded, ShareCode.DecodeError>) throws -> Decoded {
        switch decoded {
        case .success(let value): return value
        case .failure(let error):
            printError("bloq: error: \(error.message)")
            throw ExitStatus.invalidData
        }
    }
}
