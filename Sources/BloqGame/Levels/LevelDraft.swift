/// A level being made in the editor: a grid that may not be a valid level yet, and a
/// title. A value: every edit returns a new draft, so the editor keeps them in a `History`.
public struct LevelDraft: Hashable, Sendable {
    public private(set) var rows: Int
    public private(set) var columns: Int
    /// Cells row by row.
    public private(set) var cells: [Cell]
    public var title: String

    /// An empty grid of `rows` x `columns` (clamped to 2...16).
    public init(rows: Int = 4, columns: Int = 4, title: String = "My level") {
        self.rows = min(max(rows, 2), 16)
        self.columns = min(max(columns, 2), 16)
        cells = Array(repeating: .empty, count: self.rows * self.columns)
        self.title = title
    }

    /// A draft of an existing level (editing a copy).
    public init(board: Board, title: String) {
        rows = board.rows
        columns = board.columns
        cells = board.cells
        self.title = title
    }

    public subscript(position: CellPosition) -> Cell {
        guard position.row >= 0, position.row < rows, position.column >= 0, position.column < columns else { return .wall }
        return cells[position.row * columns + position.column]
    }

    /// The grid as a board (always a valid size).
    public var board: Board { Board(rows: rows, columns: columns, cells: cells) ?? Board(["..", ".."])! }

    /// `cell` painted at `position` (nothing changes off the grid).
    public func painting(_ cell: Cell, at position: CellPosition) -> LevelDraft {
        guard position.row >= 0, position.row < rows, position.column >= 0, position.column < columns else { return self }
        var copy = self
        copy.cells[position.row * columns + position.column] = cell
        return copy
    }

    /// The grid resized to `rows` x `columns` (clamped to 2...16), keeping the top-left
    /// cells; new cells are empty.
    public func resized(rows newRows: Int, columns newColumns: Int) -> LevelDraft {
        let rows = min(max(newRows, 2), 16)
        let columns = min(max(newColumns, 2), 16)
        var copy = LevelDraft(rows: rows, columns: columns, title: title)
        for row in 0..<min(rows, self.rows) {
            for column in 0..<min(columns, self.columns) {
                copy.cells[row * columns + column] = cells[row * self.columns + column]
            }
        }
        return copy
    }

    /// Every cell emptied.
    public func cleared() -> LevelDraft { LevelDraft(rows: rows, columns: columns, title: title) }

    /// Mirrored left to right.
    public func mirrored() -> LevelDraft {
        var copy = self
        for row in 0..<rows {
            for column in 0..<columns { copy.cells[row * columns + column] = cells[row * columns + (columns - 1 - column)] }
        }
        return copy
    }

    /// Turned a quarter clockwise (rows become columns).
    public func rotated() -> LevelDraft {
        var copy = LevelDraft(rows: columns, columns: rows, title: title)
        for row in 0..<rows {
            for column in 0..<columns {
                // (row, column) goes to (column, rows - 1 - row).
                copy.cells[column * rows + (rows - 1 - row)] = cells[row * columns + column]
            }
        }
        return copy
    }

    /// Why the grid cannot be a level, found without a search: no blocks, same colours
    /// touching at the start, or a colour with a single block (it can never vanish). Nil
    /// when a search must decide.
    public var immediateProblem: DraftProblem? {
        let board = self.board
        guard board.blockCount > 0 else { return .noBlocks }
        if let (a, b) = board.touchingPairs.first, let color = board[a].color { return .touching(color, a, b) }
        if let lone = BlockColor.allCases.first(where: { board.colorCounts[$0] == 1 }) { return .loneBlock(lone) }
        return nil
    }

    /// The level file's text: title, par when known, author when given, and the grid.
    public func levelText(par: Int?, author: String? = nil) -> String {
        LevelText.file(board: board, title: title, par: par, author: author, comments: ["Made in the Bloq level editor."])
    }
}
