import BloqGame
import Testing

@Suite("Canonical forms and the generator")
struct GeneratorTests {
    @Test("rotations, mirrors and renamed colours share one canonical form")
    func canonical() throws {
        let board = try #require(Board(["RB.", "G..", "..B"]))
        for index in 0..<8 {
            let image = try #require(board.transformedForTest(index))
            #expect(image.canonicalForm == board.canonicalForm)
        }
        let renamed = try #require(Board(["YC.", "P..", "..C"]))
        #expect(renamed.canonicalForm == board.canonicalForm)
        // Transposed with two colours renamed: the same puzzle.
        #expect(try #require(Board(["RB.", "G..", "..G"])).canonicalForm == board.canonicalForm)
        let different = try #require(Board(["RB.", "G.B", "..."]))
        #expect(different.canonicalForm != board.canonicalForm)
        let wide = try #require(Board(["R..B", "...."]))
        #expect(try #require(Board(["....", "B..R"])).canonicalForm == wide.canonicalForm)
    }

    @Test("the same seed makes the same levels; every level is valid, new, and in the band")
    func deterministic() {
        let generator = LevelGenerator(difficulty: .medium, seed: 42)
        let first = generator.generate(count: 4)
        let second = generator.generate(count: 4)
        #expect(first == second)
        #expect(first.count == 4)
        #expect(Set(first.map(\.board.canonicalForm)).count == 4)
        for level in first {
            #expect(level.board.touchingPairs.isEmpty)
            #expect(generator.band.contains(level.rating.optimal))
            #expect(Solver().solve(level.board).optimal == level.rating.optimal)
        }
        let other = LevelGenerator(difficulty: .medium, seed: 43).generate(count: 4)
        #expect(other.map(\.board) != first.map(\.board))
    }

    @Test("excluded puzzles are never made again, even transformed")
    func exclusion() throws {
        let generator = LevelGenerator(difficulty: .easy, seed: 7)
        let made = generator.generate(count: 3)
        let excluded = Set(made.map(\.board.canonicalForm))
        let again = generator.generate(count: 3, excluding: excluded)
        #expect(Set(again.map(\.board.canonicalForm)).isDisjoint(with: excluded))
    }

    @Test("the classic bands are the original game's: easy 6-8, medium 9-10, hard 11-15")
    func bands() {
        #expect(LevelGenerator(difficulty: .easy, seed: 0).band == 6...8)
        #expect(LevelGenerator(difficulty: .medium, seed: 0).band == 9...10)
        #expect(LevelGenerator(difficulty: .hard, seed: 0).band == 11...15)
    }
}
