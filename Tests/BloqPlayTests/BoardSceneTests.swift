import BloqEngine
import BloqGame
import BloqPlay
import Testing

/// Drives a scene with a pointer along cell coordinates at 1/120 s steps.
final class Finger {
    let scene: BoardScene
    let pointer: PointerID
    var time = 0.0

    init(_ scene: BoardScene, _ pointer: PointerID = .mouse) {
        self.scene = scene
        self.pointer = pointer
    }

    func press(_ row: Double, _ column: Double) {
        scene.pointerDown(pointer, at: CellPoint(row: row, column: column), time: time)
    }

    /// Moves from the current point to (`row`, `column`) in `steps` motion events `dt` apart.
    func drag(from start: (Double, Double), to end: (Double, Double), steps: Int, dt: Double = 1.0 / 60) {
        for index in 1...steps {
            let t = Double(index) / Double(steps)
            wait(dt)
            scene.pointerMoved(
                pointer, to: CellPoint(row: start.0 + (end.0 - start.0) * t, column: start.1 + (end.1 - start.1) * t),
                time: time)
        }
    }

    func release(_ row: Double, _ column: Double) {
        scene.pointerUp(pointer, at: CellPoint(row: row, column: column), time: time)
    }

    func wait(_ seconds: Double) {
        var left = seconds
        while left > 1e-9 {
            let step = min(1.0 / 120, left)
            scene.advance(by: step)
            time += step
            left -= step
        }
    }
}

private func scene(_ lines: String...) -> BoardScene {
    BoardScene(board: Board(lines) ?? Board(["..", ".."])!)
}

/// A scene of `lines` whose top-left block has been pushed right and has landed.
private func pushed(_ lines: String...) -> BoardScene {
    let scene = BoardScene(board: Board(lines) ?? Board(["..", ".."])!)
    scene.perform(Move(row: 0, column: 0, direction: .right))
    scene.advance(by: 1)
    return scene
}

@Suite("Board scene: pans drive per-block animators")
struct BoardSceneTests {
    @Test("a drag past half-way released slowly finishes the move; matches vanish")
    func dragCompletes() {
        let scene = scene("R..R", "....")
        let finger = Finger(scene)
        finger.press(0, 0)
        finger.drag(from: (0, 0), to: (0, 1.2), steps: 20, dt: 0.05)  // 2 cells of slide: 0.6 of it
        finger.wait(0.2)  // hold still: no velocity
        #expect(scene.session.moves == 0, "nothing commits while the pointer holds the block")
        finger.release(0, 1.2)
        finger.wait(1)
        #expect(scene.session.log == [Move(row: 0, column: 0, direction: .right)])
        #expect(scene.board == Board(["....", "...."]))
        #expect(scene.blockSprites.isEmpty, "vanished blocks animate away")
        #expect(scene.takeEvents().contains(.cleared(byEdit: false)))
    }

    @Test("a drag short of half-way released slowly returns the block")
    func dragBroughtBack() {
        let scene = scene("R..B", "....")
        let finger = Finger(scene)
        finger.press(0, 0)
        finger.drag(from: (0, 0), to: (0, 0.8), steps: 10, dt: 0.05)  // 0.8 of 2 cells = 0.4
        finger.wait(0.2)
        finger.release(0, 0.8)
        finger.wait(1)
        #expect(scene.session.moves == 0)
        #expect(scene.blockSprites.first?.position == CellPoint(row: 0, column: 0))
    }

    @Test("a quick fling finishes from a short drag; a fling back returns from a long one")
    func flings() {
        let forward = scene("R...", "....")
        var finger = Finger(forward)
        finger.press(0, 0)
        finger.drag(from: (0, 0), to: (0, 0.5), steps: 5, dt: 0.01)  // 50 cells/s
        finger.release(0, 0.5)
        finger.wait(1)
        #expect(forward.board == Board(["...R", "...."]))

        let back = scene("R...", "....")
        finger = Finger(back)
        finger.press(0, 0)
        finger.drag(from: (0, 0), to: (0, 2.5), steps: 20, dt: 0.02)
        finger.drag(from: (0, 2.5), to: (0, 1.9), steps: 6, dt: 0.01)  // flick back, still past half-way
        finger.release(0, 1.9)
        finger.wait(1)
        #expect(back.board == Board(["R...", "...."]))
    }

