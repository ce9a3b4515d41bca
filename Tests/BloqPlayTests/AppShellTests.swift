import BloqEngine
import BloqGame
import BloqLayoutAudit
import BloqPlay
import BloqTestSupport
import Testing

/// The shell as a player meets it after a clear and across packs: the Cleared overlay,
/// Play and Continue, the level list, and pointers and keys that must not act twice (each
/// of these tests failed with the shell before it).
@Suite("App shell: the Cleared overlay, Continue and the level list")
struct AppShellTests {
    /// Opens level `index` of the first pack from the title, as a player would.
    func open(_ app: AppController, level index: Int = 0) {
        #expect(app.openLevel(pack: 0, level: index))
    }

    @Test("buttons under the Cleared overlay do not fire")
    func overlayCoversToolbar() throws {
        let app = testApp()
        open(app)
        let toolbar = try #require(app.playScreen?.toolbar)
        clearOpenLevel(app)
        #expect(app.playScreen?.visibleOverlay != nil)
        let mouse = Hand(app)
        for id in [ControlID.undo, .restart, .redo, .hint] {
            let rect = try #require(toolbar.first { $0.id == id }?.rect)
            mouse.tap(at: rect.center)
            run(app, 1)
            #expect(app.game?.scene.session.isCleared == true, "\(id) under the overlay fired")
            #expect(app.game?.scene.session.moves == 1)
        }
        #expect(!app.top.controls.contains { $0.id == .undo || $0.id == .restart }, "the toolbar is not hit-tested under the overlay")
    }

    @Test("Play again after Show solution: the player's own clear earns stars, as after a hint, and is no second solution")
    func playAgainAfterSolution() throws {
        let app = testApp()
        open(app)
        let level = try #require(app.playScreen?.level)
        key(app, "Shift+S")
        run(app, 3)
        #expect(app.playScreen?.visibleOverlay?.showedSolution == true)
        #expect(app.progress.levels[level.level.board.identity]?.tally.solutions == 1)
        Hand(app).tap(.playAgain)
        run(app, 0.5)
        #expect(app.playScreen?.visibleOverlay == nil && app.game?.scene.session.moves == 0)
        clearOpenLevel(app)
        let card = try #require(app.playScreen?.visibleOverlay)
        #expect(!card.showedSolution, "the card says the solver played it")
        #expect(card.stars == 2, "at most two stars, the solution seen as a hint is")
        // helper-58: the third star's reason said a hint was used, where none was.
        #expect(card.starReasons[2] == ["the solution was shown"], "\(card.starReasons)")
        let record = try #require(app.progress.levels[level.level.board.identity])
        #expect(record.bestStars == 2)
        #expect(record.tally.solutions == 1 && record.tally.hints == 1 && record.tally.clears == 2, "\(record.tally)")
    }

    @Test(
        "a level left while the solver plays its solution, or after it was shown, resumes as it was: the solver's moves earn no stars, and the card names the solution"
    )
    func solutionOutlivesLeaving() throws {
        // Two moves: no single push joins the two reds.
        let board = try #require(Board(["R...", "....", "...R"]))
        let pack = PackEntry(
            title: "Two", items: [.playable(PlayableLevel(name: "Two/two.bloq", level: Level(title: "Two", par: 2, board: board)))])
        let app = testApp([pack])
        open(app)
        key(app, "Shift+S")
        // Left as the solver's first move slides: it lands, the second is not played.
        for _ in 0..<600 where app.game?.scene.hasMoveLanding == false { app.step(1.0 / 120) }
        #expect(app.game?.scene.hasMoveLanding == true && app.game?.scene.session.moves == 0)
        key(app, "Escape")
        run(app, 0.5)
        open(app)
        let resumed = try #require(app.game)
        #expect(resumed.scene.session.moves == 1 && resumed.showedSolution, "resumed with the solver's move, as shown")
        try finishByHand(app)
        let shown = try #require(app.playScreen?.visibleOverlay)
        #expect(shown.showedSolution && shown.stars == 0, "the solver's move earns no stars after a resume either")
        Hand(app).tap(.playAgain)
        run(app, 0.5)
        key(app, "Shift+Right")
        run(app, 1)
        key(app, "Escape")
        run(app, 0.5)
        open(app)
        #expect(app.game?.sawSolution == true && app.game?.usedHint == true)
        try finishByHand(app)
        let card = try #require(app.playScreen?.visibleOverlay)
        #expect(!card.showedSolution && card.stars == 2)
        // Before, a resumed level said a hint was used, where none was.
        #expect(card.starReasons[2] == ["the solution was shown"], "\(card.starReasons)")
    }

