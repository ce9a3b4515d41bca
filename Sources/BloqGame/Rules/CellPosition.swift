/// A cell's address on a board: row and column from 0 at the top-left.
public struct CellPosition: Hashable, Sendable, Codable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The neighbouring position one step away (it may lie off the board).
    public func stepped(_ direction: Direction, by count: Int = 1) -> CellPosition {
        CellPosition(row: row + direction.rowStep * count, column: column + direction.columnStep * count)
    }

    public var description: String { "(\(row), \(column))" }
}