    @Test("no direction until the pan passes 0.1 of a cell; the dominant axis wins, ties go horizontal")
    func direction() {
        let scene = scene("...", ".R.", "...")
        let finger = Finger(scene)
        finger.press(1, 1)
        finger.drag(from: (1, 1), to: (1.05, 1.05), steps: 2)
        finger.release(1.05, 1.05)
        finger.wait(1)
        #expect(scene.session.moves == 0)
        finger.press(1, 1)
        finger.drag(from: (1, 1), to: (1.2, 1.2), steps: 1, dt: 0.01)  // a tie: horizontal
        finger.drag(from: (1.2, 1.2), to: (1.2, 2), steps: 5, dt: 0.01)
        finger.release(1.2, 2)
        finger.wait(1)
        #expect(scene.session.log == [Move(row: 1, column: 1, direction: .right)])
    }

    @Test("a blocked direction bumps and nothing moves")
    func blocked() {
        let scene = scene("RB", "..")
        let finger = Finger(scene)
        finger.press(0, 0)
        finger.drag(from: (0, 0), to: (0, 0.8), steps: 5)
        _ = scene.takeEvents()
        finger.release(0, 0.8)
        finger.wait(1)
        #expect(scene.session.moves == 0)
        // The bump was reported when the direction was decided, and its animation settled.
        #expect(scene.blockSprites.allSatisfy { $0.nudge == CellPoint(row: 0, column: 0) })
        let fresh = Finger(scene)
        fresh.press(0, 0)
        fresh.drag(from: (0, 0), to: (0, 0.8), steps: 5)
        #expect(scene.takeEvents() == [.bumped(CellPosition(row: 0, column: 0), .right)])
    }

    @Test("a block caught mid-flight pauses where it is and can be sent back")
    func catchMidFlight() {
        let scene = scene("R.....", "......")
        scene.perform(Move(row: 0, column: 0, direction: .right))
        let finger = Finger(scene)
        finger.wait(0.1)
        let caught = scene.blockSprites[0].position.column
        #expect(caught > 0.5 && caught < 4.5)
        finger.press(0, caught)
        finger.wait(0.2)
        #expect(scene.blockSprites[0].position.column == caught, "held where it was caught")
        finger.drag(from: (0, caught), to: (0, caught - 0.5), steps: 5, dt: 0.01)
        #expect(abs(scene.blockSprites[0].position.column - (caught - 0.5)) < 1e-9, "follows the pointer")
        finger.release(0, caught - 0.5)
        finger.wait(1)
        #expect(scene.session.moves == 0)
        #expect(scene.blockSprites[0].position == CellPoint(row: 0, column: 0))
    }

    @Test("dragging far past where the slide stops holds at 0.99 until release")
    func dragPastEnd() {
        let scene = scene("R.B", "...")
        let finger = Finger(scene)
        finger.press(0, 0)
        finger.drag(from: (0, 0), to: (0, 5), steps: 10, dt: 0.05)
        #expect(abs(scene.blockSprites[0].position.column - 0.99) < 1e-9)
        #expect(scene.session.moves == 0)
        finger.wait(0.2)
        finger.release(0, 5)
        finger.wait(1)
        #expect(scene.board == Board([".RB", "..."]))
    }