    /// Makes the one push that clears the open level's board, and lets it settle.
    private func finishByHand(_ app: AppController) throws {
        let game = try #require(app.game)
        let board = game.scene.board
        let pushes = board.positions.flatMap { cell in Direction.allCases.map { Move(from: cell, direction: $0) } }
        let last = try #require(pushes.first { SolveCode.replay([$0], on: board).cleared }, "one push clears \(board)")
        #expect(game.scene.perform(last))
        run(app, 1.5)
    }

    @Test(
        "a level left unfinished says 'in progress' on its tile, or a play sign where that does not fit: never '…', which reads as words cut",
        arguments: LayoutAudit.windows.map { (Int($0.width), Int($0.height)) })
    func inProgressTile(_ window: (Int, Int)) throws {
        let pack = testPack(30)
        var progress = PlayerProgress()
        guard case .playable(let first) = pack.items[0], case .playable(let second) = pack.items[1] else {
            Issue.record("the test pack's first two items are playable levels")
            return
        }
        progress.recordClear(level: first.level.board.identity, stars: 3, moves: 1, time: 1, at: 1)
        progress.setUnfinished(
            level: second.level.board.identity,
            UnfinishedLine(log: [Move(row: 0, column: 0, direction: .right)], playTime: 1, usedHint: false),
            at: 2)
        // Six packs, as a player with a pack of their own has: the tabs take two rows, the
        // tiles are narrower.
        let packs = [pack] + ["Medium", "Hard", "Expert", "Master", "Mine (yours)"].map { testPack(30, title: $0) }
        let app = AppController(
            environment: AppEnvironment(packs: packs, progress: progress), viewport: Size(width: Double(window.0), height: Double(window.1))
        )
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        app.showLevels(pack: 0)
        run(app, 0.5)
        let tile = try #require(control(app, .tile(1)))
        let status = app.top.texts.filter { tile.rect.contains($0.frame.center) }.map(\.text)
        #expect(status.contains("in progress") || status.contains("▶"), "\(window.0)x\(window.1): tile 2 says \(status)")
        #expect(!status.contains("…"), "\(window.0)x\(window.1)")
        // The words keep half a line's size from each border (helper-61: "en curso" touched it).
        for words in app.top.texts where tile.rect.contains(words.frame.center) && words.text == "in progress" {
            let ink = Typesetter.font.boxWidth(words.text, px: words.px)
            #expect(ink <= tile.rect.width - words.px, "\(window.0)x\(window.1): \(ink) in a tile \(tile.rect.width) wide")
        }
    }

    /// helper-61: "Videz le" over "plateau." on the French title at 360x640.
    @Test("the title's tagline breaks between its sentences, never leaving a word alone on its second line")
    func taglineBreaksBetweenSentences() throws {
        let tagline = "Slide a block. Match the colours. Clear the board."
        let app = testApp()
        var broken: [String] = []
        for width in stride(from: 200, through: 640, by: 8) {
            app.handle(.resized(Size(width: Double(width), height: 700)))
            run(app, 0.1)
            let lines = app.shownTexts.map(\.text).filter { tagline.contains($0) && $0.count > 5 }
            guard !lines.contains(tagline) else { continue }
            #expect(lines.count == 2 && lines.last?.contains(" ") == true, "\(width)x700: \(lines)")
            if lines.allSatisfy({ $0.hasSuffix(".") }) { broken.append("\(width)") }
        }
        #expect(!broken.isEmpty, "some window breaks the tagline between sentences")
    }

