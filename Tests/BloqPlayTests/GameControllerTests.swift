import BloqEngine
import BloqGame
import BloqPlay
import Testing

#if canImport(Glibc)
    import Glibc
#endif

private func controller(_ lines: String..., par: Int? = nil) -> GameController? {
    guard let board = Board(lines) else { return nil }
    let level = Level(title: "t", par: par, board: board)
    return GameController(level: PlayableLevel(name: "t", level: level), viewport: Size(width: 800, height: 600))
}

private func run(_ game: GameController, seconds: Double) {
    for _ in 0..<Int(seconds * 120) { game.step(1.0 / 120) }
}

@Suite("Game controller: hints, solution, stars")
struct GameControllerTests {
    @Test("after a clear, undone to the start, a move that commits in the step its queued undo runs does not crash (storm, seed 11)")
    func commitAndUndoInOneStep() throws {
        let game = try #require(controller("R.R", "...", par: 1))
        game.perform(.pushAtCursor(.right))
        run(game, seconds: 1)
        #expect(game.scene.session.isCleared)
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.scene.session.log.isEmpty)
        // A different move, and an undo queued behind it: when the move commits, the undo
        // runs in the same step and the log is empty again when the step's events are read.
        #expect(game.scene.perform(Move(from: CellPosition(row: 0, column: 0), direction: .down)))
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.scene.session.log.isEmpty && game.scene.board == game.scene.session.start)
    }

    @Test("par comes from the solver when the file gives none")
    func parFromSolver() throws {
        let game = try #require(controller("RBRB", "BRBR", "RB.G", "GOGO"))
        #expect(game.par == nil)
        run(game, seconds: 0.2)
        #expect(game.par == 9)
    }

    @Test("a par the file states wrongly gives way to the solver's optimum once known (a player's own file)")
    func wrongParInFile() throws {
        // Full House clears in 9 at best; a file saying 12 would hand out 3 stars for 12.
        let game = try #require(controller("RBRB", "BRBR", "RB.G", "GOGO", par: 12))
        #expect(game.par == 12, "the file's, until the solver answers")
        run(game, seconds: 0.2)
        #expect(game.par == 9)
        let low = try #require(controller("RBRB", "BRBR", "RB.G", "GOGO", par: 5))
        run(low, seconds: 0.2)
        #expect(low.par == 9, "a par below the optimum could never be reached")
    }

    @Test("a hint plays the next two moves as ghosts, commits nothing, and caps the stars at 2")
    func hint() throws {
        let game = try #require(controller("R..R", "....", "B..B", par: 2))
        game.perform(.hint)
        run(game, seconds: 0.05)
        #expect(game.message != nil, "the hint is on its way")
        run(game, seconds: 0.1)
        #expect(game.scene.ghosts.count == 2)
        #expect(game.usedHint)
        run(game, seconds: 3)
        #expect(game.scene.ghosts.isEmpty, "ghosts fade away")
        #expect(game.scene.session.moves == 0 && game.scene.board == Board(["R..R", "....", "B..B"]))
        game.scene.perform(Move(row: 0, column: 0, direction: .right))
        run(game, seconds: 1)
        game.scene.perform(Move(row: 2, column: 0, direction: .right))
        run(game, seconds: 1)
        #expect(game.earnedStars == 2, "cleared at par, capped by the hint")
    }

    @Test("a hint asked for while a hand holds a move that then goes back still comes")
    func hintWhileHeld() throws {
        let game = try #require(controller("R..R", "....", "B..B", par: 2))
        run(game, seconds: 0.2)
        var time = 10.0
        game.scene.pointerDown(.mouse, at: CellPoint(row: 0, column: 0), time: time)
        for step in 1...12 {
            time += 1.0 / 60
            game.scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: Double(step) / 12), time: time)
        }
        game.perform(.hint)
        run(game, seconds: 0.2)
        #expect(game.scene.ghosts.isEmpty, "no hint over a block in the hand")
        for step in 1...12 {
            time += 1.0 / 60
            game.scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: 1 - Double(step) / 12), time: time)
        }
        time += 0.2
        game.scene.pointerUp(.mouse, at: CellPoint(row: 0, column: 0), time: time)
        run(game, seconds: 0.5)
        #expect(game.scene.session.moves == 0, "sent back home")
        #expect(game.scene.ghosts.count == 2, "the hint comes once the block is home")
        #expect(game.message == nil, "not still finding it: \(game.message ?? "")")
    }

    @Test("showing the solution plays it as real moves and earns no stars")
    func showSolution() throws {
        let game = try #require(controller("RBRB", "BRBR", "RB.G", "GOGO"))
        game.perform(.showSolution)
        run(game, seconds: 10)
        #expect(game.scene.session.isCleared)
        #expect(game.scene.session.moves == 9)
        #expect(game.earnedStars == 0)
    }

    @Test("from an unsolvable position the game says so (the play screen's banner offers undo and restart)")
    func unsolvable() throws {
        let game = try #require(controller("R.RR", "B...", "....", par: nil))
        #expect(!game.isStuck)
        // Pushing the left red right strands the third red.
        game.scene.perform(Move(row: 0, column: 0, direction: .right))
        run(game, seconds: 1)
        #expect(game.isStuck && game.starsInReach == 0, "known without asking for a hint")
        game.perform(.hint)
        run(game, seconds: 0.5)
        #expect(game.isStuck && game.hint.isEmpty)
        #expect(game.scene.ghosts.isEmpty)
    }

    @Test("a stranding move is known at once, and undoing it brings the stars back")
    func strandAndUndo() throws {
        // Into the Gap: the top-left red pushed down strands the last red.
        let game = try #require(controller("R.R", "...", ".R.", par: 1))
        run(game, seconds: 0.2)
        #expect(!game.isStuck && game.starsInReach == 3)
        game.perform(.pushAtCursor(.down))
        run(game, seconds: 1)
        #expect(game.scene.session.moves == 1 && game.isStuck && game.starsInReach == 0)
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.scene.session.moves == 0 && !game.isStuck && game.starsInReach == 3)
    }

    @Test("time is play time: restart starts at 0; stepping back along the winning line does not count")
    func playTime() throws {
        let game = try #require(controller("R.R", "...", ".R.", par: 1))
        game.addPlayTime(5)
        game.perform(.restart)
        #expect(game.playTime == 0, "a new attempt")
        game.addPlayTime(2)
        // The cursor shows on (0, 0), then goes to (2, 1): the red there slides into the gap.
        for direction in [Direction.down, .down, .down, .right] { game.perform(.moveCursor(direction)) }
        game.perform(.pushAtCursor(.up))
        run(game, seconds: 1)
        #expect(game.scene.session.isCleared)
        let cleared = game.playTime
        game.addPlayTime(10)
        #expect(game.playTime == cleared, "the clock stands still on a cleared board")
        game.perform(.undo)
        run(game, seconds: 1)
        game.addPlayTime(3)
        #expect(game.playTime == cleared, "looking back along the winning line is not play")
        game.perform(.redo)
        run(game, seconds: 1)
        #expect(game.recordedTime >= cleared && game.recordedTime < cleared + 0.5)
    }

    /// helper-64: Shift+Right, the block caught by the mouse and carried back: the keyboard's
    /// cursor stayed on the empty cell where the block would have stopped.
    @Test("a push at the cursor caught and carried back takes the cursor back with the block")
    func cursorBackWithCaughtPush() throws {
        let game = try #require(controller("R....", ".....", ".G..G"))
        game.perform(.pushAtCursor(.right))
        #expect(game.cursor == CellPosition(row: 0, column: 4), "gone ahead to where it stops")
        run(game, seconds: 0.1)
        let sprite = try #require(game.scene.blockSprites.first { game.scene.movingBlockIDs.contains($0.id) })
        var time = 10.0
        game.scene.pointerDown(.mouse, at: sprite.position, time: time)
        for step in 1...12 {
            time += 1.0 / 60
            game.scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: sprite.position.column * (1 - Double(step) / 12)), time: time)
        }
        game.scene.pointerUp(.mouse, at: CellPoint(row: 0, column: 0), time: time)
        run(game, seconds: 1)
        #expect(game.scene.session.log.isEmpty && game.scene.board == game.scene.session.start, "carried back home")
        #expect(game.cursor == CellPosition(row: 0, column: 0), "the cursor with it: \(game.cursor)")
        // A push that lands keeps the cursor on the block.
        game.perform(.pushAtCursor(.right))
        run(game, seconds: 1)
        #expect(game.cursor == CellPosition(row: 0, column: 4) && game.scene.session.log.count == 1)
    }

    /// The undo of the winning move caught by a hand: while held, the board is not cleared
    /// and not yet uncleared, so no Cleared card shows; thrown back, the clear stands as
    /// it was, not recorded again.
    @Test("the winning move's undo held in a hand hides the Cleared card; thrown back, the clear stands once")
    func undoOfClearCaught() throws {
        let game = try #require(controller("R..R", "....", par: 1))
        game.perform(.pushAtCursor(.right))
        run(game, seconds: 1)
        #expect(game.showsClearedOverlay && game.takeClears().count == 1)
        game.perform(.undo)
        run(game, seconds: 0.15)
        let sprite = try #require(game.scene.blockSprites.first { game.scene.movingBlockIDs.contains($0.id) })
        #expect(sprite.position.column > 0.2 && sprite.position.column < 1.8, "on its way home: \(sprite.position.column)")
        var time = 10.0
        game.scene.pointerDown(.mouse, at: sprite.position, time: time)
        run(game, seconds: 0.5)
        #expect(!game.showsClearedOverlay, "no Cleared card over a block in the hand")
        #expect(game.scene.session.isCleared, "the undo is not made while held")
        for step in 1...12 {
            time += 1.0 / 60
            game.scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: sprite.position.column + Double(step) / 12), time: time)
        }
        game.scene.pointerUp(.mouse, at: CellPoint(row: 0, column: sprite.position.column + 1), time: time)
        run(game, seconds: 1)
        #expect(game.showsClearedOverlay && game.scene.blockSprites.isEmpty, "thrown back: cleared, the reds gone")
        #expect(game.takeClears().isEmpty, "the same clear, not a second one")
        #expect(!game.scene.session.canRedo)
    }

    /// helper-46: Restart on the Cleared card, then Undo a second later, brought the cleared
    /// board back as a new clear of 0:01, a new best time.
    @Test("a cleared level restarted and the restart undone is the same clear again, with the time it had")
    func restartUndone() throws {
        let game = try #require(controller("R.R", "...", par: 1))
        game.addPlayTime(20)
        game.perform(.pushAtCursor(.right))
        run(game, seconds: 1)
        var clears = game.takeClears()
        game.perform(.restart)
        run(game, seconds: 1)
        game.addPlayTime(1)
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.scene.session.isCleared && game.showsClearedOverlay)
        clears += game.takeClears()
        #expect(clears.map(\.isRepeat) == [false, true])
        #expect(clears.map(\.time) == [20, 20], "the clock the clear had, not the second since the restart")
    }

    /// helper-48: Show solution, Play again, then Undo brought the solver's clear back as
    /// the player's: two stars, and its moves and time for bests.
    @Test("a shown solution's clear brought back by undoing Play again is still the solver's")
    func solutionRestartUndone() throws {
        let game = try #require(controller("R.R", "...", par: 1))
        game.perform(.showSolution)
        run(game, seconds: 3)
        #expect(game.scene.session.isCleared && game.showedSolution)
        var clears = game.takeClears()
        game.perform(.restart)
        run(game, seconds: 1)
        #expect(!game.showedSolution && game.usedHint, "Play again: the player's own moves, the solution seen")
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.scene.session.isCleared && game.showedSolution && game.earnedStars == 0)
        clears += game.takeClears()
        #expect(clears.map(\.isRepeat) == [false, true] && clears.map(\.stars) == [0, 0])
    }

    /// helper-48: Undo or Restart tapped while the winning move slid. The edit waited, and
    /// ran in the step the move landed: the clear was never recorded, and a Restart had set
    /// the clock to 0 when asked, before the clear it then let through.
    @Test("Undo or Restart asked for while the winning move lands: the clear stands, with its whole clock")
    func editWhileWinning() throws {
        for edit in [PlayCommand.restart, .undo] {
            let game = try #require(controller("R.R", "...", par: 1))
            game.addPlayTime(20)
            game.perform(.pushAtCursor(.right))
            run(game, seconds: 0.05)
            #expect(game.scene.hasMovesInFlight)
            game.perform(edit)
            run(game, seconds: 1.5)
            let clears = game.takeClears()
            #expect(game.scene.session.isCleared && game.showsClearedOverlay, "\(edit)")
            #expect(clears.map(\.isRepeat) == [false] && clears.first?.time == 20, "\(edit): \(clears)")
        }
    }

    /// helper-46: after an undo the keyboard's cursor stayed where the block had gone, on
    /// an empty cell, and the next Shift+arrow pushed nothing.
    @Test("the keyboard's cursor follows the block an undo takes back or a redo moves")
    func cursorFollowsUndo() throws {
        let game = try #require(controller("R..", "...", "..B"))
        game.perform(.pushAtCursor(.right))
        run(game, seconds: 1)
        #expect(game.cursor == CellPosition(row: 0, column: 2))
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.scene.session.log.isEmpty && game.cursor == CellPosition(row: 0, column: 0))
        // A cursor moved elsewhere stays there.
        game.perform(.pushAtCursor(.right))
        run(game, seconds: 1)
        game.perform(.moveCursor(.down))
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.cursor == CellPosition(row: 1, column: 2))
        // An undo caught by a hand and sent back leaves the cursor on the block.
        game.perform(.redo)
        run(game, seconds: 1)
        game.perform(.moveCursor(.up))
        #expect(game.cursor == CellPosition(row: 0, column: 2))
        game.perform(.undo)
        run(game, seconds: 0.1)
        let sprite = try #require(game.scene.blockSprites.first { game.scene.movingBlockIDs.contains($0.id) })
        game.scene.pointerDown(.mouse, at: sprite.position, time: 0)
        game.scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: sprite.position.column + 0.3), time: 0.05)
        game.scene.pointerUp(.mouse, at: CellPoint(row: 0, column: sprite.position.column + 0.6), time: 0.1)
        run(game, seconds: 1)
        #expect(game.scene.session.log.count == 1 && game.cursor == CellPosition(row: 0, column: 2))
        // helper-49: a redo moves the cursor with its block, as the push did.
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.cursor == CellPosition(row: 0, column: 0))
        game.perform(.redo)
        run(game, seconds: 1)
        #expect(game.scene.session.log.count == 1 && game.cursor == CellPosition(row: 0, column: 2))
        // helper-51: Z twice at once: the cursor still follows the first undo when it lands.
        game.perform(.moveCursor(.down))
        game.perform(.moveCursor(.down))
        game.perform(.pushAtCursor(.left))  // the blue, to the left
        run(game, seconds: 1)
        #expect(game.cursor == CellPosition(row: 2, column: 0))
        game.perform(.undo)
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.scene.session.log.isEmpty && game.cursor == CellPosition(row: 2, column: 2))
    }

    @Test("a clear is never recorded faster than its own moves took to slide")
    func timeFloor() throws {
        let game = try #require(controller("R.R", "...", ".R.", par: 1))
        for direction in [Direction.down, .down, .down, .right] { game.perform(.moveCursor(direction)) }
        game.perform(.pushAtCursor(.up))
        run(game, seconds: 1)
        #expect(game.scene.session.isCleared)
        // No play time was counted (the window never had the focus), yet the slide took time.
        #expect(game.recordedTime >= 0.09 + 0.045 * 2)
    }

    @Test("stars in reach fall as moves pass par")
    func starsInReach() throws {
        let game = try #require(controller("R..R", "....", "B..B", par: 2))
        #expect(game.starsInReach == 3)
        game.scene.perform(Move(row: 0, column: 0, direction: .down))
        run(game, seconds: 1)
        #expect(game.starsInReach == 2)  // 1 made + at least 2 to go = 3 <= par + ceil(par/4)
        game.scene.perform(Move(row: 1, column: 0, direction: .up))
        run(game, seconds: 1)
        #expect(game.starsInReach == 1)  // 2 made + at least 2 to go = 4
    }

    @Test("redoing the winning move clears again with the same stars, and reports the clear again")
    func redoWinningMove() throws {
        let game = try #require(controller("R.R", "...", par: 1))
        var clears: [GameController.Clear] = []
        game.perform(.pushAtCursor(.right))
        run(game, seconds: 1)
        clears += game.takeClears()
        #expect(game.earnedStars == 3 && game.showsClearedOverlay && clears.map(\.stars) == [3])
        game.perform(.undo)
        run(game, seconds: 1)
        #expect(game.earnedStars == nil && !game.scene.session.isCleared)
        game.perform(.redo)
        run(game, seconds: 1)
        #expect(game.scene.session.isCleared && game.showsClearedOverlay)
        #expect(game.earnedStars == 3, "the overlay's stars come from the session and the scorer")
        #expect(game.starsInReach == 3)
        clears += game.takeClears()
        #expect(clears.map(\.stars) == [3, 3], "the redone clear is a clear")
        #expect(clears.map(\.isRepeat) == [false, true], "the same clear again, for the statistics")
    }

    @Test("a saved line is resumed when the level opens")
    func resume() throws {
        let board = try #require(Board(["R..R", "....", "B..B"]))
        let level = PlayableLevel(name: "t", level: Level(title: "t", board: board))
        let saved = UnfinishedLine(log: [Move(row: 0, column: 0, direction: .down)], playTime: 12, usedHint: true)
        let game = GameController(level: level, viewport: Size(width: 800, height: 600), resume: saved)
        #expect(game.scene.session.log == saved.log)
        #expect(game.playTime == 12 && game.usedHint)
        #expect(game.unfinishedLine == saved)
    }
}

@Suite("The solver off the render thread")
struct BackgroundSolverTests {
    @Test("in live play a hint is solved on a background thread and still arrives as ghosts")
    func backgroundHint() throws {
        let board = try #require(Board(["RBRB", "BRBR", "RB.G", "GOGO"]))
        let game = GameController(
            level: PlayableLevel(name: "t", level: Level(title: "t", board: board)), viewport: Size(width: 800, height: 600),
            solverMode: .background)
        game.perform(.hint)
        // The answer is delivered on a step once the thread has it (never before 12 steps).
        var steps = 0
        while game.scene.ghosts.isEmpty || game.par == nil, steps < 20_000 {
            game.step(1.0 / 120)
            steps += 1
            if steps > 12 { usleep(500) }
        }
        #expect(game.scene.ghosts.count == 2)
        #expect(steps >= BackgroundTiming.deliveryDelaySteps)
        #expect(game.par == 9, "the level's par came from a background solve too")
    }
}
