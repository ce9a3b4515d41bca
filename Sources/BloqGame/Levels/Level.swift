/// A level as a file describes it: its board and its header.
public struct Level: Hashable, Sendable {
    /// The title, or the file's name without extension when the file gives none.
    public var title: String
    /// The optimal number of moves as the file states it, if it does.
    public var par: Int?
    public var difficulty: Difficulty?
    public var author: String?
    /// One sentence the play screen shows until the first move (how the first levels teach).
    public var tip: String?
    /// The starting board.
    public var board: Board
    /// Warnings found while loading (the level is usable).
    public var warnings: [Diagnostic]
    /// Where the `par:` value is in the file (line, column), when the file gives one.
    public var parLocation: (line: Int, column: Int)? {
        get { parLine.map { ($0, parColumn) } }
        set {
            parLine = newValue?.line
            parColumn = newValue?.column ?? 1
        }
    }
    private var parLine: Int?
    private var parColumn = 1

    /// Where each cell of the grid is in the file, row by row (none for a level not read
    /// from a file): messages about a cell point at it.
    public var cellPlaces = CellPlaces()

    /// The places of a grid's cells in its file: carried along, not part of what the level
    /// is (the same grid with other spacing is the same level).
    public struct CellPlaces: Hashable, Sendable {
        /// Per row: the row's line, and each cell's column.
        var rows: [(line: Int, columns: [Int])] = []

        public init() {}

        public init(rows: [(line: Int, columns: [Int])]) { self.rows = rows }

        /// Where the cell at `row`, `column` (from 0) is, when that is known.
        public subscript(row: Int, column: Int) -> (line: Int, column: Int)? {
            guard rows.indices.contains(row), rows[row].columns.indices.contains(column) else { return nil }
            return (rows[row].line, rows[row].columns[column])
        }

        public static func == (_: CellPlaces, _: CellPlaces) -> Bool { true }
        public func hash(into hasher: inout Hasher) {}
    }

    public init(
        title: String, par: Int? = nil, difficulty: Difficulty? = nil, author: String? = nil, tip: String? = nil, board: Board,
        warnings: [Diagnostic] = []
    ) {
        self.title = title
        self.par = par
        self.difficulty = difficulty
        self.author = author
        self.tip = tip
        self.board = board
        self.warnings = warnings
    }
}

/// A level ready to play, with the name (usually the path) it is shown and reported by.
public struct PlayableLevel: Sendable {
    public var name: String
    public var level: Level

    public init(name: String, level: Level) {
        self.name = name
        self.level = level
    }
}