    @Test("back on the title, the focus is on the button that led away: a keyboard player goes on from there")
    func titleFocusComesBack() throws {
        let app = testApp()
        let ways: [(ControlID, ScreenKind)] = [
            (.levels, .levels), (.settings, .settings), (.statistics, .statistics), (.about, .about), (.make, .editor),
        ]
        for (button, kind) in ways {
            let title = try #require(app.root.titleScreen)
            title.focus = button
            key(app, "Return")
            run(app, 0.3)
            #expect(app.top.kind == kind, "\(button) opened \(app.top.kind)")
            key(app, "Escape")
            run(app, 0.3)
            #expect(
                app.root.titleScreen?.focus == button,
                "back from \(kind): the focus is on \(String(describing: app.root.titleScreen?.focus))")
        }
    }

    @Test("redoing the winning move shows the stars it earned, everywhere")
    func redoWinningMove() throws {
        let app = testApp()
        open(app)
        clearOpenLevel(app)
        #expect(app.playScreen?.visibleOverlay?.stars == 3)
        key(app, "Z")
        run(app, 1)
        #expect(app.playScreen?.visibleOverlay == nil)
        key(app, "Y")
        run(app, 1)
        #expect(app.playScreen?.visibleOverlay?.stars == 3, "the overlay")
        #expect(app.game?.starsInReach == 3, "the top bar")
        let level = try #require(app.playScreen?.level)
        #expect(app.progress.bestStars(level) == 3)
    }

    @Test("Play and Continue open the level with the newest unfinished line; a clear without stars counts as cleared")
    func continueTarget() throws {
        var saved = PlayerProgress()
        do {
            let app = testApp(configure: { $0.now = { 1_000 } })
            // Level 1 cleared with Show solution: no stars, but cleared.
            open(app, level: 0)
            key(app, "Shift+S")
            run(app, 3)
            #expect(app.playScreen?.visibleOverlay?.stars == 0)
            // Level 3 left after one move (its line is saved), then level 2 opened and left untouched.
            key(app, "Escape")
            open(app, level: 2)
            key(app, "Shift+Down")
            run(app, 1)
            #expect(app.game?.scene.session.moves == 1)
            key(app, "Escape")
            open(app, level: 1)
            key(app, "Escape")
            app.quit()
            saved = app.progress
        }
        // The game starts again on the same progress.
        let again = testApp(progress: saved)
        #expect(saved.totals.cleared == 1)
        key(again, "Return")  // Play, focused at start
        #expect(again.playScreen?.levelIndex == 2, "the newest unfinished line")
        #expect(again.game?.scene.session.moves == 1, "resumed where it was")
        key(again, "Escape")
        let list = try #require(again.root.levelList)
        #expect(list.summary.hasSuffix("1/30 cleared"), "counted as the progress records it: \(list.summary)")
        Hand(again).tap(.continueLevel)
        #expect(again.playScreen?.levelIndex == 2)

        // With no unfinished line, Continue opens the first open level never cleared.
        var fresh = ProgressFixture()
        fresh.cleared(testPack(30).playable[0], moves: 9, stars: 0, time: 1)
        let other = testApp(progress: fresh.progress)
        other.continuePlaying()
        #expect(other.playScreen?.levelIndex == 1, "not level 1, cleared with no stars")
    }

    @Test("the newest line wins over an older one earlier in the pack")
    func newestLineWins() {
        var ledger = ProgressFixture(clock: 100)
        let pack = testPack(30)
        ledger.cleared(pack.playable[0], moves: 1, stars: 3, time: 1)
        ledger.cleared(pack.playable[1], moves: 1, stars: 3, time: 1)
        let line = UnfinishedLine(log: [Move(row: 0, column: 0, direction: .down)], playTime: 1, usedHint: false)
        ledger.leaving(pack.playable[3], line: line)
        ledger.clock = 200
        ledger.leaving(pack.playable[2], line: line)
        let app = testApp([pack], progress: ledger.progress)
        app.continuePlaying()
        #expect(app.playScreen?.levelIndex == 2)
    }

    /// 30 levels whose boards differ from each other and, by `marker` (the second row),
    /// from those of another pack: the progress knows a level by its board.
    func markedPack(title: String, marker: String) -> PackEntry {
        let items: [PackEntry.Item] = (0..<30).map { index in
            let pair = [[], ["..B", "B.."], ["..G", "G.."]][index / 10]
            let rows = ["R.R", marker] + Array(repeating: "...", count: index % 10) + pair
            let board = Board(rows) ?? Board(["R.R", "..."])!
            return .playable(PlayableLevel(name: "\(title)/level\(index).bloq", level: Level(title: "L\(index)", par: 1, board: board)))
        }
        return PackEntry(title: title, items: items)
    }

    @Test("after clearing levels of a later pack, Play continues in that pack, not at an old line elsewhere")
    func continueInTheLatestPack() {
        var ledger = ProgressFixture(clock: 50)
        let easy = markedPack(title: "Easy", marker: "...")
        let expert = markedPack(title: "Expert", marker: "#..")
        let line = UnfinishedLine(log: [Move(row: 0, column: 0, direction: .down)], playTime: 1, usedHint: false)
        ledger.cleared(easy.playable[0], moves: 1, stars: 3, time: 1)
        ledger.clock = 100
        ledger.leaving(easy.playable[1], line: line)  // an easy level left half-played, long ago
        ledger.clock = 200
        ledger.cleared(expert.playable[0], moves: 1, stars: 3, time: 1)
        ledger.clock = 300
        ledger.cleared(expert.playable[1], moves: 1, stars: 3, time: 1)
        let app = testApp([easy, expert], progress: ledger.progress)
        app.continuePlaying()
        #expect(app.playScreen?.packIndex == 1, "the pack played last")
        #expect(app.playScreen?.levelIndex == 2, "its first level never cleared")
        // A line left after those clears wins again.
        ledger.clock = 400
        ledger.leaving(easy.playable[2], line: line)
        let later = testApp([easy, expert], progress: ledger.progress)
        later.continuePlaying()
        #expect(later.playScreen?.packIndex == 0)
        #expect(later.playScreen?.levelIndex == 2)
    }

    @Test("the level list opens on the pack played last: after a restart, and after going back to the title")
    func levelListRemembersThePack() throws {
        var ledger = ProgressFixture(clock: 100)
        let packs = [
            markedPack(title: "Easy", marker: "..."), markedPack(title: "Medium", marker: "#.."),
            markedPack(title: "Expert", marker: ".#."),
        ]
        ledger.cleared(packs[2].playable[0], moves: 1, stars: 3, time: 1)
        let app = testApp(packs, progress: ledger.progress)
        app.showLevels()
        #expect(app.root.levelList?.packIndex == 2, "from the progress, on a fresh start")
        // Pick Medium, back to the title, Levels again: still Medium.
        Hand(app).tap(.tab(1))
        #expect(app.root.levelList?.packIndex == 1)
        key(app, "Escape")
        #expect(app.root.kind == .title)
        app.showLevels()
        #expect(app.root.levelList?.packIndex == 1, "the tab shown last in this run")
        // A level played from Easy, then back to the title and to the list: Easy.
        #expect(app.openLevel(pack: 0, level: 0))
        key(app, "Escape")
        key(app, "Escape")
        #expect(app.root.kind == .title)
        app.showLevels()
        #expect(app.root.levelList?.packIndex == 0)
        // With no progress at all, the first pack.
        let fresh = testApp(packs)
        fresh.showLevels()
        #expect(fresh.root.levelList?.packIndex == 0)
    }

    @Test("Enter, Space, N, Page Down and gamepad A during play never change the level")
    func keysKeepTheLevel() {
        let app = testApp()
        open(app, level: 0)
        for name in ["Return", "Keypad Enter", "Space", "N", "Page Down", "Page Up", "P"] {
            key(app, name)
            run(app, 0.2)
            #expect(app.top.kind == .play && app.playScreen?.levelIndex == 0, "\(name) changed the level")
        }
        app.handle(.gamepad(GamepadPress(.a)))
        run(app, 0.2)
        #expect(app.top.kind == .play && app.playScreen?.levelIndex == 0, "gamepad A changed the level")
        // Tab puts the focus on the controls in reading order (the header's "?", then the
        // toolbar); then Enter activates that control.
        key(app, "Shift+Down")
        run(app, 1)
        key(app, "Tab")
        #expect(app.top.focus == .showHelp)
        key(app, "Tab")
        key(app, "Tab")
        #expect(app.top.focus == .undo)
    }

    @Test("a finger on a toolbar button does not strand another pointer's drag")
    func toolbarFingerAndDrag() throws {
        var cleared = ProgressFixture()
        cleared.cleared(testPack(30).playable[0], moves: 1, stars: 3, time: 1)
        let app = testApp(progress: cleared.progress)
        open(app, level: 1)
        let game = try #require(app.game)
        let undo = try #require(control(app, .undo)?.rect)
        let finger = Hand(app, .finger(4))
        finger.down(undo.center)  // held on Undo
        let mouse = Hand(app)
        let from = game.layout.pixel(for: CellPoint(row: 0, column: 0))
        mouse.down(from)
        for step in 1...12 {
            mouse.time += 1.0 / 60
            mouse.move(game.layout.pixel(for: CellPoint(row: Double(step) * 0.15, column: 0)))
            run(app, 1.0 / 60)
        }
        mouse.up(game.layout.pixel(for: CellPoint(row: 1.8, column: 0)))
        run(app, 1.5)
        #expect(game.scene.session.moves == 1, "the drag reached the board and committed")
        #expect(!game.scene.hasMovesInFlight, "no grab is left stuck")
        finger.up(Point(x: undo.center.x, y: undo.minY - 100))  // released off the button
        run(app, 0.5)
        #expect(game.scene.session.moves == 1, "Undo did not fire")
    }

    @Test("clearing with Show solution: its own quiet card says why there are no stars; the overlay shows time and the best")
    func overlayLines() throws {
        let app = testApp()
        open(app)
        key(app, "Shift+S")
        run(app, 3)
        let solved = try #require(app.playScreen?.visibleOverlay)
        #expect(solved.lines.contains("The solver played it: no stars this time. Play again and try it yourself."))
        #expect(solved.stars == 0)
        // Its own quiet card: no cheer, no confetti, no stars drawn; Play again first.
        let card = try #require(app.playScreen?.layout.card).texts.map(\.text)
        #expect(card.contains("Solution shown") && !card.contains("Cleared!") && !card.contains("☆☆☆"), "\(card)")
        #expect(app.playScreen?.confettiAlive == 0 && solved.focus == .playAgain)
        #expect(app.top.controls.first?.id == .playAgain)
        open(app, level: 1)
        clearOpenLevel(app)
        #expect(app.playScreen?.visibleOverlay?.lines.last == "First clear!")
        key(app, "R")
        run(app, 1)
        run(app, 2)  // two seconds of thought
        key(app, "Left")  // the cursor followed the block: back to it
        key(app, "Shift+Right")
        run(app, 1.5)
        let overlay = try #require(app.playScreen?.visibleOverlay)
        #expect(overlay.lines[0].hasPrefix("in 1 move · par 1 · 0:0"), "\(overlay.lines)")
        #expect(overlay.lines.count == 2 && overlay.lines[1].hasPrefix("Best: 1 move · 0:0"), "\(overlay.lines)")
        #expect(overlay.time > 2)
    }

    @Test("the key-hint footer is not drawn under the Cleared overlay")
    func footerHidden() {
        let app = testApp()
        open(app)
        #expect(app.playScreen?.footer?.text.contains("Z undo") == true)
        clearOpenLevel(app)
        #expect(app.playScreen?.footer == nil)
    }

    /// helper-58 played by keyboard and read "Drag a block": how the keys push was only in
    /// the key help.
    @Test("at the keys, the key line starts with the keys that push, and the line drawn says so")
    func keyLineAtKeys() throws {
        let app = testApp()
        open(app)
        #expect(app.playScreen?.footer?.text.hasPrefix("Drag a block  ·  H hint") == true)
        key(app, "Right")
        run(app, 0.2)
        #expect(app.game?.showsCursor == true)
        let footer = try #require(app.playScreen?.footer?.text)
        #expect(footer.hasPrefix("Shift + arrow push  ·  H hint"), "\(footer)")
        let drawn = app.shownTexts.map(\.text).joined(separator: " ")
        #expect(drawn.contains("Shift + arrow push") && !drawn.contains("Drag a block"), "\(drawn)")
    }

    @Test("a key that shows the cursor moves neither the board nor the toolbar, in any window")
    func keyLineKeepsLayout() throws {
        for window in LayoutAudit.windows {
            let app = testApp()
            app.handle(.resized(window))
            open(app)
            run(app, 0.2)
            let board = app.boardRect
            let controls = app.top.controls.map(\.rect)
            key(app, "Right")
            run(app, 0.2)
            #expect(app.game?.showsCursor == true)
            #expect(app.boardRect == board && app.top.controls.map(\.rect) == controls, "\(window)")
        }
    }

    @Test("a one-level pack has no pair of buttons doing the same thing")
    func oneLevelPack() {
        let app = testApp([testPack(1)])
        let mouse = Hand(app)
        mouse.tap(.levels)
        #expect(control(app, .continueLevel) == nil, "Continue would only repeat the tile")
        mouse.tap(.tile(0))
        clearOpenLevel(app)
        let labels = app.top.controls.map(\.label)
        #expect(labels == ["Play again", "Levels", "Share", "Review"])
        mouse.tap(.playAgain)
        run(app, 1)
        #expect(app.game?.scene.session.moves == 0 && app.top.kind == .play)
    }

    @Test("after a clear, Enter goes on to the next level (the overlay's focused control)")
    func enterAfterClear() {
        let app = testApp()
        open(app)
        clearOpenLevel(app)
        key(app, "Return")
        #expect(app.playScreen?.levelIndex == 1)
    }

    @Test("a level-mode game never leaves its level")
    func singleLevel() {
        let app = testApp([testPack(3)], singleLevel: true)
        #expect(app.top.kind == .play)
        key(app, "Escape")
        #expect(app.top.kind == .play)
        clearOpenLevel(app)
        #expect(app.top.controls.map(\.label) == ["Play again", "Share", "Review"])
    }
}

