import BloqEngine
import BloqGame
import BloqLocalization

/// What the player asked the board for (a key, a gamepad button or a toolbar control).
public enum PlayCommand: Hashable, Sendable {
    case undo, redo, restart, hint, showSolution
    /// Back through the history to the position after `toMoves` moves of the line (to try
    /// again from the move after), in one edit; redo goes forward again.
    case rewind(toMoves: Int)
    case moveCursor(Direction)
    case pushAtCursor(Direction)
}

/// One level being played, without its pixels: the board scene, its layout, the keyboard
/// cursor, hints and the solution, play time and scoring. Which level comes next, and
/// where progress is kept, are the play screen's business.
///
/// Facts are kept once: whether the board is cleared is the session's; the stars a clear
/// earns are computed from the session and `Score`, never stored.
public final class GameController {
    public let level: PlayableLevel
    public let scene: BoardScene
    public private(set) var layout: BoardLayout
    /// The keyboard cursor (UI state, not in the history).
    public private(set) var cursor = CellPosition(row: 0, column: 0)
    /// Where the cursor goes when the undo or redo playing lands: the cell the block it
    /// moves comes to, and the line the edit leaves. One a hand catches and sends back
    /// leaves the cursor on the block.
    private var cursorAfterEdit: (cell: CellPosition, log: [Move])?
    /// A push at the cursor in flight, the cursor gone ahead to where it stops: a hand that
    /// catches the block and carries it back takes the cursor back with it (helper-64 saw
    /// it left on the empty cell).
    private var cursorPush: (move: Move, to: CellPosition)?
    /// Whether a keyboard action has shown the cursor.
    public private(set) var showsCursor = false
    /// A short message for the player (an unsolvable position, a hint being found), or nil.
    public private(set) var message: String?
    /// Whether a hint (or the solution, before a Restart) was shown since the level was
    /// opened (caps the stars at 2).
    public private(set) var usedHint = false
    /// Whether the solution was shown in this attempt (the clear earns no stars; Restart
    /// starts an attempt that counts as after a hint).
    public private(set) var showedSolution = false
    /// Whether `usedHint` is there because the solution was shown in an earlier attempt (the
    /// Cleared card says so, not that a hint was used).
    public private(set) var sawSolution = false
    /// Seconds played in this attempt, paused time excluded (the shell adds them; Restart
    /// starts a new attempt at 0).
    public private(set) var playTime = 0.0
    /// The hint shown now: the next moves of a best solution, marked on the board until the
    /// player moves or undoes; their ghosts play again while nothing happens.
    public private(set) var hint: [Move] = []
    /// Seconds since the hint's ghosts last finished playing.
    private var hintQuiet = 0.0
    /// The line that cleared the board, while the player steps back along it with undo and
    /// redo: the clock stays stopped (looking back is not playing) until a move leaves it.
    private var clearedLine: [Move]?
    /// The last clear a move made: its line, the clock then and how it was made. An edit
    /// that brings that position back (a restart undone) brings them back too.
    private var lastClear: (line: [Move], time: Double, usedHint: Bool, showedSolution: Bool)?

    /// A clear, as the game reports it (every time the board becomes cleared: a last move,
    /// or redoing it).
    public struct Clear: Equatable, Sendable {
        public var stars: Int
        public var moves: Int
        /// Seconds of play it is recorded with.
        public var time: Double
        /// Brought back along the line that cleared it before (undo then redo, a restart
        /// undone): the same clear again, not a new one (the statistics count it once).
        public var isRepeat: Bool
    }

    /// The clears since the caller last took them (`takeClears()`).
    private var clears: [Clear] = []

    /// The clears since the last call, oldest first.
    public func takeClears() -> [Clear] {
        defer { clears.removeAll() }
        return clears
    }

    private let solver: SolverService
    private var sounds: [SoundCue] = []
    /// The solver's optimum for the start board: par, whatever the file says (GAME.md: par is
    /// the optimal number of moves; a player's own file may state another).
    public private(set) var startOptimum: Int?
    /// Whether the solver has answered about the start board (an optimum, unsolvable, or
    /// given up).
    public private(set) var startAnswered = false
    /// What the solver said about boards of this level (their optimum and a solution, or
    /// unsolvable), the latest few kept: undo comes back to a known board at once.
    private var known: [Board: SolverResult] = [:]
    private var knownOrder: [Board] = []
    /// The boards asked about and not answered yet.
    private var asked: Set<Board> = []
    private enum Wanted { case hint, solution }
    private var wanted: Wanted?
    private var solutionQueue: [Move] = []
    /// Whether the player was told that the solver gave up on this level's boards.
    private var saidTooLarge = false

