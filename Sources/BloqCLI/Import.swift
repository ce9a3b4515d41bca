import ArgumentParser
import BloqFiles
import BloqGame

/// `bloq import CODE [--pack NAME]`: a share code saved as a level file of the player's.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save a share code's level as a file in one of your packs, and print its path.",
        discussion: """
            The level goes into $XDG_DATA_HOME/bloq/levels/NAME/ (~/.local/share/bloq/levels/NAME/), \
            numbered after the pack's last level, with its par from the solver; the game lists it under \
            your packs. An existing file is never replaced. A code that is damaged, or holds a board that \
            is not a level or cannot be cleared, is refused with what is wrong. \
            Exit status: 0, 65 for a malformed code or a level that cannot be cleared, 73 when the file \
            cannot be written.
            """)

    @Argument(help: ArgumentHelp("The share code (bloq share prints one).", valueName: "CODE"))
    var code: String

    @Option(help: ArgumentHelp("The pack (a folder of your levels) to save into.", valueName: "NAME"))
    var pack = Import.defaultPack

    /// Where imported levels go when no pack is named.
    static let defaultPack = "shared"

    func validate() throws {
        if let problem = PlayerLevels.problem(packName: pack) { throw ValidationError("--pack: \(problem)") }
    }

    func run() throws {
        let level = try ShareCodeArgument.level(code)
        let result = Solver(maxStates: Solver.defaultMaxStates, memoryBudget: SolverBudget.memory()).solve(level.board)
        var par: Int?
        switch result.outcome {
        case .solved(let moves): par = moves.count
        case .unsolvable:
            printError(
                "bloq: error: the share code's level cannot be cleared (the solver searched all \(Wording.count(result.states, "reachable position"))); not imported"
            )
            throw ExitStatus.invalidData
        case .gaveUp:
            printError("bloq: warning: the level is too large to solve within the solver's budget; it is saved without a par")
        }
        let text = LevelText.file(
            board: level.board, title: level.title, par: par, comments: ["Imported from a share code: \(code.trimmingSpaces)"])
        do {
            let path = try PlayerLevels.save(text, title: level.title, pack: pack, in: PlayerFolders.standard().levels)
            print(path)
        } catch {
            printError("bloq: error: not imported: \(error)")
            throw ExitStatus.cannotCreate
        }
    }
}

/// A share code given on the command line (`import`, `play --code`).
public enum ShareCodeArgument {
    /// The level `code` holds; prints what is wrong and throws exit 65 when it holds none.
    public static func level(_ code: String) throws -> Level {
        switch ShareCode.level(from: code) {
        case .success(let level): return level
        case .failure(let error):
            printError("bloq: error: \(error.message)")
            throw ExitStatus.invalidData
        }
    }
}

extension String {
    /// Without spaces, tabs and line ends at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