@Suite("Pointer router")
struct PointerRouterTests {
    final class Recorder: PointerOwner {
        var events: [PointerEvent.Phase] = []
        func handle(_ event: PointerEvent) { events.append(event.phase) }
    }

    func event(_ pointer: PointerID, _ phase: PointerEvent.Phase) -> PointerEvent {
        PointerEvent(pointer: pointer, phase: phase, location: .zero, time: 0)
    }

    @Test("each pointer keeps the owner its press bound, and nothing else sees its events")
    func ownership() {
        let router = PointerRouter()
        let first = Recorder()
        let second = Recorder()
        router.route(event(.mouse, .down)) { first }
        router.route(event(.finger(1), .down)) { second }
        router.route(event(.mouse, .moved)) {
            Issue.record("only presses bind")
            return nil
        }
        router.route(event(.finger(1), .moved)) { nil }
        router.route(event(.finger(1), .up)) { nil }
        router.route(event(.mouse, .up)) { nil }
        #expect(first.events == [.down, .moved, .up])
        #expect(second.events == [.down, .moved, .up])
        #expect(router.isEmpty)
    }

    @Test("a press on nothing drops the pointer's later events; cancelAll ends every binding")
    func unboundAndCancelled() {
        let router = PointerRouter()
        let owner = Recorder()
        router.route(event(.mouse, .down)) { nil }
        router.route(event(.mouse, .moved)) { owner }
        router.route(event(.finger(2), .down)) { owner }
        router.cancelAll()
        router.route(event(.finger(2), .moved)) { nil }
        #expect(owner.events == [.down, .cancelled])
    }

