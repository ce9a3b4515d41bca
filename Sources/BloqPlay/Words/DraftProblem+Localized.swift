import BloqGame
import BloqLocalization

extension DraftProblem {
    /// The problem in the language shown, starting with its kind: "not a level yet:",
    /// "not a level:" or "unsolvable:".
    public var reason: String {
        switch self {
        case .noBlocks: tr("not a level yet: no blocks (choose a colour, then click the grid)")
        case .touching(let color, let a, let b):
            // TRANSLATORS: %1 is a colour's name in lower case ("red"); rows and columns count from 1.
            tr(
                "not a level: two %1 blocks touch at the start (row %2, column %3 and row %4, column %5)", color.localizedName,
                "\(a.row + 1)", "\(a.column + 1)", "\(b.row + 1)", "\(b.column + 1)")
        case .loneBlock(let color):
            // TRANSLATORS: %1 is a colour's name in lower case ("green").
            tr("unsolvable: a lone %1 block can never vanish (add another)", color.localizedName)
        }
    }
}
