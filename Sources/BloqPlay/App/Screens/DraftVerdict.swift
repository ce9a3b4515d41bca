import BloqGame
import BloqLocalization

/// What the editor's solver says about a draft.
public enum DraftVerdict: Hashable, Sendable {
    /// The search is running.
    case thinking
    /// A level: its par (the optimum), its difficulty score (docs/levels.md) and the
    /// difficulty it falls in.
    case playable(par: Int, difficulty: Double, level: Difficulty)
    /// Not a level, and why: the reason starts with its kind ("unsolvable:", "not a
    /// level:", "not a level yet:").
    case unplayable(reason: String)
    /// Too large to decide within the budget ("undecided: …"): not playable here, but a
    /// share code of it is imported (without a par).
    case undecided(reason: String)

    /// Whether its share code is worth copying: `bloq import` takes a level, or a board too
    /// large to decide, and refuses everything else.
    public var isShareable: Bool {
        switch self {
        case .playable, .undecided: true
        case .thinking, .unplayable: false
        }
    }

    /// The verdict on a draft: its immediate problems first, then a search within
    /// `maxStates` states and `memoryBudget` bytes (and the rating's searches within four
    /// times `maxStates` in all), which `stop` may end early (the editor's time limit).
    public static func judge(_ draft: LevelDraft, maxStates: Int = DraftVerdict.budget, stop: SearchStop = .never) -> DraftVerdict {
        if let problem = draft.immediateProblem { return .unplayable(reason: problem.reason) }
        let board = draft.board
        let result = Solver(maxStates: maxStates, memoryBudget: memoryBudget, stop: stop).solve(board)
        switch result.outcome {
        case .solved:
            guard let par = result.optimal else { return .unplayable(reason: tr("unsolvable: no sequence of moves clears it")) }
            let rating = DifficultyRating.rate(
                board, maxStates: maxStates, totalStates: maxStates * 4, memoryBudget: memoryBudget, stop: stop
            ).rating
            return .playable(par: par, difficulty: rating?.score ?? Double(par) * 10, level: Difficulty.of(board, optimal: par))
        case .unsolvable:
            if let at = result.loneBlock, let color = board[at].color {
                // TRANSLATORS: %1 is a colour's name in lower case ("red").
                return .unplayable(
                    reason: tr(
                        "the %1 block at row %2, column %3 is walled in without another %1: it can never vanish", color.localizedName,
                        "\(at.row + 1)", "\(at.column + 1)"))
            }
            if let region = result.deadRegion {
                return .unplayable(
                    reason: tr(
                        "unsolvable: the part the walls close in at row %1, column %2 can never be cleared (every position it can reach was searched)",
                        "\(region.row + 1)", "\(region.column + 1)"))
            }
            if board.legalMoves.isEmpty { return .unplayable(reason: tr("unsolvable: no block can move")) }
            return .unplayable(
                reason: tr(
                    "unsolvable: no sequence of moves clears it (all %1 reachable position searched)",
                    "unsolvable: no sequence of moves clears it (all %1 reachable positions searched)", count: result.states,
                    "\(result.states)"))
        case .gaveUp where result.limit == .stopped:
            let seconds = Int(liveSeconds)
            return .undecided(
                reason: tr(
                    "undecided: too large to decide here; the search stopped after %1 second",
                    "undecided: too large to decide here; the search stopped after %1 seconds", count: seconds, "\(seconds)"))
        case .gaveUp:
            return .undecided(
                reason: tr(
                    "undecided: too large to decide; the search gave up after %1 position",
                    "undecided: too large to decide; the search gave up after %1 positions", count: result.states,
                    "\(result.states)"))
        }
    }

    /// The editor's search budget per draft, in states (a tenth of a second to a few seconds).
    public static let budget = 400_000
    /// The memory one search of a draft may take (a fixed amount: a replay's verdicts are
    /// the same everywhere), and the wall time the verdict may take in live play.
    public static let memoryBudget = 128 << 20
    public static let liveSeconds = 3.0

    /// A line for the editor's status bar.
    public var summary: String {
        switch self {
        case .thinking: tr("Thinking…")
        case .playable(let par, let difficulty, let level):
            tr("Playable: par %1 · %2 (difficulty score %3)", "\(par)", level.localizedName, "\(Int(difficulty.rounded()))")
        case .unplayable(let reason), .undecided(let reason): reason.capitalizingFirst
        }
    }
}
