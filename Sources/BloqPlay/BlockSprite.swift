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
    /// How much the block is squashed along `squashAxis` on impact: 0.1 is 10 % shorter
    /// that way (and 5 % wider across); below 0 it stretches as it springs back. Its
    /// leading edge, against what stopped it, stays put.
    public var squash = 0.0
    /// The direction the block was moving when it hit (nil: no squash).
    public var squashAxis: Direction?

    public init(id: Int, color: BlockColor, position: CellPoint) {
        self.id = id
        self.color = color
        self.position = position
    }

    /// Whether it sits still on a cell, drawn as it rests (a painter may cache it).
    public var isAtRest: Bool {
        !isVanishing && scale == 1 && opacity == 1 && squash == 0 && nudge == CellPoint(row: 0, column: 0)
            && position.row == position.row.rounded() && position.column == position.column.rounded()
    }

    /// Where the block is drawn including its nudge.
    public var drawnPosition: CellPoint {
        CellPoint(row: position.row + nudge.row, column: position.column + nudge.column)
    }

    /// The gap between a block and its cell's edge, in pixels, for cells of `cell` pixels.
    public static func gap(cell: Double) -> Double { max((cell * 0.06).rounded(), 1) }

    /// The block's square as drawn now in `layout`'s pixels: its cell inset by the gap,
    /// scaled about its centre, squashed against its leading edge.
    public func drawnRect(in layout: BoardLayout) -> Rect {
        let drawn = drawnPosition
        let base = layout.cellRect(row: drawn.row, column: drawn.column).insetBy(BlockSprite.gap(cell: layout.cellSize))
        let side = base.width * scale
        var rect = Rect(x: base.center.x - side / 2, y: base.center.y - side / 2, width: side, height: side)
        guard squash != 0, let axis = squashAxis else { return rect }
        let along = side * (1 - squash)
        let across = side * (1 + squash * 0.5)
        let center = rect.center
        switch axis {
        case .left: rect = Rect(x: rect.x, y: center.y - across / 2, width: along, height: across)
        case .right: rect = Rect(x: rect.maxX - along, y: center.y - across / 2, width: along, height: across)
        case .up: rect = Rect(x: center.x - across / 2, y: rect.y, width: across, height: along)
        case .down: rect = Rect(x: center.x - across / 2, y: rect.maxY - along, width: across, height: along)
        }
        return rect
    }
}

extension CellPoint {
    init(_ position: CellPosition) {
        self.init(row: Double(position.row), column: Double(position.column))
    }
}
