/// A direction a block can be pushed in.
public enum Direction: String, CaseIterable, Sendable, Hashable, Codable {
    case up, down, left, right

    /// Row change of one step (up is -1: rows count from the top).
    public var rowStep: Int {
        switch self {
        case .up: -1
        case .down: 1
        case .left, .right: 0
        }
    }

    /// Column change of one step.
    public var columnStep: Int {
        switch self {
        case .left: -1
        case .right: 1
        case .up, .down: 0
        }
    }

    public var opposite: Direction {
        switch self {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        }
    }
}
