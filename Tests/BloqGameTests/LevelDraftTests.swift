import BloqGame
import Testing

@Suite("The editor's draft")
struct LevelDraftTests {
    func draft(_ lines: [String], title: String = "T") throws -> LevelDraft {
        LevelDraft(board: try #require(Board(lines)), title: title)
    }

    @Test("painting changes one cell; off the grid nothing changes")
    func painting() throws {
        let empty = LevelDraft(rows: 2, columns: 3)
        let painted = empty.painting(.block(.red), at: CellPosition(row: 1, column: 2))
        #expect(painted.board == Board(["...", "..R"]))
        #expect(empty.painting(.wall, at: CellPosition(row: 2, column: 0)) == empty)
        #expect(empty.painting(.wall, at: CellPosition(row: 0, column: -1)) == empty)
    }

    @Test("resizing keeps the top-left cells, clamps to 2...16, and empties new cells")
    func resizing() throws {
        let start = try draft(["RB.", "#.G", "..Y"])
        #expect(start.resized(rows: 2, columns: 2).board == Board(["RB", "#."]))
        #expect(start.resized(rows: 4, columns: 4).board == Board(["RB..", "#.G.", "..Y.", "...."]))
        let tiny = start.resized(rows: 0, columns: 1)
        #expect(tiny.rows == 2 && tiny.columns == 2)
        let huge = start.resized(rows: 40, columns: 17)
        #expect(huge.rows == 16 && huge.columns == 16)
        #expect(start.resized(rows: 3, columns: 3) == start)
    }

    @Test("mirroring twice and rotating four times give the draft back; a rotation turns clockwise")
    func symmetries() throws {
        let start = try draft(["RB.", "#.G"])
        #expect(start.mirrored().board == Board([".BR", "G.#"]))
        #expect(start.rotated().board == Board(["#R", ".B", "G."]))
        #expect(start.mirrored().mirrored() == start)
        #expect(start.rotated().rotated().rotated().rotated() == start)
        #expect(start.cleared().board == Board(["...", "..."]) && start.cleared().title == "T")
    }

    @Test("problems found without a search name their kind and place")
    func problems() throws {
        #expect(LevelDraft().immediateProblem == .noBlocks)
        #expect(
            try draft(["RR", ".."]).immediateProblem
                == .touching(.red, CellPosition(row: 0, column: 0), CellPosition(row: 0, column: 1)))
        #expect(try draft(["R.R", "G.."]).immediateProblem == .loneBlock(.green))
        #expect(try draft(["R.R", "..."]).immediateProblem == nil)
    }

    @Test("the level text is a level file the parser reads back: title, par, the grid")
    func levelText() throws {
        let start = try draft(["R.R", "#.."], title: "Semi; colon\nand a line")
        let text = start.levelText(par: 1)
        #expect(text == "; Made in the Bloq level editor.\ntitle: Semi, colon and a line\npar: 1\n\nR . R\n# . .\n")
        let level = try LevelParser.parse(text, name: "x.bloq").get()
        #expect(level.board == start.board && level.par == 1 && level.title == "Semi, colon and a line")
        #expect(!start.levelText(par: nil).contains("par:"))
    }
}
