import BloqGame
import Testing

@Suite("The rules of GAME.md")
struct RulesTests {
    @Test("a block slides through empty cells to the board's edge")
    func slidesToEdge() {
        assertMove(board("R...", "...."), Move(row: 0, column: 0, direction: .right), gives: board("...R", "...."))
        assertMove(board("....", "...B"), Move(row: 1, column: 3, direction: .left), gives: board("....", "B..."))
        assertMove(board("G.", "..", ".."), Move(row: 0, column: 0, direction: .down), gives: board("..", "..", "G."))
        assertMove(board("..", "..", ".O"), Move(row: 2, column: 1, direction: .up), gives: board(".O", "..", ".."))
    }

    @Test("a slide stops before a wall and before a block of another colour")
    func stopsAtWallsAndBlocks() {
        assertMove(board("R..#.", "....."), Move(row: 0, column: 0, direction: .right), gives: board("..R#.", "....."))
        assertMove(board("R..B.", "....."), Move(row: 0, column: 0, direction: .right), gives: board("..RB.", "....."))
        let slide = board("R..B.", ".....").slide(Move(row: 0, column: 0, direction: .right))
        #expect(slide?.distance == 2)
        #expect(slide?.destination == CellPosition(row: 0, column: 2))
        #expect(slide?.vanished == [])
    }

    @Test("a move must travel at least one cell")
    func blockedMovesAreIllegal() {
        let start = board("RB", "#.")
        #expect(start.applying(Move(row: 0, column: 0, direction: .right)) == nil)  // a block
        #expect(start.applying(Move(row: 0, column: 0, direction: .down)) == nil)  // a wall
        #expect(start.applying(Move(row: 0, column: 0, direction: .up)) == nil)  // the edge
        #expect(start.applying(Move(row: 0, column: 0, direction: .left)) == nil)  // the edge
        #expect(start.applying(Move(row: 0, column: 1, direction: .down)) == board("R.", "#B"))
    }

    @Test("only blocks move: empty cells, walls and cells off the board do not")
    func nothingElseMoves() {
        let start = board("#.", "R.")
        #expect(start.applying(Move(row: 0, column: 1, direction: .left)) == nil)
        #expect(start.applying(Move(row: 0, column: 0, direction: .right)) == nil)
        #expect(start.applying(Move(row: 5, column: 5, direction: .up)) == nil)
        #expect(start.applying(Move(row: -1, column: 0, direction: .down)) == nil)
    }

    @Test("a block that stops touching its colour vanishes with it")
    func pairVanishes() {
        assertMove(board("R.R", "..."), Move(row: 0, column: 0, direction: .right), gives: board("...", "..."))
        // It slides first, then vanishes where it stopped.
        assertMove(board("R...", "...R"), Move(row: 1, column: 3, direction: .up), gives: board("R..R", "...."))
        assertMove(board("R..B", "..R."), Move(row: 1, column: 2, direction: .up), gives: board("R.RB", "...."))
    }

    @Test("one slide into a gap clears three, and a move can clear four")
    func threeAndFour() {
        let three = board("R.R", "...", ".R.").slide(Move(row: 2, column: 1, direction: .up))
        #expect(three?.result == board("...", "...", "..."))
        #expect(
            Set(three?.vanished ?? []) == [
                CellPosition(row: 0, column: 0), CellPosition(row: 0, column: 1), CellPosition(row: 0, column: 2),
            ])

        let four = board(".R.", "R.R", ".R.", "...")
        // The top block slides down into the middle, where (2,1) stops it: four touch.
        let slide = four.slide(Move(row: 0, column: 1, direction: .down))
        #expect(slide?.vanished.count == 4)
        #expect(slide?.result.isCleared == true)
    }

    @Test("other colours and walls never vanish; there is no chain reaction")
    func onlyTheMovedColourVanishes() {
        assertMove(board("R.RB", "#..B"), Move(row: 0, column: 0, direction: .right), gives: board("...B", "#..B"))
        // Blue already touching stays: only the moved block's colour is checked.
        assertMove(board("GR.", "..."), Move(row: 0, column: 1, direction: .right), gives: board("G.R", "..."))
    }

    @Test("cleared means no blocks remain; walls may stay")
    func cleared() {
        #expect(board("..", "..").isCleared)
        #expect(board("#.", ".#").isCleared)
        #expect(!board("#.", ".R").isCleared)
        #expect(board("R.R", "#..").applying(Move(row: 0, column: 0, direction: .right))?.isCleared == true)
    }

    @Test("colour counts, touching pairs and legal moves")
    func queries() {
        let start = board("RB.", "R.B", "..G")
        #expect(start.colorCounts == [.red: 2, .blue: 2, .green: 1])
        #expect(start.touchingPairs.map { [$0.0, $0.1] } == [[CellPosition(row: 0, column: 0), CellPosition(row: 1, column: 0)]])
        #expect(start.blockCount == 5)
        let moves = start.legalMoves
        #expect(moves.contains(Move(row: 0, column: 1, direction: .right)))
        #expect(!moves.contains(Move(row: 0, column: 0, direction: .up)))
        for move in moves { #expect(start.applying(move) != nil) }
    }

    @Test("boards from 2x2 to 16x16 only")
    func sizes() {
        #expect(Board(["R"]) == nil)
        #expect(Board(["R.", ".."]) != nil)
        #expect(Board(Array(repeating: String(repeating: ".", count: 16), count: 16)) != nil)
        #expect(Board(Array(repeating: String(repeating: ".", count: 17), count: 2)) == nil)
        #expect(Board(["R.", "..."]) == nil)
        #expect(Board(["Rx", ".."]) == nil)
    }
}
