/// A point in pixels (or any unit the caller chooses).
public struct Point: Hashable, Sendable {
    /// Horizontal position, growing rightward.
    public var x: Double
    /// Vertical position, growing downward.
    public var y: Double

    /// Makes a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both components scaled by `k`.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Makes a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (not negative).
    public var width: Double
    /// Height (not negative).
    public var height: Double

    /// Makes a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Left edge.
    public var minX: Double { x }
    /// Top edge.
    public var minY: Double { y }
    /// Right edge (exclusive).
    public var maxX: Double { x + width }
    /// Bottom edge (exclusive).
    public var maxY: Double { y + height }
    /// The middle point.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// Whether `point` lies inside (left and top edges included, right and bottom not).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles share any area.
    public func intersects(_ other: Rect) -> Bool {
        min(maxX, other.maxX) > max(minX, other.minX) && min(maxY, other.maxY) > max(minY, other.minY)
    }

    /// The rectangle shrunk by `amount` on every side.
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }
}

/// A position on a board in cell units: whole numbers are cell centres, so (2, 1.5) is the
/// edge between columns 1 and 2 of row 2 (the coordinates of input scripts).
public struct CellPoint: Hashable, Sendable {
    /// Row from 0 at the top; whole numbers are cell centres.
    public var row: Double
    /// Column from 0 at the left; whole numbers are cell centres.
    public var column: Double

    /// Makes a point in cell units.
    public init(row: Double, column: Double) {
        self.row = row
        self.column = column
    }
}