    /// Opens `level` in a viewport of `viewport` pixels, keeping `toolbarHeight` pixels
    /// free along the bottom, resuming `resume` when it replays on the board.
    /// `solverMode` is `.background` in live play and `.deterministic` in replays and tests.
    public init(
        level: PlayableLevel, viewport: Size, toolbarHeight: Double = 0, solverMode: SolverService.Mode = .deterministic,
        resume: UnfinishedLine? = nil, reducedMotion: Bool = false
    ) {
        self.level = level
        let board = level.level.board
        scene = BoardScene(board: board)
        scene.reducedMotion = reducedMotion
        layout = BoardLayout(viewport: viewport, rows: board.rows, columns: board.columns, bottomInset: toolbarHeight)
        solver = SolverService(mode: solverMode)
        if let resume, scene.restore(log: resume.log) {
            playTime = resume.playTime
            usedHint = resume.usedHint
            showedSolution = resume.showedSolution
            sawSolution = resume.sawSolution
        }
        // Par unknown: the start is asked about even when a resumed line is elsewhere (any
        // answer about the start board gives it, below).
        if level.level.par == nil {
            asked.insert(board)
            _ = solver.request(board)
        }
        // Whether the board can still be cleared is known from the first frame on.
        assess()
    }

    /// The level's par: the solver's optimum once known (the shipped levels' files state
    /// exactly that), the file's until then.
    public var par: Int? { startOptimum ?? level.level.par }

    /// The stars the clear earned, while the board is cleared; nil otherwise.
    public var earnedStars: Int? {
        guard scene.session.isCleared else { return nil }
        return Score.stars(moves: scene.session.moves, par: par, usedHint: usedHint, showedSolution: showedSolution)
    }

    /// True when the board is cleared and every animation has settled (an undo held in a
    /// hand has not: it is on its way back).
    public var showsClearedOverlay: Bool { scene.session.isCleared && !scene.isAnimating && !scene.hasPendingEdits }

    /// Whether anything moves or waits on time (the loop may sleep when not).
    public var isAnimating: Bool { isMoving || solver.isBusy }

    /// Whether anything moves (not only the solver at work).
    public var isMoving: Bool { scene.isAnimating || !solutionQueue.isEmpty }

    /// Seconds of quiet before a hint's ghosts play again.
    public static let hintReplayDelay = 2.5

    /// The most stars the player can still earn on this level: the moves so far plus the
    /// fewest still needed (the solver's answer once it has one, its lower bound until
    /// then) against par; 0 when the board can no longer be cleared.
    public var starsInReach: Int {
        if let earnedStars { return earnedStars }
        if isStuck { return 0 }
        let board = scene.board
        let remaining: Int
        if let optimal = known[board]?.optimal {
            remaining = optimal
        } else {
            // The solver's bound: a lower bound on the moves still needed.
            remaining = max(board.colorCounts.values.reduce(0) { $0 + ($1 + 3) / 4 }, 1)
        }
        return Score.starsInReach(
            moves: scene.session.moves, remaining: remaining, par: par, usedHint: usedHint, showedSolution: showedSolution)
    }

    /// Whether the solver has found that the committed board can no longer be cleared
    /// (asked after every committed move, off the render thread; at a fixed step in replays).
    public var isStuck: Bool {
        guard !scene.session.isCleared, case .unsolvable = known[scene.board]?.outcome else { return false }
        return true
    }

    /// The time a clear in this attempt is recorded with: the play time, but never less than
    /// its own moves took to slide (a clear made while the window had no focus still took
    /// that long).
    public var recordedTime: Double { max(playTime, GameController.slideTime(of: scene.session.log, from: scene.session.start)) }

    /// The seconds `log`'s slides take from `start`, at the speed of a keyboard move.
    static func slideTime(of log: [Move], from start: Board) -> Double {
        var board = start
        var total = 0.0
        for move in log {
            guard let slide = board.slide(move) else { break }
            total += SlideMotion.duration(forCells: Double(slide.distance))
            board = slide.result
        }
        return total
    }

    /// The sounds due since the last call (slides, stops, vanishes, bumps; the clear is the
    /// shell's).
    public func takeSounds() -> [SoundCue] {
        defer { sounds.removeAll() }
        return sounds
    }

    /// Lays the board out as large as fits in `area` (the play screen's layout decides
    /// where the board goes).
    public func place(in area: Rect) {
        let next = BoardLayout(frame: area, rows: layout.rows, columns: layout.columns)
        if next != layout { layout = next }
    }

