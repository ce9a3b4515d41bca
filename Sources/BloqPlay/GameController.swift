import BloqEngine
import BloqGame


/// What the player asked for with a key.
public enum PlayCommand: Hashable, Sendable {
    case undo, redo, restart, nextLevel, previousLevel, quit
    case moveCursor(Direction)
    case pushAtCursor(Direction)

    /// The command a key chord stands for, if any.
    public init?(_ chord: KeyChord) {
        let key = chord.key.lowercased()
        let direction: Direction? =
            switch key {
            case "left": .left
            case "right": .right
            case "up": .up
            case "down": .down
            default: nil
            }
        if let direction {
            self = chord.shift ? .pushAtCursor(direction) : .moveCursor(direction)
            return
        }
        switch key {
        case "z" where chord.control && chord.shift: self = .redo
        case "z": self = .undo
        case "y": self = .redo
        case "r" where !chord.control: self = .restart
        case "n", "return", "keypad enter", "space", "page down": self = .nextLevel
        case "p", "page up": self = .previousLevel
        case "escape", "q": self = .quit
        default: return nil
        }
    }
}

/// The play screen without its pixels: the levels of a pack, the board being played and
/// its layout. Live play and replays feed it the same `InputEvent`s.
public final class GameController {
    public let levels: [PlayableLevel]
    public private(set) var index: Int
    public private(set) var scene: BoardScene
    public private(set) var layout: BoardLayout
    /// The keyboard cursor (UI state, not in the history).
    public private(set) var cursor = CellPosition(row: 0, column: 0)
    /// Whether a keyboard action has shown the cursor.
    public private(set) var showsCursor = false
    /// Set when the player asked to quit.
    public private(set) var wantsQuit = false
    /// When false, commands that leave the level (next, previous) do nothing: replays stay
    /// on the level they were given.
    public var allowsLevelChange = true

    /// Starts at `levels[index]` (clamped) in a viewport of `viewport` pixels.
    /// Returns nil when `levels` is empty.
    public init?(levels: [PlayableLevel], index: Int = 0, viewport: Size) {
        guard !levels.isEmpty else { return nil }
        self.levels = levels
        self.index = min(max(index, 0), levels.count - 1)
        let board = levels[self.index].level.board
        scene = BoardScene(board: board)
        layout = BoardLayout(viewport: viewport, rows: board.rows, columns: board.columns)
    }

    public var current: PlayableLevel { levels[index] }
    public var hasNextLevel: Bool { index + 1 < levels.count }

    /// True when the board is cleared and every animation has settled.
    public var showsClearedOverlay: Bool { scene.session.isCleared && !scene.isAnimating }

    /// Whether anything moves (the loop may sleep when not).
    public var isAnimating: Bool { scene.isAnimating }

    /// The "next level" button of the cleared overlay, in pixels.
    public var nextButton: Rect {
        let frame = layout.boardFrame
        let width = min(frame.width * 0.7, layout.viewport.width * 0.8)
        let height = max(layout.header.height * 0.55, 44)
        return Rect(x: frame.center.x - width / 2, y: frame.center.y + height * 0.4, width: width, height: height)
    }

    /// Advances the simulation by `seconds`.
    public func step(_ seconds: Double) {
        scene.advance(by: seconds)
    }

    /// Handles one input event.
    public func handle(_ input: InputEvent) {
        switch input {
        case .pointer(let event): handlePointer(event)
        case .key(let chord):
            if let command = PlayCommand(chord) { perform(command) }
        case .resized(let size):
            layout = BoardLayout(viewport: size, rows: layout.rows, columns: layout.columns)
        case .focusLost:
            scene.cancelAllPointers()
        }
    }

    /// Carries out a command.
    public func perform(_ command: PlayCommand) {
        switch command {
        case .undo: scene.undo()
        case .redo: scene.redo()
        case .restart: scene.restart()
        case .nextLevel:
            if showsClearedOverlay { advanceLevel() } else { goToLevel(index + 1) }
        case .previousLevel: goToLevel(index - 1)
        case .quit: wantsQuit = true
        case .moveCursor(let direction):
            let next = showsCursor ? cursor.stepped(direction) : cursor
            if scene.board.contains(next) { cursor = next }
            showsCursor = true
        case .pushAtCursor(let direction):
            showsCursor = true
            // The cursor follows the block it pushed.
            if let destination = scene.board.destination(of: cursor, direction),
                scene.perform(Move(from: cursor, direction: direction))
            {
                cursor = destination
            }
        }
    }

    /// Opens `levels[newIndex]` if it exists (and level changes are allowed).
    public func goToLevel(_ newIndex: Int) {
        guard allowsLevelChange, levels.indices.contains(newIndex) else { return }
        index = newIndex
        let board = levels[index].level.board
        scene = BoardScene(board: board)
        layout = BoardLayout(viewport: layout.viewport, rows: board.rows, columns: board.columns)
        cursor = CellPosition(row: 0, column: 0)
        showsCursor = false
    }

    private func advanceLevel() {
        guard showsClearedOverlay else { return }
        goToLevel(hasNextLevel ? index + 1 : 0)
    }

    private func handlePointer(_ event: PointerEvent) {
        if showsClearedOverlay {
            if event.phase == .down, nextButton.contains(event.location) { advanceLevel() }
            return
        }
        let point = layout.cellPoint(for: event.location)
        switch event.phase {
        case .down: scene.pointerDown(event.pointer, at: point, time: event.time)
        case .moved: scene.pointerMoved(event.pointer, to: point, time: event.time)
        case .up: scene.pointerUp(event.pointer, at: point, time: event.time)
        case .cancelled: scene.pointerCancelled(event.pointer)
        }
    }
}
