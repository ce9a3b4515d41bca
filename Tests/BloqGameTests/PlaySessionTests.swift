import BloqGame
import Testing

@Suite("The play session's history")
struct PlaySessionTests {
    let start = board("R.B.", "...R", "B...")
    let first = Move(row: 0, column: 0, direction: .right)  // R slides to (0,1), stops at B
    let second = Move(row: 2, column: 0, direction: .up)  // B slides to (1,0)

    @Test("moves count the current line; the board is the start with the log applied")
    func playing() {
        var session = PlaySession(start: start)
        let result1 = session.play(first) != nil
        #expect(result1)
        let result2 = session.play(second) != nil
        #expect(result2)
        #expect(session.moves == 2)
        #expect(session.log == [first, second])
        #expect(session.board == start.applying([first, second]))
        let illegal = session.play(Move(row: 3, column: 3, direction: .up))
        #expect(illegal == nil)
        #expect(session.moves == 2)
    }

    @Test("undo and redo walk the history")
    func undoRedo() {
        var session = PlaySession(start: start)
        session.play(first)
        session.play(second)
        let result3 = session.undo()
        #expect(result3)
        #expect(session.log == [first])
        #expect(session.board == start.applying(first))
        let result4 = session.undo()
        #expect(result4)
        #expect(session.board == start)
        let result5 = session.undo()
        #expect(!result5)
        let result6 = session.redo()
        #expect(result6)
        let result7 = session.redo()
        #expect(result7)
        let result8 = session.redo()
        #expect(!result8)
        #expect(session.log == [first, second])
    }

    @Test("a new move drops the redo tail")
    func newMoveDropsRedo() {
        var session = PlaySession(start: start)
        session.play(first)
        session.play(second)
        session.undo()
        let other = Move(row: 1, column: 3, direction: .down)
        let result9 = session.play(other) != nil
        #expect(result9)
        #expect(!session.canRedo)
        #expect(session.log == [first, other])
    }

    @Test("restart empties the line and is itself undoable")
    func restart() {
        var session = PlaySession(start: start)
        session.play(first)
        session.play(second)
        let result10 = session.restart()
        #expect(result10)
        #expect(session.moves == 0)
        #expect(session.board == start)
        let result11 = session.undo()
        #expect(result11)
        #expect(session.log == [first, second])
        let result12 = session.redo()
        #expect(result12)
        #expect(session.moves == 0)
        // Restarting at the start with no moves does nothing (no empty history entries).
        let result13 = session.restart()
        #expect(!result13)
    }
}

@Suite("Session bounds")
struct SessionBoundsTests {
    @Test("a line of play holds at most 10,000 moves; undo reaches back 10,000 steps")
    func bounds() throws {
        let start = board("R.", "..")
        var session = PlaySession(start: start)
        let moves = [
            Move(row: 0, column: 0, direction: .right), Move(row: 0, column: 1, direction: .down),
            Move(row: 1, column: 1, direction: .left), Move(row: 1, column: 0, direction: .up),
        ]
        for index in 0..<PlaySession.maximumMoves {
            let played = session.play(moves[index % 4])
            #expect(played != nil)
        }
        #expect(session.isFull && session.moves == PlaySession.maximumMoves)
        let refused = session.play(moves[0])
        #expect(refused == nil)
        #expect(session.log.count == PlaySession.maximumMoves)
        var undone = 0
        while session.undo() { undone += 1 }
        #expect(undone >= PlaySession.maximumHistory * 9 / 10 - 1 && undone < PlaySession.maximumHistory)
        #expect(session.board == start.applying(session.log))
    }
}