    /// Advances the simulation by one step of `seconds`.
    public func step(_ seconds: Double) {
        scene.advance(by: seconds)
        for answer in solver.step() { receive(answer.input, answer.output) }
        playNextSolutionMove()
        var committed: [Move] = []
        for event in scene.takeEvents() {
            switch event {
            case .cleared(let byEdit): cleared(byEdit: byEdit)
            case .restarted: newAttempt()
            case .slideStarted(let color): sounds.append(.slide(color))
            case .landed(let color): sounds.append(.land(color))
            case .vanished(_, let color, let remaining):
                let total = scene.session.start.blockCount
                sounds.append(.vanish(color, step: Music.vanishStep(remaining: remaining, total: total)))
            case .bumped: sounds.append(.bump)
            case .committed(let move):
                committed.append(move)
                // A move off the line that cleared the board is play again. (The log is read
                // as it is after the whole step: an edit queued behind the move may already
                // have changed it.)
                if let line = clearedLine, !line.starts(with: scene.session.log) { clearedLine = nil }
            }
        }
        if let push = cursorPush {
            if committed.contains(push.move) {
                cursorPush = nil
            } else if !scene.hasMovesInFlight {
                // It went back: the cursor too, unless the player moved it since.
                if cursor == push.to { cursor = push.move.from }
                cursorPush = nil
            }
        }
        // When its own edit lands: a second Z may already be playing behind it.
        if let follow = cursorAfterEdit, scene.session.log == follow.log || !scene.hasPendingEdits {
            if scene.session.log == follow.log { cursor = follow.cell }
            cursorAfterEdit = nil
        }
        followHint(committed: committed, edited: boardChangedByEdit(committed: committed))
        assess()
        // Asked for while a hand held a block that went back: nothing commits, and the
        // answer about the board is already known.
        if wanted != nil { actOnKnownAnswer() }
        replayHint(after: seconds)
        if message != nil, scene.hasMovesInFlight { message = nil }
        if scene.session.isFull, message == nil {
            message = tr(
                "This line of play has %1 move, the most it may: undo or restart",
                "This line of play has %1 moves, the most it may: undo or restart", count: PlaySession.maximumMoves,
                "\(PlaySession.maximumMoves)")
        }
    }

    /// Counts `seconds` of play (the shell calls this while the board is shown, uncovered,
    /// in a window with the focus). The clock stands still once the board is cleared, and
    /// while the player only steps back along the line that cleared it.
    public func addPlayTime(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite, !scene.session.isCleared else { return }
        if let line = clearedLine, line.starts(with: scene.session.log) { return }
        playTime += seconds
    }

    /// Time that passed with nothing to simulate (the loop slept): the hint's quiet grows.
    public func idle(_ seconds: Double) {
        addPlayTime(seconds)
        replayHint(after: seconds)
    }

    /// A pointer event in pixels, for the board (the shell routes only board presses here).
    public func handlePointer(_ event: PointerEvent) {
        let point = layout.cellPoint(for: event.location)
        switch event.phase {
        case .down: scene.pointerDown(event.pointer, at: point, time: event.time)
        case .moved: scene.pointerMoved(event.pointer, to: point, time: event.time)
        case .up: scene.pointerUp(event.pointer, at: point, time: event.time)
        case .cancelled: scene.pointerCancelled(event.pointer)
        }
    }

    /// Carries out a command.
    public func perform(_ command: PlayCommand) {
        switch command {
        case .undo:
            edit { scene in
                followCursor(historyStep: -1)
                scene.undo()
            }
        case .redo:
            edit { scene in
                followCursor(historyStep: 1)
                scene.redo()
            }
        case .rewind(let moves): edit { $0.rewind(to: moves) }
        case .restart:
            edit { scene in
                scene.restart()
                // Carried out at once (or nothing to restart): a new attempt now; else when
                // it is carried out (`.restarted`), after the moves in flight, which count.
                if !scene.hasPendingEdits { newAttempt() }
            }
        case .hint: ask(.hint)
        case .showSolution: ask(.solution)
        case .moveCursor(let direction):
            let next = showsCursor ? cursor.stepped(direction) : cursor
            if scene.board.contains(next) { cursor = next }
            showsCursor = true
        case .pushAtCursor(let direction):
            showsCursor = true
            // The cursor follows the block it pushed.
            let move = Move(from: cursor, direction: direction)
            if let destination = scene.board.destination(of: cursor, direction), scene.perform(move) {
                cursor = destination
                cursorPush = (move, destination)
            }
        }
    }

