/// A line of play as a persistent list: each node adds one move to the line before it, so
/// positions that share a beginning share its memory (a history of n positions costs O(n),
/// not O(n²)).
public final class MoveLine: Sendable {
    public let move: Move
    public let previous: MoveLine?
    /// Moves in the line up to and including this one.
    public let count: Int

    init(move: Move, previous: MoveLine?) {
        self.move = move
        self.previous = previous
        count = (previous?.count ?? 0) + 1
    }

    /// The moves in order, first to last.
    public var moves: [Move] {
        var result: [Move] = []
        result.reserveCapacity(count)
        var node: MoveLine? = self
        while let current = node {
            result.append(current.move)
            node = current.previous
        }
        return result.reversed()
    }
}

/// One point in a line of play: the board and the moves that led to it from the start.
public struct PlayPosition: Sendable {
    public var board: Board
    /// The line of play that led here (nil: no moves).
    public var line: MoveLine?

    public init(board: Board, line: MoveLine? = nil) {
        self.board = board
        self.line = line
    }

    /// The moves of the line of play, in the order they committed.
    public var log: [Move] { line?.moves ?? [] }
}

/// A level being played: the starting board and one history of positions.
///
/// Undo takes the last move back, redo puts it back, restart returns to the start and is
/// itself undoable; a new move drops the redo tail. The board is always the start with
/// `log` applied. UI state (cursor, drags, animations) does not belong here.
///
/// Bounds: a line of play holds at most `maximumMoves` moves (a move beyond is refused);
/// undo reaches back at most `maximumHistory` steps (older ones are forgotten).
public struct PlaySession: Sendable {
    public static let maximumMoves = 10_000
    public static let maximumHistory = 10_000

    public let start: Board
    public private(set) var history: History<PlayPosition>

    public init(start: Board) {
        self.start = start
        history = History(PlayPosition(board: start), limit: PlaySession.maximumHistory)
    }

    public var board: Board { history.current.board }
    /// The moves of the current line of play.
    public var log: [Move] { history.current.log }
    /// How many moves the current line of play has taken.
    public var moves: Int { history.current.line?.count ?? 0 }
    public var isCleared: Bool { board.isCleared }
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }
    /// Whether the line of play is as long as it may be.
    public var isFull: Bool { moves >= PlaySession.maximumMoves }

    /// Plays a move on the current board. Returns what it did, or nil (changing nothing)
    /// for an illegal move or when the line of play is full.
    @discardableResult
    public mutating func play(_ move: Move) -> Slide? {
        guard !isFull, let slide = board.slide(move) else { return nil }
        history.record(PlayPosition(board: slide.result, line: MoveLine(move: move, previous: history.current.line)))
        return slide
    }

    /// Takes back the last step (a move or a restart). Returns false when there is none.
    @discardableResult
    public mutating func undo() -> Bool { history.undo() }

    /// Puts back the step undone last. Returns false when there is none.
    @discardableResult
    public mutating func redo() -> Bool { history.redo() }

    /// Returns to the starting board with no moves; undo brings the line of play back.
    /// Does nothing (returns false) when already at the start with no moves.
    @discardableResult
    public mutating func restart() -> Bool {
        guard moves > 0 || board != start else { return false }
        history.record(PlayPosition(board: start))
        return true
    }
}
