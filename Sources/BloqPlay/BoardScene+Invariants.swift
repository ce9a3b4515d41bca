import BloqEngine
import BloqGame

/// The scene's own checks of itself (input storms call them after every step).
extension BoardScene {
    /// What is wrong between the sprites and the rules, or nil: every cell holds at most one
    /// resting block, and every resting block matches the board's colour there.
    public func consistencyProblem() -> String? {
        var cells = Set<CellPosition>()
        for (cell, id) in restingIDs {
            guard cells.insert(cell).inserted else { return "two blocks rest in \(Self.place(cell))" }
            guard let sprite = sprites[id] else { return "block \(id) resting in \(Self.place(cell)) has no sprite" }
            guard board[cell].color == sprite.color else {
                return "a \(sprite.color) block rests in \(Self.place(cell)), where the board has \(board[cell])"
            }
        }
        return nil
    }

    /// A cell as messages name it: row and column counted from 1 (CONTRACT section 1).
    static func place(_ cell: CellPosition) -> String { "row \(cell.row + 1), column \(cell.column + 1)" }

    /// After input stops and everything settles: nothing animates and every block is drawn
    /// exactly on its cell. A hint's ghosts may: they play again after each quiet moment
    /// while the hint stands (`GameController`), and are no blocks.
    public func settledProblem() -> String? {
        guard !isAnimating || isShowingGhosts, !hasMovesInFlight, !hasPendingEdits else { return "still animating after input stopped" }
        let drawn = blockSprites.filter { !$0.isVanishing }
        guard drawn.count == board.blockCount else { return "\(drawn.count) blocks drawn, \(board.blockCount) on the board" }
        for sprite in drawn {
            let cell = CellPosition(row: Int(sprite.position.row.rounded()), column: Int(sprite.position.column.rounded()))
            guard sprite.position == CellPoint(row: Double(cell.row), column: Double(cell.column)),
                sprite.nudge == CellPoint(row: 0, column: 0),
                sprite.scale == 1, board[cell].color == sprite.color
            else { return "block \(sprite.id) is drawn at \(sprite.position), not at rest on a cell of its colour" }
        }
        return nil
    }
}