    /// The line of play to keep while the level is unfinished (after every committed move,
    /// and when the player leaves).
    public var unfinishedLine: UnfinishedLine? {
        guard !scene.session.isCleared, !scene.session.log.isEmpty || usedHint else { return nil }
        return UnfinishedLine(
            log: scene.session.log, playTime: playTime, usedHint: usedHint, showedSolution: showedSolution,
            sawSolution: sawSolution)
    }

    // MARK: Private

    private func edit(_ change: (BoardScene) -> Void) {
        // A clear still settling (blocks vanishing) is not undone under the player's eyes.
        guard !scene.session.isCleared || showsClearedOverlay || scene.hasPendingEdits else { return }
        solutionQueue = []
        message = nil
        change(scene)
    }

    /// Asks the solver about the current board once every move has settled.
    private func ask(_ what: Wanted) {
        guard !scene.session.isCleared else { return }
        wanted = what
        if actOnKnownAnswer() { return }
        message = what == .hint ? tr("Finding a hint…") : tr("Finding the solution…")
        assess()
    }

    /// Acts on what is wanted when the answer about the board is known and nothing moves
    /// or waits to change it. Returns whether it did.
    @discardableResult
    private func actOnKnownAnswer() -> Bool {
        guard let result = known[scene.board], !scene.hasMovesInFlight, !scene.hasPendingEdits else { return false }
        act(on: result)
        return true
    }

    /// Asks the solver about the committed board, unless its answer is known or on its way,
    /// so that whether it can still be cleared, and in how many moves, is known after every
    /// move.
    private func assess() {
        let board = scene.board
        guard !scene.session.isCleared, known[board] == nil, !asked.contains(board), !scene.hasMovesInFlight,
            !scene.hasPendingEdits
        else { return }
        // Live, what was asked about boards left behind is stopped: one search at a time,
        // about where the player is (and the start's, while par is unknown).
        let start = level.level.board
        let parWanted = startOptimum == nil && level.level.par == nil
        for stale in solver.cancel(where: { $0 != board && !(parWanted && $0 == start) }) { asked.remove(stale) }
        asked.insert(board)
        _ = solver.request(board)
    }

    /// The board the last step ended on, to see edits (undo, redo, restart) change it.
    private var lastBoard: Board?

    /// Whether an undo, redo or restart changed the board this step: it is not the last
    /// step's board with the moves committed since applied.
    private func boardChangedByEdit(committed: [Move]) -> Bool {
        defer { lastBoard = scene.board }
        guard let lastBoard else { return false }
        return lastBoard.applying(committed) != scene.board
    }

    /// The hint follows the play: the move it showed first, made, leaves the rest of it
    /// showing (a hint shows the next two moves, and the second is still the best next
    /// one); any other move, or an undo, redo or restart, ends it (it was about the
    /// board before).
    private func followHint(committed: [Move], edited: Bool) {
        guard !committed.isEmpty || edited, !hint.isEmpty || scene.isShowingGhosts else { return }
        scene.clearGhosts()
        if !edited, let first = hint.first, committed == [first] {
            hint.removeFirst()
            hintQuiet = 0
        } else {
            hint = []
        }
    }

    private func receive(_ board: Board, _ result: SolverResult) {
        if board == level.level.board {
            startAnswered = true
            if let optimal = result.optimal { startOptimum = optimal }
        }
        asked.remove(board)
        remember(result, for: board)
        if result.outcome == .gaveUp, wanted == nil, !saidTooLarge, board == scene.board {
            // Said once a level: the board is beyond the solver's budgets here, so nothing
            // will say it is stuck, and no hint or par will come.
            saidTooLarge = true
            message = tr("This board is too large for the solver here: no par or hints, and no warning if it can no longer be cleared")
        }
        guard wanted != nil else {
            assess()
            return
        }
        guard board == scene.board, !scene.hasMovesInFlight, !scene.hasPendingEdits else {
            // The board moved on while the solver worked: ask about where it is now.
            assess()
            return
        }
        act(on: result)
    }

    /// Keeps the solver's answer about `board` (the latest 64 boards).
    private func remember(_ result: SolverResult, for board: Board) {
        if known.updateValue(result, forKey: board) == nil { knownOrder.append(board) }
        if knownOrder.count > 64 { known[knownOrder.removeFirst()] = nil }
    }

    /// Plays the hint's ghosts again after a quiet moment.
    private func replayHint(after seconds: Double) {
        guard !hint.isEmpty, !scene.isShowingGhosts else {
            hintQuiet = 0
            return
        }
        hintQuiet += seconds
        if hintQuiet >= GameController.hintReplayDelay {
            hintQuiet = 0
            scene.showGhosts(of: hint)
        }
    }

