/// One of the eight block colours, named by the letter a level file uses for it.
public enum BlockColor: Character, CaseIterable, Sendable, Hashable, Comparable {
    case red = "R"
    case orange = "O"
    case yellow = "Y"
    case green = "G"
    case blue = "B"
    case purple = "P"
    case cyan = "C"
    case white = "W"

    /// The colour's index, 0 to 7, in the order of `allCases`.
    public var index: Int {
        switch self {
        case .red: 0
        case .orange: 1
        case .yellow: 2
        case .green: 3
        case .blue: 4
        case .purple: 5
        case .cyan: 6
        case .white: 7
        }
    }

    /// The colour's name in lower case ("red"), in English, for messages and files (the
    /// shell translates it for the player).
    public var name: String { "\(self)" }

    /// The letter of a level file (`R`, `O`, ...).
    public var letter: Character { rawValue }

    public static func < (lhs: BlockColor, rhs: BlockColor) -> Bool { lhs.index < rhs.index }
}
