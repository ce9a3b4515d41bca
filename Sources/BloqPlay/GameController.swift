import BloqEngine
import BloqGame

/// What the player asked for with a key.
public enum PlayCommand: Hashable, Sendable {
    case undo, redo, restart, hint, showSolution, nextLevel, previousLevel, quit
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
        case "h": self = .hint
        case "s" where chord.shift: self = .showSolution
        case "n", "return", "keypad enter", "space", "page down": self = .nextLevel
        case "p", "page up": self = .previousLevel
        case "escape", "q": self = .quit
        default: return nil
        }
    }
}

/// The play screen without its pixels: the levels of a pack, the board being played, its
/// layout, hints and scoring. Live play and replays feed it the same `InputEvent`s.
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
    /// A short message for the player (an unsolvable position, a hint being found), or nil.
    public private(set) var message: String?
    /// Whether a hint was shown since the level was opened (caps the stars at 2).
    public private(set) var usedHint = false
    /// Whether the solution was shown since the level was opened (the clear earns no stars).
    public private(set) var showedSolution = false
    /// Seconds played on this level, paused time excluded (the platform adds them).
    public private(set) var playTime = 0.0
    /// The stars earned by the clear, once the board is cleared.
    public private(set) var earnedStars: Int?

    /// Called when the board is cleared: level, moves, stars, play time.
    public var onCleared: ((PlayableLevel, Int, Int, Double) -> Void)?
    /// Asked for a saved line when a level opens.
    public var resumeProvider: ((PlayableLevel) -> UnfinishedLine?)?
    /// Called before the player leaves a level for another, with its unfinished line.
    public var onLeavingLevel: ((PlayableLevel, UnfinishedLine?) -> Void)?
    /// Whether the level at an index may be opened (locked levels may not); nil: all may.
    public var canOpen: ((Int) -> Bool)?

    private let solver: SolverService
    private var sounds: [SoundCue] = []

    /// The sounds due since the last call (slides, vanishes, bumps; the clear is the app's).
    public func takeSounds() -> [SoundCue] {
        defer { sounds.removeAll() }
        return sounds
    }

    /// Room kept free below the board for the play screen's toolbar, in pixels.
    public var toolbarHeight = 0.0 {
        didSet {
            if toolbarHeight != oldValue {
                layout = BoardLayout(viewport: layout.viewport, rows: layout.rows, columns: layout.columns, bottomInset: toolbarHeight)
            }
        }
    }
    /// The solver's optimum for the start board (par when the file gives none).
    private var startOptimum: Int?
    private var startRequest: Int?
    /// What the solver said about a board (its exact optimum and a solution).
    private var knownSolution: (board: Board, result: SolverResult)?
    private enum Wanted { case hint, solution }
    private var wanted: Wanted?
    private var solutionQueue: [Move] = []

    /// Starts at `levels[index]` (clamped) in a viewport of `viewport` pixels. Returns nil
    /// when `levels` is empty. `solverMode` is `.background` in live play and
    /// `.deterministic` in replays and tests.
    public init?(
        levels: [PlayableLevel], index: Int = 0, viewport: Size, solverMode: SolverService.Mode = .deterministic,
        resume: ((PlayableLevel) -> UnfinishedLine?)? = nil
    ) {
        guard !levels.isEmpty else { return nil }
        resumeProvider = resume
        self.levels = levels
        self.index = min(max(index, 0), levels.count - 1)
        let board = levels[self.index].level.board
        scene = BoardScene(board: board)
        layout = BoardLayout(viewport: viewport, rows: board.rows, columns: board.columns)
        solver = SolverService(mode: solverMode)
        openLevel()
    }

    public var current: PlayableLevel { levels[index] }
    public var hasNextLevel: Bool { index + 1 < levels.count }

    /// The level's par: the file's, or the solver's optimum once known.
    public var par: Int? { current.level.par ?? startOptimum }

    /// True when the board is cleared and every animation has settled.
    public var showsClearedOverlay: Bool { scene.session.isCleared && !scene.isAnimating }

    /// Whether anything moves or waits on time (the loop may sleep when not).
    public var isAnimating: Bool { scene.isAnimating || solver.isBusy || !solutionQueue.isEmpty }

    /// The most stars the player can still earn on this level.
    public var starsInReach: Int {
        let board = scene.board
        if let earnedStars { return earnedStars }
        let remaining: Int
        if let known = knownSolution, known.board == board, let optimal = known.result.optimal {
            remaining = optimal
        } else {
            // The solver's bound: a lower bound on the moves still needed.
            remaining = max(board.colorCounts.values.reduce(0) { $0 + ($1 + 3) / 4 }, board.isCleared ? 0 : 1)
        }
        return Score.starsInReach(
            moves: scene.session.moves, remaining: remaining, par: par, usedHint: usedHint, showedSolution: showedSolution)
    }

    /// The "next level" button of the cleared overlay, in pixels.
    public var nextButton: Rect {
        let frame = layout.boardFrame
        let width = min(frame.width * 0.7, layout.viewport.width * 0.8)
        let height = max(layout.header.height * 0.55, 44)
        return Rect(x: frame.center.x - width / 2, y: frame.center.y + frame.height * 0.2, width: width, height: height)
    }

    /// Advances the simulation by one step of `seconds`.
    public func step(_ seconds: Double) {
        scene.advance(by: seconds)
        for answer in solver.step() { receive(answer.id, answer.board, answer.result) }
        playNextSolutionMove()
        for event in scene.takeEvents() {
            switch event {
            case .cleared: cleared()
            case .slideStarted: sounds.append(.slide)
            case .vanished: sounds.append(.vanish)
            case .bumped: sounds.append(.bump)
            case .committed: break
            }
        }
        if message != nil, scene.hasMovesInFlight { message = nil }
        if scene.session.isFull, message == nil {
            message = "This line of play has \(PlaySession.maximumMoves) moves, the most it may: undo (Z) or restart (R)"
        }
    }

    /// Counts `seconds` of play (the platform calls this while the window has focus).
    public func addPlayTime(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite, earnedStars == nil else { return }
        playTime += seconds
    }

    /// Handles one input event.
    public func handle(_ input: InputEvent) {
        switch input {
        case .pointer(let event): handlePointer(event)
        case .key(let chord):
            if let command = PlayCommand(chord) { perform(command) }
        case .resized(let size):
            layout = BoardLayout(viewport: size, rows: layout.rows, columns: layout.columns, bottomInset: toolbarHeight)
        case .focusLost:
            scene.cancelAllPointers()
        }
    }

    /// Carries out a command.
    public func perform(_ command: PlayCommand) {
        switch command {
        case .undo: edit { $0.undo() }
        case .redo: edit { $0.redo() }
        case .restart: edit { $0.restart() }
        case .hint: ask(.hint)
        case .showSolution: ask(.solution)
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
        guard allowsLevelChange, levels.indices.contains(newIndex), canOpen?(newIndex) ?? true else { return }
        onLeavingLevel?(current, unfinishedLine)
        index = newIndex
        let board = levels[index].level.board
        scene = BoardScene(board: board)
        layout = BoardLayout(viewport: layout.viewport, rows: board.rows, columns: board.columns, bottomInset: toolbarHeight)
        cursor = CellPosition(row: 0, column: 0)
        showsCursor = false
        openLevel()
    }

    /// The line of play to save when the player leaves this level unfinished.
    public var unfinishedLine: UnfinishedLine? {
        guard earnedStars == nil, !scene.session.log.isEmpty || usedHint else { return nil }
        return UnfinishedLine(log: scene.session.log, playTime: playTime, usedHint: usedHint)
    }

    // MARK: Private

    private func openLevel() {
        message = nil
        usedHint = false
        showedSolution = false
        playTime = 0
        earnedStars = nil
        knownSolution = nil
        wanted = nil
        solutionQueue = []
        solver.cancelAll()
        startOptimum = nil
        if let saved = resumeProvider?(current), scene.restore(log: saved.log) {
            playTime = saved.playTime
            usedHint = saved.usedHint
        }
        startRequest = current.level.par == nil ? solver.request(current.level.board) : nil
    }

    private func edit(_ change: (BoardScene) -> Void) {
        guard earnedStars == nil || showsClearedOverlay else { return }
        solutionQueue = []
        message = nil
        if earnedStars != nil { earnedStars = nil }
        change(scene)
    }

    /// Asks the solver about the current board once every move has settled.
    private func ask(_ what: Wanted) {
        guard !scene.session.isCleared else { return }
        wanted = what
        if let known = knownSolution, known.board == scene.board, !scene.hasMovesInFlight, !scene.hasPendingEdits {
            act(on: known.result)
            return
        }
        message = what == .hint ? "Finding a hint…" : "Finding the solution…"
        if !scene.hasMovesInFlight, !scene.hasPendingEdits {
            _ = solver.request(scene.board)
        }
    }

    private func receive(_ id: Int, _ board: Board, _ result: SolverResult) {
        if id == startRequest {
            startOptimum = result.optimal
            startRequest = nil
        }
        if board == scene.board { knownSolution = (board, result) }
        guard wanted != nil else { return }
        guard board == scene.board, !scene.hasMovesInFlight, !scene.hasPendingEdits else {
            // The board moved on while the solver worked: ask again about where it is now.
            if !scene.hasMovesInFlight, !scene.hasPendingEdits { _ = solver.request(scene.board) }
            return
        }
        act(on: result)
    }

    private func act(on result: SolverResult) {
        let what = wanted
        wanted = nil
        switch result.outcome {
        case .solved(let moves):
            message = nil
            if what == .hint {
                usedHint = true
                scene.showGhosts(of: Array(moves.prefix(2)))
            } else {
                showedSolution = true
                solutionQueue = moves
            }
        case .unsolvable:
            message = "No solution from here: undo (Z) or restart (R)"
        case .gaveUp:
            message = "This board is too large to solve here"
        }
    }

    /// Plays the shown solution one real move at a time, each when the last has settled.
    private func playNextSolutionMove() {
        guard let next = solutionQueue.first, !scene.hasMovesInFlight, !scene.hasPendingEdits else { return }
        solutionQueue.removeFirst()
        if !scene.perform(next) { solutionQueue = [] }
    }

    private func cleared() {
        guard earnedStars == nil else { return }
        let stars = Score.stars(moves: scene.session.moves, par: par, usedHint: usedHint, showedSolution: showedSolution)
        earnedStars = stars
        message = nil
        onCleared?(current, scene.session.moves, stars, playTime)
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