    private func act(on result: SolverResult) {
        let what = wanted
        wanted = nil
        switch result.outcome {
        case .solved(let moves):
            message = nil
            if what == .hint {
                usedHint = true
                hint = Array(moves.prefix(2))
                hintQuiet = 0
                scene.showGhosts(of: hint)
            } else {
                showedSolution = true
                solutionQueue = moves
            }
        case .unsolvable:
            // The banner says so (isStuck); nothing more to add.
            message = nil
        case .gaveUp:
            message = tr("This board is too large to solve here")
        }
    }

    /// Plays `line` (a solve code's, which clears the level from its start) as real moves,
    /// as Show solution plays the solver's: the clear earns no stars. Only from the level's
    /// start; false (nothing played) elsewhere, or when it does not clear it.
    @discardableResult
    public func watch(_ line: [Move]) -> Bool {
        guard scene.session.log.isEmpty, scene.board == scene.session.start, !scene.hasMovesInFlight,
            SolveCode.replay(line, on: scene.board).cleared
        else { return false }
        showedSolution = true
        message = nil
        solutionQueue = line
        return true
    }

    /// Plays the shown solution one real move at a time, each when the last has settled.
    private func playNextSolutionMove() {
        guard let next = solutionQueue.first, !scene.hasMovesInFlight, !scene.hasPendingEdits else { return }
        solutionQueue.removeFirst()
        if !scene.perform(next) { solutionQueue = [] }
    }

    /// The keyboard's cursor follows the block an undo (`step` -1) or a redo (+1) moves
    /// when it lands, as it followed the push (helper-46: left on the empty cell, the next
    /// Shift+arrow pushed nothing). Only for an edit carried out now, of a step that is one
    /// move of the block under the cursor: a queued edit's move is unknown.
    private func followCursor(historyStep step: Int) {
        let history = scene.session.history
        let other = history.index + step
        guard !scene.hasMovesInFlight, !scene.hasPendingEdits, history.entries.indices.contains(other) else { return }
        let (before, after) = step < 0 ? (history.entries[other], history.current) : (history.current, history.entries[other])
        guard let move = after.line?.move, after.line?.previous === before.line,
            let destination = before.board.destination(of: move.from, move.direction)
        else { return }
        let (from, to) = step < 0 ? (destination, move.from) : (move.from, destination)
        guard from == cursor else { return }
        cursorAfterEdit = (to, step < 0 ? Array(scene.session.log.dropLast()) : scene.session.log + [move])
    }

    /// A restart: a new attempt (issue 24), its clock at 0. After a shown solution (the
    /// Cleared card says to play again and try it) the moves are the player's own, with the
    /// solution seen as a hint is: at most two stars.
    private func newAttempt() {
        if showedSolution {
            showedSolution = false
            usedHint = true
            sawSolution = true
        }
        playTime = 0
        clearedLine = nil
    }

    /// The board became empty. A clear an edit brought back (a restart undone) was made by a
    /// move before and recorded then: it is the same clear again, with the clock, the hint
    /// and the shown solution it had (helper-46 restarted a cleared level, undid the restart
    /// a second later, and had a new best time of 0:01).
    private func cleared(byEdit: Bool) {
        if byEdit, let lastClear, lastClear.line == scene.session.log {
            playTime = lastClear.time
            usedHint = lastClear.usedHint
            showedSolution = lastClear.showedSolution
            clearedLine = lastClear.line
        }
        guard let stars = earnedStars else { return }
        message = nil
        hint = []
        let isRepeat = clearedLine != nil
        if clearedLine == nil { clearedLine = scene.session.log }
        lastClear = (scene.session.log, playTime, usedHint, showedSolution)
        clears.append(Clear(stars: stars, moves: scene.session.moves, time: recordedTime, isRepeat: isRepeat))
    }
}

extension GameController {
    /// Where each of the hint's ghosts may show: from its block's cell along its move, up
    /// to the last cell before one that holds something now. A later move's path may cross
    /// a block an earlier move takes away; its ghost stops short of it, so no ghost passes
    /// over a block on the board (issue 38).
    public var hintLanes: [(from: CellPosition, to: CellPosition)] {
        let now = scene.board
        var board = now
        var lanes: [(from: CellPosition, to: CellPosition)] = []
        for move in hint {
            guard let slide = board.slide(move) else { break }
            var last = move.from
            while last != slide.destination {
                let next = CellPosition(row: last.row + move.direction.rowStep, column: last.column + move.direction.columnStep)
                guard now[next] == .empty else { break }
                last = next
            }
            lanes.append((move.from, last))
            board = slide.result
        }
        return lanes
    }
}
