/// A push of the block at `from` in `direction`: the block slides until blocked.
///
/// A move names the cell the block is in *before* the move, as `bloq solve --json` and the
/// replay log do.
public struct Move: Hashable, Sendable, Codable, CustomStringConvertible {
    public var from: CellPosition
    public var direction: Direction

    public init(from: CellPosition, direction: Direction) {
        self.from = from
        self.direction = direction
    }

    public init(row: Int, column: Int, direction: Direction) {
        self.init(from: CellPosition(row: row, column: column), direction: direction)
    }

    public var description: String { "\(from) \(direction.rawValue)" }
}

/// Everything a legal move does: where the block stops and which blocks vanish.
public struct Slide: Hashable, Sendable {
    /// The move that was applied.
    public var move: Move
    /// The colour of the pushed block.
    public var color: BlockColor
    /// The cell where the block comes to rest (before any vanish).
    public var destination: CellPosition
    /// How many cells it travelled (at least 1).
    public var distance: Int
    /// The cells emptied by the vanish rule, the pushed block's included; empty when
    /// nothing matched.
    public var vanished: [CellPosition]
    /// The board after the move.
    public var result: Board
}
