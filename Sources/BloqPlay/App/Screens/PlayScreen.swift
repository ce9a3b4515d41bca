import BloqEngine
import BloqGame

/// The play screen: the board (its `GameController`), the toolbar, the header, the
/// Cleared overlay, and the left-edge pan back to the list (seed 002).
public final class PlayScreen: AppScreen {
    public let kind = ScreenKind.play
    unowned let app: AppController
    /// Where the level comes from.
    public let source: Source
    public let game: GameController
    /// The Cleared overlay, from the clear until the board is no longer cleared.
    public private(set) var overlay: ClearedOverlay?
    private var toolbarFocus: ControlID?
    /// How far the edge pan has dragged the screen away (0...1), while it does.
    public private(set) var edgePanPercent: Double?
    private var edgePan: EdgePan?
    private var left = false
    /// Whether a move was made since the level opened (the tip shows until the first).
    private var moved = false

    /// Where a played level comes from.
    public enum Source {
        /// A level of a pack: pack index, index among its playable levels.
        case pack(Int, Int)
        /// The editor's board, tried in place; back returns to the editor.
        case trial(PlayableLevel, editor: EditorScreen)
        /// A level from a share code, in no pack.
        case code(PlayableLevel)
        /// The daily board of a day; back returns to the title.
        case daily(DailyBoard)
    }

    init(app: AppController, source: Source) {
        self.app = app
        self.source = source
        let playable: PlayableLevel
        switch source {
        case .pack(let pack, let level): playable = app.packs[pack].playable[level]
        case .trial(let level, _), .code(let level): playable = level
        case .daily(let board): playable = PlayableLevel(name: "daily/\(board.date)", level: board.level)
        }
        // A trial of the editor's board is no level of the player's: nothing is recorded.
        let resume = if case .trial = source { nil as UnfinishedLine? } else { app.progress?.unfinished(playable) }
        game = GameController(
            level: playable, viewport: app.viewport, toolbarHeight: app.metrics.toolbarHeight, solverMode: app.solverMode, resume: resume,
            reducedMotion: app.settings.reducedMotion)
        moved = !(resume?.log.isEmpty ?? true)
        game.onCleared = { [weak self] stars, moves, time in self?.cleared(stars: stars, moves: moves, time: time) }
    }

    /// The pack of the level, when it is in one.
    public var packIndex: Int? {
        if case .pack(let pack, _) = source { return pack }
        return nil
    }

    /// The level's index among its pack's playable levels, when it is in one.
    public var levelIndex: Int? {
        if case .pack(_, let level) = source { return level }
        return nil
    }

    /// "Level 3 of 100", "Trying the editor's level", "A shared level", "Saturday 14 March
    /// 2026 · streak: 3 days" (under "Daily board").
    public var caption: String {
        switch source {
        case .pack(let pack, let level):
            if let watch = app.levelWatch {
                "Watching \(watch.path.split(separator: "/").last.map(String.init) ?? watch.path): saving it reloads"
            } else {
                "Level \(level + 1) of \(app.packs[pack].playable.count)"
            }
        case .trial: "Trying your level: Escape goes back to the editor"
        case .code: "A shared level"
        case .daily(let board):
            board.date.longDescription + (dailyStreak > 0 ? " · streak: \(DailyScreen.streakText(dailyStreak))" : "")
        }
    }

    /// The header's title: the level's, or "Daily board" (its date is the caption).
    public var heading: String { dailyDate == nil ? game.level.level.title : "Daily board" }

    /// The day of the daily board played, if it is one.
    public var dailyDate: DailyDate? {
        if case .daily(let board) = source { return board.date }
        return nil
    }

    /// The player's daily streak counted up to the day of the board played (0 otherwise).
    public var dailyStreak: Int {
        guard let date = dailyDate else { return 0 }
        return app.progress?.dailyStreak(asOf: date) ?? 0
    }

    public var level: PlayableLevel { game.level }
    /// The progress the level is recorded in (none while trying the editor's board).
    private var progress: ProgressBook? {
        if case .trial = source { return nil }
        return app.progress
    }
    /// Whether a level follows this one in the pack (never in a single-level game).
    public var hasNextLevel: Bool {
        guard !app.isSingleLevel, case .pack(let pack, let level) = source else { return false }
        return level + 1 < app.packs[pack].playable.count
    }
    /// Where Back goes, as its button says: the title from the daily board, else the list.
    var backLabel: String { dailyDate == nil ? "Levels" : "Title" }

