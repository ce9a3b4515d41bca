import BloqGame
import BloqLocalization

/// A pasted code's level on its way into the player's pack `shared`, as `bloq import` saves
/// one: the solver finds its par, then the file is written unless the player has that grid
/// already. Done off the render thread (`BackgroundJobs`): the save may wait for the lock
/// another copy of Bloq holds.
struct SharedImport: Sendable {
    var level: Level
    /// The code pasted, named in the file's first comment.
    var code: String

    /// The solver's budget for the par, in stored positions: `bloq import`'s. A board too
    /// large for it is saved without a par, as the command line does.
    static let parBudget = 1_000_000
    /// The wall time the work may take in live play once it runs.
    static let liveSeconds = 10.0

    /// Finds the par and saves through `saveShared`; returns what the toast says.
    func save(
        _ saveShared: @Sendable (_ text: String, _ identity: String, _ title: String) throws -> SharedLevelSave,
        stop: SearchStop
    ) -> String {
        let board = level.board
        let result = Solver(maxStates: Self.parBudget, memoryBudget: DraftVerdict.memoryBudget, stop: stop).solve(board)
        var par: Int?
        switch result.outcome {
        case .solved: par = result.optimal
        case .unsolvable:
            // TRANSLATORS: a toast after Paste code; %1 says why no line of moves clears the board.
            return tr("The pasted level was not saved: it cannot be cleared (%1)", result.unsolvableReason(on: board) ?? "")
        case .gaveUp: break
        }
        let text = LevelText.file(
            board: board, title: level.title, par: par, comments: ["Imported from a share code: \(ShareCode.code(in: code))"])
        do {
            switch try saveShared(text, board.identity, level.title) {
            // TRANSLATORS: a toast after Paste code; %1 is the level file's pack and name
            // ("shared/001-velvet-meadow.bloq").
            case .saved(let path): return tr("Saved in your levels as %1: find it under Levels", LevelSaver.shortName(path))
            case .existing(let path): return tr("This level is in your levels already, as %1", LevelSaver.shortName(path))
            }
        } catch {
            // TRANSLATORS: a toast after Paste code; %1 says why the file could not be written.
            return tr("The pasted level was not saved: %1", "\(error)")
        }
    }
}
