import BloqGame
import Testing

@Suite("Scoring")
struct ScoreTests {
    @Test("3 at par, 2 within par + ceil(par/4), 1 beyond; 1 when par is unknown")
    func stars() {
        #expect(Score.stars(moves: 9, par: 9) == 3)
        #expect(Score.stars(moves: 12, par: 9) == 2)  // ceil(9/4) = 3
        #expect(Score.stars(moves: 13, par: 9) == 1)
        #expect(Score.stars(moves: 5, par: 4) == 2)  // ceil(4/4) = 1
        #expect(Score.stars(moves: 6, par: 4) == 1)
        #expect(Score.stars(moves: 2, par: 1) == 2)
        #expect(Score.stars(moves: 7, par: nil) == 1)
    }

    @Test("a hint caps the stars at 2; showing the solution earns none")
    func caps() {
        #expect(Score.stars(moves: 9, par: 9, usedHint: true) == 2)
        #expect(Score.stars(moves: 13, par: 9, usedHint: true) == 1)
        #expect(Score.stars(moves: 9, par: 9, showedSolution: true) == 0)
        #expect(Score.starsInReach(moves: 8, remaining: 2, par: 9, usedHint: false, showedSolution: false) == 2)
    }

    @Test("a level's identity is its content, not its name")
    func identity() {
        let a = board("R.R", "...")
        #expect(a.identity == board("R.R", "...").identity)
        #expect(a.identity != board("R.R", "..#").identity)
        #expect(a.identity != board("R.R...", "......").identity)
        #expect(a.identity.count == 16)
    }
}