    /// The overlay, when it shows (the board has settled after the clear).
    public var visibleOverlay: ClearedOverlay? { game.showsClearedOverlay ? overlay : nil }

    public var commandContexts: [CommandContext] { visibleOverlay != nil ? [.cleared, .play, .anywhere] : [.play, .anywhere] }

    public var focus: ControlID? {
        get { visibleOverlay?.focus ?? toolbarFocus }
        set {
            if let overlay = visibleOverlay { overlay.focus = newValue } else { toolbarFocus = newValue }
        }
    }

    // MARK: What the player is told

    /// The level's tip (its file's `tip:`), shown until the first move.
    public var tip: String? {
        guard !moved, visibleOverlay == nil, let tip = game.level.level.tip, !tip.isEmpty else { return nil }
        return tip
    }

    /// The banner's sentence when the board can no longer be cleared.
    public static let stuckNotice = "This board can no longer be cleared: undo the last move, or restart"

    /// The banners and messages shown now: the stuck banner, then the game's message.
    public var notices: [String] {
        guard visibleOverlay == nil else { return [] }
        var result: [String] = []
        if game.isStuck { result.append(PlayScreen.stuckNotice) }
        if let message = game.message { result.append(message) }
        return result
    }

    // MARK: Layout

    public var controls: [Control] {
        if let overlay = visibleOverlay { return overlay.controls(over: game.layout.boardFrame, app.metrics) }
        return (stuckBanner?.controls ?? []) + toolbar
    }

    /// The stuck banner: a band above the toolbar with its sentence, Undo and Restart
    /// (nothing while the board can still be cleared).
    public var stuckBanner: (frame: Rect, controls: [Control])? {
        guard game.isStuck, visibleOverlay == nil else { return nil }
        let metrics = app.metrics
        let band = game.layout.footer
        let height = max(min(band.height, metrics.unit), metrics.minimumButtonSize * 0.8)
        let width = min(height * 3, (band.width - height) / 4)
        let y = band.center.y - height / 2
        let right = band.maxX - height * 0.3
        return (
            Rect(x: band.x, y: band.y, width: band.width, height: band.height),
            [
                Control(.stuckRestart, "Restart", rect: Rect(x: right - width, y: y, width: width, height: height)),
                Control(
                    .stuckUndo, "Undo", rect: Rect(x: right - width * 2 - height * 0.2, y: y, width: width, height: height), style: .accent),
            ]
        )
    }

    /// The toolbar along the bottom: Levels (unless single-level), Undo, Redo, Restart, Hint.
    public var toolbar: [Control] {
        let metrics = app.metrics
        var entries: [(ControlID, String)] = [(.undo, "Undo"), (.redo, "Redo"), (.restart, "Restart"), (.hint, "Hint")]
        if !app.isSingleLevel { entries.insert((.back, backLabel), at: 0) }
        let toolbarHeight = metrics.toolbarHeight
        let height = toolbarHeight * 0.8
        let gap = height * 0.2
        let count = Double(entries.count)
        let width = min((metrics.viewport.width - gap * (count + 1)) / count, height * 3.2)
        var x = (metrics.viewport.width - (width * count + gap * (count - 1))) / 2
        let y = metrics.viewport.height - toolbarHeight + (toolbarHeight - height) / 2
        let session = game.scene.session
        return entries.map { id, label in
            defer { x += width + gap }
            let enabled: Bool =
                switch id {
                case .undo: session.canUndo
                case .redo: session.canRedo
                default: true
                }
            return Control(
                id, label, rect: Rect(x: x, y: y, width: width, height: height), isEnabled: enabled,
                style: id == .hint ? .accent : .plain, leading: id == .back ? "‹ " : "")
        }
    }

    /// The footer line under the board: the game's message, or the keys from the command
    /// table; nothing while the Cleared overlay covers the board.
    public var footer: (text: String, isMessage: Bool)? {
        guard visibleOverlay == nil else { return nil }
        if let message = game.message { return (message, true) }
        if dailyDate != nil { return (app.commands.footerHint(saying: "title", for: .back), false) }
        return (app.commands.footerHint, false)
    }

    public func layoutChanged() {
        game.resize(viewport: app.viewport, toolbarHeight: app.metrics.toolbarHeight)
    }

    // MARK: Actions

