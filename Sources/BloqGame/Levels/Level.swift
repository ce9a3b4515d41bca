import BloqCore

/// How hard a level is meant to be.
public enum Difficulty: String, CaseIterable, Sendable, Codable {
    case easy, medium, hard, expert, master

    /// The difficulty's word in the language shown ("easy" in English), for the player.
    public var localizedName: String {
        switch self {
        // TRANSLATORS: a level's difficulty, in lower case, as in "par 5 · expert".
        case .easy: tr("easy")
        case .medium: tr("medium")
        case .hard: tr("hard")
        case .expert: tr("expert")
        case .master: tr("master")
        }
    }
}

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

    /// Where each cell of the grid is in the file (line, column), row by row, when the
    /// level was read from one: messages about a cell point at it.
    public var cellLocations: [[(line: Int, column: Int)]] {
        get { zip(cells.lines, cells.columns).map { lines, columns in zip(lines, columns).map { ($0, $1) } } }
        set { cells = SourceCells(lines: newValue.map { $0.map(\.line) }, columns: newValue.map { $0.map(\.column) }) }
    }
    private var cells = SourceCells()

    /// Where the cell at `row`, `column` (from 0) is in the file, when that is known.
    public func location(row: Int, column: Int) -> (line: Int, column: Int)? {
        guard cells.lines.indices.contains(row), cells.lines[row].indices.contains(column),
            cells.columns.indices.contains(row), cells.columns[row].indices.contains(column)
        else { return nil }
        return (cells.lines[row][column], cells.columns[row][column])
    }

    /// The cells' places in the file: carried along, not part of what the level is (the
    /// same grid laid out with other spacing is the same level).
    struct SourceCells: Hashable, Sendable {
        var lines: [[Int]] = []
        var columns: [[Int]] = []
        static func == (_: SourceCells, _: SourceCells) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
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
