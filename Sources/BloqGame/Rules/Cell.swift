/// What one square of a board holds.
public enum Cell: Hashable, Sendable {
    case empty
    case wall
    case block(BlockColor)

    /// Parses a level file's cell character: `.` empty, `#` wall, a colour letter a block.
    /// Returns nil for anything else (lower case included).
    public init?(character: Character) {
        switch character {
        case ".": self = .empty
        case "#": self = .wall
        default:
            guard let color = BlockColor(rawValue: character) else { return nil }
            self = .block(color)
        }
    }

    /// The character a level file uses for this cell.
    public var character: Character {
        switch self {
        case .empty: "."
        case .wall: "#"
        case .block(let color): color.letter
        }
    }

    /// The block's colour, or nil for an empty cell or a wall.
    public var color: BlockColor? {
        if case .block(let color) = self { return color }
        return nil
    }

    public var isEmpty: Bool { self == .empty }
}