    @Test("a second press of a pointer already down cancels the first owner")
    func doublePress() {
        let router = PointerRouter()
        let first = Recorder()
        let second = Recorder()
        router.route(event(.mouse, .down)) { first }
        router.route(event(.mouse, .down)) { second }
        #expect(first.events == [.down, .cancelled] && second.events == [.down])
    }
}

@Suite("Command table")
struct CommandTableTests {
    let table = CommandTable.standard

    @Test("keys mean one command per context, the most specific context first")
    func contexts() {
        #expect(table.command(for: KeyChord("Left"), in: [.play, .anywhere]) == .play(.moveCursor(.left)))
        #expect(table.command(for: KeyChord("Left"), in: [.cleared, .play, .anywhere]) == .moveFocus(.left))
        #expect(table.command(for: KeyChord("Left"), in: [.menu, .anywhere]) == .moveFocus(.left))
        #expect(table.command(for: KeyChord("Left", shift: true), in: [.play, .anywhere]) == .play(.pushAtCursor(.left)))
        #expect(table.command(for: KeyChord("z"), in: [.cleared, .play, .anywhere]) == .play(.undo))
        #expect(table.command(for: KeyChord("Z", control: true), in: [.play]) == .play(.undo))
        #expect(table.command(for: KeyChord("Z", shift: true, control: true), in: [.play]) == .play(.redo))
        #expect(table.command(for: KeyChord("Z", alt: true), in: [.play]) == nil, "modifiers must match")
        #expect(table.command(for: KeyChord("/", shift: true), in: [.menu, .anywhere]) == .showHelp)
        // helper-52: '?' on a French keyboard (Shift and the ',' key) did nothing; and on
        // German (the 'ß' key, which SDL names '-') and Spanish ("'") keyboards.
        // And on a Russian one (Shift+7).
        for key in [",", "-", "'", "7"] {
            #expect(table.command(for: KeyChord(key, shift: true), in: [.menu, .anywhere]) == .showHelp, "Shift+\(key)")
        }
        // In the editor, a French keyboard's digits (typed with Shift) still pick a tool.
        for (index, key) in ["1", "7", "0"].enumerated() {
            #expect(table.command(for: KeyChord(key, shift: true), in: [.editor, .menu, .anywhere]) == .editor(.tool([0, 6, 9][index])))
        }
        #expect(!table.helpRows.contains { $0.keys.contains("Shift+,") }, "listed once, as '?'")
        // helper-58: the context-menu key read "Menu or Application", SDL's two names for it.
        #expect(table.helpRows.contains { $0.keys == "Menu key" } && !table.helpRows.contains { $0.keys.contains("Application") })
        #expect(table.command(for: KeyChord("Q"), in: [.help]) == .dismiss, "any key closes the help")
        #expect(table.command(for: KeyChord("Page Down"), in: [.levels, .menu, .anywhere]) == .nextPage)
        #expect(table.command(for: KeyChord("Page Down"), in: [.play, .anywhere]) == nil)
    }

