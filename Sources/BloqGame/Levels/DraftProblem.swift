/// Why a draft cannot be a level, as `LevelDraft.immediateProblem` finds it without a
/// search (the shell words it for the player).
public enum DraftProblem: Hashable, Sendable {
    /// No blocks on the grid: not a level yet.
    case noBlocks
    /// Two blocks of `color` touch at the start (the first such pair, in reading order):
    /// not a level.
    case touching(BlockColor, CellPosition, CellPosition)
    /// A colour with a single block, which can never vanish: unsolvable.
    case loneBlock(BlockColor)
}