    @Test("two pointers move two blocks at once when their moves commute, and bump when not")
    func twoFingers() {
        let scene = scene("R...", "....", "B...")
        let a = Finger(scene, .finger(1))
        let b = Finger(scene, .finger(2))
        a.press(0, 0)
        b.press(2, 0)
        a.drag(from: (0, 0), to: (0, 1), steps: 5)
        b.drag(from: (2, 0), to: (2, 1), steps: 5)
        a.release(0, 1)
        b.release(2, 1)
        a.wait(1)
        #expect(scene.board == Board(["...R", "....", "...B"]))
        #expect(scene.session.moves == 2)

        // Racing for one cell: R down and B up both want row 1; the second bumps.
        let race = BoardScene(board: Board(["R", ".", "B"].map { $0 + "." })!)
        let c = Finger(race, .finger(1))
        let d = Finger(race, .finger(2))
        c.press(0, 0)
        d.press(2, 0)
        c.drag(from: (0, 0), to: (0.5, 0), steps: 5)
        _ = race.takeEvents()
        d.drag(from: (2, 0), to: (1.5, 0), steps: 5)
        #expect(race.takeEvents() == [.bumped(CellPosition(row: 2, column: 0), .up)])
        c.release(0.5, 0)
        d.release(1.5, 0)
        c.wait(1)
        #expect(race.board == Board(["..", "R.", "B."]))
    }

    @Test("a second pointer on a held block is ignored")
    func secondPointerIgnored() {
        let scene = scene("R..", "...")
        let a = Finger(scene, .finger(1))
        let b = Finger(scene, .finger(2))
        a.press(0, 0)
        b.press(0, 0)
        b.drag(from: (0, 0), to: (1, 0), steps: 5)
        b.release(1, 0)
        a.wait(0.5)
        #expect(scene.session.moves == 0)
        a.release(0, 0)
    }

    @Test("undo, redo and restart wait for moves in flight, then animate to the new board")
    func undoAfterSettling() {
        let scene = scene("R..", "...")
        scene.perform(Move(row: 0, column: 0, direction: .right))
        scene.undo()
        #expect(scene.session.moves == 0, "the move has not committed yet")
        #expect(scene.hasPendingEdits)
        scene.advance(by: 1)
        #expect(scene.session.moves == 1, "the move committed, and the queued undo slides it home")
        #expect(scene.hasPendingEdits)
        scene.advance(by: 1)
        #expect(scene.session.moves == 0, "the undo landed and took the move back")
        #expect(scene.board == Board(["R..", "..."]))
        #expect(scene.blockSprites.map(\.position) == [CellPoint(row: 0, column: 0)])
        scene.redo()
        scene.advance(by: 1)
        #expect(scene.board == Board(["..R", "..."]))
        #expect(scene.blockSprites.map(\.position) == [CellPoint(row: 0, column: 2)])
        scene.restart()
        scene.advance(by: 1)
        #expect(scene.session.moves == 0 && scene.session.canUndo)
        #expect(!scene.hasPendingEdits && !scene.isBusy)
    }

    /// Z pressed while the mouse held a block (or Undo tapped by another finger) took back
    /// the held block's move once it landed, and left the last move made.
    @Test("an undo while a block is held lets it go back to its cell and takes back the last move made")
    func undoWhileHeld() {
        let scene = pushed("R...", "....", "B...")
        let finger = Finger(scene)
        /// Drags the blue block down its row, `edit` made two thirds of the way, and waits.
        func drag(editing edit: () -> Void) {
            finger.press(2, 0)
            finger.drag(from: (2, 0), to: (2, 2), steps: 8)
            edit()
            finger.drag(from: (2, 2), to: (2, 3), steps: 4)
            finger.release(2, 3)
            finger.wait(1.5)
        }
        drag { scene.undo() }
        #expect(scene.board == Board(["R...", "....", "B..."]))
        #expect(scene.session.moves == 0 && scene.session.canRedo)
        #expect(Set(scene.blockSprites.map(\.position)) == [CellPoint(row: 0, column: 0), CellPoint(row: 2, column: 0)])
        // A redo with nothing to redo (after the undo was redone) leaves the hand alone.
        scene.redo()
        finger.wait(1)
        drag { scene.redo() }
        #expect(scene.board == Board(["...R", "....", "...B"]), "the drag went on to its end")
    }

