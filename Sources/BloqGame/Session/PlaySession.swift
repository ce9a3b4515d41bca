/// One point in a line of play: the board and the moves that led to it from the start.
public struct PlayPosition: Hashable, Sendable {
    public var board: Board
    /// The moves of the current line of play, in the order they committed.
    public var log: [Move]

    public init(board: Board, log: [Move] = []) {
        self.board = board
        self.log = log
    }
}

/// A level being played: the starting board and one history of positions.
///
/// Undo takes the last move back, redo puts it back, restart returns to the start and is
/// itself undoable; a new move drops the redo tail. The board is always the start with
/// `log` applied. UI state (cursor, drags, animations) does not belong here.
public struct PlaySession: Sendable {
    public let start: Board
    public private(set) var history: History<PlayPosition>

    public init(start: Board) {
        self.start = start
        history = History(PlayPosition(board: start))
    }

    public var board: Board { history.current.board }
    /// The moves of the current line of play.
    public var log: [Move] { history.current.log }
    /// How many moves the current line of play has taken.
    public var moves: Int { log.count }
    public var isCleared: Bool { board.isCleared }
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Plays a move on the current board. Returns what it did, or nil (changing nothing)
    /// for an illegal move.
    @discardableResult
    public mutating func play(_ move: Move) -> Slide? {
        guard let slide = board.slide(move) else { return nil }
        history.record(PlayPosition(board: slide.result, log: log + [move]))
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
        guard !log.isEmpty || board != start else { return false }
        history.record(PlayPosition(board: start))
        return true
    }
}
