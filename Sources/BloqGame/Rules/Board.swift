/// A grid of cells: the whole state of the rules. A value; moves return new boards.
public struct Board: Hashable, Sendable, CustomStringConvertible {
    /// The smallest and largest number of rows or columns a board may have.
    public static let sizeRange = 2...16

    public let rows: Int
    public let columns: Int
    /// Cells row by row; `cells[row * columns + column]`.
    public private(set) var cells: [Cell]

    /// Makes a board from its cells, row by row. Returns nil unless there are
    /// `rows * columns` cells and both sizes lie in `sizeRange`.
    public init?(rows: Int, columns: Int, cells: [Cell]) {
        guard Board.sizeRange.contains(rows), Board.sizeRange.contains(columns),
            cells.count == rows * columns
        else { return nil }
        self.rows = rows
        self.columns = columns
        self.cells = cells
    }

    /// Makes a board from rows of cell characters (`"RB.G"`; spaces are ignored).
    /// Returns nil for an unknown character, ragged rows or a size out of range.
    public init?(_ lines: [String]) {
        var cells: [Cell] = []
        var width: Int?
        for line in lines {
            let row = line.filter { $0 != " " && $0 != "\t" }.map(Cell.init(character:))
            guard !row.contains(nil), width == nil || width == row.count else { return nil }
            width = row.count
            cells += row.compactMap { $0 }
        }
        self.init(rows: lines.count, columns: width ?? 0, cells: cells)
    }

    public func contains(_ position: CellPosition) -> Bool {
        position.row >= 0 && position.row < rows && position.column >= 0 && position.column < columns
    }

    /// The cell at `position`; a position off the board reads as a wall.
    public subscript(position: CellPosition) -> Cell {
        guard contains(position) else { return .wall }
        return cells[position.row * columns + position.column]
    }

    public subscript(row: Int, column: Int) -> Cell {
        self[CellPosition(row: row, column: column)]
    }

    private mutating func set(_ cell: Cell, at position: CellPosition) {
        cells[position.row * columns + position.column] = cell
    }

    /// Every position on the board, row by row.
    public var positions: [CellPosition] {
        (0..<rows).flatMap { row in (0..<columns).map { CellPosition(row: row, column: $0) } }
    }

    /// The number of blocks on the board.
    public var blockCount: Int { cells.reduce(0) { $0 + ($1.color == nil ? 0 : 1) } }

    /// True when no blocks remain.
    public var isCleared: Bool { !cells.contains { $0.color != nil } }

    /// How many blocks of each colour the board holds.
    public var colorCounts: [BlockColor: Int] {
        var counts: [BlockColor: Int] = [:]
        for case .block(let color) in cells { counts[color, default: 0] += 1 }
        return counts
    }

    /// Pairs of same-coloured blocks that share an edge (a level may not start with any).
    public var touchingPairs: [(CellPosition, CellPosition)] {
        var pairs: [(CellPosition, CellPosition)] = []
        for position in positions {
            guard let color = self[position].color else { continue }
            for direction in [Direction.right, .down] {
                let next = position.stepped(direction)
                if contains(next), self[next].color == color { pairs.append((position, next)) }
            }
        }
        return pairs
    }

    /// Where a block pushed from `position` in `direction` would stop, or nil if there is no
    /// block there or it cannot move at least one cell that way.
    public func destination(of position: CellPosition, _ direction: Direction) -> CellPosition? {
        guard self[position].color != nil else { return nil }
        var stop = position
        while contains(stop.stepped(direction)), self[stop.stepped(direction)].isEmpty {
            stop = stop.stepped(direction)
        }
        return stop == position ? nil : stop
    }

    /// Applies a move with all its detail, or returns nil for an illegal move (no block at
    /// `move.from`, or no empty cell next to it in that direction).
    ///
    /// The block slides through empty cells until the next cell is a block, a wall or the
    /// edge; then, if it touches blocks of its own colour, it and they vanish.
    public func slide(_ move: Move) -> Slide? {
        guard let color = self[move.from].color, let stop = destination(of: move.from, move.direction)
        else { return nil }
        var next = self
        next.set(.empty, at: move.from)
        next.set(.block(color), at: stop)
        var vanished: [CellPosition] = []
        for direction in Direction.allCases {
            let neighbour = stop.stepped(direction)
            if next.contains(neighbour), next[neighbour].color == color { vanished.append(neighbour) }
        }
        if !vanished.isEmpty {
            vanished.insert(stop, at: 0)
            for position in vanished { next.set(.empty, at: position) }
        }
        let distance = abs(stop.row - move.from.row) + abs(stop.column - move.from.column)
        return Slide(
            move: move, color: color, destination: stop, distance: distance, vanished: vanished,
            result: next)
    }

    /// The board after `move`, or nil if the move is illegal.
    public func applying(_ move: Move) -> Board? { slide(move)?.result }

    /// The board after each move in turn, or nil if any of them is illegal.
    public func applying(_ moves: [Move]) -> Board? {
        moves.reduce(Optional(self)) { board, move in board?.applying(move) }
    }

    /// Every legal move, row by row, in the order up, down, left, right.
    public var legalMoves: [Move] {
        positions.flatMap { position in
            Direction.allCases.compactMap { direction in
                destination(of: position, direction) == nil ? nil : Move(from: position, direction: direction)
            }
        }
    }

    /// The rows as strings of cell characters, no spaces (`["RB.G", ...]`).
    public var lines: [String] {
        (0..<rows).map { row in String((0..<columns).map { self[row, $0].character }) }
    }

    public var description: String { lines.joined(separator: "\n") }
}
