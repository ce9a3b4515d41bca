import BloqGame
import BloqPlay
import Testing

/// The rules' values as the player reads them (English here: no catalog is shown in the
/// test process); the rules themselves give identifiers and structured cases.
@Suite("The rules' values in the player's words")
struct GameWordsTests {
    @Test("a draft's problems found without a search name their kind and place")
    func draftProblems() throws {
        #expect(LevelDraft().immediateProblem?.reason.hasPrefix("not a level yet: no blocks") == true)
        let touching = try #require(LevelDraft(board: Board(["RR", ".."]) ?? Board(["..", ".."])!, title: "T").immediateProblem)
        #expect(touching.reason == "not a level: two red blocks touch at the start (row 1, column 1 and row 1, column 2)")
        let lone = try #require(LevelDraft(board: Board(["R.R", "G.."]) ?? Board(["..", ".."])!, title: "T").immediateProblem)
        #expect(lone.reason == "unsolvable: a lone green block can never vanish (add another)")
    }

    @Test("colours, difficulties and days: the English words, the same as the rules' own")
    func names() throws {
        #expect(BlockColor.allCases.map(\.localizedName) == BlockColor.allCases.map(\.name))
        #expect(Difficulty.allCases.map(\.localizedName) == Difficulty.allCases.map(\.rawValue))
        let day = try #require(DailyDate("2026-03-14"))
        #expect(day.localizedLongDescription == "Saturday 14 March 2026")
        #expect(day.localizedLongDescription == day.longDescription)
    }
}