    public func activate(_ id: ControlID) {
        switch id {
        case .back: app.back()
        case .undo, .stuckUndo: game.perform(.undo)
        case .redo: game.perform(.redo)
        case .restart, .playAgain, .stuckRestart: game.perform(.restart)
        case .hint: game.perform(.hint)
        case .nextLevel:
            if hasNextLevel, case .pack(let pack, let level) = source, !app.openLevel(pack: pack, level: level + 1) { app.showLevels() }
        default: break
        }
    }

    public func perform(_ command: Command) -> Bool {
        guard case .play(let play) = command else { return false }
        game.perform(play)
        return true
    }

    // MARK: Pointers

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        // Over the overlay, the board beneath is covered: nothing there takes a press.
        guard visibleOverlay == nil else { return nil }
        let edge = max(app.metrics.minimumButtonSize * 0.5, app.viewport.width * 0.03)
        if edgePan == nil, !app.isSingleLevel, packIndex != nil, event.location.x <= edge, !game.scene.hasMovesInFlight {
            let pan = EdgePan(screen: self)
            edgePan = pan
            return pan
        }
        return BoardTouch(game: game)
    }

    /// The level list the edge pan reveals beneath the screen (drawn, never shown alone).
    public private(set) lazy var listBeneath = LevelListScreen(app: app, pack: packIndex ?? 0, showing: levelIndex)

    /// Starts the transition the edge pan drives.
    func beginEdgeTransition() -> InteractiveTransition {
        edgePanPercent = 0
        return InteractiveTransition(
            duration: app.settings.reducedMotion ? 0.15 : 0.35, driver: app.driver,
            update: { [weak self] percent in self?.edgePanPercent = percent },
            completion: { [weak self] finished in
                guard let self else { return }
                self.edgePanPercent = nil
                self.edgePan = nil
                if finished, self.app.root.shows(self) { self.app.back() }
            })
    }

    // MARK: Time

    public func step(_ seconds: Double) {
        game.scene.reducedMotion = app.settings.reducedMotion
        game.step(seconds)
        if !game.scene.session.log.isEmpty { moved = true }
        for cue in game.takeSounds() { app.play(cue) }
        overlay?.step(seconds)
        if overlay != nil, !game.scene.session.isCleared {
            overlay = nil
            toolbarFocus = nil
        }
    }

    public var isAnimating: Bool { game.isAnimating || overlay?.confetti != nil || edgePanPercent != nil }

    /// Confetti pieces alive now (0 with reduced motion, or once the burst is over).
    public var confettiAlive: Int {
        guard let overlay, let burst = overlay.confetti, overlay.confettiTime < burst.duration else { return 0 }
        return burst.pieces(at: overlay.confettiTime).count
    }

    /// Counts `seconds` of play: only while the board is shown and nothing covers it (the
    /// help, the Cleared card, the list sliding in).
    func countPlayTime(_ seconds: Double, idle: Bool) {
        guard app.help == nil, visibleOverlay == nil, edgePanPercent == nil else { return }
        if idle { game.idle(seconds) } else { game.addPlayTime(seconds) }
    }

    public func willLeave() {
        guard !left else { return }
        left = true
        progress?.leaving(level, line: game.unfinishedLine)
    }

    // MARK: The clear

    private var clears: UInt64 = 0

    private func cleared(stars: Int, moves: Int, time: Double) {
        let before: LevelRecord?
        let after: LevelRecord?
        if let day = dailyDate {
            before = progress?.dailyRecord(day)
            progress?.clearedDaily(day, level: level, moves: moves, stars: stars, time: time)
            after = progress?.dailyRecord(day)
        } else {
            before = progress?.record(level)
            progress?.cleared(level, moves: moves, stars: stars, time: time)
            after = progress?.record(level)
        }
        clears += 1
        let frame = game.layout.boardFrame
        let reduced = app.settings.reducedMotion
        // Reduced motion: no confetti at all.
        let burst =
            reduced
            ? nil
            : ConfettiBurst(
                count: 140, origin: frame.center, size: app.viewport, seed: UInt64(levelIndex ?? 0) &* 7919 &+ clears, duration: 2.4)
        overlay = ClearedOverlay(
            stars: stars, moves: moves, par: game.par, time: time, showedSolution: game.showedSolution, usedHint: game.usedHint,
            before: before,
            after: after, hasNextLevel: hasNextLevel, showsLevelsButton: !app.isSingleLevel, backLabel: backLabel,
            dailyStreak: dailyDate == nil || progress == nil ? nil : dailyStreak, confetti: burst)
        app.play(.clear)
    }
}