    @Test("undoing a vanish brings the blocks back and slides the pushed one home")
    func undoVanish() {
        let scene = scene("R.R", "...")
        scene.perform(Move(row: 0, column: 0, direction: .right))
        scene.advance(by: 0.3)  // committed (a one-cell slide takes 0.26 s) and vanishing, not yet gone
        #expect(scene.board.isCleared && !scene.blockSprites.isEmpty)
        scene.undo()
        scene.advance(by: 0.05)
        let midway = scene.blockSprites
        #expect(midway.count == 2, "both blocks are back on screen while the undo plays")
        #expect(midway.contains { $0.position.column > 0 && $0.position.column < 1 }, "the pushed block slides home")
        scene.advance(by: 1)
        #expect(scene.board == Board(["R.R", "..."]))
        #expect(Set(scene.blockSprites.map(\.position)) == [CellPoint(row: 0, column: 0), CellPoint(row: 0, column: 2)])
        #expect(scene.blockSprites.allSatisfy { $0.scale == 1 && $0.opacity == 1 })
    }

    /// helper-49: Z on a caught undo let it go back to its cell, then the new undo slid the
    /// block all the way over: a visible back and forth, for one undo in the end.
    @Test("the same undo asked for again while its slide is held goes on, once")
    func undoOnCaughtUndo() {
        let scene = pushed("R...", "....", "B...")
        scene.undo()
        scene.advance(by: 0.1)
        let caught = scene.blockSprites.first { $0.color == .red }?.position ?? CellPoint(row: 0, column: 0)
        let finger = Finger(scene)
        finger.press(caught.row, caught.column)
        finger.wait(0.2)
        #expect(scene.session.moves == 1, "held, the undo is not made")
        scene.undo()
        var column = caught.column
        for _ in 0..<120 {
            scene.advance(by: 1.0 / 120)
            let now = scene.blockSprites.first { $0.color == .red }?.position.column ?? -1
            #expect(now <= column, "the block only goes on home: \(now) after \(column)")
            column = now
        }
        finger.release(0, 0)
        #expect(scene.session.moves == 0 && scene.session.canRedo && !scene.session.canUndo)
        #expect(scene.board == Board(["R...", "....", "B..."]) && !scene.isBusy)
    }

    /// helper-49: a long slide is cells further on by the time a person presses where they
    /// saw it; the press missed, on the empty cell behind it, and the move went on.
    @Test("a press where a moving block was drawn up to 250 ms before catches it; an older place does not")
    func catchWhereSeen() {
        let scene = scene("R..........B", "............")
        let finger = Finger(scene)
        scene.perform(Move(row: 0, column: 0, direction: .right))
        finger.wait(0.08)
        let seen = scene.blockSprites.first { $0.color == .red }?.position ?? CellPoint(row: 0, column: 0)
        finger.wait(0.12)
        let now = scene.blockSprites.first { $0.color == .red }?.position ?? CellPoint(row: 0, column: 0)
        #expect(now.column - seen.column > 1, "cells on: \(seen.column) then \(now.column)")
        finger.press(seen.row, seen.column)
        finger.wait(0.5)
        #expect(scene.session.moves == 0, "caught 120 ms behind where it is")
        #expect(scene.blockSprites.first { $0.color == .red }?.position == now, "held where it was, not pulled to the finger")
        finger.release(seen.row, seen.column)
        finger.wait(1)
        // A place it left longer ago is an empty cell.
        scene.perform(Move(row: 0, column: 0, direction: .right))
        finger.wait(0.35)
        #expect(scene.hasMovesInFlight)
        let other = Finger(scene, .finger(2))
        other.time = finger.time
        other.press(0, 0.3)
        other.wait(1)
        #expect(scene.session.moves == 1, "the move went on")
        other.release(0, 0.3)
    }