    @Test("in play, Enter, Space and gamepad A only ever activate the focused control")
    func enterInPlay() {
        for name in ["Return", "Keypad Enter", "Space"] {
            #expect(table.command(for: KeyChord(name), in: [.play, .anywhere]) == .activateFocus)
        }
        #expect(table.command(for: GamepadPress(.a), in: [.play, .anywhere]) == .activateFocus)
        for name in ["N", "P", "Page Up"] { #expect(table.command(for: KeyChord(name), in: [.play, .anywhere]) == nil) }
    }

    @Test("gamepad buttons map through the same table")
    func gamepad() {
        #expect(table.command(for: GamepadPress(.left), in: [.play, .anywhere]) == .play(.moveCursor(.left)))
        #expect(table.command(for: GamepadPress(.left, shoulderHeld: true), in: [.play, .anywhere]) == .play(.pushAtCursor(.left)))
        #expect(table.command(for: GamepadPress(.y), in: [.play, .anywhere]) == .play(.undo))
        #expect(table.command(for: GamepadPress(.b), in: [.menu, .anywhere]) == .back)
        #expect(table.command(for: GamepadPress(.start), in: [.play, .anywhere]) == .showHelp)
    }

    @Test("the key help and the footer are generated from the table")
    func generated() {
        let rows = table.helpRows
        #expect(rows.contains { $0.keys == "Z  or  Ctrl+Z" && $0.does == "undo" })
        // The arrows are listed once: the cursor on the board and in the editor, the focus in menus.
        #expect(rows.filter { $0.keys == "Arrows" }.map(\.does) == ["move the cursor; move the focus (menus)"])
        #expect(rows.contains { $0.keys == "Tab" && $0.does.hasPrefix("move the focus along the buttons") }, "Tab is listed")
        #expect(rows.contains { $0.keys == "F1  or  ?" && $0.does == "this help" })
        #expect(rows.contains { $0.keys == "Gamepad" && $0.does.contains("Y undo") })
        // Every binding with help text is listed (rows with the same keys share a line).
        for binding in table.bindings where !binding.keys.isEmpty {
            guard let help = binding.help else { continue }
            #expect(rows.contains { $0.does.contains(help) }, "\(binding.command) missing from the help")
        }
        #expect(table.footerHint == "Drag a block  ·  H hint  ·  Z undo  ·  Y redo  ·  R restart  ·  Esc levels  ·  F1 keys")
    }
}
