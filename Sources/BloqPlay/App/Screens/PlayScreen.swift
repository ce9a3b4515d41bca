import BloqEngine
import BloqGame
import BloqLocalization

/// The play screen: the board (its `GameController`), the toolbar, the header, the
/// Cleared overlay, and the left-edge pan back to the list.
public final class PlayScreen: ShellScreen, AppScreen {
    public let kind = ScreenKind.play
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
    /// A solve code's line that clears the level, offered to watch until the player moves.
    public private(set) var offeredLine: [Move]?
    /// Seconds left to confirm Show solution after a first press of its button (its label
    /// then says "Show it"; nil: not asked). The clear earns no stars, so one stray tap
    /// must not cost them; the key (Shift+S) and the gamepad's LB+X are deliberate.
    public private(set) var confirmingSolution: Double?
    /// How long the question stays.
    static let solutionConfirmTime = 5.0
    /// The line of play last handed to the environment to keep (moves, and whether a hint
    /// was used).
    private var keptLine: (log: [Move], usedHint: Bool)?
    /// The review of the line, open over the board (nil: closed).
    public private(set) var reviewPanel: ReviewPanel?
    /// The latest review worked out, and the line it is of.
    public private(set) var review: (line: [Move], review: LineReview)?
    /// The review being worked out, off the frame.
    private var reviewAsked: ReviewRequest?
    private let reviewJobs: BackgroundJobs<ReviewRequest, LineReview>

    /// A line to review: the board it starts from and its moves.
    struct ReviewRequest: Equatable, Sendable {
        var start: Board
        var line: [Move]
    }

    /// Where a played level comes from.
    public enum Source {
        /// A level of a pack: pack index, index among its playable levels.
        case pack(Int, Int)
        /// The editor's board, tried in place; back returns to the editor.
        case trial(PlayableLevel, editor: EditorScreen)
        /// A level from a share code, in no pack; a solve code's line that clears it, to watch.
        case code(PlayableLevel, line: [Move]?)
        /// The daily board of a day; back returns to the title.
        case daily(DailyBoard)
    }

    private var memo = Memo<LayoutKey, Layout>()
    /// `spares`' answers, for the layout, the band and the window asked about: the shell
    /// asks at every step while its band holds the toast.
    private var sparesMemo = Memo<SparesKey, Bool>()
    private struct SparesKey: Equatable {
        var layout: LayoutKey
        var height: Double
        var window: Size
    }
    /// The layout being made is `spares`' trial, with the toast in the shell's band.
    private var layingOutWithoutToast = false

    /// What the play screen's layout is made from, but the context.
    private struct LayoutKey: Equatable {
        var generation: Int
        var board: Board
        var moves: Int
        var canUndo: Bool
        var canRedo: Bool
        var landing: Bool
        var stuck: Bool
        var par: Int?
        var stars: Int
        var message: String?
        var moved: Bool
        var confirming: Bool
        var overlay: ObjectIdentifier?
        /// Where the board is drawn: the Cleared card is laid over it (the window resized
        /// under the card places the board anew after the layout was made).
        var boardFrame: Rect
        var shared: String?
        var review: ObjectIdentifier?
        var reviewed: Bool
        var reviewSelected: Int
        var reviewPage: Int
        /// The cursor shows: the key line says the keys that push.
        var atKeys: Bool
    }

    init(context: ScreenContext, source: Source) {
        self.source = source
        let playable: PlayableLevel
        switch source {
        case .pack(let pack, let level): playable = context.packs[pack].playable[level]
        case .trial(let level, _), .code(let level, _): playable = level
        case .daily(let board): playable = PlayableLevel(name: "daily/\(board.date)", level: board.level)
        }
        // A trial of the editor's board is no level of the player's: nothing is recorded.
        let resume = if case .trial = source { nil as UnfinishedLine? } else { context.progress.unfinished(playable) }
        game = GameController(
            level: playable, viewport: context.window, toolbarHeight: context.metrics.toolbarHeight, solverMode: context.solverMode,
            resume: resume, reducedMotion: context.appearance.reducedMotion)
        moved = !(resume?.log.isEmpty ?? true)
        if case .code(_, let line?) = source { offeredLine = line }
        if context.isSingleLevel, let line = context.lineToWatch, SolveCode.replay(line, on: playable.level.board).cleared {
            offeredLine = line
        }
        reviewJobs = BackgroundJobs(mode: context.solverMode, seconds: PlayScreen.reviewSeconds) { request, stop in
            LineReview.make(start: request.start, line: request.line, stop: stop)
        }
        super.init(context: context)
        placeBoard()
    }

    /// The sizes and the language the board was last placed for.
    private var placedFor: (metrics: Metrics, language: String)?

    /// The areas the board was placed in: for the window and the language (`placeBoard`),
    /// and last.
    private var restingArea: Rect?
    private var placedArea: Rect?

    /// A new context: the list beneath the edge pan reads it too; a new window size or
    /// language places the board again in its area.
    override func contextChanged() {
        listBeneathIfMade?.context = context
        if placedFor?.metrics != context.metrics || placedFor?.language != context.settings.language { placeBoard() }
        keepBoardInItsArea()
    }

    private func placeBoard() {
        placedFor = (context.metrics, context.settings.language)
        restingArea = layout.boardArea
        placedArea = restingArea
        game.place(in: layout.boardArea)
    }