    @Test("a restart's slide is not caught: the new attempt began when it was carried out")
    func restartNotCaught() {
        let scene = pushed("R...", "....")
        scene.restart()
        scene.advance(by: 0.15)
        let finger = Finger(scene)
        let moving = scene.blockSprites[0].position
        #expect(moving.column > 0.3 && moving.column < 2.7, "on its way: \(moving.column)")
        finger.press(moving.row, moving.column)
        finger.drag(from: (moving.row, moving.column), to: (0, moving.column + 1), steps: 6)
        finger.release(0, moving.column + 1)
        finger.wait(1)
        #expect(scene.board == Board(["R...", "...."]) && scene.session.moves == 0 && scene.session.canUndo)
    }

    /// helper-51: leaving while a move landed with an Undo asked for behind it landed the
    /// move and dropped the undo (it used to be carried out in the next step).
    @Test("landing moves now also carries out the edits asked for behind them")
    func landCarriesOutEdits() {
        let scene = pushed("R...", "....", "B...")
        scene.perform(Move(row: 2, column: 0, direction: .right))
        scene.advance(by: 0.05)
        scene.undo()
        scene.undo()
        scene.landMovesNow()
        #expect(scene.session.log.isEmpty && scene.board == Board(["R...", "....", "B..."]))
        #expect(!scene.hasPendingEdits)
    }

    /// helper-51: Y on a caught undo sent it back, then redid the move undone before it.
    @Test("the opposite edit asked for while a hand holds an undo sends it back, and that is all")
    func redoOnCaughtUndo() {
        let red = Move(row: 0, column: 0, direction: .right)
        let scene = scene("R...", "....", "B...")
        scene.restore(log: [red, Move(row: 2, column: 0, direction: .right)])
        scene.undo()
        scene.advance(by: 1)  // the blue's move undone
        scene.undo()
        scene.advance(by: 0.1)  // the red's undo on its way home
        let caught = scene.blockSprites.first { $0.color == .red }?.position ?? CellPoint(row: 0, column: 0)
        let finger = Finger(scene)
        finger.press(caught.row, caught.column)
        scene.redo()
        finger.wait(1)
        finger.release(caught.row, caught.column)
        #expect(scene.session.log == [red] && scene.session.canRedo)
    }

    /// helper-51: a block flung back to its cell sped up by a third after the release before
    /// easing in (the glide left at its speed and had to average the rest of its way).
    @Test("a block flung back home only slows down on its way")
    func flingBackSlows() {
        let scene = scene("R...............", "................")
        let finger = Finger(scene)
        finger.press(0, 0)
        finger.drag(from: (0, 0), to: (0, 8), steps: 60)
        finger.drag(from: (0, 8), to: (0, 4), steps: 6)  // back at 40 cells/s for 100 ms
        finger.release(0, 4)
        var columns: [Double] = []
        for _ in 0..<120 {
            finger.wait(1.0 / 120)
            columns.append(scene.blockSprites.first?.position.column ?? 0)
        }
        #expect(scene.session.moves == 0 && columns.last == 0)
        let speeds = zip(columns, columns.dropFirst()).map { ($0 - $1) * 120 }.filter { $0 > 0 }
        for (earlier, later) in zip(speeds, speeds.dropFirst()) {
            #expect(later <= earlier + 1e-6, "sped up from \(earlier) to \(later) cells/s")
        }
    }

    @Test("a redo lands as its move did, with a squash against what stops it")
    func redoSquashes() {
        let scene = pushed("R...", "....")
        scene.undo()
        scene.advance(by: 1)
        scene.redo()
        var squashed = 0.0
        for _ in 0..<120 {
            scene.advance(by: 1.0 / 120)
            squashed = max(squashed, scene.blockSprites.first?.squash ?? 0)
        }
        #expect(scene.board == Board(["...R", "...."]))
        #expect(squashed > 0.01, "the most it squashed: \(squashed)")
    }

