import BloqGame
import BloqLocalization

extension Level {
    /// The title as the player reads it: a shipped level's in the language shown (`make pot`
    /// extracts the `title:` of every level under levels/), any other as its author wrote it
    /// (a catalog has no translation for it). A shared result keeps the title as written.
    public var localizedTitle: String { tr(title) }
}