    /// A message or a banner coming and going leaves the board where it is while its area
    /// still holds it. One that takes the board's room (a long notice in a short window,
    /// which can also move the header and toolbar beside the board) places it again in what
    /// is left, between moves, and back where it was once the room is back: the board is
    /// never under the words or the buttons. Under the Cleared card the screen is laid out
    /// without the message band (a toast waits), and the board, cleared, goes where that
    /// layout has it: helper-47 saw the header across the top over a board a long notice
    /// had put on the left, two layouts at once.
    private func keepBoardInItsArea() {
        guard !game.scene.hasMovesInFlight, reviewPanel == nil else { return }
        let laid = layout
        guard laid.boardArea != placedArea else { return }
        let board = game.layout.boardFrame
        let covered =
            laid.controls.contains { $0.rect.intersects(board) } || laid.texts.contains { $0.frame.intersects(board) }
            || laid.banner?.intersects(board) == true || toastBand?.intersects(board) == true
        if visibleOverlay != nil || laid.boardArea == restingArea || covered {
            let area = laid.boardArea
            placedArea = area
            game.place(in: area)
        }
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
            if let path = context.watchedPath {
                tr("Watching %1: saving it reloads", LevelWatch.fileName(path))
            } else {
                // Numbered as the list's tiles are: a broken file keeps its number.
                tr(
                    "Level %1 of %2", "\((context.packs[pack].itemIndex(ofPlayable: level) ?? level) + 1)",
                    "\(context.packs[pack].items.count)")
            }
        // The key line says "Esc editor" to a player at the keys (the caption said "Escape"
        // too, and was cut at 400x300 in German).
        case .trial: tr("Trying your level: ‹ Editor goes back to it")
        case .code: tr("A shared level")
        case .daily(let board):
            board.date.localizedLongDescription + (dailyStreak > 0 ? " · " + tr("streak: %1", DailyScreen.streakText(dailyStreak)) : "")
        }
    }

    /// The header's title: the level's, or "Daily board" (its date is the caption).
    public var heading: String { dailyDate == nil ? game.level.level.localizedTitle : tr("Daily board") }

    /// The day of the daily board played, if it is one.
    public var dailyDate: DailyDate? {
        if case .daily(let board) = source { return board.date }
        return nil
    }

    /// The player's daily streak counted up to the day of the board played (0 otherwise).
    public var dailyStreak: Int {
        guard let date = dailyDate else { return 0 }
        return context.progress.dailyStreak(asOf: date)
    }

    public var level: PlayableLevel { game.level }
    /// Whether play here is recorded in the player's progress (not while trying the
    /// editor's board).
    private var isRecorded: Bool {
        if case .trial = source { return false }
        return true
    }
    /// Whether a level follows this one in the pack (never in a single-level game).
    public var hasNextLevel: Bool {
        guard !context.isSingleLevel, case .pack(let pack, let level) = source else { return false }
        return level + 1 < context.packs[pack].playable.count
    }
    /// Where Back goes, as its button says: the title from the daily board, the editor from
    /// a try of its board, else the list.
    var backLabel: String {
        if case .trial = source { return tr("Editor") }
        // TRANSLATORS: the back button of the daily board ("‹ Menu"): it goes back to the home
        // screen, the game's first screen (Play, Daily, Make…).
        return dailyDate == nil ? tr("Levels") : tr("Menu")
    }
    /// Where Back goes, as the key and gamepad hints say it ("Esc menu"), untranslated: nil
    /// for the list, the hints' own word.
    var backWord: String? {
        if case .trial = source { return Self.backWords.editor }
        return dailyDate == nil ? nil : Self.backWords.menu
    }

    /// Every word `backWord` says (the shell's gamepad band makes room for the longest).
    static let backWords = (
        // TRANSLATORS: in a key or button hint ("Esc editor", "B editor"): the key or button
        // goes back to the level editor, from a try of the level being made.
        editor: trLater("editor"),
        // TRANSLATORS: in a key or button hint ("Esc menu", "B menu"): the key or button goes
        // back to the home screen, the game's first screen (Play, Daily, Make…).
        menu: trLater("menu")
    )

    /// The overlay, when it shows (the board has settled after the clear).
    public var visibleOverlay: ClearedOverlay? { game.showsClearedOverlay ? overlay : nil }

    public var commandContexts: [CommandContext] {
        if reviewPanel != nil { return [.menu, .anywhere] }
        return visibleOverlay != nil ? [.cleared, .play, .anywhere] : [.play, .anywhere]
    }

    public var focus: ControlID? {
        get { reviewPanel.map(\.focus) ?? visibleOverlay?.focus ?? toolbarFocus }
        set {
            if let reviewPanel {
                reviewPanel.focus = newValue
            } else if let overlay = visibleOverlay {
                overlay.focus = newValue
            } else {
                toolbarFocus = newValue
            }
        }
    }

    // MARK: What the player is told

    /// The level's tip (its file's `tip:`), shown until the first move.
    public var tip: String? {
        guard !moved, visibleOverlay == nil, let tip = game.level.level.tip, !tip.isEmpty else { return nil }
        return tip
    }

    /// The banner's sentence when the level itself cannot be cleared: the board is its start.
    public static var unsolvableNotice: String { tr("This level cannot be cleared: no moves from its start clear the board") }

    /// Whether the level cannot be cleared at all: stuck on its starting board (a player's
    /// own file or pack; the shipped levels are proved solvable).
    public var levelCannotBeCleared: Bool { game.isStuck && game.scene.board == game.scene.session.start }

    /// The colour stranded on the board: one with a single block left, which can never
    /// vanish (the first such, in the colours' order); nil when every colour has company
    /// (the board is stuck for another reason: its blocks can never meet).
    public var strandedColor: BlockColor? {
        game.scene.board.colorCounts.filter { $0.value == 1 }.keys.min()
    }

    /// What the stuck banner says now (whole, and short for a small window's column): the
    /// stranded colour when one is, and what helps (the toolbar's Undo or Restart; neither
    /// on a level that cannot be cleared from its start).
    private var stuckWords: (whole: String, short: String) {
        if levelCannotBeCleared {
            if let color = strandedColor {
                // TRANSLATORS: %1 is a colour's name in lower case ("red").
                return (
                    tr("This level cannot be cleared: it has a single %1 block, which can never vanish", color.localizedName),
                    tr("This level cannot be cleared")
                )
            }
            return (PlayScreen.unsolvableNotice, tr("This level cannot be cleared"))
        }
        guard let color = strandedColor else {
            // No move to take back: a game resumed after a restart of the game.
            if !game.scene.session.canUndo { return (tr("This board can no longer be cleared: restart the level"), tr("Stuck: restart")) }
            return (tr("This board can no longer be cleared: undo the last move, or restart"), tr("Stuck: undo or restart"))
        }
        let name = color.localizedName
        if !game.scene.session.canUndo {
            // TRANSLATORS: %1 is a colour's name in lower case ("red").
            return (tr("Only one %1 block is left, and it can never vanish: restart the level", name), tr("Stuck: restart"))
        }
        // TRANSLATORS: %1 is a colour's name in lower case ("red").
        return (
            tr("Only one %1 block is left, and it can never vanish: undo the last move, or restart", name),
            tr("Stuck: one %1 block left", name)
        )
    }

    /// The banners and messages shown now: the stuck banner, then the game's message (the
    /// shell adds its toast).
    public var notices: [String] {
        guard visibleOverlay == nil else { return [] }
        var result: [String] = []
        if game.isStuck { result.append(stuckWords.whole) }
        if let message = game.message { result.append(message) }
        return result
    }

    // MARK: Layout

    public var controls: [Control] { layout.controls }
    public var texts: [TextBox] { layout.texts }

    /// The play screen laid out. Stacked (a phone upright, most windows): the header
    /// across the top, the board, the message band, the toolbar. Beside (a short landscape
    /// window where stacking would leave the cells too small): the board on the left, and
    /// the header, the message and the toolbar in a column on the right.
    public struct Layout {
        /// Where the board goes (the board is laid out as large as fits in it).
        public var boardArea: Rect
        /// The band for the stuck banner, the tip, the game's message or the keys.
        public var message: Rect
        public var controls: [Control]
        public var texts: [TextBox]
        /// The stuck banner's band, when it shows.
        public var banner: Rect?
        /// The Cleared card's frame, when it shows, and its texts (the last of `texts`); the
        /// review's panel's, while it is open.
        public var card: (frame: Rect, texts: [TextBox])?
        /// Where the review's chart goes, while the review is open.
        public var chart: Rect?
        /// The moves a page of the review holds.
        public var reviewRows = 1
    }

    public var layout: Layout { memo.value(for: layoutKey) { makeLayout(context.metrics) } }

    private var layoutKey: LayoutKey {
        let session = game.scene.session
        return LayoutKey(
            generation: context.generation, board: session.board, moves: session.moves, canUndo: session.canUndo,
            canRedo: game.scene.canRedo, landing: game.scene.hasMoveLanding, stuck: game.isStuck, par: game.par, stars: game.starsInReach,
            message: game.message, moved: moved,
            confirming: confirmingSolution != nil, overlay: visibleOverlay.map(ObjectIdentifier.init),
            boardFrame: game.layout.boardFrame, shared: visibleOverlay?.shared,
            review: reviewPanel.map(ObjectIdentifier.init), reviewed: reviewPanel?.review != nil,
            reviewSelected: reviewPanel?.selected ?? 0,
            reviewPage: reviewPanel?.page ?? 0, atKeys: game.showsCursor)
    }

    /// How many times the layout has been made (once per change of what it is made from).
    var layoutsMade: Int { memo.made }
    /// How many trial layouts `spares` has made (once per change of what it is asked about).
    var trialsMade: Int { sparesMemo.made }

    /// Where the shell's toast shows: the message band, when nothing the screen says
    /// itself comes first (the stuck banner, the Solution question, a line to watch).
    public var toastBand: Rect? {
        guard context.toast != nil, visibleOverlay == nil, spoken == context.toast else { return nil }
        return layout.message
    }

    /// Whether the screen, laid out above a band `height` tall, keeps cells a finger wide;
    /// and, under a Cleared card (the board stays put under it), the header where it is and
    /// the card's words clear of its buttons, inside the area.
    public func spares(_ height: Double, of window: Size) -> Bool {
        sparesMemo.value(for: SparesKey(layout: layoutKey, height: height, window: window)) {
            var metrics = context.metrics
            metrics.viewport = Size(width: window.width, height: window.height - height)
            guard metrics.viewport.height >= 1 else { return false }
            // Laid out as it would be with the toast in the band: the message band not sized
            // for the toast.
            layingOutWithoutToast = true
            let trial = makeLayout(metrics)
            layingOutWithoutToast = false
            let cell = BoardLayout(frame: trial.boardArea, rows: game.layout.rows, columns: game.layout.columns).cellSize
            guard cell >= metrics.minimumCell else { return false }
            guard let card = trial.card else { return true }
            return trial.texts.first?.frame == layout.texts.first?.frame && card.frame.maxY <= metrics.viewport.height
                && !card.texts.contains { text in trial.controls.contains { $0.rect.intersects(text.frame) } }
        }
    }

    private func makeLayout(_ metrics: Metrics) -> Layout {
        let stacked = stackedLayout(metrics)
        let rows = game.layout.rows
        let columns = game.layout.columns
        let cell = BoardLayout(frame: stacked.boardArea, rows: rows, columns: columns).cellSize
        var chosen = stacked
        if !metrics.isPortrait {
            var beside = besideLayout(metrics)
            let besideCell = BoardLayout(frame: beside.boardArea, rows: rows, columns: columns).cellSize
            let smallest = metrics.minimumCell
            // A message longer than the column holds (a tip in a small window), or keys it
            // has no room for (Russian's at 480x320): a narrower board and a wider column,
            // while the cells stay large enough.
            for share in [0.56, 0.48] where !saysAll(beside.message, metrics) {
                let wider = besideLayout(metrics, boardShare: share)
                guard BoardLayout(frame: wider.boardArea, rows: rows, columns: columns).cellSize >= smallest else { break }
                beside = wider
            }
            if cell < smallest || cell < besideCell * 0.75 { chosen = beside }
        }
        if let overlay = visibleOverlay {
            // The Cleared card covers the board and the message; the header stays; the
            // toolbar is covered.
            let board = game.layout.boardFrame
            // It may reach down over the message and the toolbar, hidden under it, when what
            // it says needs the room (a short window).
            let area = chosen.boardArea
            let room = Rect(
                x: area.x, y: area.y, width: area.width, height: max(area.height, metrics.viewport.height - metrics.margin - area.y))
            let card = overlay.layout(over: board, within: room, metrics)
            chosen.controls = card.controls
            chosen.texts = chosen.texts.filter { !$0.frame.intersects(card.frame) && !$0.frame.intersects(chosen.message) } + card.texts
            chosen.banner = nil
            chosen.card = (card.frame, card.texts)
        }
        if let reviewPanel {
            // The review covers the board, the message and the toolbar; the header stays. Inside
            // the window's margins, as the Cleared card: it ran to the bottom edge, its corners
            // cut, and at 360x640 touched both sides (helper-52).
            let viewport = metrics.viewport
            let top = min(chosen.boardArea.y, chosen.message.y)
            let margin = metrics.margin
            let area = Rect(x: margin, y: top, width: viewport.width - margin * 2, height: viewport.height - top - margin)
            let panel = reviewPanel.layout(in: area, metrics)
            chosen.controls = panel.controls
            chosen.texts = chosen.texts.filter { !$0.frame.intersects(panel.frame) } + panel.texts
            chosen.banner = nil
            chosen.card = (panel.frame, panel.texts)
            chosen.chart = panel.chart
            chosen.reviewRows = panel.rows
        }
        return chosen
    }

    /// The header's texts in `frame`: the heading and caption on the left, the stars in
    /// reach and the moves against par on the right; in more rows when they do not fit
    /// side by side. Returns them and their height.
    private func header(in frame: Rect, _ metrics: Metrics) -> (texts: [TextBox], height: Double) {
        let type = metrics.type
        let heading = self.heading
        let moves = game.scene.session.moves
        let movesText = "\(moves)"
        /// "moves · par 9" (or "moves" without a par) after a count of moves.
        func parWords(_ count: Int) -> String {
            game.par.map { tr("move · par %1", "moves · par %1", count: count, "\($0)") } ?? tr("move", "moves", count: count)
        }
        let parText = parWords(moves)
        let stars = Self.stars(game.starsInReach)
        let captionLine = Typesetter.font.lineHeight(px: type.caption)
        let gap = metrics.margin
        // Side by side: heading over caption, then stars, then the moves over par. The
        // moves' slot is as wide as its widest form (one move or many, up to three digits),
        // so nothing moves sideways as the count goes on.
        let headingWidth = Typesetter.font.boxWidth(heading, px: type.title)
        let leftWidth = max(headingWidth, Typesetter.font.boxWidth(caption, px: type.caption))
        let parForms = [1, 2, 5].map(parWords)
        let rightWidth = ([parText] + parForms).map { Typesetter.font.boxWidth($0, px: type.caption) }.reduce(
            max(Typesetter.font.boxWidth(movesText, px: type.title), Typesetter.font.boxWidth("000", px: type.title)), max)
        let titleLine = Typesetter.font.lineHeight(px: type.title)
        // The stars as large as a title where they fit, never below the body size.
        let starsPx =
            [type.title, type.body].first { px in
                leftWidth + gap + Typesetter.font.boxWidth(stars, px: px) + gap + rightWidth <= frame.width
            } ?? type.body
        let starsWidth = Typesetter.font.boxWidth(stars, px: starsPx)
        if leftWidth + gap + starsWidth + gap + rightWidth <= frame.width {
            let height = titleLine + captionLine
            let right = frame.maxX - rightWidth
            return (
                [
                    Typesetter.line(heading, px: type.title, at: Point(x: frame.x, y: frame.y), width: headingWidth),
                    Typesetter.line(caption, px: type.caption, at: Point(x: frame.x, y: frame.y + titleLine), role: .secondary),
                    Typesetter.line(
                        stars, px: starsPx, in: Rect(x: right - gap - starsWidth, y: frame.y, width: starsWidth, height: height),
                        role: .stars),
                    Typesetter.line(movesText, px: type.title, at: Point(x: right, y: frame.y), width: rightWidth, alignment: 1),
                    Typesetter.line(
                        parText, px: type.caption, at: Point(x: right, y: frame.y + titleLine), width: rightWidth, role: .secondary,
                        alignment: 1),
                ], height
            )
        }
        // Stacked: the heading across (as large as fits), then the caption and the score.
        var texts: [TextBox] = []
        let headingPx =
            Typesetter.size(fitting: [heading], width: frame.width, sizes: [type.title, type.body, type.caption]) ?? type.caption
        let headingLines = Typesetter.paragraph(heading, px: headingPx, in: frame, alignment: 0, maximumLines: 2)
        texts += headingLines
        var y = headingLines.last?.frame.maxY ?? frame.y
        // The stars at the body size (drawn as shapes), then the moves and par in a slot as
        // wide as their widest form, beside the caption or under it.
        let score = movesText + " " + parText
        let scoreWidth = ([score] + parForms.map { "000 " + $0 }).map { Typesetter.font.boxWidth($0, px: type.caption) }.reduce(0, max)
        let stackedStarsWidth = Typesetter.font.boxWidth(stars, px: type.body)
        let rowHeight = max(captionLine, Typesetter.font.lineHeight(px: type.body))
        let captionWidth = Typesetter.font.boxWidth(caption, px: type.caption)
        func scoreRow(right: Double, y: Double, alignment: Double = 1) -> [TextBox] {
            [
                Typesetter.line(
                    stars, px: type.body,
                    in: Rect(x: right - scoreWidth - gap * 0.5 - stackedStarsWidth, y: y, width: stackedStarsWidth, height: rowHeight),
                    role: .stars),
                Typesetter.line(
                    score, px: type.caption, in: Rect(x: right - scoreWidth, y: y, width: scoreWidth, height: rowHeight), role: .secondary,
                    alignment: alignment),
            ]
        }
        if captionWidth + gap + stackedStarsWidth + gap * 0.5 + scoreWidth <= frame.width {
            texts.append(
                Typesetter.line(
                    caption, px: type.caption, in: Rect(x: frame.x, y: y, width: captionWidth, height: rowHeight), role: .secondary,
                    alignment: 0))
            texts += scoreRow(right: frame.maxX, y: y)
            y += rowHeight
        } else {
            // A caption of parts (the daily board's day · streak) breaks between them: a break
            // after the "·" left it hanging at a line's end (helper-58, German at 1280x800).
            // One without parts keeps each number with its word, and "‹" with its button's
            // name: "Level 1 von" over "100" read as two things (helper-58, German at 400x300
            // beside the Cleared card).
            let parted =
                captionWidth <= frame.width
                ? caption : caption.contains(" · ") ? Self.brokenAtParts(caption) : Self.boundWords(caption)
            // Up to five lines: the daily board's day and streak in the side panel at 400x300
            // took four ("Sunday 29", "November", "2026", "streak: 1 day"), and was cut at
            // "2026…" in every language (helper-64).
            let captionLines = Typesetter.paragraph(
                parted, px: type.caption, in: Rect(x: frame.x, y: y, width: frame.width, height: 0), role: .secondary, alignment: 0,
                maximumLines: 5)
            texts += Typesetter.unbound(captionLines)
            y = captionLines.last?.frame.maxY ?? y
            if stackedStarsWidth + gap * 0.5 + scoreWidth <= frame.width {
                texts += scoreRow(right: frame.x + stackedStarsWidth + gap * 0.5 + scoreWidth, y: y, alignment: 0)
                y += rowHeight
            } else {
                // A narrow panel: the stars on their line, the moves and par under them, on
                // a line each where one line is too short for both (Spanish's "0 movimientos
                // · par 9" at 400x300), wrapped rather than cut.
                texts.append(
                    Typesetter.line(
                        stars, px: type.body, in: Rect(x: frame.x, y: y, width: min(stackedStarsWidth, frame.width), height: rowHeight),
                        role: .stars, alignment: 0))
                y += rowHeight
                // Broken as its widest form needs, so that the header keeps its height as
                // the count goes on.
                let broken = scoreWidth <= frame.width ? score : Self.brokenAtParts(score)
                let scoreLines = Typesetter.paragraph(
                    broken, px: type.caption, in: Rect(x: frame.x, y: y, width: frame.width, height: 0), role: .secondary,
                    alignment: 0, maximumLines: 3)
                texts += scoreLines
                y = scoreLines.last?.frame.maxY ?? y + captionLine
            }
        }
        return (texts, y - frame.y)
    }

    /// A header's text of parts (the moves and par, the day and streak) broken into lines at
    /// its " · " (the translated pattern's join, where it has one; a part still too long is
    /// wrapped where it is laid out).
    static func brokenAtParts(_ text: String) -> String {
        text.replacing(" · ", with: "\n")
    }

    /// `text` with each number bound to the word before it by a no-break space ("Level 1
    /// of 100" breaks only as "Level 1" over "of 100"), and a "‹" to the button's name after
    /// it ("‹ Editor"); `Typesetter.unbound` turns the lines back.
    static func boundWords(_ text: String) -> String {
        var bound = ""
        var previous: Substring?
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if let previous { bound += word.first?.isNumber == true || previous == "‹" ? "\u{00A0}" : " " }
            bound += word
            previous = word
        }
        return bound
    }

    /// The toolbar as laid out now: the way back (unless single-level), Undo, Redo,
    /// Restart, Hint, Solution (empty while the Cleared card covers it).
    public var toolbar: [Control] {
        let ids: Set<ControlID> = [.back, .undo, .redo, .restart, .hint, .solution, .watchLine]
        return visibleOverlay == nil ? layout.controls.filter { ids.contains($0.id) } : []
    }

    /// The toolbar's buttons: the way back (unless single-level), Undo, Redo, Restart, Hint
    /// and Solution. Stuck, the one that helps stands out (Undo, else Restart) and Hint and
    /// Solution, which have nothing to show, are off; Restart is off where it would change
    /// nothing. Undo and Restart are on while a move slides on to land: a finger tapping
    /// Undo the moment after a flick (as Z may be pressed) takes it back once it lands.
    private var toolbarSpecs: [ButtonSpec] {
        let session = game.scene.session
        let stuck = game.isStuck
        let landing = game.scene.hasMoveLanding
        let canRestart = session.moves > 0 || session.board != session.start || landing
        var specs = [
            ButtonSpec(
                .undo, tr("Undo"), short: "↶", isEnabled: session.canUndo || landing, style: stuck && session.canUndo ? .accent : .plain),
            ButtonSpec(.redo, tr("Redo"), short: "↷", isEnabled: game.scene.canRedo),
            ButtonSpec(.restart, tr("Restart"), isEnabled: canRestart, style: stuck && !session.canUndo && canRestart ? .accent : .plain),
            ButtonSpec(.hint, tr("Hint"), isEnabled: !stuck, style: stuck ? .plain : .accent),
            stuck && !levelCannotBeCleared
                // TRANSLATORS: in the Solution button's place on a stuck board: the review of the line played.
                ? ButtonSpec(.review, tr("Review"))
                : offeredLine != nil && !moved
                    // TRANSLATORS: in the Solution button's place while a solve code's line is offered: plays it.
                    ? ButtonSpec(.watchLine, tr("Watch"), style: .accent)
                    : confirmingSolution == nil
                        // TRANSLATORS: the play toolbar's button that plays the rest of the solution.
                        ? ButtonSpec(.solution, tr("Solution"), isEnabled: !stuck)
                        // TRANSLATORS: the Solution button, pressed once: press again to see the solution.
                        : ButtonSpec(.solution, tr("Show it"), isEnabled: !stuck, style: .accent),
        ]
        if !context.isSingleLevel { specs.insert(ButtonSpec(.back, backLabel, leading: "‹ ", short: "‹ " + backLabel), at: 0) }
        return specs
    }

    /// What the message band says now (not the keys): the stuck banner's sentence, a toast,
    /// the tip or the game's message.
    private var spoken: String? {
        if game.isStuck { return stuckWords.whole }
        if confirmingSolution != nil { return tr("Show the whole solution? The clear then earns no stars.") }
        if let line = offeredLine, !moved {
            return tr(
                "This code carries a line that clears the level in %1 move: Watch plays it (no stars)",
                "This code carries a line that clears the level in %1 moves: Watch plays it (no stars)", count: line.count,
                "\(line.count)")
        }
        // Under the Cleared card the band shows nothing: a toast waits, and takes no room;
        // nor in `spares`' trial, which lays the screen out with the toast in the shell's band.
        let toast = visibleOverlay == nil && !layingOutWithoutToast ? context.toast : nil
        return toast ?? context.watchReport?.sentence ?? tip.map({ tr($0) }) ?? game.message
    }

    /// The message band's texts: the stuck banner (its sentence, and the banner's band),
    /// else a toast, the tip or the game's message, else the keys (when they fit).
    private func message(in band: Rect, _ metrics: Metrics) -> (texts: [TextBox], banner: Rect?) {
        let px = metrics.type.caption
        if game.isStuck {
            // The sentence alone: the toolbar below has the Undo and Restart it speaks of.
            let words = band.insetBy(metrics.gap)
            let fit = Typesetter.lines(in: words.height, px: px)
            // The whole sentence when it fits, else the short one.
            let said = stuckWords
            let whole = stuckBannerHolds(said.whole, band, metrics)
            return (Typesetter.paragraph(whole ? said.whole : said.short, px: px, in: words, maximumLines: fit, centred: true), band)
        }
        let step = Self.keyStep(px)
        if let notice = spoken {
            // The shell sets its toast in the band (`toastBand`).
            if notice == context.toast { return ([], nil) }
            // In a tall band (a large window's side panel) the keys follow the level's tip, one
            // to a line, when they all fit under it: the panel says both, not one in its middle.
            // Whether they do is the usual line's to say (the layout does not change at a key).
            let said = Typesetter.paragraphHeight(notice, px: px, width: band.width)
            let from = band.y + said + step
            if notice == tip.map({ tr($0) }), visibleOverlay == nil, game.message == nil,
                let usual = Self.oneToALine(keysHint(atKeys: false), from: from, in: band, px: px),
                said + step * Double(usual.count + 1) <= band.height
            {
                let keys = Self.oneToALine(keysHint(atKeys: game.showsCursor), from: from, in: band, px: px) ?? usual
                return (Typesetter.paragraph(notice, px: px, in: band, role: .accent, alignment: 0) + keys, nil)
            }
            let lines = Typesetter.lines(in: band.height, px: px)
            // A watched file with errors: the board is its last good version.
            let role: TextBox.Role = context.watchReport.map { $0.keepsLastGood && notice == $0.sentence } == true ? .danger : .accent
            return (Typesetter.paragraph(notice, px: px, in: band, role: role, maximumLines: lines, centred: true), nil)
        }
        guard let footer else { return ([], nil) }
        // At the keys, the line that starts with the keys that push, where its keys stay whole
        // in the band sized for the usual line; else that. Whether keys show at all is the
        // usual line's to say: `saysAll` chooses the side panel's width by it, and the board
        // and the toolbar do not move at a key.
        if !footer.isMessage, let usual = keysHint(atKeys: false), usual != footer.text {
            let usualKeys = Self.keyLine(usual, in: band, px: px)
            guard !usualKeys.isEmpty else { return ([], nil) }
            let keys = Self.keyLine(footer.text, in: band, px: px, anyWords: false)
            return (keys.isEmpty ? usualKeys : keys, nil)
        }
        return (Self.keyLine(footer.text, in: band, px: px), nil)
    }

    /// Whether the stuck banner in `band` holds `sentence` whole.
    private func stuckBannerHolds(_ sentence: String, _ band: Rect, _ metrics: Metrics) -> Bool {
        let words = band.insetBy(metrics.gap)
        return Typesetter.paragraphHeight(sentence, px: metrics.type.caption, width: words.width) <= words.height
    }

    /// The space between the keys of a key line set one to a line.
    private static func keyStep(_ px: Double) -> Double { (Typesetter.font.lineHeight(px: px) * 1.5).rounded() }

    /// The keys of a key line one to a line from `top`, `keyStep` apart; nil unless they are
    /// more than one and each fits across `band`.
    private static func oneToALine(_ keys: String?, from top: Double, in band: Rect, px: Double) -> [TextBox]? {
        guard let items = keys?.split(separator: "  ·  ").map(String.init), items.count > 1,
            items.allSatisfy({ Typesetter.fits($0, px: px, width: band.width) })
        else { return nil }
        let step = keyStep(px)
        return items.enumerated().map { index, item in
            Typesetter.line(
                item, px: px, in: Rect(x: band.x, y: top + Double(index) * step, width: band.width, height: step), role: .secondary,
                alignment: 0)
        }
    }

    /// A key line (or the game's message in its place) in `band`: on one line when it fits;
    /// in a tall band (a wide window's side panel), one key to a line down it; else wrapped
    /// over the band's lines, as long a language needs (German at 800x600); never cut. Only a
    /// band too small for it all shows none.
    private static func keyLine(_ text: String, in band: Rect, px: Double, anyWords: Bool = true) -> [TextBox] {
        if Typesetter.fits(text, px: px, width: band.width) { return [Typesetter.line(text, px: px, in: band, role: .secondary)] }
        if let keys = oneToALine(text, from: band.y, in: band, px: px), Double(keys.count) * keyStep(px) <= band.height { return keys }
        // Wrapped between the keys ("Z undo" on one line) when the band holds that, else
        // between any words.
        let lines = Typesetter.lines(in: band.height, px: px)
        let bound = Typesetter.bindingItems(text, px: px, width: band.width)
        // Not at all, with `anyWords` false, when a key and its word do not fit a line.
        for text in anyWords ? [bound, text] : bound != text ? [bound] : []
        where lines >= 2 && Typesetter.paragraphHeight(text, px: px, width: band.width) <= band.height {
            return Typesetter.unbound(Typesetter.paragraph(text, px: px, in: band, role: .secondary, maximumLines: lines, centred: true))
        }
        return []
    }

    /// The message band's height `width` wide: two lines of captions and room for the
    /// banner's buttons at least, and what the words said now need (at most a quarter of
    /// the window).
    private func messageHeight(width: Double, _ metrics: Metrics) -> Double {
        let type = metrics.type
        let least = max((Typesetter.font.lineHeight(px: type.caption) * 2.4).rounded(.up), metrics.minimumControl + 4)
        var need = least
        if game.isStuck {
            need = Typesetter.paragraphHeight(stuckWords.whole, px: type.caption, width: width - metrics.gap * 2) + metrics.gap * 2
        } else if let spoken {
            need = Typesetter.paragraphHeight(spoken, px: type.caption, width: width) + metrics.gap
        } else if let footer {
            // The key line wrapped as its language needs (`message(in:)`), not dropped: up
            // to a third of the window (a narrow side panel in a long language). The usual
            // line's: the one at the keys takes the band as it is.
            let keys = Typesetter.bindingItems(
                footer.isMessage ? footer.text : keysHint(atKeys: false) ?? footer.text, px: type.caption, width: width)
            need = Typesetter.paragraphHeight(keys, px: type.caption, width: width) + metrics.gap
            return max(least, min(need.rounded(.up), metrics.viewport.height / 3))
        }
        return max(least, min(need.rounded(.up), metrics.viewport.height * 0.25))
    }

    /// The toolbar's buttons in `frame`'s bottom, in the fewest rows of `columnChoices`
    /// that fit; when no choice fits their labels (a long translation in a narrow window),
    /// the last choice with the labels cut: a button is never left out. Returns them and
    /// their height.
    private func toolbarControls(in frame: Rect, columnChoices: [Int], _ metrics: Metrics) -> (controls: [Control], height: Double) {
        let height = metrics.unit
        let gap = metrics.gap
        let specs = toolbarSpecs
        let laid = ButtonGroup.firstFitting(
            specs, columns: columnChoices,
            in: { columns in
                let bandHeight = ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap)
                return Rect(x: frame.x, y: frame.maxY - bandHeight, width: frame.width, height: bandHeight)
            }, height: height, gap: gap, scale: metrics.type)
        guard let laid else { return ([], 0) }
        return (Self.filledLastRow(laid.controls, in: laid.frame, gap: gap), laid.frame.height)
    }

    /// A toolbar of one column (`laid`, at the bottom of `frame`) a row shorter: Undo and
    /// Redo side by side (as arrows, ↶ ↷, where their words do not fit), the other buttons
    /// as they were. For a narrow column whose header would run into the toolbar (Russian's
    /// 6x6 board at 450x350) or whose keys would not show (Russian's at 460x360);
    /// nil when the toolbar is not one column or the arrows do not fit.
    private func pairedToolbar(in frame: Rect, _ laid: [Control], _ metrics: Metrics) -> (controls: [Control], height: Double)? {
        guard laid.count > 2, laid.allSatisfy({ $0.rect.x == laid[0].rect.x }),
            let undo = laid.firstIndex(where: { $0.id == .undo }), undo + 1 < laid.count, laid[undo + 1].id == .redo,
            let row = laid.first?.rect
        else { return nil }
        let specs = toolbarSpecs.filter { $0.id == .undo || $0.id == .redo }
        let step = metrics.unit + metrics.gap
        let height = Double(laid.count - 1) * step - metrics.gap
        let top = frame.maxY - height
        let pairFrame = Rect(x: row.x, y: top + Double(undo) * step, width: row.width, height: metrics.unit)
        func laidPair(_ specs: [ButtonSpec]) -> [Control]? {
            ButtonGroup.grid(specs, in: pairFrame, columns: 2, height: metrics.unit, gap: metrics.gap, scale: metrics.type)
        }
        // The words where they fit at the column's size, else the arrows: one label size down the column.
        guard specs.count == 2, var pair = laidPair(specs) else { return nil }
        if let px = pair.first?.labelPx, px < laid[0].labelPx, let arrows = laidPair(specs.map(\.briefOnly)) {
            pair = arrows
        }
        // Row by row from the top, the pair in Undo's row and Redo's gone.
        var controls: [Control] = []
        for (row, control) in laid.filter({ $0.id != .redo }).enumerated() {
            guard control.id != .undo else {
                controls += pair
                continue
            }
            var moved = control
            let shift = top + Double(row) * step - control.rect.y
            moved.rect.y += shift
            moved.labelFrame?.y += shift
            controls.append(moved)
        }
        return (controls, height)
    }

    /// `controls` in rows with their last row, when it is shorter than the first, spread
    /// across the whole width: no empty slot at the end of a toolbar (5 buttons are 3 + 2
    /// wider ones, not 3 + 2 and a gap).
    static func filledLastRow(_ controls: [Control], in frame: Rect, gap: Double) -> [Control] {
        guard let firstY = controls.first?.rect.y, let lastY = controls.last?.rect.y, lastY > firstY else { return controls }
        let firstRow = controls.filter { $0.rect.y == firstY }.count
        let last = controls.indices.filter { controls[$0].rect.y == lastY }
        guard last.count < firstRow, !last.isEmpty else { return controls }
        var result = controls
        let width = (frame.width - gap * Double(last.count - 1)) / Double(last.count)
        for (slot, index) in last.enumerated() {
            let old = result[index].rect
            let rect = Rect(x: frame.x + Double(slot) * (width + gap), y: old.y, width: width, height: old.height)
            result[index].rect = rect
            if var label = result[index].labelFrame {
                label.x += rect.center.x - old.center.x
                result[index].labelFrame = label
            }
        }
        return result
    }

    /// The header across the top of `frame` (beside the help button), the toolbar along its
    /// bottom (in the first of `columns` that fits), and the board's area and the message
    /// band that `place` makes of the header's and the toolbar's heights.
    private func arrangement(
        in frame: Rect, toolbarColumns columns: [Int], _ metrics: Metrics,
        place: (_ header: Double, _ toolbar: Double) -> (board: Rect, message: Rect)
    ) -> Layout {
        let help = Control.helpButton(in: frame, metrics)
        var top = header(in: Rect(x: frame.x, y: frame.y, width: help.rect.x - metrics.gap - frame.x, height: frame.height), metrics)
        top.height = max(top.height, help.rect.height)
        var tools = toolbarControls(in: frame, columnChoices: columns, metrics)
        var (boardArea, messageBand) = place(top.height, tools.height)
        // A header running into the toolbar, or keys their band cannot hold: a row more. Not
        // for a message that comes and goes (a toast, the Solution's question): the toolbar
        // would move under a hand reaching for Undo.
        let keysShow = keysHint(atKeys: false).map { !Self.keyLine($0, in: messageBand, px: metrics.type.caption).isEmpty } ?? true
        if top.height + metrics.margin + tools.height > frame.height || !keysShow,
            let paired = pairedToolbar(in: frame, tools.controls, metrics)
        {
            tools = paired
            (boardArea, messageBand) = place(top.height, tools.height)
        }
        let said = message(in: messageBand, metrics)
        return Layout(
            boardArea: boardArea, message: messageBand, controls: tools.controls + [help], texts: top.texts + said.texts,
            banner: said.banner)
    }

    private func stackedLayout(_ metrics: Metrics) -> Layout {
        let viewport = metrics.viewport
        let margin = metrics.margin
        let inner = Rect(x: margin, y: margin, width: viewport.width - margin * 2, height: viewport.height - margin * 2)
        let count = toolbarSpecs.count
        return arrangement(in: inner, toolbarColumns: [count, (count + 1) / 2], metrics) { header, toolbar in
            let bandHeight = messageHeight(width: inner.width, metrics)
            let band = Rect(x: inner.x, y: inner.maxY - toolbar - margin - bandHeight, width: inner.width, height: bandHeight)
            // Inside the margins across: a board as wide as a phone drew its frame a pixel from the edge.
            return (Rect(x: inner.x, y: inner.y + header, width: inner.width, height: max(band.y - inner.y - header, 1)), band)
        }
    }

    /// Whether the message band `band` holds all of what it says now: the whole message, or
    /// the keys (`message(in:)` shows none in a band too small for them all).
    private func saysAll(_ band: Rect, _ metrics: Metrics) -> Bool {
        // Stuck: the banner's short sentence at least, whole ("Stuck: one red…" in a strip
        // at 400x300, helper-52).
        if game.isStuck { return stuckBannerHolds(stuckWords.short, band, metrics) }
        guard let spoken else { return footer == nil || !message(in: band, metrics).texts.isEmpty }
        return Typesetter.paragraphHeight(spoken, px: metrics.type.caption, width: band.width) <= band.height
    }

    private func besideLayout(_ metrics: Metrics, boardShare: Double = 0.64) -> Layout {
        let viewport = metrics.viewport
        let margin = metrics.margin
        // The board as large as the height allows, the panel what is left (at least a
        // third of the width).
        let ratio = Double(game.layout.columns) / Double(game.layout.rows)
        let boardSide = min((viewport.height - margin * 2) * ratio, viewport.width * boardShare)
        let boardArea = Rect(x: 0, y: margin, width: boardSide + margin, height: viewport.height - margin * 2)
        let panel = Rect(
            x: boardArea.maxX + margin, y: margin, width: viewport.width - boardArea.maxX - margin * 2, height: viewport.height - margin * 2
        )
        return arrangement(in: panel, toolbarColumns: [2, 1, toolbarSpecs.count], metrics) { header, toolbar in
            let top = panel.y + header + margin
            return (boardArea, Rect(x: panel.x, y: top, width: panel.width, height: max(panel.maxY - toolbar - margin - top, 0)))
        }
    }

    /// ★★☆ for a count of stars out of three.
    public static func stars(_ count: Int) -> String {
        String(repeating: "★", count: max(min(count, 3), 0)) + String(repeating: "☆", count: max(3 - count, 0))
    }

    /// The footer line under the board: the game's message, or the keys from the command
    /// table; nothing while the Cleared overlay covers the board.
    public var footer: (text: String, isMessage: Bool)? {
        guard visibleOverlay == nil else { return nil }
        if let message = game.message { return (message, true) }
        return keysHint(atKeys: game.showsCursor).map { ($0, false) }
    }

    /// The keys (or gestures) line the footer says when the game has no message: nil with
    /// a gamepad, whose band says what its buttons do. `atKeys`: starting with the keys
    /// that push (the board's cursor shows).
    private func keysHint(atKeys: Bool) -> String? {
        switch context.inputMode {
        case .keyboard: break
        // A touch player reads the gestures, not the keys.
        case .touch: return tr("Drag a block to push it  ·  touch a moving block to catch it")
        // With a gamepad, the shell's band says what its buttons do instead of the keys.
        case .gamepad: return nil
        }
        // Escape leads to the title from the daily board; it does nothing for a single level.
        let back: (command: Command, word: String?)? = backWord.map { (.back, tr($0)) } ?? (context.isSingleLevel ? (.back, nil) : nil)
        return context.commands.footerHint(replacing: back, atKeys: atKeys)
    }

    // MARK: Actions

    public func activate(_ id: ControlID) {
        let confirming = confirmingSolution != nil
        confirmingSolution = nil
        switch id {
        case .back: ask(.back)
        case .undo: game.perform(.undo)
        case .redo: game.perform(.redo)
        case .restart, .playAgain: game.perform(.restart)
        case .hint: game.perform(.hint)
        case .solution:
            if confirming { game.perform(.showSolution) } else { confirmingSolution = PlayScreen.solutionConfirmTime }
        case .watchLine:
            if let line = offeredLine, game.watch(line) { moved = true }
        case .shareResult: shareResult()
        case .review: openReview()
        case .reviewMove(let number): reviewPanel?.selected = number
        case .reviewPrevious: reviewPanel?.page -= 1
        case .reviewNext: reviewPanel?.page += 1
        case .closeReview: reviewPanel = nil
        case .retryFromMove:
            guard let panel = reviewPanel else { break }
            reviewPanel = nil
            game.perform(.rewind(toMoves: panel.selected - 1))
        case .showHelp: ask(.showHelp)
        case .nextLevel:
            guard hasNextLevel, case .pack(let pack, let level) = source else { break }
            ask(context.isOpen(pack: pack, level: level + 1) ? .openLevel(pack: pack, level: level + 1) : .showLevels())
        default: break
        }
    }

    public func perform(_ command: Command) -> Bool {
        if reviewPanel != nil, command == .back {
            reviewPanel = nil
            return true
        }
        guard case .play(let play) = command, reviewPanel == nil else { return false }
        confirmingSolution = nil
        game.perform(play)
        return true
    }

    // MARK: Pointers

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        // Over the overlay, the board beneath is covered: nothing there takes a press.
        guard visibleOverlay == nil else { return nil }
        let edge = max(context.metrics.minimumButtonSize * 0.5, context.window.width * 0.03)
        if edgePan == nil, !context.isSingleLevel, packIndex != nil, event.location.x <= edge, !game.scene.hasMovesInFlight {
            let pan = EdgePan(screen: self)
            edgePan = pan
            return pan
        }
        return BoardTouch(game: game)
    }

    /// The level list the edge pan reveals beneath the screen (drawn, never shown alone).
    public var listBeneath: LevelListScreen {
        if let listBeneathIfMade { return listBeneathIfMade }
        let list = LevelListScreen(context: context, pack: packIndex ?? 0, showing: levelIndex)
        listBeneathIfMade = list
        return list
    }
    private var listBeneathIfMade: LevelListScreen?

    /// Starts the transition the edge pan drives.
    func beginEdgeTransition() -> InteractiveTransition {
        edgePanPercent = 0
        return InteractiveTransition(
            duration: context.appearance.reducedMotion ? 0.15 : 0.35, driver: context.driver,
            update: { [weak self] percent in self?.edgePanPercent = percent },
            completion: { [weak self] finished in
                guard let self else { return }
                self.edgePanPercent = nil
                self.edgePan = nil
                if finished { self.ask(.back) }
            })
    }

    // MARK: The review

    /// Seconds the review of one line may take in live play (a search for each position).
    static let reviewSeconds = 10.0

    /// The review of the line played, when it is the line now on the board.
    public var currentReview: LineReview? {
        guard let review, review.line == game.scene.session.log else { return nil }
        return review.review
    }

    /// Works out the review of the line on the board, off the frame, unless it is known or
    /// on its way.
    private func requestReview() {
        let request = ReviewRequest(start: game.scene.session.start, line: game.scene.session.log)
        guard currentReview == nil, reviewAsked != request else { return }
        reviewJobs.cancelAll()
        reviewAsked = request
        _ = reviewJobs.request(request)
    }

    /// Opens the review of the line on the board (worked out now if it is not known).
    private func openReview() {
        let panel = ReviewPanel(line: game.scene.session.log, start: game.scene.session.start)
        if let known = currentReview { panel.received(known, rowsPerPage: layout.reviewRows) }
        reviewPanel = panel
        requestReview()
    }

    public func step(_ seconds: Double) {
        for answer in reviewJobs.step() where answer.input == reviewAsked {
            reviewAsked = nil
            review = (answer.input.line, answer.output)
            if let panel = reviewPanel, panel.line == answer.input.line { panel.received(answer.output, rowsPerPage: layout.reviewRows) }
        }
        if let left = confirmingSolution {
            // The question lapses, and a move or an edit answers it.
            confirmingSolution = left > seconds && !game.scene.hasMovesInFlight && !game.scene.hasPendingEdits ? left - seconds : nil
        }
        game.scene.reducedMotion = context.appearance.reducedMotion
        game.step(seconds)
        // The move's sounds first: the clear's chord answers the last vanish's bell.
        for cue in game.takeSounds() { ask(.sound(cue)) }
        for clear in game.takeClears() { cleared(clear) }
        if !game.scene.session.log.isEmpty { moved = true }
        keepLineIfChanged()
        overlay?.step(seconds)
        if let panel = reviewPanel, panel.line != game.scene.session.log { reviewPanel = nil }
        if overlay != nil, !game.scene.session.isCleared {
            overlay = nil
            toolbarFocus = nil
        }
        keepBoardInItsArea()
    }

    public var isAnimating: Bool { isMoving || game.isAnimating || reviewJobs.isBusy }
    public var isMoving: Bool { game.isMoving || overlay?.confetti != nil || edgePanPercent != nil }

    /// Confetti pieces alive now (0 with reduced motion, or once the burst is over).
    public var confettiAlive: Int {
        guard let overlay, let burst = overlay.confetti, overlay.confettiTime < burst.duration else { return 0 }
        return burst.pieces(at: overlay.confettiTime).count
    }

    /// Counts `seconds` of play: only while the board is shown and nothing covers it (the
    /// Cleared card, the list sliding in; the shell does not count while the help is open).
    func countPlayTime(_ seconds: Double, idle: Bool) {
        guard visibleOverlay == nil, edgePanPercent == nil else { return }
        if idle { game.idle(seconds) } else { game.addPlayTime(seconds) }
    }

    /// Records the line of play whenever a move, an undo, a redo, a restart or a hint
    /// changes it (the shell saves it off the frame, soon), so that a crash or a power cut
    /// loses at most the last second (the clear itself is recorded by `cleared`).
    private func keepLineIfChanged() {
        guard isRecorded, !game.scene.session.isCleared else { return }
        let log = game.scene.session.log
        if let keptLine, keptLine.log == log, keptLine.usedHint == game.usedHint { return }
        let first = keptLine == nil
        keptLine = (log, game.usedHint)
        // Opening a level changes nothing worth a write.
        if first, log.isEmpty, !game.usedHint { return }
        ask(.recordLine(level, game.unfinishedLine, leaving: false))
    }

    public func willLeave() {
        guard !left else { return }
        left = true
        // A move let go before the game quits (or the screen is left) is a move made: it
        // lands now, and the clear it makes is recorded (helper-47 released the winning
        // slide and pressed Ctrl+Q 50 ms later: the clear and its stars were lost).
        if game.scene.hasMoveLanding {
            game.scene.landMovesNow()
            game.step(0)
            for clear in game.takeClears() { cleared(clear, leaving: true) }
        }
        if isRecorded { ask(.recordLine(level, game.unfinishedLine, leaving: true)) }
    }

    // MARK: The clear

    /// The one-line result of the clear shown and, on the next line, its solve code: what
    /// the Cleared card's Share copies ("Bloq daily 2026-11-27 ★★★ 9 moves (par 9) 0:41").
    /// In the player's language, for friends who share it; the daily board's code is
    /// titled with its day, so the friend who verifies it knows which board it was.
    public var shareText: String? {
        guard let overlay = visibleOverlay, !overlay.showedSolution else { return nil }
        let title: String
        let what: String
        if let day = dailyDate {
            // The daily board's code names its day: "Daily board" alone could be any day's.
            title = "\(heading) \(day)"
            // TRANSLATORS: the first words of a shared daily result; %1 is the day, as 2026-11-27.
            what = tr("Bloq daily %1", "\(day)")
        } else {
            title = heading
            // TRANSLATORS: the first words of a shared result; %1 is the level's title.
            what = tr("Bloq \"%1\"", heading)
        }
        guard let code = SolveCode.encode(game.scene.session.start, title: title, moves: game.scene.session.log) else { return nil }
        let moves = tr("%1 move", "%1 moves", count: overlay.moves, "\(overlay.moves)")
        // TRANSLATORS: after the moves of a shared result, as "9 moves (par 9)".
        let par = overlay.par.map { " " + tr("(par %1)", "\($0)") } ?? ""
        return "\(what) \(PlayScreen.stars(overlay.stars)) \(moves)\(par) \(ClearedOverlay.clock(overlay.time))\n\(code)"
    }

    private func shareResult() {
        guard let text = shareText else { return }
        // Said on the card, which covers the message band.
        overlay?.shared = context.clipboard.copy(text) ? tr("Your result and its solve code are on the clipboard") : Clipboard.notCopied
    }

    private var clears: UInt64 = 0

    /// A clear: recorded, and shown on its card with its chord (not when `leaving`: the
    /// move landed as the screen was left, and the chord would play over the next one).
    private func cleared(_ clear: GameController.Clear, leaving: Bool = false) {
        let (stars, moves, time) = (clear.stars, clear.moves, clear.time)
        // The records before the clear and after it (the shell records it as asked; the
        // card says now what it will hold).
        var before: LevelRecord?
        var after: LevelRecord?
        var progress = context.progress
        if isRecorded {
            let record = ClearRecord(
                level: level, day: dailyDate, stars: stars, moves: moves, time: time, usedHint: game.usedHint,
                showedSolution: game.showedSolution, tallied: !clear.isRepeat)
            let find = { (progress: PlayerProgress) in
                self.dailyDate.map { progress.dailyRecord($0) } ?? progress.record(self.level)
            }
            before = find(progress)
            progress.record(record, at: progress.latestMoment + 1)
            after = find(progress)
            ask(.recordClear(record))
        }
        clears += 1
        let frame = game.layout.boardFrame
        let reduced = context.appearance.reducedMotion
        // Reduced motion: no confetti at all; nor after Show solution, which earned nothing.
        let burst =
            reduced || game.showedSolution
            ? nil
            : ConfettiBurst(
                count: 140, origin: frame.center, size: context.window, seed: UInt64(levelIndex ?? 0) &* 7919 &+ clears,
                duration: MotionToken.confetti)
        overlay = ClearedOverlay(
            stars: stars, moves: moves, par: game.par, time: time, showedSolution: game.showedSolution, usedHint: game.usedHint,
            sawSolution: game.sawSolution, before: before,
            after: after, hasNextLevel: hasNextLevel, showsLevelsButton: !context.isSingleLevel, backLabel: backLabel,
            dailyStreak: isRecorded ? dailyDate.map(progress.dailyStreak(asOf:)) : nil, confetti: burst)
        if !game.showedSolution, !leaving { ask(.sound(.clear)) }
        // The review of the line is worked out at once, for the card's Review (and the JSON).
        requestReview()
    }
}