    /// `make storm` (seed 2026) ended on a hint asked for while a block was held, which now
    /// comes: its ghosts play again and again while it stands, and are no blocks.
    @Test("a board whose hint's ghosts play is settled when its blocks rest")
    func settledWithGhosts() {
        let scene = scene("R..R", "....")
        scene.showGhosts(of: [Move(row: 0, column: 0, direction: .right)])
        scene.advance(by: 0.1)
        #expect(scene.isShowingGhosts && scene.settledProblem() == nil, "\(scene.settledProblem() ?? "")")
        scene.perform(Move(row: 0, column: 0, direction: .down))
        scene.advance(by: 0.05)
        #expect(scene.settledProblem() != nil, "a block in flight is not settled")
    }

    /// helper-53: on Wayland the first flick of a session went back home, its motions and
    /// lift read together after a 146 ms frame.
    @Test("a flick whose motions and lift arrive together after a long frame finishes its move")
    func flickReadTogether() {
        let scene = scene("R..", "...", "...")
        scene.pointerDown(.mouse, at: CellPoint(row: 0, column: 0), time: 10)
        scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: 0.05), time: 10.005)
        for column in [0.3, 0.5, 0.67] { scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: column), time: 10.151) }
        scene.pointerUp(.mouse, at: CellPoint(row: 0, column: 0.67), time: 10.151)
        scene.advance(by: 1)
        #expect(scene.board == Board(["..R", "...", "..."]))
    }

    /// Redo stayed lit while a new move slid, and a tap on it then did nothing,
    /// since the move, landing, drops what could be redone.
    @Test("Redo is offered while an undo goes on, not while a move let go lands")
    func redoOffered() {
        let scene = pushed("R...", "....", "B...")
        #expect(!scene.canRedo)
        scene.undo()
        scene.advance(by: 0.05)
        #expect(scene.canRedo && !scene.session.canRedo, "the undo is on its way")
        scene.advance(by: 1)
        #expect(scene.canRedo)
        scene.perform(Move(row: 2, column: 0, direction: .right))
        scene.advance(by: 0.05)
        #expect(!scene.canRedo && scene.session.canRedo, "the blue move will drop the redo")
        scene.advance(by: 1)
        #expect(!scene.canRedo && !scene.session.canRedo)
    }

    /// Only the undo's own block can be caught while it plays: no other block moves until
    /// the board the undo makes is committed.
    @Test("other blocks wait while an undo animates")
    func inputWaitsForEdits() {
        let scene = pushed("R..", "...", "B..")
        scene.undo()
        let finger = Finger(scene)
        finger.press(2, 0)
        finger.drag(from: (2, 0), to: (2, 1), steps: 2, dt: 0.005)
        finger.release(2, 1)
        finger.wait(1)
        #expect(scene.board == Board(["R..", "...", "B.."]))
        #expect(scene.session.log.isEmpty && scene.session.canRedo)
    }

    @Test("pressing an empty cell does nothing")
    func emptyCell() {
        let scene = scene("R..", "...")
        let finger = Finger(scene)
        finger.press(1, 1)
        finger.drag(from: (1, 1), to: (1, 2), steps: 3)
        finger.release(1, 2)
        finger.wait(1)
        #expect(scene.session.moves == 0)
    }
}

@Suite("Memory")
struct SceneMemoryTests {
    @Test("a scene dropped while ghosts, slides and vanishes animate is freed with its driver")
    func droppedMidAnimation() throws {
        weak var weakScene: BoardScene?
        weak var weakDriver: AnimationDriver?
        do {
            let scene = BoardScene(board: try #require(Board(["R..R", "....", "B..B"])))
            weakScene = scene
            weakDriver = scene.driver
            scene.showGhosts(of: [Move(row: 0, column: 0, direction: .right)])
            scene.perform(Move(row: 2, column: 0, direction: .right))
            // A motion that never ends, as the frame benchmark runs on every block.
            let wobble = Motion.tween(0.6, .linear) { [weak scene] t in scene?.nudge(block: 0, by: CellPoint(row: t * 0.1, column: 0)) }
            MotionPlayer(wobble.again(times: Motion.forever), driver: scene.driver).start()
            scene.advance(by: 0.05)
        }
        #expect(weakScene == nil, "the scene leaked")
        #expect(weakDriver == nil, "the driver leaked")
    }
}
