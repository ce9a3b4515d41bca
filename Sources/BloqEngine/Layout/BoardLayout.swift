/// Where the board and the text around it go in a viewport of a given pixel size.
///
/// Recomputed whenever the window (or its pixel density) changes; it is a cache of
/// numbers, never game state.
public struct BoardLayout: Hashable, Sendable {
    /// The size laid out, in pixels.
    public let viewport: Size
    /// The board's rows.
    public let rows: Int
    /// The board's columns.
    public let columns: Int
    /// The band across the top for the title and the score.
    public let header: Rect
    /// The band across the bottom for messages and hints.
    public let footer: Rect
    /// The board's frame: the cells plus a margin around them.
    public let boardFrame: Rect
    /// The side of one cell in pixels.
    public let cellSize: Double
    /// The top-left corner of cell (0, 0).
    public let origin: Point

    /// Lays out a `rows` x `columns` board in `viewport`, as large as fits between a header
    /// and a footer whose heights scale with the viewport.
    /// `bottomInset` keeps room free along the bottom (a toolbar), below the footer band.
    public init(viewport: Size, rows: Int, columns: Int, bottomInset: Double = 0) {
        let width = max(viewport.width, 1)
        let height = max(viewport.height, 1)
        let rows = max(rows, 1)
        let columns = max(columns, 1)
        self.viewport = Size(width: width, height: height)
        self.rows = rows
        self.columns = columns
        let band = min(max(height * 0.14, 28), 120)
        header = Rect(x: 0, y: 0, width: width, height: band)
        let inset = min(max(bottomInset, 0), height * 0.4)
        footer = Rect(x: 0, y: height - inset - band * 0.6, width: width, height: band * 0.6)
        let available = Rect(
            x: 0, y: header.maxY, width: width, height: max(footer.minY - header.maxY, 1))
        (cellSize, origin, boardFrame) = BoardLayout.grid(rows: rows, columns: columns, in: available)
    }

    /// Lays out a `rows` x `columns` grid as large as fits in `frame` (a margin inside it),
    /// centred there, with no header or footer bands (the level editor's grid).
    public init(frame: Rect, rows: Int, columns: Int) {
        let rows = max(rows, 1)
        let columns = max(columns, 1)
        viewport = Size(width: frame.maxX, height: frame.maxY)
        self.rows = rows
        self.columns = columns
        header = Rect(x: frame.x, y: frame.y, width: frame.width, height: 0)
        footer = Rect(x: frame.x, y: frame.maxY, width: frame.width, height: 0)
        (cellSize, origin, boardFrame) = BoardLayout.grid(rows: rows, columns: columns, in: frame)
    }

    /// The whole-pixel cells of the largest grid that fits in `area` (a margin inside it),
    /// centred there, and its frame.
    private static func grid(rows: Int, columns: Int, in area: Rect) -> (cellSize: Double, origin: Point, boardFrame: Rect) {
        let margin = min(area.width, area.height) * 0.04
        let cell = max(min((area.width - 2 * margin) / Double(columns), (area.height - 2 * margin) / Double(rows)), 1)
        let cellSize = cell.rounded(.down)
        let boardWidth = cellSize * Double(columns)
        let boardHeight = cellSize * Double(rows)
        let origin = Point(
            x: (area.x + (area.width - boardWidth) / 2).rounded(.down), y: (area.y + (area.height - boardHeight) / 2).rounded(.down))
        let pad = (cellSize * 0.12).rounded()
        return (cellSize, origin, Rect(x: origin.x - pad, y: origin.y - pad, width: boardWidth + 2 * pad, height: boardHeight + 2 * pad))
    }

    /// The pixel rectangle of the cell at (`row`, `column`); fractional values give the
    /// rectangle of a block drawn between cells.
    public func cellRect(row: Double, column: Double) -> Rect {
        Rect(
            x: origin.x + column * cellSize, y: origin.y + row * cellSize, width: cellSize, height: cellSize)
    }

    /// The pixel position of a point in cell units (whole numbers are cell centres).
    public func pixel(for point: CellPoint) -> Point {
        Point(x: origin.x + (point.column + 0.5) * cellSize, y: origin.y + (point.row + 0.5) * cellSize)
    }

    /// The point in cell units under a pixel position (whole numbers at cell centres).
    public func cellPoint(for pixel: Point) -> CellPoint {
        CellPoint(row: (pixel.y - origin.y) / cellSize - 0.5, column: (pixel.x - origin.x) / cellSize - 0.5)
    }
}
