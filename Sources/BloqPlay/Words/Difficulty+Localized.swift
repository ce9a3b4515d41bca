import BloqGame
import BloqLocalization

extension Difficulty {
    /// The difficulty's word in the language shown ("easy" in English), for the player.
    public var localizedName: String {
        switch self {
        // TRANSLATORS: a level's difficulty, in lower case, as in "par 5 · expert".
        case .easy: tr("easy")
        case .medium: tr("medium")
        case .hard: tr("hard")
        case .expert: tr("expert")
        case .master: tr("master")
        }
    }
}
