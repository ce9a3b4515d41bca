import BloqEngine
import BloqGame

/// How one block is drawn right now: a cache of the animation, not game state.
public struct BlockSprite: Hashable, Sendable {
    /// Stable for the block's life on the board (a slide keeps it).
    public let id: Int
    public let color: BlockColor
    /// Where the block's centre is drawn, in cell units (whole numbers are cell centres).
    public var position: CellPoint
    /// A small displacement in cell units (the bump of a blocked push).
    public var nudge = CellPoint(row: 0, column: 0)
    /// 1 at rest; the vanish animation swells then shrinks it.
    public var scale = 1.0
    /// 1 at rest; 0 when gone.
    public var opacity = 1.0
    /// True once the block has vanished by the rules and is only animating away.
    public var isVanishing = false

    public init(id: Int, color: BlockColor, position: CellPoint) {
        self.id = id
        self.color = color
        self.position = position
    }

    /// Whether it sits still on a cell, drawn as it rests (a painter may cache it).
    public var isAtRest: Bool {
        !isVanishing && scale == 1 && opacity == 1 && nudge == CellPoint(row: 0, column: 0)
            && position.row == position.row.rounded() && position.column == position.column.rounded()
    }

    /// Where the block is drawn including its nudge.
    public var drawnPosition: CellPoint {
        CellPoint(row: position.row + nudge.row, column: position.column + nudge.column)
    }
}

extension CellPoint {
    init(_ position: CellPosition) {
        self.init(row: Double(position.row), column: Double(position.column))
    }
}
