import BloqGame
import BloqPlay

/// A level whose stated par is not the fewest moves that clear it: `bloq validate` refuses
/// it; `play`, `replay` and `solve` accept it with a warning (CONTRACT section 2), in one
/// wording.
enum StatedPar {
    /// "FILE:LINE:COLUMN: warning: the level states par 5, but the optimum is 9; …", or nil
    /// when `optimum` is the stated par (or either is unknown).
    static func warning(_ level: Level, file: String, optimum: Int?) -> String? {
        guard let par = level.par, let optimum, par != optimum else { return nil }
        let at = level.parLocation ?? (1, 1)
        return
            "\(file):\(at.line):\(at.column): warning: the level states par \(par), but the optimum is \(optimum); write 'par: \(optimum)' (or run bloq solve --write-par)"
    }

    /// The warning for the level `game` plays: by the optimum the game has found, else (when
    /// `solving`: a replay or a screenshot, never a live window, and the game has not asked
    /// yet) by the solver within the play screen's budgets, as the game would have found it.
    static func warning(for game: GameController, file: String, solving: Bool) -> String? {
        let level = game.level.level
        guard level.par != nil else { return nil }
        let optimum =
            game.startOptimum
            ?? (solving && !game.startAnswered ? SolverService.solve(level.board).optimal : nil)
        return warning(level, file: file, optimum: optimum)
    }
}
